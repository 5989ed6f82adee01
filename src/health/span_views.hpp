// The document's spans by where their ids' bytes are. The fold interns its strings, so a record's
// span_id is usually the very view of its span's id: a lookup then hashes an address instead of
// the id's bytes (a keyed hash over the id, one of health's largest costs on a large trace).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/document.hpp"

namespace tracedoc::health {

class SpanViews {
 public:
  /// Each span by its id's view (address and size); for spans whose ids share one view (the
  /// same id twice), the later span, as the document's span index answers.
  explicit SpanViews(RecordList<SpanRecord> spans) {
    positions_.reserve(spans.size());
    for (std::size_t i = 0; i < spans.size(); ++i) {
      positions_.insert_or_assign(Key(spans[i].id), static_cast<std::uint32_t>(i));
    }
  }

  /// The position of the span whose id is this very view; none for any other view, even of
  /// equal bytes (which the span index then finds).
  std::optional<std::uint32_t> Find(std::string_view id) const {
    const auto it = positions_.find(Key(id));
    if (it == positions_.end()) return std::nullopt;
    return it->second;
  }

 private:
  using ViewKey = std::pair<const char*, std::size_t>;
  static ViewKey Key(std::string_view id) { return {id.data(), id.size()}; }

  // Addresses are not chosen by the input: no keyed hash is needed.
  boost::unordered_flat_map<ViewKey, std::uint32_t, boost::hash<ViewKey>> positions_;
};

}  // namespace tracedoc::health
