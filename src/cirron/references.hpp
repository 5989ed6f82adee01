// The references of a spool (docs/cirron-spool.md, "References"): a span's parent and marks, a
// mark's and a snapshot's span. A missing target is a warning, not an error (its batch may have
// been evicted); references are resolved once the last batch is read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cirron/id_registry.hpp"
#include "cirron/line_counter.hpp"
#include "tracedoc/diagnostic.hpp"

namespace tracedoc::cirron {

/// What a reference names.
enum class ReferenceKind : std::uint8_t {
  kParent,      ///< spans[i].parent_id: a span
  kMark,        ///< spans[i].mark_ids[j]: a mark
  kMarkSpan,    ///< marks[i].span_id: a span
  kSnapshotSpan ///< snapshots[i].span_id: a span
};

struct Reference {
  Id128 target;
  RecordPlace place;
  /// The entry of mark_ids (kMark); 0 otherwise.
  std::uint32_t entry = 0;
  ReferenceKind kind = ReferenceKind::kParent;
  TextPosition position;
};

/// The references not yet resolved. One whose target is already known when it is read is
/// resolved then, and costs nothing more.
class References {
 public:
  /// Takes `reference`, unless `ids` already has its target.
  void Add(const IdRegistry& ids, const Reference& reference);
  /// Resolves the rest: each one whose target is still unknown is a warning in `log` (file:
  /// `batch_paths[batch]`), in batch order, then spans, marks, snapshots, then record order.
  /// Returns how many there were.
  std::uint64_t Resolve(const IdRegistry& ids, std::span<const std::string> batch_paths,
                        DiagnosticLog& log);

 private:
  std::vector<Reference> pending_;
};

}  // namespace tracedoc::cirron
