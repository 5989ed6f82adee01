// An owned block of raw memory for the arenas and string pools: from the heap when small, a
// huge-page mapping (util/huge_pages.hpp) from kHugePageBytes on, so that the storage of a large
// document's strings and arrays does not cost a page fault per 4 KiB written.
#pragma once

#include <cstddef>
#include <new>
#include <utility>

#include "util/huge_pages.hpp"

namespace tracedoc::util {

class MemoryChunk {
 public:
  /// `bytes` of uninitialised memory, aligned for any of our types.
  explicit MemoryChunk(std::size_t bytes) : size_(bytes) {
    if (bytes >= kHugePageBytes && bytes % kHugePageBytes == 0) {
      data_ = static_cast<char*>(MapGrowable(bytes));
      mapped_ = data_ != nullptr;
    }
    if (data_ == nullptr) data_ = new char[bytes];
  }
  MemoryChunk(const MemoryChunk&) = delete;
  MemoryChunk& operator=(const MemoryChunk&) = delete;
  MemoryChunk(MemoryChunk&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        mapped_(std::exchange(other.mapped_, false)) {}
  MemoryChunk& operator=(MemoryChunk&& other) noexcept {
    if (this != &other) {
      Release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      mapped_ = std::exchange(other.mapped_, false);
    }
    return *this;
  }
  ~MemoryChunk() { Release(); }

  char* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

  /// Gives back what lies past the first `used` bytes (whole 4 KiB pages) of a mapped chunk: a
  /// store that is done writing keeps only what it wrote. A heap chunk stays as it is.
  void TrimTo(std::size_t used) noexcept {
    if (mapped_) size_ = TrimGrowable(data_, size_, used == 0 ? 1 : used);
  }

 private:
  void Release() noexcept {
    if (mapped_) {
      UnmapGrowable(data_, size_);
    } else {
      delete[] data_;
    }
  }

  char* data_ = nullptr;
  std::size_t size_;
  bool mapped_ = false;
};

/// The size of a growing store's next chunk: `first` for the first two, then huge pages' worth
/// (a store that has filled two small chunks is likely to fill many).
inline std::size_t NextChunkBytes(std::size_t chunks_held, std::size_t first) noexcept {
  return chunks_held < 2 || first >= kHugePageBytes ? first : kHugePageBytes;
}

}  // namespace tracedoc::util
