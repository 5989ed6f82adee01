// ReserveOutput: std::string::reserve, then the huge-page advice over the 2 MiB-aligned interior
// of the buffer (madvise needs page-aligned bounds; the edges keep small pages).
#include "emit/output_reserve.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tracedoc::emit {
namespace {

#if defined(__linux__) && defined(MADV_HUGEPAGE)
constexpr std::uintptr_t kHugePageBytes = std::uintptr_t{2} << 20;

void AdviseHugePages(char* begin, char* end) {
  const auto first = (reinterpret_cast<std::uintptr_t>(begin) + kHugePageBytes - 1) &
                     ~(kHugePageBytes - 1);
  const auto last = reinterpret_cast<std::uintptr_t>(end) & ~(kHugePageBytes - 1);
  if (first >= last) return;
  // Only a hint: when the kernel has THP disabled or refuses, the pages stay small.
  (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
}
#else
void AdviseHugePages(char*, char*) {}
#endif

}  // namespace

void ReserveOutput(std::string& out, std::size_t incoming) {
  const std::size_t needed = out.size() + incoming;
  if (needed <= out.capacity()) return;
  out.reserve(needed);
  if (incoming >= kHugePageOutputBytes) {
    AdviseHugePages(out.data() + out.size(), out.data() + out.capacity());
  }
}

}  // namespace tracedoc::emit
