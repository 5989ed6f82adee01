// Asks the kernel to back a big, freshly reserved vector with 2 MiB pages. A million-event
// memory analysis writes tens of MB of timeline and lifetimes into new memory; with 4 KiB pages
// the page faults alone cost as much as the replay, with 2 MiB pages there are 512 times fewer.
// Advice only: where it is unsupported or refused, nothing changes.
#ifndef TRACEDOC_SRC_ANALYSIS_HUGE_PAGES_HPP_
#define TRACEDOC_SRC_ANALYSIS_HUGE_PAGES_HPP_

#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tracedoc::analysis {

/// Advises huge pages for the whole 2 MiB pages inside `v`'s capacity; call it right after
/// reserve(), before the memory is written. Small vectors are left alone.
template <class T>
void PreferHugePages(std::vector<T>& v) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
  const auto end = begin + v.capacity() * sizeof(T);
  const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t last = end & ~(kHugePage - 1);
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)v;
#endif
}

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_HUGE_PAGES_HPP_
