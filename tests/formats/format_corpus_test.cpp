// The format corpus itself: stable, well-formed names, the same bytes on every run, and (from
// the recorded verdicts) every rule of both formats' docs reached, at varied positions.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formats/allowed_differences.hpp"
#include "formats/format_corpus.hpp"
#include "formats/verdict.hpp"

namespace tracedoc::formats {
namespace {

bool IsNameSegment(std::string_view segment) {
  return !segment.empty() && segment.find("__") == std::string_view::npos &&
         std::all_of(segment.begin(), segment.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
         });
}

TEST(FormatsCorpusTest, NamesAreUniqueAndMadeOfLowerCaseSegments) {
  std::set<std::string> names;
  std::set<std::string> flat_names;
  for (const FormatCase& format_case : FormatCorpus(TRACEDOC_SOURCE_DIR)) {
    const std::string& name = format_case.name;
    std::size_t segments = 0;
    for (std::size_t start = 0;; ++segments) {
      const std::size_t end = name.find('/', start);
      EXPECT_TRUE(IsNameSegment(std::string_view(name).substr(start, end - start))) << name;
      if (end == std::string::npos) break;
      start = end + 1;
    }
    EXPECT_GE(segments, 2u) << name << " is not FORMAT/RULE/WHERE";
    EXPECT_TRUE(name.starts_with("cirron/") || name.starts_with("traceml/") ||
                name.starts_with("golden/"))
        << name;
    EXPECT_TRUE(names.insert(name).second) << name << " twice";
    EXPECT_TRUE(flat_names.insert(FlatCaseName(name)).second) << name;
  }
}

TEST(FormatsCorpusTest, BuildsTheSameBytesOnEveryCall) {
  const std::vector<FormatCase> first = FormatCorpus(TRACEDOC_SOURCE_DIR);
  const std::vector<FormatCase> second = FormatCorpus(TRACEDOC_SOURCE_DIR);
  ASSERT_EQ(first.size(), second.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].name, second[i].name);
    EXPECT_EQ(first[i].flags, second[i].flags) << first[i].name;
    const CaseContent one = first[i].build();
    const CaseContent two = second[i].build();
    EXPECT_FALSE(one.input.empty()) << first[i].name;
    EXPECT_EQ(one.input, two.input) << first[i].name;
    EXPECT_EQ(one.directories, two.directories) << first[i].name;
    ASSERT_EQ(one.files.size(), two.files.size()) << first[i].name;
    for (std::size_t f = 0; f < one.files.size(); ++f) {
      EXPECT_EQ(one.files[f].path, two.files[f].path) << first[i].name;
      EXPECT_TRUE(one.files[f].bytes == two.files[f].bytes)
          << first[i].name << ": " << one.files[f].path;
    }
  }
}

TEST(FormatsCorpusTest, EveryAllowedDifferenceNamesCasesOfTheCorpus) {
  const std::vector<FormatCase> corpus = FormatCorpus(TRACEDOC_SOURCE_DIR);
  for (const AllowedDifference& entry : kAllowedDifferences) {
    const std::string_view pattern = entry.case_name;
    const bool prefix = pattern.ends_with('*');
    const std::string_view stem = prefix ? pattern.substr(0, pattern.size() - 1) : pattern;
    EXPECT_TRUE(std::any_of(corpus.begin(), corpus.end(),
                            [&](const FormatCase& c) {
                              return prefix ? std::string_view(c.name).starts_with(stem)
                                            : c.name == stem;
                            }))
        << pattern << " names no case: a stale entry";
    EXPECT_TRUE(entry.item == "line" || entry.item == "column" || entry.item == "field" ||
                (entry.item.starts_with("warning[") && entry.item.ends_with("].column")))
        << entry.item << ": only lines, columns and fields may differ";
    EXPECT_FALSE(entry.why.empty()) << pattern;
  }
}

// ---- what the recorded verdicts show of the corpus ---------------------------------------------

std::vector<Verdict> RecordedVerdicts() {
  std::ifstream in(
      std::filesystem::path(TRACEDOC_SOURCE_DIR) / "tests/formats/expected_verdicts.tsv",
      std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string why;
  std::optional<std::vector<Verdict>> rows = ParseVerdictFile(text, why);
  EXPECT_TRUE(rows) << why;
  return rows.value_or(std::vector<Verdict>{});
}

std::string FormatOf(const std::string& name) {
  const std::string_view rest =
      std::string_view(name).starts_with("golden/") ? std::string_view(name).substr(7) : name;
  return std::string(rest.substr(0, rest.find('/')));
}

// The RULE segment of `FORMAT/RULE/WHERE`.
std::string RuleOf(const std::string& name) {
  const std::size_t start = name.find('/') + 1;
  return name.substr(start, name.find('/', start) - start);
}

// Every code each format's doc gives (docs/cirron-spool.md and docs/cirron-conversion.md,
// docs/traceml-export.md), but limit_exceeded for a spool's 256 MiB batch bound and an
// export's 256 MiB line (the nesting bound stands for it), and io_error beyond a missing path.
TEST(FormatsCorpusTest, ReachesEveryErrorAndWarningCodeOfBothFormats) {
  const std::map<std::string, std::vector<std::string>> errors = {
      {"cirron",
       {"cirron_file_name",
        "cirron_name_mismatch",
        "cirron_unsupported_schema",
        "cirron_invalid_id",
        "cirron_end_before_start",
        "cirron_value_type_mismatch",
        "cirron_blob_uri_mismatch",
        "cirron_invalid_histogram",
        "cirron_duplicate_id",
        "cirron_empty_spool",
        "io_error",
        "invalid_utf8",
        "invalid_json",
        "out_of_range",
        "limit_exceeded",
        "not_an_object",
        "missing_field",
        "duplicate_key",
        "invalid_type",
        "invalid_value"}},
      {"traceml",
       {"io_error", "invalid_utf8", "invalid_json", "not_an_object", "out_of_range",
        "limit_exceeded", "duplicate_key", "missing_field", "invalid_type", "invalid_value",
        "unknown_field", "traceml_unknown_stream", "traceml_unsupported_schema",
        "traceml_field_order", "traceml_rank_mismatch", "traceml_hostname_inconsistent",
        "traceml_written_records_mismatch", "traceml_closing_line_not_last"}}};
  const std::map<std::string, std::vector<std::string>> warnings = {
      {"cirron", {"cirron_missing_parent", "cirron_missing_mark", "cirron_missing_span"}},
      {"traceml",
       {"traceml_unknown_field", "traceml_field_order", "traceml_duplicate_key",
        "traceml_dropped_batches"}}};
  std::map<std::string, std::set<std::string>> seen_errors;
  std::map<std::string, std::set<std::string>> seen_warnings;
  for (const Verdict& verdict : RecordedVerdicts()) {
    const std::string format = FormatOf(verdict.name);
    if (!verdict.ok) seen_errors[format].insert(verdict.code);
    for (const VerdictWarning& warning : verdict.warnings) {
      seen_warnings[format].insert(warning.code);
    }
  }
  for (const auto& [format, codes] : errors) {
    for (const std::string& code : codes) {
      EXPECT_TRUE(seen_errors[format].contains(code)) << format << " never rejects with " << code;
    }
  }
  for (const auto& [format, codes] : warnings) {
    for (const std::string& code : codes) {
      EXPECT_TRUE(seen_warnings[format].contains(code)) << format << " never warns " << code;
    }
  }
}

// A case named for a code is rejected with it, or warns it; an `ok` case is accepted; a
// `warn_…` case is accepted with warnings. So a change to a generator that moves a fault onto
// another rule shows when the verdicts are recorded again.
TEST(FormatsCorpusTest, EachCaseIsJudgedByTheRuleItIsNamedFor) {
  for (const Verdict& verdict : RecordedVerdicts()) {
    if (verdict.name.starts_with("golden/")) continue;
    const std::string rule = RuleOf(verdict.name);
    if (rule == "first_error" || rule == "edge" || rule == "finding") continue;
    if (rule == "ok") {
      EXPECT_TRUE(verdict.ok && verdict.exit_code == 0) << VerdictRow(verdict);
    } else if (rule.starts_with("warn_")) {
      EXPECT_TRUE(verdict.ok && verdict.exit_code == 0 && verdict.warning_count > 0)
          << VerdictRow(verdict);
    } else if (verdict.ok) {
      EXPECT_TRUE(std::any_of(verdict.warnings.begin(), verdict.warnings.end(),
                              [&](const VerdictWarning& w) { return w.code == rule; }))
          << VerdictRow(verdict);
    } else {
      EXPECT_EQ(verdict.code, rule) << VerdictRow(verdict);
    }
  }
}

// Positions that only a reader which follows the batch file gets right: spool errors and
// warnings past the first line of an indented batch and far along a one-line batch, export
// errors and warnings on later lines, syntax errors with their column.
TEST(FormatsCorpusTest, PlacesFaultsAtVariedPositions) {
  std::size_t spool_deep_lines = 0;
  std::size_t spool_far_columns = 0;
  std::size_t spool_warning_lines = 0;
  std::size_t export_later_lines = 0;
  std::size_t export_columns = 0;
  for (const Verdict& verdict : RecordedVerdicts()) {
    const bool spool = FormatOf(verdict.name) == "cirron";
    const std::uint64_t line = verdict.line.value_or(0);
    if (spool && line > 20) ++spool_deep_lines;
    if (spool && line == 1 && verdict.column.value_or(0) > 1000) ++spool_far_columns;
    if (spool && std::any_of(verdict.warnings.begin(), verdict.warnings.end(),
                             [](const VerdictWarning& w) { return w.line > 20; })) {
      ++spool_warning_lines;
    }
    if (!spool && line > 10) ++export_later_lines;
    if (!spool && verdict.column) ++export_columns;
  }
  EXPECT_GE(spool_deep_lines, 20u);
  EXPECT_GE(spool_far_columns, 40u);
  EXPECT_GE(spool_warning_lines, 5u);
  EXPECT_GE(export_later_lines, 30u);
  EXPECT_GE(export_columns, 6u);
}

}  // namespace
}  // namespace tracedoc::formats
