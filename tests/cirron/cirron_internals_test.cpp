// The pieces of the Cirron spool reader on their own (src/cirron/): LineCounter's lines and byte
// columns, ids as bytes and their registry, the references and the order of their warnings, and
// what the scope-shape findings carry beyond AnalyzeCirronScopes' tests (cirron_scopes_test.cpp):
// positions, the log's bound, and the shapes that are no finding.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cirron/id_registry.hpp"
#include "cirron/line_counter.hpp"
#include "cirron/references.hpp"
#include "cirron/scope_shape.hpp"
#include "tracedoc/diagnostic.hpp"

namespace tracedoc::cirron {
namespace {

// `LINE:COLUMN`, to compare and print.
std::string Where(const TextPosition& p) {
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// ---- LineCounter ------------------------------------------------------------------------------

TEST(LineCounterTest, LinesAndByteColumnsForward) {
  const std::string text = "ab\ncd\n\nef";
  LineCounter lines(text);
  EXPECT_EQ(Where(lines.At(0)), "1:1");
  EXPECT_EQ(Where(lines.At(1)), "1:2");
  EXPECT_EQ(Where(lines.At(2)), "1:3");  // the newline ends its own line
  EXPECT_EQ(Where(lines.At(3)), "2:1");
  EXPECT_EQ(Where(lines.At(3)), "2:1");  // the same offset twice
  EXPECT_EQ(Where(lines.At(6)), "3:1");  // an empty line
  EXPECT_EQ(Where(lines.At(7)), "4:1");
  EXPECT_EQ(Where(lines.At(8)), "4:2");
  EXPECT_EQ(Where(lines.At(9)), "4:3");  // the end of the text
}

TEST(LineCounterTest, AnEarlierOffsetStartsAgainFromTheTop) {
  const std::string text = "a\nb\nc\nd";
  LineCounter lines(text);
  EXPECT_EQ(Where(lines.At(6)), "4:1");
  EXPECT_EQ(Where(lines.At(2)), "2:1");
  EXPECT_EQ(Where(lines.At(0)), "1:1");
  EXPECT_EQ(Where(lines.At(4)), "3:1");
  EXPECT_EQ(Where(lines.At(1)), "1:2");
}

TEST(LineCounterTest, ColumnsCountBytesNotCharacters) {
  const std::string text = "\xC3\xA9\xF0\x9F\x98\x80x\n\xE2\x82\xACy";
  LineCounter lines(text);
  EXPECT_EQ(Where(lines.At(6)), "1:7");   // x after 2 + 4 bytes
  EXPECT_EQ(Where(lines.At(11)), "2:4");  // y after a 3-byte €
}

TEST(LineCounterTest, AnOffsetPastTheEndIsTheEnd) {
  const std::string text = "ab\nc";
  LineCounter lines(text);
  EXPECT_EQ(Where(lines.At(1000)), "2:2");
  EXPECT_EQ(Where(lines.At(3)), "2:1");
  LineCounter empty("");
  EXPECT_EQ(Where(empty.At(0)), "1:1");
  EXPECT_EQ(Where(empty.At(5)), "1:1");
}

TEST(LineCounterTest, ManyOffsetsOnALongTextInOrder) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += std::string(static_cast<std::size_t>(i % 7), 'x') + "\n";
  LineCounter lines(text);
  std::size_t line_start = 0;
  for (std::uint32_t line = 1; line <= 1000; ++line) {
    const std::size_t length = (line - 1) % 7;
    EXPECT_EQ(Where(lines.At(line_start + length)),
              std::to_string(line) + ":" + std::to_string(length + 1));
    line_start += length + 1;
  }
}

// ---- Ids and the registry ---------------------------------------------------------------------

constexpr std::string_view kIdA = "0123456789abcdeffedcba9876543210";
constexpr std::string_view kIdB = "00000000000000000000000000000001";
constexpr std::string_view kIdC = "ffffffffffffffffffffffffffffffff";

TEST(IdTest, ParseIdReadsTheTwoHalvesAndIdTextWritesThemBack) {
  const Id128 a = ParseId(kIdA);
  EXPECT_EQ(a.high, 0x0123456789abcdefu);
  EXPECT_EQ(a.low, 0xfedcba9876543210u);
  EXPECT_EQ(IdText(a), kIdA);
  EXPECT_EQ(ParseId(kIdB), (Id128{0, 1}));
  EXPECT_EQ(IdText(Id128{0, 1}), kIdB);
  EXPECT_EQ(IdText(ParseId(kIdC)), kIdC);
  EXPECT_EQ(IdText(Id128{}), std::string(32, '0'));
  // Leading zeros are digits like any other.
  EXPECT_EQ(IdText(Id128{0x10, 0}), "00000000000000100000000000000000");
}

TEST(IdTest, EqualIdsHashAlikeAndDifferentOnesRarelyCollide) {
  const Id128Hash hash;
  EXPECT_EQ(hash(ParseId(kIdA)), hash(ParseId(kIdA)));
  EXPECT_NE(hash(ParseId(kIdA)), hash(ParseId(kIdB)));
  EXPECT_NE(hash(Id128{1, 0}), hash(Id128{0, 1}));  // the halves are not mixed up
}

TEST(IdTest, RecordArraysAreSpelled) {
  EXPECT_EQ(RecordArrayName(RecordArray::kSpans), "spans");
  EXPECT_EQ(RecordArrayName(RecordArray::kMarks), "marks");
  EXPECT_EQ(RecordArrayName(RecordArray::kSnapshots), "snapshots");
}

TEST(IdRegistryTest, ARepeatedIdGivesTheFirstPlaceOfItsArray) {
  IdRegistry ids;
  const Id128 a = ParseId(kIdA);
  EXPECT_FALSE(ids.Has(RecordArray::kSpans, a));
  EXPECT_EQ(ids.Add(RecordArray::kSpans, a, {0, 3}), std::nullopt);
  EXPECT_TRUE(ids.Has(RecordArray::kSpans, a));
  // Each array has ids of its own: a mark may have a span's id.
  EXPECT_FALSE(ids.Has(RecordArray::kMarks, a));
  EXPECT_EQ(ids.Add(RecordArray::kMarks, a, {1, 0}), std::nullopt);
  EXPECT_EQ(ids.Add(RecordArray::kSnapshots, a, {2, 5}), std::nullopt);
  // The second and third time: the first place, every time.
  const std::optional<RecordPlace> second = ids.Add(RecordArray::kSpans, a, {4, 1});
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->batch, 0u);
  EXPECT_EQ(second->index, 3u);
  const std::optional<RecordPlace> third = ids.Add(RecordArray::kSpans, a, {5, 9});
  ASSERT_TRUE(third.has_value());
  EXPECT_EQ(third->batch, 0u);
  EXPECT_EQ(third->index, 3u);
  const std::optional<RecordPlace> mark = ids.Add(RecordArray::kMarks, a, {7, 7});
  ASSERT_TRUE(mark.has_value());
  EXPECT_EQ(mark->batch, 1u);
  EXPECT_EQ(mark->index, 0u);
  EXPECT_EQ(ids.Add(RecordArray::kSpans, ParseId(kIdB), {0, 0}), std::nullopt);
}

// ---- References -------------------------------------------------------------------------------

Id128 Target(std::uint64_t n) { return Id128{0xabc, n}; }

Reference Ref(ReferenceKind kind, std::uint64_t target, std::uint32_t batch, std::uint32_t index,
              std::uint32_t entry = 0) {
  Reference r;
  r.kind = kind;
  r.target = Target(target);
  r.place = {batch, index};
  r.entry = entry;
  r.position = {batch + 1, index * 10 + entry + 1};
  return r;
}

const std::vector<std::string> kPaths = {"dir/b0.json", "dir/b1.json"};

TEST(ReferencesTest, AReferenceToAKnownTargetIsResolvedWhenAdded) {
  IdRegistry ids;
  ids.Add(RecordArray::kSpans, Target(1), {0, 0});
  ids.Add(RecordArray::kMarks, Target(2), {0, 0});
  References references;
  references.Add(ids, Ref(ReferenceKind::kParent, 1, 0, 1));
  references.Add(ids, Ref(ReferenceKind::kMark, 2, 0, 1, 0));
  references.Add(ids, Ref(ReferenceKind::kMarkSpan, 1, 0, 0));
  references.Add(ids, Ref(ReferenceKind::kSnapshotSpan, 1, 0, 0));
  // Resolved against a registry that knows nothing: nothing was left to resolve.
  DiagnosticLog log;
  EXPECT_EQ(references.Resolve(IdRegistry(), kPaths, log), 0u);
  EXPECT_TRUE(log.kept.empty());
  EXPECT_EQ(log.total, 0u);
}

TEST(ReferencesTest, ATargetReadLaterResolvesTheReference) {
  IdRegistry ids;
  References references;
  references.Add(ids, Ref(ReferenceKind::kParent, 1, 0, 0));
  references.Add(ids, Ref(ReferenceKind::kMark, 2, 0, 0, 0));
  ids.Add(RecordArray::kSpans, Target(1), {1, 0});
  ids.Add(RecordArray::kMarks, Target(2), {1, 0});
  DiagnosticLog log;
  EXPECT_EQ(references.Resolve(ids, kPaths, log), 0u);
  EXPECT_TRUE(log.kept.empty());
}

TEST(ReferencesTest, ATargetOfTheWrongArrayDoesNotResolve) {
  IdRegistry ids;
  ids.Add(RecordArray::kMarks, Target(1), {0, 0});      // a mark, not a span
  ids.Add(RecordArray::kSnapshots, Target(2), {0, 0});  // a snapshot, not a mark
  References references;
  references.Add(ids, Ref(ReferenceKind::kParent, 1, 0, 0));
  references.Add(ids, Ref(ReferenceKind::kMark, 2, 0, 0, 0));
  DiagnosticLog log;
  EXPECT_EQ(references.Resolve(ids, kPaths, log), 2u);
  ASSERT_EQ(log.kept.size(), 2u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronMissingParent);
  EXPECT_EQ(log.kept[1].code, DiagnosticCode::kCirronMissingMark);
}

TEST(ReferencesTest, WarningsComeByBatchThenSpansMarksSnapshotsThenRecordAndEntry) {
  IdRegistry ids;
  References references;
  // Added out of order; every target unknown.
  references.Add(ids, Ref(ReferenceKind::kParent, 10, 1, 0));
  references.Add(ids, Ref(ReferenceKind::kSnapshotSpan, 11, 0, 0));
  references.Add(ids, Ref(ReferenceKind::kMarkSpan, 12, 0, 1));
  references.Add(ids, Ref(ReferenceKind::kMarkSpan, 13, 0, 0));
  references.Add(ids, Ref(ReferenceKind::kMark, 14, 0, 2, 1));
  references.Add(ids, Ref(ReferenceKind::kMark, 15, 0, 2, 0));
  references.Add(ids, Ref(ReferenceKind::kParent, 16, 0, 1));
  DiagnosticLog log;
  EXPECT_EQ(references.Resolve(ids, kPaths, log), 7u);
  ASSERT_EQ(log.kept.size(), 7u);
  std::vector<std::string> fields;
  for (const Diagnostic& d : log.kept) fields.push_back(d.file + " " + d.field);
  EXPECT_EQ(fields, (std::vector<std::string>{
                        "dir/b0.json spans[1].parent_id",
                        "dir/b0.json spans[2].mark_ids[0]",
                        "dir/b0.json spans[2].mark_ids[1]",
                        "dir/b0.json marks[0].span_id",
                        "dir/b0.json marks[1].span_id",
                        "dir/b0.json snapshots[0].span_id",
                        "dir/b1.json spans[0].parent_id",
                    }));
  EXPECT_EQ(log.total, 7u);
  EXPECT_EQ(log.errors, 0u);
}

TEST(ReferencesTest, EachWarningHasItsCodePositionAndMessage) {
  IdRegistry ids;
  References references;
  references.Add(ids, Ref(ReferenceKind::kParent, 1, 1, 4));
  references.Add(ids, Ref(ReferenceKind::kMark, 2, 1, 5, 3));
  references.Add(ids, Ref(ReferenceKind::kMarkSpan, 3, 1, 0));
  references.Add(ids, Ref(ReferenceKind::kSnapshotSpan, 4, 1, 2));
  DiagnosticLog log;
  ASSERT_EQ(references.Resolve(ids, kPaths, log), 4u);
  ASSERT_EQ(log.kept.size(), 4u);
  const std::string prefix = "0000000000000abc000000000000000";
  const Diagnostic& parent = log.kept[0];
  EXPECT_EQ(parent.severity, Severity::kWarning);
  EXPECT_EQ(parent.code, DiagnosticCode::kCirronMissingParent);
  EXPECT_EQ(parent.file, "dir/b1.json");
  EXPECT_EQ(parent.line, 2u);
  EXPECT_EQ(parent.column, 41u);
  EXPECT_EQ(parent.field, "spans[4].parent_id");
  EXPECT_EQ(parent.message, "spans[4].parent_id: parent span " + prefix + "1 is not in the spool");
  const Diagnostic& mark = log.kept[1];
  EXPECT_EQ(mark.code, DiagnosticCode::kCirronMissingMark);
  EXPECT_EQ(mark.column, 54u);
  EXPECT_EQ(mark.message, "spans[5].mark_ids[3]: mark " + prefix + "2 is not in the spool");
  EXPECT_EQ(log.kept[2].code, DiagnosticCode::kCirronMissingSpan);
  EXPECT_EQ(log.kept[2].message, "marks[0].span_id: span " + prefix + "3 is not in the spool");
  EXPECT_EQ(log.kept[3].code, DiagnosticCode::kCirronMissingSpan);
  EXPECT_EQ(log.kept[3].message, "snapshots[2].span_id: span " + prefix + "4 is not in the spool");
}

TEST(ReferencesTest, PastTheLogsBoundWarningsAreCountedOnly) {
  IdRegistry ids;
  References references;
  for (std::uint32_t i = 0; i < 50; ++i) references.Add(ids, Ref(ReferenceKind::kParent, i, 0, i));
  DiagnosticLog log;
  log.max_kept = 3;
  EXPECT_EQ(references.Resolve(ids, kPaths, log), 50u);
  ASSERT_EQ(log.kept.size(), 3u);
  EXPECT_EQ(log.kept[2].field, "spans[2].parent_id");
  EXPECT_EQ(log.total, 50u);
  EXPECT_EQ(log.errors, 0u);
}

TEST(ReferencesTest, ResolvingTwiceWarnsOnce) {
  IdRegistry ids;
  References references;
  references.Add(ids, Ref(ReferenceKind::kParent, 1, 0, 0));
  DiagnosticLog log;
  EXPECT_EQ(references.Resolve(ids, kPaths, log), 1u);
  EXPECT_EQ(references.Resolve(ids, kPaths, log), 0u);
  EXPECT_EQ(log.total, 1u);
}

// ---- ScopeShape: what AnalyzeCirronScopes' tests do not cover --------------------------------

std::string IdHex(std::uint64_t n) { return IdText(Id128{0, n}); }

struct ShapeSpan {
  std::uint64_t id;
  std::string name;
  std::optional<std::uint64_t> parent;
  bool has_index = true;
};

DiagnosticLog Findings(const std::vector<ShapeSpan>& spans, std::size_t max_kept = 1000) {
  ScopeShape shape;
  std::uint32_t i = 0;
  for (const ShapeSpan& span : spans) {
    const std::string id = IdHex(span.id);
    const std::string parent = span.parent ? IdHex(*span.parent) : std::string();
    std::optional<std::string_view> parent_id;
    if (span.parent) parent_id = parent;
    shape.Add(id, span.name, parent_id, span.has_index, RecordPlace{i % 2, i},
              TextPosition{i + 1, 2 * i + 3});
    ++i;
  }
  DiagnosticLog log;
  log.max_kept = max_kept;
  const std::vector<std::string> files = {"b0.json", "b1.json"};
  shape.Finish(files, log);
  return log;
}

TEST(ScopeShapeTest, AFindingCarriesItsFileLineColumnAndPath) {
  const DiagnosticLog log =
      Findings({{1, "cirron.session", std::nullopt}, {2, "epoch", 1}, {3, "forward", 2}});
  ASSERT_EQ(log.kept.size(), 1u);
  const Diagnostic& d = log.kept[0];
  EXPECT_EQ(d.code, DiagnosticCode::kCirronPhaseNotUnderStep);
  EXPECT_EQ(d.severity, Severity::kWarning);
  EXPECT_EQ(d.file, "b0.json");  // the third span's batch
  EXPECT_EQ(d.line, 3u);
  EXPECT_EQ(d.column, 7u);
  EXPECT_EQ(d.field, "spans[2]");
  EXPECT_EQ(d.message, "spans[2]: `forward` span " + IdHex(3) + " is under `epoch` span " +
                           IdHex(2) + ", not a step");
}

TEST(ScopeShapeTest, AFindingWithoutALineHasNoColumn) {
  ScopeShape shape;
  shape.Add(IdHex(1), "epoch", std::nullopt, false, RecordPlace{0, 0}, TextPosition{});
  DiagnosticLog log;
  const std::vector<std::string> files = {"b.json"};
  shape.Finish(files, log);
  ASSERT_EQ(log.kept.size(), 2u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronNoSession);
  EXPECT_EQ(log.kept[0].file, "");
  EXPECT_EQ(log.kept[0].line, 0u);
  EXPECT_EQ(log.kept[1].code, DiagnosticCode::kCirronMissingIndex);
  EXPECT_EQ(log.kept[1].line, 0u);
  EXPECT_EQ(log.kept[1].column, std::nullopt);
}

TEST(ScopeShapeTest, PhasesAndStepsDirectlyUnderTheSessionAreNoFinding) {
  // Warm-up before the loop: a phase under the session; a step straight under it too.
  const DiagnosticLog log = Findings({{1, "cirron.session", std::nullopt},
                                      {2, "forward", 1},
                                      {3, "step", 1},
                                      {4, "backward", 3},
                                      {5, "my_region", 4},
                                      {6, "request", 1},
                                      {7, "data_load", 6}});
  // Only the data_load under a request departs from the shape.
  ASSERT_EQ(log.kept.size(), 1u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronPhaseNotUnderStep);
  EXPECT_EQ(log.kept[0].field, "spans[6]");
}

TEST(ScopeShapeTest, EachMissingIndexIsAFindingOfEpochsAndStepsOnly) {
  const DiagnosticLog log = Findings({{1, "cirron.session", std::nullopt, false},
                                      {2, "epoch", 1, false},
                                      {3, "step", 2, false},
                                      {4, "forward", 3, false}});
  ASSERT_EQ(log.kept.size(), 2u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronMissingIndex);
  EXPECT_EQ(log.kept[0].field, "spans[1]");
  EXPECT_EQ(log.kept[0].message, "spans[1]: `epoch` span " + IdHex(2) + " has no index");
  EXPECT_EQ(log.kept[1].field, "spans[2]");
}

TEST(ScopeShapeTest, PastTheLogsBoundFindingsAreCountedWithTheirSeverity) {
  std::vector<ShapeSpan> spans = {{1, "cirron.session", std::nullopt}, {2, "epoch", 1}};
  for (std::uint64_t i = 0; i < 10; ++i) spans.push_back({100 + i, "epoch", 2});  // nested: errors
  const DiagnosticLog log = Findings(spans, 4);
  ASSERT_EQ(log.kept.size(), 4u);
  EXPECT_EQ(log.total, 10u);
  EXPECT_EQ(log.errors, 10u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronNestedEpoch);
  EXPECT_EQ(log.kept[0].severity, Severity::kError);
}

TEST(ScopeShapeTest, NoSpansNoFindings) {
  const DiagnosticLog log = Findings({});
  EXPECT_EQ(log.total, 0u);
}

TEST(ScopeShapeTest, ANameIsQuotedOnOneLine) {
  const DiagnosticLog log =
      Findings({{1, "cirron.session", std::nullopt}, {2, "odd\nname", 1}, {3, "step", 2}});
  ASSERT_EQ(log.kept.size(), 1u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronStepNotUnderEpoch);
  EXPECT_EQ(log.kept[0].message, "spans[2]: `step` span " + IdHex(3) +
                                     " is under `odd\\nname` span " + IdHex(2) + ", not an epoch");
}

}  // namespace
}  // namespace tracedoc::cirron
