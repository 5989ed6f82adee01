// Interned strings: each distinct string is stored once and handed out as a stable view.
// A document's ids, devices, dtypes and names repeat on most lines, so this is most of its text.
#ifndef TRACEDOC_UTIL_STRING_POOL_HPP_
#define TRACEDOC_UTIL_STRING_POOL_HPP_

#include <cstddef>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "util/arena.hpp"

namespace tracedoc::util {

class StringPool {
 public:
  StringPool() = default;
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;

  /// The pooled copy of `s`; the same view for equal strings.
  std::string_view Intern(std::string_view s) {
    const auto it = strings_.find(s);
    if (it != strings_.end()) return *it;
    const std::string_view copy = arena_.CopyString(s);
    strings_.insert(copy);
    return copy;
  }

  /// Storage for the arrays that records refer to.
  Arena& arena() noexcept { return arena_; }

  /// What the pool costs: its chunks plus the hash set's slots.
  std::size_t memory_bytes() const noexcept {
    return arena_.reserved_bytes() + strings_.bucket_count() * (sizeof(std::string_view) + 1);
  }

 private:
  Arena arena_{256 * 1024};
  boost::unordered_flat_set<std::string_view> strings_;
};

}  // namespace tracedoc::util

#endif  // TRACEDOC_UTIL_STRING_POOL_HPP_
