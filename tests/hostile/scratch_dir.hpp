// A directory of its own for a test's generated inputs, removed when the test ends (unless
// TRACEDOC_HOSTILE_KEEP is set, to rerun a command on the input by hand).
#ifndef TRACEDOC_TESTS_HOSTILE_SCRATCH_DIR_HPP_
#define TRACEDOC_TESTS_HOSTILE_SCRATCH_DIR_HPP_

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace tracedoc::hostile {

class ScratchDir {
 public:
  // Named by the process: ctest runs each test in a process of its own, side by side.
  ScratchDir()
      : path_(std::filesystem::temp_directory_path() /
              ("tracedoc_hostile_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    if (std::getenv("TRACEDOC_HOSTILE_KEEP") != nullptr) {
      std::printf("[hostile] inputs kept in %s\n", path_.c_str());
      return;
    }
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_SCRATCH_DIR_HPP_
