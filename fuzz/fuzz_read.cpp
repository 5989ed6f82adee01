// Any bytes through the whole reader. Invariants: ReadTrace and ValidateTrace agree exactly; a
// failure names a line that exists, a column within it, and the index that line has among the
// non-blank lines; a success reads back, from its own JSONL, as an equal document. Collecting
// every error (docs/tracedoc.md §2.1) finds one exactly when the plain read fails, its first is
// the plain read's, and the errors before the end-of-stream checks come in line order.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "trace_lines.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace {

using tracedoc::Error;
using tracedoc::ErrorCode;

void CheckErrorPlace(std::string_view text, const Error& error) {
  TRACEDOC_FUZZ_CHECK(static_cast<int>(error.code) < tracedoc::kErrorCodeCount);
  const std::vector<std::string_view> lines = tracedoc::fuzz::SplitPhysicalLines(text);
  if (error.line == 0) {
    // Only errors about the stream as a whole have no line (README "Errors").
    TRACEDOC_FUZZ_CHECK(error.code == ErrorCode::kMissingMeta ||
                        error.code == ErrorCode::kMissingTerminal);
    TRACEDOC_FUZZ_CHECK(!error.column.has_value());
    return;
  }
  TRACEDOC_FUZZ_CHECK(error.line <= lines.size());
  const std::string_view line = lines[error.line - 1];
  // Every line error is about a record, and blank lines are no records.
  TRACEDOC_FUZZ_CHECK(!tracedoc::fuzz::IsBlankLine(line));
  if (error.column) {
    TRACEDOC_FUZZ_CHECK(*error.column >= 1 && *error.column <= line.size() + 1);
  }
  if (error.index) {
    std::uint64_t non_blank_before = 0;
    for (std::uint64_t i = 0; i + 1 < error.line; ++i) {
      if (!tracedoc::fuzz::IsBlankLine(lines[i])) ++non_blank_before;
    }
    TRACEDOC_FUZZ_CHECK(*error.index == non_blank_before);
  }
}

// The read that goes on after errors, against the plain read's verdict.
void CheckCollectedErrors(const tracedoc::TraceInput& input,
                          const tracedoc::Result<void>& plain) {
  tracedoc::ErrorLog log;
  log.max_errors = 64;
  tracedoc::ReadOptions options;
  options.collect_errors = &log;
  const tracedoc::Result<void> collected = tracedoc::ValidateTrace(input, options);
  TRACEDOC_FUZZ_CHECK(collected.has_value() == plain.has_value());
  TRACEDOC_FUZZ_CHECK((log.total == 0) == plain.has_value());
  TRACEDOC_FUZZ_CHECK(log.errors.size() == std::min<std::uint64_t>(log.total, 64));
  if (plain) return;
  TRACEDOC_FUZZ_CHECK(collected.error() == plain.error());
  TRACEDOC_FUZZ_CHECK(log.errors.front() == plain.error());
  std::uint64_t last_line = 0;
  for (const Error& error : log.errors) {
    // The end checks come last, about the stream (line 0) or the terminal's line.
    const bool end_check = error.line == 0 || error.code == ErrorCode::kCompleteWithReason ||
                           error.code == ErrorCode::kFailedWithoutReason ||
                           error.code == ErrorCode::kTerminalBeforeEvidence ||
                           error.code == ErrorCode::kMissingMeta ||
                           error.code == ErrorCode::kMissingTerminal;
    if (!end_check) {
      TRACEDOC_FUZZ_CHECK(error.line > last_line);
      last_line = error.line;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto input = tracedoc::TraceInput::FromString(text);
  tracedoc::Result<tracedoc::TraceDocument> document = tracedoc::ReadTrace(input);
  const tracedoc::Result<void> validated = tracedoc::ValidateTrace(input);

  TRACEDOC_FUZZ_CHECK(document.has_value() == validated.has_value());
  CheckCollectedErrors(input, validated);
  if (!document) {
    TRACEDOC_FUZZ_CHECK(document.error() == validated.error());
    if (!tracedoc::fuzz::StartsCompressed(text)) CheckErrorPlace(text, document.error());
    return 0;
  }
  const std::string written = tracedoc::WriteJsonl(document.value());
  const tracedoc::Result<tracedoc::TraceDocument> reread =
      tracedoc::ReadTrace(tracedoc::TraceInput::FromString(written));
  TRACEDOC_FUZZ_CHECK(reread.has_value());
  TRACEDOC_FUZZ_CHECK(reread.value() == document.value());
  return 0;
}
