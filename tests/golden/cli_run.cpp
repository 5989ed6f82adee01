// fork + exec rather than std::system: no shell quoting, and the working directory is set in
// the child only, so parallel tests in one process could not disturb each other.
#include "cli_run.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>

namespace tracedoc::golden {
namespace {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using TempFile = std::unique_ptr<std::FILE, FileCloser>;

std::string ReadAllFrom(std::FILE* file) {
  std::string text;
  std::rewind(file);
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
  return text;
}

}  // namespace

CliRun RunCli(const std::filesystem::path& directory, const std::vector<std::string>& arguments) {
  CliRun run;
  // Anonymous temporary files, not pipes: a child that writes a lot cannot block on a full
  // pipe while the parent waits for it.
  const TempFile out(std::tmpfile());
  const TempFile err(std::tmpfile());
  if (!out || !err) return run;

  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  const std::string program = TRACEDOC_CLI_PATH;
  const std::string working_directory = directory.string();
  std::vector<std::string> owned = {program};
  owned.insert(owned.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& argument : owned) argv.push_back(argument.data());
  argv.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) return run;
  if (pid == 0) {
    const int null_input = ::open("/dev/null", O_RDONLY);
    if (null_input < 0 || ::dup2(null_input, STDIN_FILENO) < 0 ||
        ::dup2(::fileno(out.get()), STDOUT_FILENO) < 0 ||
        ::dup2(::fileno(err.get()), STDERR_FILENO) < 0 || ::chdir(working_directory.c_str()) != 0) {
      ::_exit(126);
    }
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }

  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return run;
  }
  if (WIFEXITED(status)) {
    run.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    run.exit_code = 128 + WTERMSIG(status);
  }
  run.out = ReadAllFrom(out.get());
  run.err = ReadAllFrom(err.get());
  return run;
}

}  // namespace tracedoc::golden
