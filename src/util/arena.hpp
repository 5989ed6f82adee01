// A chunked bump allocator for trivially destructible data: pointers into it stay valid until
// Reset() or destruction. Records keep views into an arena instead of owning vectors.
#ifndef TRACEDOC_UTIL_ARENA_HPP_
#define TRACEDOC_UTIL_ARENA_HPP_

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tracedoc::util {

class Arena {
 public:
  explicit Arena(std::size_t chunk_bytes = 64 * 1024) : chunk_bytes_(chunk_bytes) {}
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  Arena(Arena&&) noexcept = default;
  Arena& operator=(Arena&&) noexcept = default;

  /// Uninitialised room for `n` objects of T.
  template <class T>
  T* Allocate(std::size_t n) {
    static_assert(std::is_trivially_destructible_v<T>);
    if (n == 0) return nullptr;
    return static_cast<T*>(AllocateBytes(n * sizeof(T), alignof(T)));
  }

  /// A copy of `values` that lives as long as the arena.
  template <class T>
  T* Copy(const T* values, std::size_t n) {
    T* out = Allocate<T>(n);
    if (n != 0) std::memcpy(static_cast<void*>(out), values, n * sizeof(T));
    return out;
  }

  std::string_view CopyString(std::string_view s) {
    return std::string_view(Copy(s.data(), s.size()), s.size());
  }

  /// Forgets every allocation but keeps the first chunk for reuse.
  void Reset() noexcept {
    if (chunks_.size() > 1) {
      chunks_.erase(chunks_.begin() + 1, chunks_.end());
      chunk_sizes_.erase(chunk_sizes_.begin() + 1, chunk_sizes_.end());
    }
    used_ = 0;
    capacity_ = chunks_.empty() ? 0 : chunk_sizes_.front();
  }

  /// Bytes held in chunks (what the arena costs, not what was asked of it).
  std::size_t reserved_bytes() const noexcept {
    std::size_t total = 0;
    for (std::size_t size : chunk_sizes_) total += size;
    return total;
  }

 private:
  void* AllocateBytes(std::size_t bytes, std::size_t align) {
    std::size_t start = (used_ + align - 1) & ~(align - 1);
    if (chunks_.empty() || start + bytes > capacity_) {
      // Large requests get a chunk of their own so the next small ones still share one.
      const std::size_t size = std::max(chunk_bytes_, bytes + align);
      chunks_.push_back(std::make_unique_for_overwrite<std::byte[]>(size));
      chunk_sizes_.push_back(size);
      capacity_ = size;
      start = 0;  // new[] aligns to __STDCPP_DEFAULT_NEW_ALIGNMENT__, enough for our types
    }
    used_ = start + bytes;
    return chunks_.back().get() + start;
  }

  std::size_t chunk_bytes_;
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  std::vector<std::size_t> chunk_sizes_;
  std::size_t used_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace tracedoc::util

#endif  // TRACEDOC_UTIL_ARENA_HPP_
