// tracedoc_gen_cirron SEED ROOT [--epochs N] [--steps-per-epoch N] [--records-per-batch N]
//   [--sessions N] [--evicted N] [--no-session] [--root-mark-before-profile]
// Writes the seeded Cirron spool of tests/support/cirron_spool_writer.hpp under ROOT and prints
// the `.cirron` directory it made (the SDK's behaviours: N runs appended to one spool, the
// oldest batches evicted by the size cap, the flush thread's batches without a session, a mark
// on "root" before profile()), so the command line's checks (tests/fleet) read spools from
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
               "  [--records-per-batch N] [--sessions N] [--evicted N] [--no-session]\n"
               "  [--root-mark-before-profile]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  tracedoc::testing_support::CirronSpoolPlan plan;
  int seed = 0;
  int evicted = 0;
  if (argc < 3 || !ParseNumber(argv[1], seed)) return Usage();
  plan.seed = static_cast<std::uint64_t>(seed);
  for (int i = 3; i < argc; ++i) {
    const std::string_view name = argv[i];
    if (name == "--no-session") {
      plan.session_span = false;
      continue;
    }
    if (name == "--root-mark-before-profile") {
      plan.root_mark_before_profile = true;
      continue;
    }
    int* value = name == "--epochs"              ? &plan.epochs
                 : name == "--steps-per-epoch"   ? &plan.steps_per_epoch
                 : name == "--records-per-batch" ? &plan.records_per_batch
                 : name == "--sessions"          ? &plan.sessions
                 : name == "--evicted"           ? &evicted
                                                 : nullptr;
    if (value == nullptr || i + 1 >= argc || !ParseNumber(argv[++i], *value)) return Usage();
  }
  std::error_code error;
  std::filesystem::create_directories(argv[2], error);
  if (error) {
    std::fprintf(stderr, "tracedoc_gen_cirron: %s: %s\n", argv[2], error.message().c_str());
    return 2;
  }
  const std::filesystem::path spool =
      tracedoc::testing_support::WriteCirronSpool(
          tracedoc::testing_support::GenerateCirronSpool(plan), argv[2], static_cast<std::size_t>(evicted), false);
  std::printf("%s\n", spool.c_str());
  return std::fflush(stdout) == 0 ? 0 : 2;
}
