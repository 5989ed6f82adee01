// `tracedoc`: parses the command line and hands over to one subcommand.
#include <algorithm>
#include <csignal>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "tracedoc/version.hpp"

namespace {

// A word where the command belongs that names none (`tracedoc frobnicate`). CLI11 would only
// say that a subcommand is required; the word and the list of commands help more.
bool IsUnknownCommand(const CLI::App& app) {
  if (!app.get_subcommands().empty()) return false;
  const std::vector<std::string> rest = app.remaining();
  return !rest.empty() && !rest.front().starts_with('-');
}

void PrintUnknownCommand(const CLI::App& app) {
  const std::vector<const CLI::App*> commands = app.get_subcommands({});
  std::size_t width = 0;
  for (const CLI::App* command : commands) width = std::max(width, command->get_name().size());
  std::cerr << "unknown command '" << tracedoc::TerminalText(app.remaining().front()) << "'\nCommands:\n";
  for (const CLI::App* command : commands) {
    std::cerr << "  " << command->get_name()
              << std::string(width - command->get_name().size() + 2, ' ')
              << command->get_description() << '\n';
  }
  std::cerr << "Run 'tracedoc COMMAND --help' for a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  // A reader that goes away (a closed pipe, a FIFO's reader) is a write error to report with
  // exit 2 and the output's name, not a silent death by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  // Named, so that the help shows `tracedoc` and not the path it was started by.
  CLI::App app{"tracedoc: read, check and analyse candle-graph traces", "tracedoc"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("tracedoc ") + tracedoc::kVersion,
                       "Print the version of tracedoc and exit");
  std::function<int()> run;
  tracedoc::cli::AddValidateCommand(app, run);
  tracedoc::cli::AddCatCommand(app, run);
  tracedoc::cli::AddDocumentCommand(app, run);
  tracedoc::cli::AddSummaryCommand(app, run);
  tracedoc::cli::AddMemoryCommand(app, run);
  tracedoc::cli::AddHealthCommand(app, run);
  tracedoc::cli::AddDiffCommand(app, run);
  tracedoc::cli::AddExportCommand(app, run);
  tracedoc::cli::AddReportCommand(app, run);
  tracedoc::cli::AddImportCommand(app, run);
  tracedoc::cli::AddUpgradeCommand(app, run);
  tracedoc::cli::AddCompareCommand(app, run);
  tracedoc::cli::AddQueryCommand(app, run);
  tracedoc::cli::AddVersionCommand(app, run);
  // After the commands: a subcommand copies its parent's footer when it is added.
  app.footer("Example: tracedoc validate run.jsonl");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForVersion&) {
    // The same line, and the same checked output, as `tracedoc version`.
    return tracedoc::cli::PrintVersion();
  } catch (const CLI::ParseError& e) {
    // CLI11 reports usage errors by exception; they end here, as exit 2 (docs/tracedoc.md §6).
    if (e.get_exit_code() != 0 && IsUnknownCommand(app)) {
      PrintUnknownCommand(app);
      return tracedoc::cli::kExitUsage;
    }
    const int code = app.exit(e);
    return code == 0 ? tracedoc::cli::kExitOk : tracedoc::cli::kExitUsage;
  }
  return run();
}
