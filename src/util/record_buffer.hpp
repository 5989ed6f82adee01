// A growable array of trivially copyable records that grows with realloc. A document's record
// lists reach hundreds of MB; glibc maps blocks that large on their own and realloc moves them with
// mremap, so growing never holds the old and the new copy at once (a std::vector does, briefly
// doubling what the list costs), and ShrinkToFit gives the slack back without copying.
#ifndef TRACEDOC_UTIL_RECORD_BUFFER_HPP_
#define TRACEDOC_UTIL_RECORD_BUFFER_HPP_

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

namespace tracedoc::util {

template <class T>
class RecordBuffer {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "records are moved by realloc");

 public:
  RecordBuffer() = default;
  RecordBuffer(const RecordBuffer&) = delete;
  RecordBuffer& operator=(const RecordBuffer&) = delete;
  RecordBuffer(RecordBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  RecordBuffer& operator=(RecordBuffer&& other) noexcept {
    if (this != &other) {
      std::free(data_);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  ~RecordBuffer() { std::free(data_); }

  /// Appends a copy of `record` and returns it.
  T& push_back(const T& record) {
    if (size_ == capacity_) Reallocate(capacity_ == 0 ? kFirstCapacity : capacity_ * 2);
    T* slot = ::new (static_cast<void*>(data_ + size_)) T(record);
    ++size_;
    return *slot;
  }

  /// Appends copies of `records`.
  void Append(std::span<const T> records) {
    if (records.empty()) return;
    const std::size_t at = size_;
    ResizeForOverwrite(size_ + records.size());
    std::memcpy(static_cast<void*>(data_ + at), records.data(), records.size_bytes());
  }
  /// Sets the size to `size`, growing the room to at least double when it must. Records past
  /// the old size are left unwritten for the caller to fill (a read into the buffer); the
  /// pages of room never written cost no memory.
  void ResizeForOverwrite(std::size_t size) {
    if (size > capacity_) Reallocate(size > capacity_ * 2 ? size : capacity_ * 2);
    size_ = size;
  }
  /// Forgets every record and keeps the room.
  void clear() noexcept { size_ = 0; }

  /// Makes room for `capacity` records in all (no-op when there is already as much). For a
  /// large block the pages are only reserved: they cost memory once written.
  void reserve(std::size_t capacity) {
    if (capacity > capacity_) Reallocate(capacity);
  }

  /// Gives back the room past size().
  void ShrinkToFit() {
    if (size_ == capacity_) return;
    if (size_ == 0) {
      std::free(std::exchange(data_, nullptr));
      capacity_ = 0;
      return;
    }
    Reallocate(size_);
  }

  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return size_ == 0; }
  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  T* begin() noexcept { return data_; }
  T* end() noexcept { return data_ + size_; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  T& back() noexcept { return data_[size_ - 1]; }

  operator std::span<const T>() const noexcept { return std::span<const T>(data_, size_); }

 private:
  static constexpr std::size_t kFirstCapacity = 16;

  void Reallocate(std::size_t capacity) {
    void* grown = std::realloc(static_cast<void*>(data_), capacity * sizeof(T));
    if (grown == nullptr) throw std::bad_alloc();
    data_ = static_cast<T*>(grown);
    capacity_ = capacity;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace tracedoc::util

#endif  // TRACEDOC_UTIL_RECORD_BUFFER_HPP_
