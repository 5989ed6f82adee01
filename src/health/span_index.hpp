// Span lookup by id for the health checks: one hash map built once per analysis, shared by the
// structure checks (§6.3) and the reference checks (§6.4).
#ifndef TRACEDOC_SRC_HEALTH_SPAN_INDEX_HPP_
#define TRACEDOC_SRC_HEALTH_SPAN_INDEX_HPP_

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::health {

class SpanIndex {
 public:
  // Indexes `spans`. With duplicate ids (possible only in a document that was not folded) the
  // later span wins, as when the reference collects its spans into a map.
  explicit SpanIndex(std::span<const SpanRecord> spans);

  // The position in `spans` of the span with this id, if any.
  std::optional<std::size_t> PositionOf(std::string_view id) const {
    const auto it = positions_.find(id);
    if (it == positions_.end()) return std::nullopt;
    return it->second;
  }

  // The span with this id, or nullptr.
  const SpanRecord* Find(std::string_view id) const {
    const auto it = positions_.find(id);
    return it == positions_.end() ? nullptr : &spans_[it->second];
  }

  // The number of distinct ids.
  std::size_t unique_count() const noexcept { return positions_.size(); }

 private:
  std::span<const SpanRecord> spans_;
  boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash> positions_;
};

// A SpanIndex lookup that remembers its last answer. Records come in runs that name the same
// span (a span's ops, tensors and memory events are emitted together), so most lookups of a
// walk over one record kind skip the hash.
class CachedSpanLookup {
 public:
  explicit CachedSpanLookup(const SpanIndex& index) : index_(index) {}

  // The span with this id, or nullptr.
  const SpanRecord* Find(std::string_view id) {
    // Document strings are interned, so a repeated id is usually the very same view.
    const bool same = has_last_ && id.size() == last_id_.size() &&
                      (id.data() == last_id_.data() || id == last_id_);
    if (!same) {
      last_ = index_.Find(id);
      last_id_ = id;
      has_last_ = true;
    }
    return last_;
  }

 private:
  const SpanIndex& index_;
  bool has_last_ = false;
  std::string_view last_id_;
  const SpanRecord* last_ = nullptr;
};

}  // namespace tracedoc::health

#endif  // TRACEDOC_SRC_HEALTH_SPAN_INDEX_HPP_
