// Room for a large output string reserved at once, and backed by huge pages where the kernel
// offers them: the writers that return their whole output as a std::string start here.
#ifndef TRACEDOC_SRC_EMIT_OUTPUT_RESERVE_HPP_
#define TRACEDOC_SRC_EMIT_OUTPUT_RESERVE_HPP_

#include <cstddef>
#include <string>

namespace tracedoc::emit {

/// Outputs from this size on are advised to use huge pages: far above any allocator's small
/// blocks (glibc maps anything over 32 MiB on its own), so the advice covers only this buffer.
inline constexpr std::size_t kHugePageOutputBytes = std::size_t{32} << 20;

/// Makes room in `out` for `incoming` more bytes. From kHugePageOutputBytes on, on Linux, also
/// asks for transparent huge pages over the new room (madvise MADV_HUGEPAGE, a hint the kernel
/// may ignore): every fresh 4 KiB page costs a fault on its first write, and under a virtual
/// machine that fault can cost more than writing the page's JSON. Never shrinks `out`.
void ReserveOutput(std::string& out, std::size_t incoming);

}  // namespace tracedoc::emit

#endif  // TRACEDOC_SRC_EMIT_OUTPUT_RESERVE_HPP_
