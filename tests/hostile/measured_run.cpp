#include "hostile/measured_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace tracedoc::hostile {
namespace {

// Reads what is available on `fd` into `head` (up to `limit` bytes kept), counting it all.
// Returns false at end of file.
bool Drain(int fd, std::string* head, std::size_t limit, std::uint64_t& count) {
  std::array<char, 1 << 16> buffer;
  const ssize_t n = ::read(fd, buffer.data(), buffer.size());
  if (n <= 0) return false;
  count += static_cast<std::uint64_t>(n);
  if (head != nullptr && head->size() < limit) {
    head->append(buffer.data(), std::min(static_cast<std::size_t>(n), limit - head->size()));
  }
  return true;
}

}  // namespace

MeasuredRun RunMeasured(const std::vector<std::string>& arguments, double timeout_seconds) {
  MeasuredRun run;
  int out_pipe[2];
  int err_pipe[2];
  if (::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0) return run;
  std::vector<char*> argv;
  // TRACEDOC_HOSTILE_CLI runs another build instead (an older one, for before-and-after figures).
  const char* other = std::getenv("TRACEDOC_HOSTILE_CLI");
  std::string program = other != nullptr && *other != '\0' ? other : TRACEDOC_CLI_PATH;
  argv.push_back(program.data());
  std::vector<std::string> copies = arguments;
  for (std::string& argument : copies) argv.push_back(argument.data());
  argv.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null_in = ::open("/dev/null", O_RDONLY);
    ::dup2(null_in, 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (pid < 0) return run;

  // Both pipes are drained as the child writes, so a large output never blocks it.
  std::array<pollfd, 2> fds = {pollfd{out_pipe[0], POLLIN, 0}, pollfd{err_pipe[0], POLLIN, 0}};
  int open_fds = 2;
  bool killed = false;
  while (open_fds > 0) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!killed && elapsed > timeout_seconds) {
      ::kill(pid, SIGKILL);
      killed = true;
    }
    if (::poll(fds.data(), fds.size(), 1000) <= 0) continue;
    for (pollfd& fd : fds) {
      if (fd.fd < 0 || fd.revents == 0) continue;
      const bool more = &fd == &fds[0] ? Drain(fd.fd, nullptr, 0, run.stdout_bytes)
                                       : Drain(fd.fd, &run.stderr_head, 4096, run.stderr_bytes);
      if (!more) {
        ::close(fd.fd);
        fd.fd = -1;
        --open_fds;
      }
    }
  }
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.peak_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux: KiB
  const auto seconds_of = [](const timeval& time) {
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
  };
  run.cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  if (!killed && WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  return run;
}

}  // namespace tracedoc::hostile
