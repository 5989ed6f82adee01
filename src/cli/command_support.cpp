// What every reading subcommand shares: the input argument, the one-line error and its exit
// code, and a checked flush of the output.
#include <iostream>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::cli {

Result<TraceDocument> ReadTraceArgument(const std::string& file) {
  return ReadTrace(file == "-" ? TraceInput::FromStandardInput() : TraceInput::FromFile(file));
}

int ReportReadError(std::string_view file, const Error& error) {
  std::cerr << FormatError(file, error) << '\n';
  return error.code == ErrorCode::kIoError ? kExitUsage : kExitRejected;
}

bool FlushStandardOutput(std::string_view command) {
  std::cout.flush();
  if (std::cout) return true;
  std::cerr << "tracedoc " << command << ": cannot write to standard output\n";
  return false;
}

}  // namespace tracedoc::cli
