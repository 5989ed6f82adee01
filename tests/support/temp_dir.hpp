// A directory of the running test's own under the system's temporary directory, removed with
// everything in it when the test ends. Named after the test, so tests run side by side (ctest's
// shards) never share one.
#ifndef TRACEDOC_TESTS_SUPPORT_TEMP_DIR_HPP_
#define TRACEDOC_TESTS_SUPPORT_TEMP_DIR_HPP_

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace tracedoc::testing_support {

class TestTempDir {
 public:
  TestTempDir() {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("tracedoc_" + std::string(test->test_suite_name()) + "_" + test->name() + "_" +
             std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TestTempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TestTempDir(const TestTempDir&) = delete;
  TestTempDir& operator=(const TestTempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `text` to `name` under the directory (its parents made) and returns its path.
  std::filesystem::path Write(const std::filesystem::path& name, std::string_view text) const {
    const std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_TEMP_DIR_HPP_
