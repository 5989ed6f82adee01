// A chunked bump allocator for trivially destructible data: pointers into it stay valid until
// Reset() or destruction. Records keep views into an arena instead of owning vectors.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "util/memory_chunk.hpp"

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
    if (n * sizeof(T) >= kLargeBytes && IsAdopted(values, n * sizeof(T))) {
      return const_cast<T*>(values);  // already ours: adopted from the arena that made it
    }
    T* out = Allocate<T>(n);
    if (n != 0) std::memcpy(static_cast<void*>(out), values, n * sizeof(T));
    return out;
  }

  std::string_view CopyString(std::string_view s) {
    return std::string_view(Copy(s.data(), s.size()), s.size());
  }

  /// Keeps `text` for as long as the arena lives; a large one without copying its buffer.
  std::string_view Keep(std::string&& text) {
    // A short string may sit inside its std::string object, which moves with large_.
    if (text.size() < kLargeBytes) return CopyString(text);
    large_.push_back(std::move(text));
    return large_.back();
  }

  /// Hands over the large blocks (allocations of kLargeBytes or more, and kept text) to be
  /// adopted by another arena; views into them stay valid.
  std::vector<std::string> TakeLargeBlocks() noexcept { return std::exchange(large_, {}); }

  /// Takes over `blocks` from another arena. Until the next Adopt, copying anything that lies
  /// within one of them returns it as it is: a document keeps a large value its decoder made
  /// without holding it twice (docs/tracedoc.md §5).
  void Adopt(std::vector<std::string>&& blocks) {
    adopted_from_ = large_.size();
    for (std::string& block : blocks) large_.push_back(std::move(block));
  }

  /// Forgets every allocation but keeps the first chunk for reuse.
  void Reset() noexcept {
    if (chunks_.size() > 1) chunks_.erase(chunks_.begin() + 1, chunks_.end());
    used_ = 0;
    capacity_ = chunks_.empty() ? 0 : chunks_.front().size();
    large_.clear();
    adopted_from_ = 0;
  }

  /// Gives back the unwritten end of the last chunk, when it is a mapping of its own: for an
  /// arena that is done growing (a finished document's). Allocating after it still works.
  void TrimLastChunk() noexcept {
    if (chunks_.empty()) return;
    chunks_.back().TrimTo(used_);
    capacity_ = chunks_.back().size();
  }

  /// Bytes held in chunks and blocks (what the arena costs, not what was asked of it).
  std::size_t reserved_bytes() const noexcept {
    std::size_t total = 0;
    for (const MemoryChunk& chunk : chunks_) total += chunk.size();
    for (const std::string& block : large_) total += block.size();
    return total;
  }

  /// Allocations of at least this many bytes get a block of their own, which can be adopted.
  static constexpr std::size_t kLargeBytes = 64 * 1024;

  /// Whether `s` lies in a block adopted by the last Adopt: copying it returns it as it is.
  bool HoldsAdopted(std::string_view s) const noexcept {
    return s.size() >= kLargeBytes && IsAdopted(s.data(), s.size());
  }

 private:
  bool IsAdopted(const void* p, std::size_t bytes) const noexcept {
    const char* begin = static_cast<const char*>(p);
    for (std::size_t i = adopted_from_; i < large_.size(); ++i) {
      const std::string& block = large_[i];
      if (begin >= block.data() && begin + bytes <= block.data() + block.size()) return true;
    }
    return false;
  }

  void* AllocateBytes(std::size_t bytes, std::size_t align) {
    if (bytes >= kLargeBytes) {
      // A std::string is a plain owning byte buffer here; operator new aligns it for any of
      // our types (__STDCPP_DEFAULT_NEW_ALIGNMENT__).
      large_.emplace_back(bytes, '\0');
      return large_.back().data();
    }
    std::size_t start = (used_ + align - 1) & ~(align - 1);
    if (chunks_.empty() || start + bytes > capacity_) {
      // Large requests get a chunk of their own so the next small ones still share one.
      const std::size_t size = std::max(NextChunkBytes(chunks_.size(), chunk_bytes_), bytes + align);
      chunks_.emplace_back(size);
      capacity_ = size;
      start = 0;  // a chunk is aligned for any of our types
    }
    used_ = start + bytes;
    return chunks_.back().data() + start;
  }

  std::size_t chunk_bytes_;
  std::vector<MemoryChunk> chunks_;
  std::vector<std::string> large_;
  std::size_t adopted_from_ = 0;  // large_[adopted_from_, end) came with the last Adopt
  std::size_t used_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace tracedoc::util
