// The warnings of an export's read (src/traceml/export_warnings.hpp): each at its line and
// column (counted from the line's start, white space before the JSON included), the path of
// the member it is about, every one counted, and a message built only while the log keeps it.
#include "traceml/export_warnings.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "json/json_tape.hpp"
#include "util/arena.hpp"

namespace tracedoc::traceml {
namespace {

// `{"a":1,"extra":2}`: node 0 the object, then (key, value) pairs; "extra" is node 3.
constexpr std::string_view kLine = R"({"a":1,"extra":2})";
constexpr std::uint32_t kExtraKey = 3;

class WarningsTest : public ::testing::Test {
 protected:
  WarningsTest() {
    json::ParseOptions options;
    options.track_offsets = true;
    EXPECT_EQ(tape_.Parse(kLine, options).status, json::SyntaxStatus::kOk);
  }
  json::Tape tape_;
  util::Arena arena_{1024};
  format::DecodeContext ctx_{tape_, arena_};
  DiagnosticLog log_;
};

TEST_F(WarningsTest, AnUnknownMemberIsWarnedAtItsKeysColumn) {
  ExportWarnings warnings(log_);
  warnings.StartLine(7, 2);  // two spaces before the JSON
  EXPECT_EQ(warnings.Column(tape_, kExtraKey), 2 + kLine.find("\"extra\"") + 1);
  warnings.UnknownMember(ctx_, nullptr, "extra", kExtraKey);
  ASSERT_EQ(log_.kept.size(), 1u);
  const Diagnostic& d = log_.kept[0];
  EXPECT_EQ(d.severity, Severity::kWarning);
  EXPECT_EQ(d.code, DiagnosticCode::kTraceMLUnknownField);
  EXPECT_EQ(d.line, 7u);
  EXPECT_EQ(d.column, std::optional<std::uint64_t>(10));  // 2 + offset 7 + 1
  EXPECT_EQ(d.field, "extra");
  EXPECT_EQ(d.message, "unknown field `extra`, kept");
  EXPECT_TRUE(d.file.empty());
  EXPECT_EQ(warnings.total(), 1u);
}

TEST_F(WarningsTest, APathNamesEachObjectAndIndexFromTheRoot) {
  ExportWarnings warnings(log_);
  warnings.StartLine(1, 0);
  // events.forward[0].extra: a sample's member, four steps deep.
  const format::PathStep events{nullptr, "events"};
  const format::PathStep phase{&events, "forward"};
  const format::PathStep sample{&phase, {}, 0};
  warnings.UnknownMember(ctx_, &sample, "extra", kExtraKey);
  ASSERT_EQ(log_.kept.size(), 1u);
  EXPECT_EQ(log_.kept[0].field, "events.forward[0].extra");
  EXPECT_EQ(log_.kept[0].message, "unknown field `events.forward[0].extra`, kept");
}

TEST_F(WarningsTest, AMemberOutOfColumnOrderNamesTheOneItFollows) {
  ExportWarnings warnings(log_);
  warnings.StartLine(4, 0);
  const format::PathStep sample{nullptr, "events"};
  warnings.OutOfOrder(ctx_, &sample, "extra", "a", kExtraKey);
  ASSERT_EQ(log_.kept.size(), 1u);
  EXPECT_EQ(log_.kept[0].code, DiagnosticCode::kTraceMLFieldOrder);
  EXPECT_EQ(log_.kept[0].field, "events.extra");
  EXPECT_EQ(log_.kept[0].message, "`events.extra` after `events.a`, out of column order");
  EXPECT_EQ(log_.kept[0].line, 4u);
  EXPECT_EQ(log_.kept[0].column, std::optional<std::uint64_t>(8));  // no white space before
}

TEST_F(WarningsTest, ALongPathIsCutAt256BytesWithItsWholeLength) {
  ExportWarnings warnings(log_);
  warnings.StartLine(1, 0);
  const std::string phase_name(300, 'p');
  const format::PathStep events{nullptr, "events"};
  const format::PathStep phase{&events, phase_name};
  warnings.UnknownMember(ctx_, &phase, "extra", kExtraKey);
  ASSERT_EQ(log_.kept.size(), 1u);
  // "events." is 7 bytes: 249 of the name fit, then the cut.
  const std::string kept = "events." + std::string(249, 'p');
  EXPECT_EQ(log_.kept[0].field, kept + "…");
  // The whole path: 7 + 300 + 6 bytes.
  EXPECT_EQ(log_.kept[0].message, "unknown field `" + kept.substr(0, 64) + "…` (313 bytes), kept");
}

TEST_F(WarningsTest, ACutNeverSplitsACharacter) {
  ExportWarnings warnings(log_);
  warnings.StartLine(1, 0);
  // 255 bytes, then a 2-byte é across the 256-byte bound: the cut falls before it.
  const std::string key = std::string(255, 'k') + "\xC3\xA9" + "tail";
  warnings.UnknownMember(ctx_, nullptr, key, kExtraKey);
  ASSERT_EQ(log_.kept.size(), 1u);
  EXPECT_EQ(log_.kept[0].field, std::string(255, 'k') + "…");
}

TEST_F(WarningsTest, PastTheLogsBoundWarningsAreCountedAndTheirTextNeverBuilt) {
  log_.max_kept = 1;
  ExportWarnings warnings(log_);
  warnings.StartLine(2, 0);
  int built = 0;
  const auto field = [&built] {
    ++built;
    return std::string("f");
  };
  const auto message = [&built] {
    ++built;
    return std::string("m");
  };
  warnings.Add(DiagnosticCode::kTraceMLDuplicateKey, field, 5, message);
  warnings.Add(DiagnosticCode::kTraceMLDuplicateKey, field, 6, message);
  warnings.Add(DiagnosticCode::kTraceMLDuplicateKey, field, 7, message);
  EXPECT_EQ(built, 2);  // the first warning's field and message only
  EXPECT_EQ(warnings.total(), 3u);
  EXPECT_EQ(log_.total, 3u);
  EXPECT_EQ(log_.errors, 0u);
  ASSERT_EQ(log_.kept.size(), 1u);
  EXPECT_EQ(log_.kept[0].code, DiagnosticCode::kTraceMLDuplicateKey);
  EXPECT_EQ(log_.kept[0].column, std::optional<std::uint64_t>(5));
  EXPECT_EQ(log_.kept[0].field, "f");
  EXPECT_EQ(log_.kept[0].message, "m");
}

}  // namespace
}  // namespace tracedoc::traceml
