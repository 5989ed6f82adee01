// A growable array of trivially copyable records. A document's record lists reach hundreds of MB,
// so growing must never hold the old and the new copy at once (a std::vector does, briefly
// doubling what the list costs) nor copy: a small buffer grows with realloc; one past
// kMappedFromBytes lives in its own mapping (util/huge_pages.hpp) that reserves address space
// ahead, grows in place and is backed by huge pages: with 4 KiB pages, the first write to each
// page of a fresh list costs more than decoding what goes into it. ShrinkToFit gives the slack
// back without copying.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

#include "util/huge_pages.hpp"

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
        capacity_(std::exchange(other.capacity_, 0)),
        mapped_bytes_(std::exchange(other.mapped_bytes_, 0)) {}
  RecordBuffer& operator=(RecordBuffer&& other) noexcept {
    if (this != &other) {
      Release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
      mapped_bytes_ = std::exchange(other.mapped_bytes_, 0);
    }
    return *this;
  }
  ~RecordBuffer() { Release(); }

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
    if (size_ == capacity_ && mapped_bytes_ == 0) return;
    if (size_ == 0) {
      Release();
      data_ = nullptr;
      capacity_ = 0;
      mapped_bytes_ = 0;
      return;
    }
    if (mapped_bytes_ != 0) {
      mapped_bytes_ = TrimGrowable(data_, mapped_bytes_, size_ * sizeof(T));
      capacity_ = size_;
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
  // A buffer this large moves to its own mapping, which reserves kReserveFactor times the room
  // asked for: address space only, so that growing seldom has to move it.
  static constexpr std::size_t kMappedFromBytes = std::size_t{512} << 10;
  static constexpr std::size_t kReserveFactor = 8;

  static std::size_t ReservationFor(std::size_t bytes) {
    return RoundUpToHugePages(bytes * kReserveFactor);
  }

  void Reallocate(std::size_t capacity) {
    const std::size_t bytes = capacity * sizeof(T);
    if (mapped_bytes_ != 0) {
      if (bytes > mapped_bytes_) {
        const std::size_t reserved = ReservationFor(bytes);
        void* moved = RemapGrowable(data_, mapped_bytes_, reserved);
        if (moved == nullptr) throw std::bad_alloc();
        data_ = static_cast<T*>(moved);
        mapped_bytes_ = reserved;
      }
      capacity_ = capacity;
      return;
    }
    if (bytes >= kMappedFromBytes) {
      const std::size_t reserved = ReservationFor(bytes);
      if (void* mapped = MapGrowable(reserved)) {
        if (size_ != 0) std::memcpy(mapped, static_cast<const void*>(data_), size_ * sizeof(T));
        std::free(data_);
        data_ = static_cast<T*>(mapped);
        capacity_ = capacity;
        mapped_bytes_ = reserved;
        return;
      }
    }
    void* grown = std::realloc(static_cast<void*>(data_), bytes);
    if (grown == nullptr) throw std::bad_alloc();
    data_ = static_cast<T*>(grown);
    capacity_ = capacity;
  }

  void Release() noexcept {
    if (mapped_bytes_ != 0) {
      UnmapGrowable(data_, mapped_bytes_);
    } else {
      std::free(data_);
    }
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  std::size_t mapped_bytes_ = 0;  // the span of the mapping; 0 while the buffer is on the heap
};

}  // namespace tracedoc::util
