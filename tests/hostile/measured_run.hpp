// Runs the `tracedoc` command line as a child process and measures what the kernel says it cost:
// peak resident memory (getrusage through wait4) and wall time. The bounds of docs/tracedoc.md §5
// are about the whole process, so they are measured on the whole process.
#ifndef TRACEDOC_TESTS_HOSTILE_MEASURED_RUN_HPP_
#define TRACEDOC_TESTS_HOSTILE_MEASURED_RUN_HPP_

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tracedoc::hostile {

struct MeasuredRun {
  /// The exit code, or -1 when the child did not exit normally (a signal, exec failure).
  int exit_code = -1;
  /// The signal that ended the child (SIGKILL after the timeout), 0 when it exited.
  int signal = 0;
  /// ru_maxrss of the child, in bytes.
  std::uint64_t peak_rss_bytes = 0;
  /// Wall time.
  double seconds = 0;
  /// User plus system time of the child: what a linearity check compares, since it does not
  /// grow when other tests share the cores.
  double cpu_seconds = 0;
  /// Bytes the child wrote to standard output (counted, not kept).
  std::uint64_t stdout_bytes = 0;
  /// Bytes the child wrote to standard error, all counted (a case bounds what a command prints).
  std::uint64_t stderr_bytes = 0;
  /// The first 4 KiB of its standard error.
  std::string stderr_head;
};

/// Runs `tracedoc ARGUMENTS...` (the build's, or the one TRACEDOC_HOSTILE_CLI names) with standard
/// input from /dev/null, standard output counted and discarded, standard error counted and its head
/// kept. Kills the child after `timeout_seconds`.
MeasuredRun RunMeasured(const std::vector<std::string>& arguments, double timeout_seconds);

/// The bound every command keeps on any input (issue 12): twice the input plus 64 MiB; a case
/// may name another multiple of the input (HostileCase::input_multiple).
inline std::uint64_t MemoryBoundFor(std::uint64_t input_bytes, std::uint64_t input_multiple = 2) {
  return input_multiple * input_bytes + (std::uint64_t{64} << 20);
}

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_MEASURED_RUN_HPP_
