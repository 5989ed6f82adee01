// Memory that the kernel may back with 2 MiB pages. On the machines tracedoc runs on, a first
// write to a fresh 4 KiB page costs ~15 µs; a document of a million events writes ~180 MB of new
// memory, so with small pages the faults alone cost more than the parse. Transparent huge pages
// are usually enabled in "madvise" mode: only the ranges we advise get them.
#pragma once

#include <cstddef>

namespace tracedoc::util {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

/// `bytes` rounded up to whole huge pages: the kernel backs only whole ones with a huge page, so
/// a mapping sized this way has no small-page tail. The one place this rounding is done.
constexpr std::size_t RoundUpToHugePages(std::size_t bytes) noexcept {
  return (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
}

/// A buffer growing by this much at once (a writer's output string) is advised: far above any
/// allocator's small blocks (glibc maps anything over 32 MiB on its own), so the advice covers
/// only that buffer.
inline constexpr std::size_t kAdviseGrowthFromBytes = std::size_t{32} << 20;

/// Whether MapGrowable can succeed here (Linux); elsewhere it always returns nullptr.
#if defined(__linux__)
inline constexpr bool kHasGrowableMappings = true;
#else
inline constexpr bool kHasGrowableMappings = false;
#endif

/// Advises huge pages for the whole 2 MiB pages inside [begin, end); call it before the memory
/// is first written. Advice only: where it is unsupported or refused, nothing changes.
void AdviseHugePages(void* begin, void* end) noexcept;

/// Advises huge pages over the room `buffer` (a std::vector or std::string) holds past its size;
/// call it right after reserve(), before that room is written. Only whole 2 MiB pages are
/// advised, so a small buffer is left alone.
template <class Buffer>
void PreferHugePages(Buffer& buffer) noexcept {
  AdviseHugePages(buffer.data() + buffer.size(), buffer.data() + buffer.capacity());
}

/// Address space for a buffer that grows in place: `bytes` (a multiple of 4 KiB) readable and
/// writable, 2 MiB-aligned, advised huge pages, its pages costing memory only once written.
/// Returns nullptr when the system refuses (then the caller falls back to the heap).
void* MapGrowable(std::size_t bytes) noexcept;

/// Moves a MapGrowable range of `old_bytes` to a new one of `new_bytes` without copying (the
/// kernel moves the page tables); returns nullptr, the old range untouched, when it cannot.
void* RemapGrowable(void* data, std::size_t old_bytes, std::size_t new_bytes) noexcept;

/// Gives back the pages of a MapGrowable range from byte `keep` (rounded up to 4 KiB) to
/// `bytes`; returns the bytes the range still spans.
std::size_t TrimGrowable(void* data, std::size_t bytes, std::size_t keep) noexcept;

/// Releases a MapGrowable range.
void UnmapGrowable(void* data, std::size_t bytes) noexcept;

}  // namespace tracedoc::util
