// Generated hostile traces: valid trace/10 files whose one odd record is built to make a reader
// spend memory or time out of proportion to its size (issue 12's list). Written straight to disk
// in pieces, so the generator itself never holds the input.
#ifndef TRACEDOC_TESTS_HOSTILE_HOSTILE_INPUTS_HPP_
#define TRACEDOC_TESTS_HOSTILE_HOSTILE_INPUTS_HPP_

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tracedoc::hostile {

/// Buffered writes to a file; the byte count is what the bounds are measured against.
class FileWriter {
 public:
  explicit FileWriter(const std::filesystem::path& path);
  ~FileWriter();
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;

  void Put(std::string_view text);
  /// `text` `count` times.
  void Repeat(std::string_view text, std::uint64_t count);
  /// `count` unknown members `,"<prefix><i>":<value>` (a comma before each).
  void UnknownMembers(std::string_view prefix, std::string_view value, std::uint64_t count);
  bool ok() const { return file_ != nullptr && !failed_; }

 private:
  void Flush();
  std::FILE* file_;
  std::string buffer_;
  bool failed_ = false;
};

/// A meta record without its closing brace, so that a case can add members to it.
inline constexpr std::string_view kOpenMeta =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"hostile","correlation_id":"c",)"
    R"("entrypoint":"e","phase":"train","timestamp":"2026-12-01T00:00:00Z","capture_step":1,)"
    R"("warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,)"
    R"("timing_mode":"host","capture_contract":{"measurement_scope":"profiled_work",)"
    R"("operations":"complete","tensors":"partial","gradients":"none","logical_memory":)"
    R"("complete","physical_memory":"partial","device_timing":"none"},"tags":{})";
inline constexpr std::string_view kTerminal =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":100})"
    "\n";

/// One generated case: a name for the test, which commands it is run with, and how to write it.
struct HostileCase {
  std::string name;
  std::vector<std::string> commands;
  std::function<void(FileWriter&)> write;
  /// Extra arguments given to every command (e.g. `--threads 4`).
  std::vector<std::string> extra_arguments = {};
  /// A tighter peak bound than twice the input plus 64 MiB, when not 0.
  std::uint64_t peak_cap_bytes = 0;
  /// Seconds each command may take, when not 0 (the suite's timeout otherwise): a case built
  /// to cost quadratic time asserts it costs about what an ordinary input of its size does.
  double max_seconds = 0;
  /// Commands whose standard output must reach a size, to show the input is the hostile one.
  std::vector<std::pair<std::string, std::uint64_t>> min_stdout_bytes = {};
  /// The multiple of the input in the peak bound, when not the 2 of docs/tracedoc.md §5: only a
  /// case whose commands are known to need more says so (and why), so that the gap is visible.
  std::uint64_t input_multiple = 2;
};

/// Names the case in test output (gtest would print its bytes).
inline void PrintTo(const HostileCase& hostile, std::ostream* out) { *out << hostile.name; }

/// Twelve lines of about `line_bytes` each (a meta record, then op records, each with one big
/// unknown string), plus the small records that make the trace valid.
void WriteTwelveBigLines(FileWriter& out, std::uint64_t line_bytes);

/// A run whose meta has `tags` tags (`"t0":"v"`, `"t1":"v"`, ...), one measured span and its end:
/// the runs table holds them all in one JSON cell.
void WriteManyTags(FileWriter& out, std::uint64_t tags);

/// One span named with `name_bytes` bytes, launching `intervals` device intervals one after the
/// other on one stream; a Chrome export names each interval after its span.
void WriteLongNamedSpanWithIntervals(FileWriter& out, std::uint64_t name_bytes,
                                     std::uint64_t intervals);

/// TRACEDOC_HOSTILE_SCALE, a divisor of the cases' sizes (default 1), for quick local runs.
std::uint64_t HostileScale();

/// The cases of issue 12, at the sizes it names, scaled by TRACEDOC_HOSTILE_SCALE (a divisor,
/// default 1) for quick local runs.
std::vector<HostileCase> HostileCases();

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_HOSTILE_INPUTS_HPP_
