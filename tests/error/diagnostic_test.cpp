// The diagnostics model (include/tracedoc/diagnostic.hpp): every code's spelling and its way
// back, the bounded log, the one-line form of a diagnostic, names quoted up to a bound, and
// FormatError's FILE:LINE:COLUMN: for an error that names its own file.
#include "tracedoc/diagnostic.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "tracedoc/error.hpp"

namespace tracedoc {
namespace {

// docs/cirron-spool.md and docs/traceml-export.md, in the enum's order. Spellings never change.
constexpr std::array<std::string_view, 15> kSpellings = {
    "cirron_missing_parent",
    "cirron_missing_mark",
    "cirron_missing_span",
    "cirron_no_session",
    "cirron_nested_epoch",
    "cirron_epoch_not_under_session",
    "cirron_step_not_under_epoch",
    "cirron_phase_not_under_step",
    "cirron_request_not_under_session",
    "cirron_missing_index",
    "cirron_outside_session",
    "traceml_unknown_field",
    "traceml_field_order",
    "traceml_duplicate_key",
    "traceml_dropped_batches",
};

DiagnosticCode DiagnosticCodeAt(int i) { return static_cast<DiagnosticCode>(i); }

TEST(DiagnosticCodeTest, EveryCodeIsSpelledAndParsedBack) {
  ASSERT_EQ(kDiagnosticCodeCount, static_cast<int>(kSpellings.size()));
  std::set<std::string_view> seen;
  for (int i = 0; i < kDiagnosticCodeCount; ++i) {
    const std::string_view name = DiagnosticCodeName(DiagnosticCodeAt(i));
    SCOPED_TRACE(name);
    EXPECT_EQ(name, kSpellings[static_cast<std::size_t>(i)]);
    EXPECT_TRUE(seen.insert(name).second);
    EXPECT_EQ(DiagnosticCodeFromName(name), DiagnosticCodeAt(i));
  }
}

TEST(DiagnosticCodeTest, EnumeratorsMapToTheirSpellings) {
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kCirronMissingParent), "cirron_missing_parent");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kCirronNestedEpoch), "cirron_nested_epoch");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kTraceMLFieldOrder), "traceml_field_order");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kTraceMLDroppedBatches), "traceml_dropped_batches");
}

TEST(DiagnosticCodeTest, OtherNamesAreNoCode) {
  for (const std::string_view name :
       {"", "Cirron_Missing_Parent", "cirron-missing-parent", "cirron_missing_parent ",
        "missing_parent", "unknown_field", "traceml_field_order\n", "unknown_diagnostic"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(DiagnosticCodeFromName(name), std::nullopt);
  }
}

TEST(DiagnosticCodeTest, ACodeOutsideTheEnumHasAPlaceholderName) {
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCodeAt(kDiagnosticCodeCount)), "unknown_diagnostic");
}

TEST(DiagnosticCodeTest, SeveritiesAreSpelled) {
  EXPECT_EQ(SeverityName(Severity::kError), "error");
  EXPECT_EQ(SeverityName(Severity::kWarning), "warning");
}

Diagnostic Warning(std::string message) {
  Diagnostic d;
  d.severity = Severity::kWarning;
  d.code = DiagnosticCode::kCirronMissingMark;
  d.message = std::move(message);
  return d;
}

TEST(DiagnosticLogTest, KeepsTheFirstMaxKeptAndCountsEveryOne) {
  DiagnosticLog log;
  log.max_kept = 3;
  for (int i = 0; i < 5; ++i) {
    Diagnostic d = Warning("w" + std::to_string(i));
    if (i == 1 || i == 4) d.severity = Severity::kError;
    log.Add(std::move(d));
  }
  ASSERT_EQ(log.kept.size(), 3u);
  EXPECT_EQ(log.kept[0].message, "w0");
  EXPECT_EQ(log.kept[2].message, "w2");
  EXPECT_EQ(log.total, 5u);
  EXPECT_EQ(log.errors, 2u);  // the one past the bound counted too
  EXPECT_FALSE(log.WillKeep());
}

TEST(DiagnosticLogTest, CountCountsWithoutKeeping) {
  DiagnosticLog log;
  EXPECT_EQ(log.max_kept, 1000u);
  EXPECT_TRUE(log.WillKeep());
  log.Count(Severity::kWarning);
  log.Count(Severity::kError);
  log.Count(Severity::kError);
  EXPECT_TRUE(log.kept.empty());
  EXPECT_EQ(log.total, 3u);
  EXPECT_EQ(log.errors, 2u);
  EXPECT_TRUE(log.WillKeep());
}

TEST(DiagnosticLogTest, ABoundOfZeroKeepsNothing) {
  DiagnosticLog log;
  log.max_kept = 0;
  EXPECT_FALSE(log.WillKeep());
  log.Add(Warning("w"));
  EXPECT_TRUE(log.kept.empty());
  EXPECT_EQ(log.total, 1u);
  EXPECT_EQ(log.errors, 0u);
}

TEST(FormatDiagnosticTest, FileLineColumnSeverityCodeMessage) {
  Diagnostic d = Warning("spans[0].mark_ids[1]: mark 0123 is not in the spool");
  d.line = 12;
  d.column = 34;
  d.field = "spans[0].mark_ids[1]";  // not printed: the message starts with it
  EXPECT_EQ(FormatDiagnostic("spool", d),
            "spool:12:34: warning[cirron_missing_mark]: spans[0].mark_ids[1]: mark 0123 is not "
            "in the spool");
}

TEST(FormatDiagnosticTest, TheDiagnosticsOwnFileWinsOverTheInput) {
  Diagnostic d = Warning("m");
  d.severity = Severity::kError;
  d.code = DiagnosticCode::kCirronNestedEpoch;
  d.file = "run/.cirron/spool/b.json";
  d.line = 1;
  d.column = 7;
  EXPECT_EQ(FormatDiagnostic("run/.cirron", d),
            "run/.cirron/spool/b.json:1:7: error[cirron_nested_epoch]: m");
}

TEST(FormatDiagnosticTest, WithoutAColumnOrALine) {
  Diagnostic d = Warning("m");
  d.code = DiagnosticCode::kTraceMLDroppedBatches;
  d.line = 5;
  EXPECT_EQ(FormatDiagnostic("x.jsonl", d), "x.jsonl:5: warning[traceml_dropped_batches]: m");
  // Line 0: about the input as a whole, FILE: alone, even with a column set.
  d.line = 0;
  d.column = 3;
  EXPECT_EQ(FormatDiagnostic("x.jsonl", d), "x.jsonl: warning[traceml_dropped_batches]: m");
}

TEST(FormatDiagnosticTest, TheMessageStaysOnOneLine) {
  Diagnostic d = Warning("a\nb\r\tc\x01");
  d.line = 1;
  EXPECT_EQ(FormatDiagnostic("f", d), "f:1: warning[cirron_missing_mark]: a\\nb\\r\\tc\\u0001");
}

TEST(QuoteNameTest, AShortNameIsQuotedWhole) {
  EXPECT_EQ(QuoteName("forward"), "`forward`");
  EXPECT_EQ(QuoteName(""), "``");
  EXPECT_EQ(QuoteName(std::string(64, 'a')), "`" + std::string(64, 'a') + "`");
}

TEST(QuoteNameTest, ControlCharactersAreEscaped) {
  EXPECT_EQ(QuoteName("a\nb\tc\x1f"), "`a\\nb\\tc\\u001f`");
  EXPECT_EQ(QuoteName(std::string_view("a\0b", 3)), "`a\\u0000b`");
}

TEST(QuoteNameTest, ALongNameIsCutWithAnEllipsisAndItsLength) {
  EXPECT_EQ(QuoteName(std::string(65, 'a')), "`" + std::string(64, 'a') + "…` (65 bytes)");
  const std::string quoted = QuoteName(std::string(100000, 'x'));
  EXPECT_EQ(quoted, "`" + std::string(64, 'x') + "…` (100000 bytes)");
  EXPECT_EQ(QuoteName("abcdef", 3), "`abc…` (6 bytes)");
}

TEST(QuoteNameTest, TheCutFallsOnACharacterBoundary) {
  // 63 bytes, then é (2 bytes) straddling byte 64: cut before it.
  const std::string name = std::string(63, 'a') + "\xC3\xA9" + std::string(100000, 'b');
  EXPECT_EQ(QuoteName(name), "`" + std::string(63, 'a') + "…` (100065 bytes)");
  // 62 bytes, then a 4-byte character across the bound.
  const std::string emoji = std::string(62, 'a') + "\xF0\x9F\x98\x80" + "tail";
  EXPECT_EQ(QuoteName(emoji), "`" + std::string(62, 'a') + "…` (70 bytes)");
  // A character that ends exactly at the bound is kept.
  const std::string fits = std::string(62, 'a') + "\xC3\xA9" + "z";
  EXPECT_EQ(QuoteName(fits), "`" + std::string(62, 'a') + "\xC3\xA9…` (65 bytes)");
}

TEST(QuoteNameTest, ControlCharactersInALongNameAreEscapedInTheShownPart) {
  const std::string name = "\n" + std::string(200, 'n');
  EXPECT_EQ(QuoteName(name), "`\\n" + std::string(63, 'n') + "…` (201 bytes)");
}

Error SpoolError() {
  Error e;
  e.code = ErrorCode::kCirronEndBeforeStart;
  e.line = 3;
  e.column = 17;
  e.field = "spans[2].end_ns";
  e.message = "b.json: spans[2].end_ns: end_ns 5 is before start_ns 9";
  return e;
}

TEST(FormatErrorFileTest, AnErrorNamingItsFileGivesFileLineColumn) {
  Error e = SpoolError();
  e.file = "run/.cirron/spool/b.json";
  EXPECT_EQ(FormatError("run/.cirron", e),
            "run/.cirron/spool/b.json:3:17: error[cirron_end_before_start]: b.json: "
            "spans[2].end_ns: end_ns 5 is before start_ns 9");
}

TEST(FormatErrorFileTest, WithoutItsOwnFileTheFormIsUnchanged) {
  const Error e = SpoolError();  // a column, but no file of its own
  EXPECT_EQ(FormatError("trace.jsonl", e),
            "trace.jsonl:3: error[cirron_end_before_start]: b.json: spans[2].end_ns: end_ns 5 "
            "is before start_ns 9");
}

TEST(FormatErrorFileTest, AFileErrorWithoutAColumnOrALine) {
  Error e = SpoolError();
  e.file = "b.json";
  e.column.reset();
  EXPECT_EQ(FormatError("spool", e),
            "b.json:3: error[cirron_end_before_start]: b.json: spans[2].end_ns: end_ns 5 is "
            "before start_ns 9");
  // Line 0 (the file as a whole): no column, even when one is set.
  e.line = 0;
  e.column = 4;
  e.code = ErrorCode::kCirronFileName;
  e.message = "m";
  EXPECT_EQ(FormatError("spool", e), "b.json:0: error[cirron_file_name]: m");
}

// A file name and a message reach a terminal: neither may carry an escape sequence or a line
// break into it (issue 42), whatever bytes they hold.
TEST(FormatErrorFileTest, ControlBytesInTheFileAndTheMessageAreEscaped) {
  Error e = SpoolError();
  e.file = "run\x1b]0;t\x07.json";
  e.message = "span `a\rFAKE OK` \xC2\x9B" "2J \xff";
  EXPECT_EQ(FormatError("spool", e),
            "run\\u001b]0;t\\u0007.json:3:17: error[cirron_end_before_start]: span "
            "`a\\rFAKE OK` \\u009b2J \\xff");
}

}  // namespace
}  // namespace tracedoc
