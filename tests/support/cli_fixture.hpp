// A GoogleTest fixture for tests that run the `tracedoc` command line as a child process: a
// temporary directory per test, files written into it, and the exit code, stdout and stderr of
// each run.
#ifndef TRACEDOC_TESTS_SUPPORT_CLI_FIXTURE_HPP_
#define TRACEDOC_TESTS_SUPPORT_CLI_FIXTURE_HPP_

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace tracedoc::testdata {

/// What one run of the command line left behind.
struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// `text` in single quotes for sh.
std::string ShellQuote(std::string_view text);

/// The bytes of a file, or "" when it cannot be read.
std::string ReadFileBytes(const std::filesystem::path& path);

class CliFixture : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  /// Writes `contents` to `name` in the test's directory.
  void WriteFile(std::string_view name, std::string_view contents);

  /// Runs `tracedoc ARGUMENTS` in the test's directory (so file names stay relative), standard
  /// input from the file `stdin_name` there, or empty.
  RunResult Run(const std::string& arguments, std::string_view stdin_name = {});

  /// As Run, with standard input a pipe fed by `cat` from `stdin_name`.
  RunResult RunPiped(const std::string& arguments, std::string_view stdin_name);

  /// Runs a shell pipeline in the test's directory, capturing its stdout and stderr.
  RunResult RunShell(const std::string& pipeline);

  std::filesystem::path dir_;
};

}  // namespace tracedoc::testdata

#endif  // TRACEDOC_TESTS_SUPPORT_CLI_FIXTURE_HPP_
