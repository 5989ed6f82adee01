// `tracedoc version` (and `tracedoc --version`, see main.cpp): the library's version on stdout.
#include <iostream>

#include "cli/commands.hpp"
#include "tracedoc/version.hpp"

namespace tracedoc::cli {

int PrintVersion() {
  std::cout << "tracedoc " << kVersion << '\n';
  if (!FlushStandardOutput("version")) return kExitUsage;
  return kExitOk;
}

void AddVersionCommand(CLI::App& app, std::function<int()>& run) {
  CLI::App* command = app.add_subcommand("version", "Print the version of tracedoc");
  command->footer("Example: tracedoc version");
  command->callback([&run] { run = PrintVersion; });
}

}  // namespace tracedoc::cli
