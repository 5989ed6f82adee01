// The references of a spool, resolved once every batch is read: a span's parent_id and
// mark_ids, a mark's and a snapshot's span_id. A missing target is a warning (its batch may have
// been evicted), never an error.
#ifndef TRACEDOC_CIRRON_REFERENCE_RESOLUTION_HPP_
#define TRACEDOC_CIRRON_REFERENCE_RESOLUTION_HPP_

#include <cstddef>
#include <string>
#include <vector>

#include "cirron/id_registry.hpp"
#include "cirron/json_path.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron {

/// A warning before its file's text is searched for its line and column.
struct UnresolvedReference {
  CirronWarningCode code = CirronWarningCode::kMissingParent;
  std::size_t batch = 0;
  JsonPath path;
  std::string message;
};

/// Every reference of `batches` whose target `ids` does not hold, batch by batch in file order,
/// records in order. The "root" span_id of a mark is no reference.
std::vector<UnresolvedReference> FindUnresolvedReferences(const std::vector<CirronBatch>& batches,
                                                          const IdRegistry& ids);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_REFERENCE_RESOLUTION_HPP_
