// The run's own fields compared (docs/diff.md §2): the meta record's scalars, its capture
// contract's levels, its comparison identity, each tag, and the terminal's outcome and reason.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::diff {

/// A run's fields as the comparison reads them, each as its text (None where the run has none):
/// what a diff keeps of a run once the run itself is dropped.
struct MetaSnapshot {
  using FieldText = std::pair<std::string, std::optional<std::string>>;
  using TagText = std::pair<std::string, std::string>;
  /// Every field but the tags, in the order of docs/diff.md §2.
  std::vector<FieldText> fields;
  /// The tags, by key byte-wise, which come before fields[tags_at].
  std::vector<TagText> tags;
  std::size_t tags_at = 0;
};

MetaSnapshot SnapshotMeta(const TraceDocument& run);

/// The fields whose values differ, in the order of docs/diff.md §2 (tags by key, byte-wise).
std::vector<MetaFieldChange> CompareMeta(const MetaSnapshot& base, const MetaSnapshot& candidate);

}  // namespace tracedoc::diff
