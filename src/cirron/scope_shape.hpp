// The canonical scope shape of a spool (docs/cirron-spool.md, "Scope shape"): each span judged
// by its own name and its parent's, so the pass is linear whatever the tree's depth. Spans are
// added as they are read; the findings come once the last one is in.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "cirron/id_registry.hpp"
#include "cirron/line_counter.hpp"
#include "tracedoc/diagnostic.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cirron {

class ScopeShape {
 public:
  /// One span, in batch and record order: its id and parent (32 hex digits each), its name,
  /// whether it has an index, and where it is (`place.batch` names its file in Finish).
  void Add(std::string_view id, std::string_view name, std::optional<std::string_view> parent_id,
           bool has_index, RecordPlace place, TextPosition position);
  /// Adds the findings to `log`: cirron_no_session first, then span by span. `files` names
  /// each batch's file.
  void Finish(std::span<const std::string> files, DiagnosticLog& log) const;

 private:
  enum class Kind : std::uint8_t { kOther, kSession, kEpoch, kStep, kPhase, kRequest };
  struct Span {
    Id128 id;
    Id128 parent;
    bool has_parent = false;
    bool has_index = false;
    Kind kind = Kind::kOther;
    std::uint32_t name = 0;  // in names_, quoted and bounded
    RecordPlace place;
    TextPosition position;
  };
  static Kind KindOf(std::string_view name);

  std::vector<Span> spans_;
  boost::unordered_flat_map<Id128, std::uint32_t, Id128Hash> by_id_;
  // Each name once, as a message quotes it: a name repeated by every step costs one string.
  std::vector<std::string> names_;
  boost::unordered_flat_map<std::string, std::uint32_t, util::SeededHash, std::equal_to<>>
      name_index_;
  bool has_session_ = false;
};

}  // namespace tracedoc::cirron
