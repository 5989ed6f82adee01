// Replays inputs through a harness without libFuzzer, so every harness also builds and runs under
// g++ (and under ASan + UBSan in CI): each argument is a file or a directory of files (recursed),
// each file is one input. An invariant that breaks aborts; no input at all is a failure too, so a
// wrong path cannot pass silently.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The regular files under `path` (or `path` itself), in a stable order so runs repeat exactly.
std::vector<std::filesystem::path> InputFiles(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(path)) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
  } else if (std::filesystem::is_regular_file(path)) {
    files.push_back(path);
  }
  return files;
}

bool ReadBytes(const std::filesystem::path& path, std::string& bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::vector<std::filesystem::path> files = InputFiles(argv[i]);
    if (files.empty()) {
      std::fprintf(stderr, "replay: no input at %s\n", argv[i]);
      return 1;
    }
    for (const std::filesystem::path& file : files) {
      std::string bytes;
      if (!ReadBytes(file, bytes)) {
        std::fprintf(stderr, "replay: cannot read %s\n", file.string().c_str());
        return 1;
      }
      // A copy of exactly `size` bytes, so ASan sees a read past the end of the input.
      std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
      LLVMFuzzerTestOneInput(input.data(), input.size());
      ++replayed;
    }
  }
  std::printf("replay: %zu inputs, every invariant held\n", replayed);
  return replayed == 0 ? 1 : 0;
}
