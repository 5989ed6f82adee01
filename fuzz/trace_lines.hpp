// The line rules of docs/trace-format.md §0 and §2.1, written again from the spec (by byte sequence,
// not by decoding) so the harnesses can check where the reader says an error is.
#ifndef TRACEDOC_FUZZ_TRACE_LINES_HPP_
#define TRACEDOC_FUZZ_TRACE_LINES_HPP_

#include <string_view>
#include <vector>

namespace tracedoc::fuzz {

/// "Trim" of §0: strips the listed Unicode White_Space (not U+FEFF) from both ends.
std::string_view TrimSpecWhiteSpace(std::string_view text);

/// The physical lines of `bytes`: split at each `\n`, one trailing `\r` dropped. Line n (1-based)
/// is element n - 1; text ending in `\n` gives a last, empty line.
std::vector<std::string_view> SplitPhysicalLines(std::string_view bytes);

/// True when the reader takes `bytes` for gzip or zstd data (their magic bytes): its lines are
/// then those of the decompressed stream, which fuzz_compressed checks.
inline bool StartsCompressed(std::string_view bytes) {
  return bytes.substr(0, 2) == "\x1f\x8b" || bytes.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4);
}

/// "Blank" of §0: nothing left after trimming.
inline bool IsBlankLine(std::string_view line) { return TrimSpecWhiteSpace(line).empty(); }

}  // namespace tracedoc::fuzz

#endif  // TRACEDOC_FUZZ_TRACE_LINES_HPP_
