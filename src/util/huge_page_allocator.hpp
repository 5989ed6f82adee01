// A standard allocator for the large tables the fold builds (span ids, interned strings, the span
// index): blocks of kMappedFromBytes or more come from a huge-page mapping (util/huge_pages.hpp),
// smaller ones from operator new. Growing a 10^6-event document's hash tables through 4 KiB
// pages cost thousands of page faults.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

#include "util/huge_pages.hpp"

namespace tracedoc::util {

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() noexcept = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}  // NOLINT: rebinding, as std::allocator

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (kHasGrowableMappings && bytes >= kMappedFromBytes) {
      // The size alone says where a block came from, so a refused mapping is a failed allocation.
      void* mapped = MapGrowable(MappedBytes(bytes));
      if (mapped == nullptr) throw std::bad_alloc();
      return static_cast<T*>(mapped);
    }
    return static_cast<T*>(::operator new(bytes, std::align_val_t{alignof(T)}));
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (kHasGrowableMappings && bytes >= kMappedFromBytes) {
      UnmapGrowable(p, MappedBytes(bytes));
      return;
    }
    ::operator delete(p, std::align_val_t{alignof(T)});
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }

 private:
  static constexpr std::size_t kMappedFromBytes = std::size_t{1} << 20;
  // Whole huge pages: a 1.5 MB table gets a 2 MiB page.
  static std::size_t MappedBytes(std::size_t bytes) { return RoundUpToHugePages(bytes); }
};

/// A std::vector whose large buffers are backed by huge pages.
template <class T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace tracedoc::util
