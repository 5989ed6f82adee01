// ReadTraceMLExport on any bytes, read by default and under strict. Invariants: the read is
// deterministic; a failure's code is in the table, its line exists in the input and it names
// the input; strict accepts only what the default read accepts, with no unknown-field or
// field-order warning, and reads the same records; an accepted export's record_count is the sum
// of its streams, a closing line's written_records equals it, every record's line lies within
// the input, in increasing order per stream, the duplicates counted are at most the records,
// and the warnings kept are at most the total and the log's bound (a log of 8, through
// ValidateInput, which counts as many); every export that reads converts (ReadDocument), with
// the same verdict and the same warnings counted.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "trace_lines.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/traceml_export.hpp"

namespace {

using tracedoc::TraceMLExport;

std::uint64_t PhysicalLines(std::string_view text) {
  if (text.empty()) return 0;
  const auto newlines = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n'));
  return text.back() == '\n' ? newlines : newlines + 1;
}

template <class Record>
void CheckLines(const std::vector<Record>& records, std::uint64_t lines) {
  std::uint64_t previous = 0;
  for (const Record& record : records) {
    TRACEDOC_FUZZ_CHECK(record.base.line > previous);
    TRACEDOC_FUZZ_CHECK(record.base.line <= lines);
    previous = record.base.line;
  }
}

void CheckWarnings(const tracedoc::DiagnosticLog& log, std::uint64_t lines) {
  TRACEDOC_FUZZ_CHECK(log.kept.size() <= log.max_kept);
  TRACEDOC_FUZZ_CHECK(log.kept.size() <= log.total);
  TRACEDOC_FUZZ_CHECK(log.errors == 0);
  std::uint64_t previous = 0;
  for (const tracedoc::Diagnostic& warning : log.kept) {
    TRACEDOC_FUZZ_CHECK(warning.severity == tracedoc::Severity::kWarning);
    TRACEDOC_FUZZ_CHECK(warning.line >= previous && warning.line <= lines);
    TRACEDOC_FUZZ_CHECK(warning.column.has_value() && *warning.column >= 1);
    TRACEDOC_FUZZ_CHECK(!warning.message.empty());
    previous = warning.line;
  }
}

void CheckExport(const TraceMLExport& e, std::uint64_t lines) {
  const std::uint64_t sum = e.step_time.size() + e.step_memory.size() + e.system.size() +
                            e.system_gpu.size() + e.process.size() + e.runtime_environment.size() +
                            e.stdout_stderr.size();
  TRACEDOC_FUZZ_CHECK(e.record_count() == sum);
  CheckLines(e.step_time, lines);
  CheckLines(e.step_memory, lines);
  CheckLines(e.system, lines);
  CheckLines(e.system_gpu, lines);
  CheckLines(e.process, lines);
  CheckLines(e.runtime_environment, lines);
  CheckLines(e.stdout_stderr, lines);
  for (const tracedoc::TraceMLStepTime& step : e.step_time) {
    for (const tracedoc::TraceMLPhaseSample& sample : step.events) {
      TRACEDOC_FUZZ_CHECK(!sample.duration_ms || *sample.duration_ms >= 0);
    }
  }
  for (const tracedoc::TraceMLOutputLine& output : e.stdout_stderr) {
    TRACEDOC_FUZZ_CHECK(!output.text.empty());
  }
  if (e.closing) {
    TRACEDOC_FUZZ_CHECK(e.closing->written_records == e.record_count());
    TRACEDOC_FUZZ_CHECK(e.closing->line <= lines);
  }
  std::uint64_t duplicates = 0;
  for (const std::uint64_t d : e.duplicates) duplicates += d;
  TRACEDOC_FUZZ_CHECK(duplicates <= e.record_count());
  TRACEDOC_FUZZ_CHECK(
      e.duplicates[static_cast<std::size_t>(tracedoc::TraceMLStream::kStdoutStderr)] == 0);
  CheckWarnings(e.warnings, lines);
}

void CheckError(const tracedoc::Error& error, std::uint64_t lines) {
  TRACEDOC_FUZZ_CHECK(static_cast<int>(error.code) < tracedoc::kErrorCodeCount);
  TRACEDOC_FUZZ_CHECK(error.line >= 1 && error.line <= lines);
  TRACEDOC_FUZZ_CHECK(!error.message.empty());
  TRACEDOC_FUZZ_CHECK(error.file == "<string>");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Compressed bytes are read as the stream they hold, whose lines these checks cannot count:
  // fuzz_compressed covers them.
  if (tracedoc::fuzz::StartsCompressed(text)) return 0;
  const std::uint64_t lines = PhysicalLines(text);
  const tracedoc::TraceMLReadOptions options;
  const auto input = tracedoc::TraceInput::FromString(text);
  const tracedoc::Result<TraceMLExport> read = tracedoc::ReadTraceMLExport(input, options);
  const tracedoc::Result<TraceMLExport> again = tracedoc::ReadTraceMLExport(input, options);
  tracedoc::TraceMLReadOptions strict_options = options;
  strict_options.strict = true;
  const tracedoc::Result<TraceMLExport> strict = tracedoc::ReadTraceMLExport(input, strict_options);
  TRACEDOC_FUZZ_CHECK(read.has_value() == again.has_value());
  // The one way in: the same checks, a small log (so that its bound is exercised), and for an
  // export that reads, its conversion.
  tracedoc::OpenOptions open;
  open.format = tracedoc::InputFormat::kTraceMLExport;
  tracedoc::DiagnosticLog log;
  log.max_kept = 8;
  open.diagnostics = &log;
  const tracedoc::Result<void> validated = tracedoc::ValidateInput(input, open);
  TRACEDOC_FUZZ_CHECK(validated.has_value() == read.has_value());
  tracedoc::DiagnosticLog converted_log;
  open.diagnostics = &converted_log;
  const tracedoc::Result<tracedoc::TraceDocument> converted = tracedoc::ReadDocument(input, open);
  TRACEDOC_FUZZ_CHECK(converted.has_value() == read.has_value());
  if (!read) {
    TRACEDOC_FUZZ_CHECK(again.error() == read.error());
    TRACEDOC_FUZZ_CHECK(validated.error() == read.error());
    TRACEDOC_FUZZ_CHECK(converted.error() == read.error());
    TRACEDOC_FUZZ_CHECK(log.total == 0 && converted_log.total == 0);
    CheckError(read.error(), lines);
    // Strict only adds rules: what the default read rejects, strict rejects.
    TRACEDOC_FUZZ_CHECK(!strict);
    CheckError(strict.error(), lines);
    return 0;
  }
  CheckExport(read.value(), lines);
  CheckWarnings(log, lines);
  TRACEDOC_FUZZ_CHECK(log.total == read.value().warnings.total);
  TRACEDOC_FUZZ_CHECK(converted_log.total == read.value().warnings.total);
  TRACEDOC_FUZZ_CHECK(read.value().step_time == again.value().step_time);
  if (!strict) {
    CheckError(strict.error(), lines);
    const tracedoc::ErrorCode code = strict.error().code;
    TRACEDOC_FUZZ_CHECK(code == tracedoc::ErrorCode::kUnknownField ||
                        code == tracedoc::ErrorCode::kTraceMLFieldOrder);
    return 0;
  }
  CheckExport(strict.value(), lines);
  for (const tracedoc::Diagnostic& warning : strict.value().warnings.kept) {
    TRACEDOC_FUZZ_CHECK(warning.code != tracedoc::DiagnosticCode::kTraceMLUnknownField &&
                        warning.code != tracedoc::DiagnosticCode::kTraceMLFieldOrder);
  }
  TRACEDOC_FUZZ_CHECK(strict.value().record_count() == read.value().record_count());
  TRACEDOC_FUZZ_CHECK(strict.value().step_time == read.value().step_time);
  TRACEDOC_FUZZ_CHECK(strict.value().process == read.value().process);
  return 0;
}
