#include "golden_case.hpp"

#include <fnmatch.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <system_error>

namespace tracedoc::golden {

std::vector<std::string> ListCases(const std::filesystem::path& root) {
  std::vector<std::string> cases;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    if (entry.is_directory()) cases.push_back(entry.path().filename().string());
  }
  std::sort(cases.begin(), cases.end());
  return cases;
}

std::string TestNameOf(std::string_view case_name) {
  std::string name(case_name);
  std::replace_if(
      name.begin(), name.end(), [](char c) { return c == '-' || c == '.'; }, '_');
  return name;
}

// The report's inline script is the same text in every page (src/report/report_script.js, kept
// under version control itself): its golden files hold a placeholder in its place, so that an
// edit to the script does not rewrite every case while the data each page draws stays checked.
void MaskReportScript(std::string& page) {
  constexpr std::string_view kOpen = "\n<script>";
  constexpr std::string_view kClose = "</script>\n</body>\n</html>\n";
  const std::size_t open = page.rfind(kOpen);
  if (open == std::string::npos || !page.ends_with(kClose)) return;
  const std::size_t body = open + kOpen.size();
  page.replace(body, page.size() - kClose.size() - body, "/* src/report/report_script.js */");
}

std::vector<std::string> MatchInputs(const std::filesystem::path& case_dir,
                                     std::string_view pattern) {
  const std::size_t slash = pattern.rfind('/');
  const std::string folder(slash == std::string_view::npos ? "" : pattern.substr(0, slash + 1));
  const std::string leaf(pattern.substr(folder.size()));
  std::vector<std::string> matches;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(case_dir / folder, error)) {
    const std::string name = entry.path().filename().string();
    if (::fnmatch(leaf.c_str(), name.c_str(), FNM_PERIOD) == 0) matches.push_back(folder + name);
  }
  std::sort(matches.begin(), matches.end());
  return matches;
}

CliRun RunCommand(const std::filesystem::path& case_dir, const GoldenCommand& command) {
  // As the shell would: a pattern that matches nothing is passed on as it is.
  std::vector<std::string> arguments;
  for (const std::string& argument : command.arguments) {
    std::vector<std::string> matches;
    if (argument.find('*') != std::string::npos) matches = MatchInputs(case_dir, argument);
    if (matches.empty()) matches.push_back(argument);
    arguments.insert(arguments.end(), matches.begin(), matches.end());
  }
  CliRun run = RunCli(case_dir, arguments);
  if (command.name == "report") MaskReportScript(run.out);
  return run;
}

std::map<std::string, std::string> ProduceOutputs(const GoldenSuite& suite,
                                                  const std::filesystem::path& case_dir) {
  std::map<std::string, std::string> files;
  std::string exit_codes;
  for (const GoldenCommand& command : suite.commands) {
    CliRun run = RunCommand(case_dir, command);
    if (!run.out.empty()) files[std::string(command.stdout_file)] = std::move(run.out);
    if (!run.err.empty()) files[command.StderrFile()] = std::move(run.err);
    exit_codes += std::string(command.name) + " " + std::to_string(run.exit_code) + "\n";
  }
  files[std::string(kExitCodesFile)] = exit_codes;
  return files;
}

namespace {

// Every name an output file can have, whether or not this case produces it.
std::set<std::string> OutputFileNames(const GoldenSuite& suite) {
  std::set<std::string> names = {std::string(kExitCodesFile)};
  for (const GoldenCommand& command : suite.commands) {
    names.insert(std::string(command.stdout_file));
    names.insert(command.StderrFile());
  }
  return names;
}

// Writes to a temporary name unique to this process, then renames over `path`: a reader (or a
// second test process regenerating the same case) never sees half a file.
std::string WriteAtomically(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::path temporary = path;
  temporary += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << bytes;
    out.flush();
    if (!out) return "cannot write " + temporary.string() + "\n";
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return "cannot rename " + temporary.string() + ": " + error.message() + "\n";
  return "";
}

}  // namespace

std::string RegenerateCase(const GoldenSuite& suite, const std::filesystem::path& case_dir) {
  std::string problems;
  const std::map<std::string, std::string> produced = ProduceOutputs(suite, case_dir);
  for (const auto& [name, bytes] : produced) {
    // Unchanged files are left alone, so their timestamps show what a regeneration touched.
    if (ReadFileIfPresent(case_dir / name) == bytes) continue;
    problems += WriteAtomically(case_dir / name, bytes);
  }
  for (const std::string& name : OutputFileNames(suite)) {
    if (produced.count(name) != 0) continue;
    std::error_code error;
    std::filesystem::remove(case_dir / name, error);
    if (error) problems += "cannot remove " + (case_dir / name).string() + "\n";
  }
  return problems;
}

bool UpdateRequested() {
  const char* value = std::getenv("TRACEDOC_UPDATE_GOLDEN");
  return value != nullptr && std::string_view(value) == "1";
}

std::string InputProblems(const GoldenSuite& suite, const std::filesystem::path& case_dir) {
  std::string problems;
  for (const GoldenInput& input : suite.inputs) {
    const std::size_t found = MatchInputs(case_dir, input.pattern).size();
    if (found < input.min_matches || found > input.max_matches) {
      problems += input.pattern + " matches " + std::to_string(found) + " entries, wanted " +
                  std::to_string(input.min_matches) + " to " + std::to_string(input.max_matches) +
                  "\n";
    }
  }
  return problems;
}

std::vector<std::string> UnexpectedFiles(const GoldenSuite& suite,
                                         const std::filesystem::path& case_dir) {
  std::set<std::string> allowed = OutputFileNames(suite);
  allowed.insert(std::string(kReadmeFile));
  // An input may be a file or a folder (a Cirron spool); a folder of inputs (`baseline/*`) may
  // hold nothing its pattern does not match.
  std::set<std::string> inputs;
  std::vector<std::string> unexpected;
  for (const GoldenInput& input : suite.inputs) {
    for (const std::string& name : MatchInputs(case_dir, input.pattern)) inputs.insert(name);
    const std::size_t slash = input.pattern.rfind('/');
    if (slash == std::string::npos) continue;
    const std::string folder = input.pattern.substr(0, slash);
    inputs.insert(folder);
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(case_dir / folder, error)) {
      const std::string name = folder + "/" + entry.path().filename().string();
      if (::fnmatch(input.pattern.c_str(), name.c_str(), FNM_PERIOD | FNM_PATHNAME) != 0) {
        unexpected.push_back(name);
      }
    }
  }
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(case_dir, error)) {
    const std::string name = entry.path().filename().string();
    if (inputs.count(name) != 0) continue;
    if (allowed.count(name) == 0 || !entry.is_regular_file()) unexpected.push_back(name);
  }
  std::sort(unexpected.begin(), unexpected.end());
  return unexpected;
}

std::optional<std::string> ReadFileIfPresent(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::optional<int> RecordedExitCode(std::string_view exit_codes, std::string_view command) {
  std::istringstream lines{std::string(exit_codes)};
  std::string name;
  int code = 0;
  while (lines >> name >> code) {
    if (name == command) return code;
  }
  return std::nullopt;
}

}  // namespace tracedoc::golden
