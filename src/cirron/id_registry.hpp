// Every id of a spool, by record type, with where it was first given: duplicates across batches
// are errors (cirron_duplicate_id), and references resolve against it once all batches are read.
#ifndef TRACEDOC_CIRRON_ID_REGISTRY_HPP_
#define TRACEDOC_CIRRON_ID_REGISTRY_HPP_

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "cirron/field_error.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cirron {

class IdRegistry {
 public:
  /// Registers the ids of `batch`, the `batch_index`th of `file_names`; cirron_duplicate_id
  /// (path of the second one, message naming the first's file and path) for an id already given
  /// to a record of the same type.
  Checked<void> Add(const CirronBatch& batch, std::size_t batch_index,
                    const std::vector<std::string>& file_names);

  bool HasSpan(std::string_view id) const { return spans_.contains(id); }
  bool HasMark(std::string_view id) const { return marks_.contains(id); }

 private:
  struct Where {
    std::size_t batch = 0;
    JsonPath path;
  };
  using Table = boost::unordered_flat_map<std::string, Where, util::SeededHash, std::equal_to<>>;

  static Checked<void> Insert(Table& table, const std::string& id, Where where,
                              const std::vector<std::string>& file_names);

  Table spans_;
  Table marks_;
  Table snapshots_;
};

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_ID_REGISTRY_HPP_
