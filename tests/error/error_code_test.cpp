// The error codes of docs/tracedoc.md §2: every code's name, description, stage and round trip through
// ErrorCodeFromName, the exact list of 42 spellings, and FormatError's one-line form. The table is
// read from the repository's own docs/tracedoc.md, so the docs and the code cannot drift apart.
#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracedoc/error.hpp"

namespace tracedoc {
namespace {

// docs/tracedoc.md §2, in table order. These spellings never change.
constexpr std::array<std::string_view, 42> kSpecNames = {
    "io_error",
    "limit_exceeded",
    "invalid_utf8",
    "invalid_json",
    "not_an_object",
    "duplicate_key",
    "missing_field",
    "unknown_kind",
    "invalid_type",
    "invalid_value",
    "out_of_range",
    "unknown_field",
    "missing_meta",
    "meta_not_first",
    "event_after_terminal",
    "duplicate_span_start",
    "unknown_span_end",
    "duplicate_span_end",
    "invalid_tensor_stats",
    "missing_terminal",
    "unsupported_schema",
    "schema_lacks_tensor_stats",
    "complete_with_reason",
    "failed_without_reason",
    "terminal_before_evidence",
    "cirron_file_name",
    "cirron_name_mismatch",
    "cirron_unsupported_schema",
    "cirron_invalid_id",
    "cirron_end_before_start",
    "cirron_value_type_mismatch",
    "cirron_blob_uri_mismatch",
    "cirron_invalid_histogram",
    "cirron_duplicate_id",
    "cirron_empty_spool",
    "traceml_unknown_stream",
    "traceml_unsupported_schema",
    "traceml_field_order",
    "traceml_rank_mismatch",
    "traceml_hostname_inconsistent",
    "traceml_written_records_mismatch",
    "traceml_closing_line_not_last",
};

ErrorCode CodeAt(int i) { return static_cast<ErrorCode>(i); }

bool IsSnakeCase(std::string_view name) {
  if (name.empty() || name.front() == '_' || name.back() == '_') return false;
  if (name.front() < 'a' || name.front() > 'z') return false;
  char previous = 0;
  for (const char c : name) {
    const bool lower = c >= 'a' && c <= 'z';
    const bool digit = c >= '0' && c <= '9';
    if (!lower && !digit && c != '_') return false;
    if (c == '_' && previous == '_') return false;
    previous = c;
  }
  return true;
}

TEST(ErrorCodeTest, ThereAreFortyTwoCodes) { EXPECT_EQ(kErrorCodeCount, 42); }

TEST(ErrorCodeTest, EveryCodeHasANonEmptySnakeCaseName) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const std::string_view name = ErrorCodeName(CodeAt(i));
    SCOPED_TRACE(name);
    EXPECT_FALSE(name.empty()) << "code " << i;
    EXPECT_TRUE(IsSnakeCase(name)) << "code " << i;
  }
}

TEST(ErrorCodeTest, NamesAreUnique) {
  std::set<std::string_view> seen;
  for (int i = 0; i < kErrorCodeCount; ++i) {
    EXPECT_TRUE(seen.insert(ErrorCodeName(CodeAt(i))).second) << ErrorCodeName(CodeAt(i));
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kErrorCodeCount));
}

TEST(ErrorCodeTest, NamesRoundTripThroughErrorCodeFromName) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const ErrorCode code = CodeAt(i);
    SCOPED_TRACE(ErrorCodeName(code));
    const std::optional<ErrorCode> back = ErrorCodeFromName(ErrorCodeName(code));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, code);
  }
}

TEST(ErrorCodeTest, UnknownOrMiscasedNamesAreNotCodes) {
  for (const std::string_view name :
       {"", "Missing_Meta", "MISSING_META", "missing-meta", "missing_meta ", " io_error",
        "missingmeta", "kMissingMeta", "error", "io_error\n"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(ErrorCodeFromName(name), std::nullopt);
  }
}

TEST(ErrorCodeTest, EveryCodeHasADescription) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    SCOPED_TRACE(ErrorCodeName(CodeAt(i)));
    EXPECT_FALSE(ErrorCodeDescription(CodeAt(i)).empty());
  }
}

TEST(ErrorCodeTest, NamesAreExactlyTheSpecSpellingsInOrder) {
  ASSERT_EQ(kErrorCodeCount, static_cast<int>(kSpecNames.size()));
  for (int i = 0; i < kErrorCodeCount; ++i) {
    EXPECT_EQ(ErrorCodeName(CodeAt(i)), kSpecNames[static_cast<std::size_t>(i)]) << "code " << i;
  }
}

TEST(ErrorCodeTest, EnumeratorsMapToTheirSpellings) {
  EXPECT_EQ(ErrorCodeName(ErrorCode::kIoError), "io_error");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kMissingMeta), "missing_meta");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kSchemaLacksTensorStats), "schema_lacks_tensor_stats");
  EXPECT_EQ(ErrorCodeName(ErrorCode::kTerminalBeforeEvidence), "terminal_before_evidence");
  EXPECT_EQ(ErrorCodeFromName("duplicate_span_end"), ErrorCode::kDuplicateSpanEnd);
  EXPECT_EQ(ErrorCodeFromName("unknown_field"), ErrorCode::kUnknownField);
  EXPECT_EQ(ErrorCodeName(ErrorCode::kCirronDuplicateId), "cirron_duplicate_id");
}

TEST(ErrorCodeTest, StagesFollowTheSpecTable) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const ErrorCode code = CodeAt(i);
    SCOPED_TRACE(ErrorCodeName(code));
    const ErrorStage expected =
        i <= static_cast<int>(ErrorCode::kLimitExceeded)            ? ErrorStage::kInput
        : i <= static_cast<int>(ErrorCode::kNotAnObject)            ? ErrorStage::kLine
        : i <= static_cast<int>(ErrorCode::kUnknownField)           ? ErrorStage::kRecord
        : i <= static_cast<int>(ErrorCode::kTerminalBeforeEvidence) ? ErrorStage::kStream
        : i <= static_cast<int>(ErrorCode::kCirronEmptySpool)       ? ErrorStage::kSpool
                                                                    : ErrorStage::kExport;
    EXPECT_EQ(ErrorCodeStage(code), expected);
  }
}

// One row of the table in docs/tracedoc.md §2: `| \`name\` | stage | when |`.
struct SpecRow {
  std::string name;
  std::string stage;
  std::string when;
};

std::string Trim(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(' ');
  if (begin == std::string_view::npos) return {};
  const std::size_t end = text.find_last_not_of(' ');
  return std::string(text.substr(begin, end - begin + 1));
}

std::vector<SpecRow> ReadSpecTable() {
  std::ifstream in(std::string(TRACEDOC_SOURCE_DIR) + "/docs/tracedoc.md");
  std::vector<SpecRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream cell_stream(line.substr(1));
    std::string cell;
    while (std::getline(cell_stream, cell, '|')) cells.push_back(Trim(cell));
    if (cells.size() < 3) continue;
    std::string name = cells[0];
    if (name.size() < 2 || name.front() != '`' || name.back() != '`') continue;
    // Other tables of the file (the command line's) start with a backquote too.
    const std::string& stage = cells[1];
    if (stage != "input" && stage != "line" && stage != "record" && stage != "stream" &&
        stage != "spool" && stage != "export") {
      continue;
    }
    rows.push_back(SpecRow{name.substr(1, name.size() - 2), cells[1], cells[2]});
  }
  return rows;
}

std::string_view StageName(ErrorStage stage) {
  switch (stage) {
    case ErrorStage::kInput:
      return "input";
    case ErrorStage::kLine:
      return "line";
    case ErrorStage::kRecord:
      return "record";
    case ErrorStage::kStream:
      return "stream";
    case ErrorStage::kSpool:
      return "spool";
    case ErrorStage::kExport:
      return "export";
  }
  return "?";
}

TEST(ErrorCodeTest, TableMatchesTheSpecFile) {
  // The documented table: names, stages and descriptions (verbatim), in order.
  const std::vector<SpecRow> rows = ReadSpecTable();
  ASSERT_EQ(rows.size(), kSpecNames.size())
      << "cannot read the table of docs/tracedoc.md §2 under " << TRACEDOC_SOURCE_DIR;
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const SpecRow& row = rows[static_cast<std::size_t>(i)];
    SCOPED_TRACE(row.name);
    EXPECT_EQ(row.name, kSpecNames[static_cast<std::size_t>(i)]);
    EXPECT_EQ(ErrorCodeName(CodeAt(i)), row.name);
    EXPECT_EQ(StageName(ErrorCodeStage(CodeAt(i))), row.stage);
    EXPECT_EQ(ErrorCodeDescription(CodeAt(i)), row.when);
  }
}

TEST(ErrorCodeTest, FormatErrorIsFileLineCodeMessage) {
  const Error error{ErrorCode::kUnknownSpanEnd,
                    8,
                    1,
                    std::nullopt,
                    {},
                    "span_end for unknown span `s9` at index 1"};
  EXPECT_EQ(FormatError("trace.jsonl", error),
            "trace.jsonl:8: error[unknown_span_end]: span_end for unknown span `s9` at index 1");
}

TEST(ErrorCodeTest, FormatErrorUsesLineZeroForTheStream) {
  const Error error{ErrorCode::kMissingTerminal,
                    0,
                    std::nullopt,
                    std::nullopt,
                    {},
                    "trace stream is missing its terminal event"};
  EXPECT_EQ(FormatError("dir/a b.jsonl", error),
            "dir/a b.jsonl:0: error[missing_terminal]: trace stream is missing its terminal event");
}

TEST(ErrorCodeTest, FormatErrorLeavesColumnFieldAndIndexOut) {
  const Error error{ErrorCode::kMissingField,          3, 2, 17, "capture_contract",
                    "missing field `capture_contract`"};
  EXPECT_EQ(FormatError("-", error), "-:3: error[missing_field]: missing field `capture_contract`");
}

TEST(ErrorCodeTest, FormatErrorWorksForEveryCode) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const Error error{CodeAt(i), 18446744073709551615u, std::nullopt, std::nullopt, {}, "m"};
    EXPECT_EQ(FormatError("f", error), "f:18446744073709551615: error[" +
                                           std::string(kSpecNames[static_cast<std::size_t>(i)]) +
                                           "]: m");
  }
}

}  // namespace
}  // namespace tracedoc
