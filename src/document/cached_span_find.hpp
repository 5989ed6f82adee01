// A span lookup that remembers its last answer. Records come in runs that name the same span (a
// span's ops, tensors and memory events are emitted together), so most lookups of a walk over
// one record kind skip the hash.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracedoc::detail {

/// `Index` has `std::optional<std::uint32_t> Find(std::string_view) const`: the document's
/// SpanIdTable, or the public SpanIndex.
template <class Index>
class CachedSpanFind {
 public:
  explicit CachedSpanFind(const Index& index) : index_(index) {}

  std::optional<std::uint32_t> Find(std::string_view id) {
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
  const Index& index_;
  bool has_last_ = false;
  std::string_view last_id_;
  std::optional<std::uint32_t> last_;
};

}  // namespace tracedoc::detail
