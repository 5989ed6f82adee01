// tracedoc_gen_cirron SEED ROOT [--epochs N] [--steps-per-epoch N] [--records-per-batch N]
// Writes the seeded Cirron spool of tests/support/cirron_spool_writer.hpp under ROOT and prints
// the `.cirron` directory it made, so the command line's checks (tests/fleet) read spools from
// the tests' writer.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "support/cirron_spool_writer.hpp"

namespace {

bool ParseNumber(std::string_view text, int& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size() && out > 0;
}

int Usage() {
  std::fprintf(stderr,
               "usage: tracedoc_gen_cirron SEED ROOT [--epochs N] [--steps-per-epoch N]\n"
               "  [--records-per-batch N]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  tracedoc::testing_support::CirronSpoolPlan plan;
  int seed = 0;
  if (argc < 3 || argc % 2 == 0 || !ParseNumber(argv[1], seed)) return Usage();
  plan.seed = static_cast<std::uint64_t>(seed);
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string_view name = argv[i];
    int* value = name == "--epochs"              ? &plan.epochs
                 : name == "--steps-per-epoch"   ? &plan.steps_per_epoch
                 : name == "--records-per-batch" ? &plan.records_per_batch
                                                 : nullptr;
    if (value == nullptr || !ParseNumber(argv[i + 1], *value)) return Usage();
  }
  std::error_code error;
  std::filesystem::create_directories(argv[2], error);
  if (error) {
    std::fprintf(stderr, "tracedoc_gen_cirron: %s: %s\n", argv[2], error.message().c_str());
    return 2;
  }
  const std::filesystem::path spool =
      tracedoc::testing_support::WriteCirronSpool(
          tracedoc::testing_support::GenerateCirronSpool(plan), argv[2], 0, false);
  std::printf("%s\n", spool.c_str());
  return std::fflush(stdout) == 0 ? 0 : 2;
}
