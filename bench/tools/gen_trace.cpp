// tracedoc_gen_trace EVENTS FILE [SEED]: writes GenerateTrace(EVENTS, SEED) to FILE (`-` for
// standard output), so the command line can be measured on a big trace (/usr/bin/time -v).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "support/trace_generator.hpp"

namespace {

bool ParseNumber(std::string_view text, std::uint64_t& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t events = 0;
  std::uint64_t seed = 42;
  if ((argc != 3 && argc != 4) || !ParseNumber(argv[1], events) ||
      (argc == 4 && !ParseNumber(argv[3], seed))) {
    std::fprintf(stderr, "usage: tracedoc_gen_trace EVENTS FILE [SEED]\n");
    return 2;
  }
  const std::string text = tracedoc::generator::GenerateTrace(events, seed);
  const bool to_stdout = std::strcmp(argv[2], "-") == 0;
  std::FILE* out = to_stdout ? stdout : std::fopen(argv[2], "wb");
  if (out == nullptr) {
    std::perror(argv[2]);
    return 2;
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
  const bool closed = to_stdout ? std::fflush(out) == 0 : std::fclose(out) == 0;
  if (!written || !closed) {
    std::perror(argv[2]);
    return 2;
  }
  return 0;
}
