// Runs the real `tracedoc` binary as a child process, the way a user would from a shell, and
// keeps what it printed: the golden suite compares exactly these bytes.
#ifndef TRACEDOC_TESTS_GOLDEN_CLI_RUN_HPP_
#define TRACEDOC_TESTS_GOLDEN_CLI_RUN_HPP_

#include <filesystem>
#include <string>
#include <vector>

namespace tracedoc::golden {

/// What one run of the command line left behind.
struct CliRun {
  /// The exit status; 128 + the signal number when the process was killed by a signal (as a
  /// shell reports it), -1 when it could not be started.
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs TRACEDOC_CLI_PATH with `arguments` in the working directory `directory` (so a file
/// argument stays relative and no absolute path reaches the output), standard input empty.
CliRun RunCli(const std::filesystem::path& directory, const std::vector<std::string>& arguments);

}  // namespace tracedoc::golden

#endif  // TRACEDOC_TESTS_GOLDEN_CLI_RUN_HPP_
