// The readers' verdicts on the format corpus (issue 26): each case is written to a temporary
// directory and given to `tracedoc validate --json FLAGS INPUT`; what it says must equal the
// row recorded in tests/formats/expected_verdicts.tsv (same verdict, exit code, error code and
// line; columns and fields as allowed_differences.hpp allows). With TRACEDOC_UPDATE_VERDICTS=1
// the file is rewritten first, by FormatsVerdictFileTest, and the per-case tests are skipped.
// TRACEDOC_VERDICTS_CLI names another binary to run instead of the build's (to record the
// verdicts of an older build).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <gtest/gtest.h>

#include "formats/allowed_differences.hpp"
#include "formats/format_corpus.hpp"
#include "formats/verdict.hpp"
#include "support/cli_fixture.hpp"

namespace tracedoc::formats {
namespace {

namespace fs = std::filesystem;

fs::path VerdictsFile() {
  return fs::path(TRACEDOC_SOURCE_DIR) / "tests/formats/expected_verdicts.tsv";
}

bool Updating() {
  const char* update = std::getenv("TRACEDOC_UPDATE_VERDICTS");
  return update != nullptr && std::string_view(update) == "1";
}

std::string CliUnderTest() {
  const char* cli = std::getenv("TRACEDOC_VERDICTS_CLI");
  return cli != nullptr && *cli != '\0' ? cli : TRACEDOC_CLI_PATH;
}

// Built once per process: ctest runs each test in a process of its own.
const std::vector<FormatCase>& Corpus() {
  static const auto* const corpus = new std::vector<FormatCase>(FormatCorpus(TRACEDOC_SOURCE_DIR));
  return *corpus;
}

std::string JoinedFlags(const FormatCase& format_case) {
  std::string flags;
  for (const std::string& flag : format_case.flags) flags += (flags.empty() ? "" : " ") + flag;
  return flags;
}

// The case written under a fresh temporary directory, validated there, the directory removed.
std::optional<Verdict> RunCase(const FormatCase& format_case, std::string& why) {
  const fs::path dir =
      fs::temp_directory_path() /
      ("tracedoc_formats_" + std::to_string(::getpid()) + "_" + FlatCaseName(format_case.name));
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  const CaseContent content = format_case.build();
  WriteCaseContent(content, dir / "case");
  std::string command = "cd " + testdata::ShellQuote((dir / "case").string()) + " && " +
                        testdata::ShellQuote(CliUnderTest()) + " validate --json";
  for (const std::string& flag : format_case.flags) command += " " + testdata::ShellQuote(flag);
  command += " " + testdata::ShellQuote(content.input) + " >" +
             testdata::ShellQuote((dir / "stdout").string()) + " 2>" +
             testdata::ShellQuote((dir / "stderr").string());
  const int status = std::system(command.c_str());
  const int exit_code = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  const std::string out = testdata::ReadFileBytes(dir / "stdout");
  const std::string err = testdata::ReadFileBytes(dir / "stderr");
  fs::remove_all(dir, ignored);
  std::optional<Verdict> verdict =
      ParseValidateOutput(format_case.name, JoinedFlags(format_case), out, exit_code, why);
  if (!verdict)
    why += " (exit " + std::to_string(exit_code) + ", stdout: " + out + ", stderr: " + err + ")";
  return verdict;
}

struct RecordedVerdicts {
  std::vector<Verdict> rows;
  std::map<std::string, std::size_t, std::less<>> by_name;
  std::string error;
};

RecordedVerdicts ReadVerdictsFile() {
  RecordedVerdicts recorded;
  std::ifstream in(VerdictsFile(), std::ios::binary);
  if (!in) {
    recorded.error = "cannot read " + VerdictsFile().string();
    return recorded;
  }
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::optional<std::vector<Verdict>> rows = ParseVerdictFile(text, recorded.error);
  if (!rows) {
    recorded.error = VerdictsFile().string() + ": " + recorded.error;
    return recorded;
  }
  recorded.rows = std::move(*rows);
  for (std::size_t i = 0; i < recorded.rows.size(); ++i) {
    recorded.by_name.emplace(recorded.rows[i].name, i);
  }
  return recorded;
}

const RecordedVerdicts& Recorded() {
  static const auto* const recorded = new RecordedVerdicts(ReadVerdictsFile());
  return *recorded;
}

// Every case run with the CLI under test, the file replaced whole (through a temporary file, so
// an interrupted run leaves the old one).
void RecordVerdicts() {
  std::string text = VerdictFileHeader();
  for (const FormatCase& format_case : Corpus()) {
    std::string why;
    const std::optional<Verdict> verdict = RunCase(format_case, why);
    ASSERT_TRUE(verdict) << format_case.name << ": " << why;
    text += VerdictRow(*verdict) + "\n";
  }
  const fs::path temporary = VerdictsFile().string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    ASSERT_TRUE(out.good()) << "cannot write " << temporary;
  }
  fs::rename(temporary, VerdictsFile());
}

TEST(FormatsVerdictFileTest, ListsEveryCaseOfTheCorpusOnceInCorpusOrder) {
  if (Updating()) {
    ASSERT_NO_FATAL_FAILURE(RecordVerdicts());
  }
  const RecordedVerdicts recorded = ReadVerdictsFile();
  ASSERT_EQ(recorded.error, "");
  std::vector<std::string> recorded_names;
  for (const Verdict& verdict : recorded.rows) recorded_names.push_back(verdict.name);
  std::vector<std::string> corpus_names;
  for (const FormatCase& format_case : Corpus()) corpus_names.push_back(format_case.name);
  // The first difference names the case to look at: a case added or renamed since the file
  // was recorded (re-record), or a stale row.
  for (std::size_t i = 0; i < std::max(recorded_names.size(), corpus_names.size()); ++i) {
    const std::string want = i < corpus_names.size() ? corpus_names[i] : "(end of corpus)";
    const std::string have = i < recorded_names.size() ? recorded_names[i] : "(end of file)";
    ASSERT_EQ(have, want) << "row " << i + 1 << " of " << VerdictsFile().string()
                          << "; TRACEDOC_UPDATE_VERDICTS=1 re-records (tests/formats/README.md)";
  }
}

class FormatsCaseTest : public ::testing::TestWithParam<std::size_t> {};

TEST_P(FormatsCaseTest, MatchesTheRecordedVerdict) {
  if (Updating()) GTEST_SKIP() << "TRACEDOC_UPDATE_VERDICTS=1: FormatsVerdictFileTest records";
  const FormatCase& format_case = Corpus()[GetParam()];
  const RecordedVerdicts& recorded = Recorded();
  ASSERT_EQ(recorded.error, "");
  const auto row = recorded.by_name.find(format_case.name);
  ASSERT_NE(row, recorded.by_name.end())
      << format_case.name << " has no row in " << VerdictsFile().string()
      << "; TRACEDOC_UPDATE_VERDICTS=1 records it (tests/formats/README.md)";
  const Verdict& expected = recorded.rows[row->second];
  std::string why;
  const std::optional<Verdict> now = RunCase(format_case, why);
  ASSERT_TRUE(now) << format_case.name << ": " << why;
  const std::vector<std::string> differences =
      VerdictDifferences(expected, *now, kAllowedDifferences);
  std::string listed;
  for (const std::string& difference : differences) listed += "\n  " + difference;
  EXPECT_TRUE(differences.empty())
      << "case " << format_case.name << "\n  recorded: " << VerdictRow(expected)
      << "\n  now:      " << VerdictRow(*now) << listed;
}

INSTANTIATE_TEST_SUITE_P(Corpus, FormatsCaseTest, ::testing::Range<std::size_t>(0, Corpus().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return FlatCaseName(Corpus()[info.param].name);
                         });

}  // namespace
}  // namespace tracedoc::formats
