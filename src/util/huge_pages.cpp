// The mappings behind RecordBuffer's large buffers and the huge-page advice. A range is mapped
// with MAP_NORESERVE so that address space reserved ahead of growth costs nothing until written,
// and aligned to 2 MiB so that the kernel can use huge pages from its first byte.
#include "util/huge_pages.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tracedoc::util {

#if defined(__linux__)  // kHasGrowableMappings

namespace {

constexpr std::uintptr_t kSmallPageBytes = 4096;

std::uintptr_t RoundUpToSmallPages(std::uintptr_t value) {
  return (value + kSmallPageBytes - 1) & ~(kSmallPageBytes - 1);
}
std::uintptr_t RoundDownToHugePages(std::uintptr_t value) { return value & ~(kHugePageBytes - 1); }

}  // namespace

void AdviseHugePages(void* begin, void* end) noexcept {
  const std::uintptr_t first = RoundUpToHugePages(reinterpret_cast<std::uintptr_t>(begin));
  const std::uintptr_t last = RoundDownToHugePages(reinterpret_cast<std::uintptr_t>(end));
  if (first >= last) return;
#if defined(MADV_HUGEPAGE)
  // Only a hint: when the kernel has THP disabled or refuses, the pages stay small.
  (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
}

namespace {

// `bytes` of address space starting on a 2 MiB boundary: map 2 MiB more and unmap the edges.
void* MapAligned(std::size_t bytes) noexcept {
  const std::size_t padded = bytes + kHugePageBytes;
  void* raw = mmap(nullptr, padded, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = RoundUpToHugePages(start);
  if (aligned > start) munmap(raw, aligned - start);
  const std::uintptr_t tail = aligned + bytes;
  if (start + padded > tail) munmap(reinterpret_cast<void*>(tail), start + padded - tail);
  return reinterpret_cast<void*>(aligned);
}

}  // namespace

void* MapGrowable(std::size_t bytes) noexcept {
  void* data = MapAligned(bytes);
  if (data != nullptr) AdviseHugePages(data, static_cast<char*>(data) + bytes);
  return data;
}

void* RemapGrowable(void* data, std::size_t old_bytes, std::size_t new_bytes) noexcept {
  // Reserve an aligned destination first, then move the pages onto it: mremap keeps huge pages
  // whole only when source and destination share their alignment.
  void* target = MapAligned(new_bytes);
  if (target == nullptr) return nullptr;
  void* moved = mremap(data, old_bytes, new_bytes, MREMAP_MAYMOVE | MREMAP_FIXED, target);
  if (moved == MAP_FAILED) {
    munmap(target, new_bytes);
    return nullptr;
  }
  AdviseHugePages(moved, static_cast<char*>(moved) + new_bytes);
  return moved;
}

std::size_t TrimGrowable(void* data, std::size_t bytes, std::size_t keep) noexcept {
  const std::size_t kept = RoundUpToSmallPages(keep);
  if (kept >= bytes) return bytes;
  munmap(static_cast<char*>(data) + kept, bytes - kept);
  return kept;
}

void UnmapGrowable(void* data, std::size_t bytes) noexcept {
  if (data != nullptr) munmap(data, bytes);
}

#else

void AdviseHugePages(void*, void*) noexcept {}
void* MapGrowable(std::size_t) noexcept { return nullptr; }
void* RemapGrowable(void*, std::size_t, std::size_t) noexcept { return nullptr; }
std::size_t TrimGrowable(void*, std::size_t bytes, std::size_t) noexcept { return bytes; }
void UnmapGrowable(void*, std::size_t) noexcept {}

#endif

}  // namespace tracedoc::util
