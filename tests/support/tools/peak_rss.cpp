// tracedoc_peak_rss FILE PROGRAM [ARGUMENT...]: runs PROGRAM, writes its peak resident memory in
// KiB to FILE and exits with its exit status (125 when it could not run it or was killed).
//
// Why a program of its own: on Linux a forked child's ru_maxrss starts at its parent's resident
// size, and exec keeps the larger of the two, so a test binary that has grown (a shard that ran
// hundreds of tests) cannot measure a command line it forks itself. This process is small when it
// forks, so the figure it writes is the program's own.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tracedoc_peak_rss FILE PROGRAM [ARGUMENT...]\n");
    return 125;
  }
  const pid_t child = ::fork();
  if (child == 0) {
    ::execv(argv[2], argv + 2);
    ::_exit(127);
  }
  int status = 0;
  rusage usage{};
  if (child < 0 || ::wait4(child, &status, 0, &usage) != child) return 125;
  std::FILE* out = std::fopen(argv[1], "w");
  if (out == nullptr) return 125;
  std::fprintf(out, "%ld\n", usage.ru_maxrss);
  std::fclose(out);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}
