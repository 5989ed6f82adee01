// tracedoc_gen_traceml SEED [--nodes N] [--gpus-per-node N] [--steps N] [--first-step N]
//   [--step-gap N] [--missing-steps N] [--duplicates N] [--snapshot-every N] [--dropped-batches N]
//   [--hostname] [--no-nulls] [--no-closing-line]
// Writes the seeded TraceML export of tests/support/traceml_export_generator.hpp to standard
// output, so examples and large inputs for the command line come from the tests' generator.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "support/traceml_export_generator.hpp"

namespace {

bool ParseNumber(std::string_view text, std::uint64_t& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

std::uint64_t* NumberOption(tracedoc::testing_support::TraceMLExportPlan& plan,
                            std::string_view name) {
  if (name == "--nodes") return &plan.nodes;
  if (name == "--gpus-per-node") return &plan.gpus_per_node;
  if (name == "--steps") return &plan.steps;
  if (name == "--first-step") return &plan.first_step;
  if (name == "--step-gap") return &plan.step_gap;
  if (name == "--missing-steps") return &plan.missing_steps;
  if (name == "--duplicates") return &plan.duplicates;
  if (name == "--snapshot-every") return &plan.snapshot_every;
  if (name == "--dropped-batches") return &plan.dropped_batches;
  return nullptr;
}

int Usage() {
  std::fprintf(stderr,
               "usage: tracedoc_gen_traceml SEED [--nodes N] [--gpus-per-node N] [--steps N]\n"
               "  [--first-step N] [--step-gap N] [--missing-steps N] [--duplicates N]\n"
               "  [--snapshot-every N] [--dropped-batches N] [--hostname] [--no-nulls]\n"
               "  [--no-closing-line]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  tracedoc::testing_support::TraceMLExportPlan plan;
  if (argc < 2 || !ParseNumber(argv[1], plan.seed)) return Usage();
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--hostname") {
      plan.hostname = true;
    } else if (arg == "--no-nulls") {
      plan.nulls = false;
    } else if (arg == "--no-closing-line") {
      plan.closing_line = false;
    } else if (std::uint64_t* value = NumberOption(plan, arg);
               value == nullptr || i + 1 == argc || !ParseNumber(argv[++i], *value)) {
      return Usage();
    }
  }
  const std::string text = tracedoc::testing_support::GenerateTraceMLExport(plan).text;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    std::perror("tracedoc_gen_traceml");
    return 2;
  }
  return 0;
}
