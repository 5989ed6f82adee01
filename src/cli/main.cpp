// `tracedoc`: parses the command line and hands over to one subcommand.
#include <cstdio>
#include <functional>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"tracedoc: read, check and analyse candle-graph traces"};
  app.require_subcommand(1);
  std::function<int()> run;
  tracedoc::cli::AddValidateCommand(app, run);
  tracedoc::cli::AddCatCommand(app, run);
  tracedoc::cli::AddDocumentCommand(app, run);
  tracedoc::cli::AddSummaryCommand(app, run);
  tracedoc::cli::AddMemoryCommand(app, run);
  tracedoc::cli::AddHealthCommand(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 reports usage errors by exception; they end here, as exit 2 (tracedoc.md §6).
    const int code = app.exit(e);
    return code == 0 ? tracedoc::cli::kExitOk : tracedoc::cli::kExitUsage;
  }
  return run();
}
