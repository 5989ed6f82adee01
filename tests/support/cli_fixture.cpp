#include "support/cli_fixture.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>

namespace tracedoc::testdata {

std::string ShellQuote(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string ReadFileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void CliFixture::SetUp() {
  // Suite and test name keep parallel ctest runs of different tests apart.
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  dir_ =
      std::filesystem::temp_directory_path() / ("tracedoc_cli_" + std::to_string(::getpid()) + "_" +
                                                info->test_suite_name() + "_" + info->name());
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
}

void CliFixture::TearDown() {
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void CliFixture::WriteFile(std::string_view name, std::string_view contents) {
  std::ofstream out(dir_ / name, std::ios::binary);
  out << contents;
  ASSERT_TRUE(out.good()) << name;
}

RunResult CliFixture::Run(const std::string& arguments, std::string_view stdin_name) {
  const std::string input = stdin_name.empty() ? "/dev/null" : (dir_ / stdin_name).string();
  return RunShell(ShellQuote(TRACEDOC_CLI_PATH) + (arguments.empty() ? "" : " " + arguments) +
                  " <" + ShellQuote(input));
}

RunResult CliFixture::RunPiped(const std::string& arguments, std::string_view stdin_name) {
  return RunShell("cat " + ShellQuote((dir_ / stdin_name).string()) + " | " +
                  ShellQuote(TRACEDOC_CLI_PATH) + " " + arguments);
}

RunResult CliFixture::RunShell(const std::string& pipeline) {
  const std::filesystem::path out = dir_ / "stdout.txt";
  const std::filesystem::path err = dir_ / "stderr.txt";
  const std::string command = "cd " + ShellQuote(dir_.string()) + " && " + pipeline + " >" +
                              ShellQuote(out.string()) + " 2>" + ShellQuote(err.string());
  const int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  result.out = ReadFileBytes(out);
  result.err = ReadFileBytes(err);
  return result;
}

}  // namespace tracedoc::testdata
