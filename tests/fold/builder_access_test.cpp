// The conversion hooks of the DocumentBuilder (src/fold/builder_access.hpp), which a spool's or an
// export's conversion calls once the whole input has told it what a record alone cannot: time 0
// (ShiftTimes), the run (ReplaceRun, AdoptBlocks), the span's kept records (SpanStartUnknown and
// its replacement) and the order in time (Reorder).
#include "fold/builder_access.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fold/block_records.hpp"
#include "format/record_traits.hpp"
#include "support/matchers.hpp"
#include "tracedoc/document_builder.hpp"

namespace tracedoc {
namespace {

using detail::BuilderAccess;
using testing_support::FailsWithCode;
using testing_support::Succeeds;

constexpr std::uint64_t kShape[] = {2};

MetaRecord Meta(std::string_view run_id = "run-1") {
  MetaRecord meta;
  meta.schema = kSchema;
  meta.run.run_id = run_id;
  meta.run.correlation_id = "c";
  meta.run.entrypoint = "e";
  meta.run.timestamp = "2026-01-01T00:00:00Z";
  meta.run.device = "cpu";
  return meta;
}

SpanStartRecord Start(std::string_view id, std::uint64_t start_ns, std::string_view name = "n") {
  SpanStartRecord start;
  start.id = id;
  start.name = name;
  start.start_ns = start_ns;
  return start;
}

SpanEndRecord End(std::string_view id, std::uint64_t duration_ns) {
  SpanEndRecord end;
  end.id = id;
  end.duration_ns = duration_ns;
  return end;
}

OpRecord Op(std::uint64_t timestamp_ns, std::uint64_t duration_ns) {
  OpRecord op;
  op.span_id = "a";
  op.op_name = "matmul";
  op.dtype = "f32";
  op.device = "cpu";
  op.shape = ArrayView<std::uint64_t>(kShape, 1);
  op.timestamp_ns = timestamp_ns;
  op.duration_ns = duration_ns;
  return op;
}

MemoryRecord Memory(std::uint64_t timestamp_ns) {
  MemoryRecord memory;
  memory.timestamp_ns = timestamp_ns;
  memory.storage_id = "s";
  memory.tensor_id = "t";
  memory.span_id = "a";
  memory.device = "cpu";
  memory.bytes = 8;
  memory.dtype = "f32";
  return memory;
}

DeviceMemoryRecord DeviceMemory(std::uint64_t timestamp_ns, std::string_view device = "cuda:0") {
  DeviceMemoryRecord sample;
  sample.timestamp_ns = timestamp_ns;
  sample.device = device;
  sample.used_bytes = timestamp_ns;
  return sample;
}

DeviceIntervalRecord Interval(std::uint64_t start_ns, std::string_view stream = "7") {
  DeviceIntervalRecord interval;
  interval.span_id = "a";
  interval.device = "cuda:0";
  interval.stream_id = stream;
  interval.clock_id = "gpu";
  interval.backend = "cuda";
  interval.start_ns = start_ns;
  interval.duration_ns = 10;
  return interval;
}

TensorStatsRecord Stats(std::string_view label) {
  TensorStatsRecord stats;
  stats.span_id = "a";
  stats.label = label;
  stats.shape = ArrayView<std::uint64_t>(kShape, 1);
  stats.dtype = "f32";
  stats.elements = 2;
  stats.rms = 1;
  stats.abs_max = 1;
  return stats;
}

TerminalRecord Terminal(std::uint64_t timestamp_ns) {
  TerminalRecord terminal;
  terminal.timestamp_ns = timestamp_ns;
  return terminal;
}

// Adds events in order, each at the next index; the first failure fails the test.
class Builder {
 public:
  explicit Builder(bool retain_records = true) : builder_(BuildOptions{retain_records}) {}
  Builder& Add(const Event& event) {
    const Result<void> added = builder_.Add(event, RecordPosition{next_ + 1, next_});
    ++next_;
    EXPECT_THAT(added, Succeeds()) << EventKindName(event);
    return *this;
  }
  DocumentBuilder& get() { return builder_; }
  Result<TraceDocument> Finish() { return std::move(builder_).Finish(); }

 private:
  DocumentBuilder builder_;
  std::uint64_t next_ = 0;
};

std::optional<SpanRecord> SpanOf(const TraceDocument& document, std::string_view id) {
  for (const SpanRecord& span : document.spans()) {
    if (span.id == id) return span;
  }
  return std::nullopt;
}

// ---- ShiftTimes -------------------------------------------------------------------------------

// Spans at 1000 (ends 2500) and 500 (earlier than time 0), an op, memory, a device memory sample
// and two device intervals, one before time 0.
Builder& AddTimedRecords(Builder& b) {
  return b.Add(Meta())
      .Add(Start("a", 1000))
      .Add(Start("b", 500))
      .Add(Op(1200, 100))
      .Add(Memory(900))
      .Add(DeviceMemory(1500))
      .Add(Interval(700))
      .Add(Interval(2000))
      .Add(Stats("x"))
      .Add(End("b", 100))
      .Add(End("a", 1500));
}

TEST(BuilderAccessTest, ShiftTimesRebasesEveryTimeOnTheOriginClampingEarlierOnes) {
  Builder b;
  AddTimedRecords(b);
  BuilderAccess::ShiftTimes(b.get(), 800);
  b.Add(Terminal(1700));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  const TraceDocument& d = document.value();
  ASSERT_TRUE(SpanOf(d, "a").has_value());
  ASSERT_TRUE(SpanOf(d, "b").has_value());
  EXPECT_EQ(SpanOf(d, "a")->start_ns, 200u);
  EXPECT_EQ(SpanOf(d, "a")->duration_ns, 1500u);  // durations stay
  EXPECT_EQ(SpanOf(d, "b")->start_ns, 0u);        // 500 is before time 0
  ASSERT_EQ(d.ops().size(), 1u);
  EXPECT_EQ(d.ops()[0].timestamp_ns, 400u);
  EXPECT_EQ(d.ops()[0].duration_ns, 100u);
  ASSERT_EQ(d.memory().size(), 1u);
  EXPECT_EQ(d.memory()[0].timestamp_ns, 100u);
  ASSERT_EQ(d.device_memory().size(), 1u);
  EXPECT_EQ(d.device_memory()[0].timestamp_ns, 700u);
  ASSERT_EQ(d.device_intervals().size(), 2u);
  EXPECT_EQ(d.device_intervals()[0].start_ns, 0u);
  EXPECT_EQ(d.device_intervals()[1].start_ns, 1200u);
  EXPECT_EQ(d.device_intervals()[1].duration_ns, 10u);
  EXPECT_EQ(d.terminal().timestamp_ns, 1700u);
}

TEST(BuilderAccessTest, ShiftTimesRebasesTheLatestEvidence) {
  // The latest evidence was 2500 (span a's end); 1700 after the shift: a terminal one earlier
  // fails with the rebased figure.
  Builder b;
  AddTimedRecords(b);
  BuilderAccess::ShiftTimes(b.get(), 800);
  b.Add(Terminal(1699));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, FailsWithMessage(ErrorCode::kTerminalBeforeEvidence,
                                         "terminal timestamp 1699 precedes host evidence ending "
                                         "at 1700"));
}

TEST(BuilderAccessTest, ShiftTimesWithoutKeptRecordsStillRebasesTheEvidence) {
  Builder b(/*retain_records=*/false);
  AddTimedRecords(b);
  BuilderAccess::ShiftTimes(b.get(), 800);
  b.Add(Terminal(1700));
  EXPECT_THAT(std::move(b.get()).Verify(), Succeeds());
  Builder late(/*retain_records=*/false);
  AddTimedRecords(late);
  BuilderAccess::ShiftTimes(late.get(), 800);
  late.Add(Terminal(1699));
  EXPECT_THAT(std::move(late.get()).Verify(), FailsWithCode(ErrorCode::kTerminalBeforeEvidence));
}

TEST(BuilderAccessTest, ShiftTimesPastTheLatestEvidenceLeavesZero) {
  Builder b;
  b.Add(Meta()).Add(Start("a", 10)).Add(End("a", 5));
  BuilderAccess::ShiftTimes(b.get(), 1000);
  b.Add(Terminal(0));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().spans()[0].start_ns, 0u);
}

// ---- ReplaceRun, HasSpan, the span's unknown members -----------------------------------------

TEST(BuilderAccessTest, ReplaceRunReplacesTheMetaRunWithACopy) {
  Builder b;
  b.Add(Meta("first")).Add(Start("a", 0)).Add(End("a", 1));
  std::string run_id = "replaced";
  std::string tag_value = "v";
  const Tag tags[] = {{"k", tag_value}};
  TraceRunMeta run = Meta().run;
  run.run_id = run_id;
  run.tags = ArrayView<Tag>(tags, 1);
  run.capture_step = 7;
  BuilderAccess::ReplaceRun(b.get(), run);
  // The caller's strings may go: the document holds copies.
  run_id.assign("XXXXXXXX");
  tag_value.assign("X");
  b.Add(Terminal(1));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().run().run_id, "replaced");
  EXPECT_EQ(document.value().run().capture_step, 7u);
  ASSERT_EQ(document.value().run().tags.size(), 1u);
  EXPECT_EQ(document.value().run().tags[0].value, "v");
  EXPECT_EQ(document.value().schema(), kSchema);
}

TEST(BuilderAccessTest, HasSpanKnowsTheSpansAddedKeptOrNot) {
  for (const bool retain : {true, false}) {
    SCOPED_TRACE(retain);
    Builder b(retain);
    b.Add(Meta()).Add(Start("a", 0)).Add(Start("b", 1));
    EXPECT_TRUE(BuilderAccess::HasSpan(b.get(), "a"));
    EXPECT_TRUE(BuilderAccess::HasSpan(b.get(), "b"));
    EXPECT_FALSE(BuilderAccess::HasSpan(b.get(), "c"));
    EXPECT_FALSE(BuilderAccess::HasSpan(b.get(), ""));
  }
}

UnknownFields Encoded(std::string& storage,
                      const std::vector<std::pair<std::string, std::string>>& members) {
  storage.clear();
  for (const auto& [key, json] : members) AppendUnknownField(storage, key, json);
  return UnknownFields(storage, members.size());
}

std::vector<std::pair<std::string, std::string>> Members(const UnknownFields& unknown) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const UnknownField field : unknown) out.emplace_back(field.key, field.json);
  return out;
}

TEST(BuilderAccessTest, ASpanStartsUnknownMembersAreReadAndReplacedByACopy) {
  std::string original;
  SpanStartRecord start = Start("a", 0);
  start.unknown = Encoded(original, {{"x", "1"}});
  Builder b;
  b.Add(Meta()).Add(start).Add(Start("b", 0));
  EXPECT_EQ(Members(BuilderAccess::SpanStartUnknown(b.get(), "a")),
            (std::vector<std::pair<std::string, std::string>>{{"x", "1"}}));
  EXPECT_TRUE(BuilderAccess::SpanStartUnknown(b.get(), "b").empty());
  EXPECT_TRUE(BuilderAccess::SpanStartUnknown(b.get(), "absent").empty());

  std::string replacement;
  EXPECT_THAT(BuilderAccess::ReplaceSpanStartUnknown(
                  b.get(), "a", Encoded(replacement, {{"m", "[1]"}, {"x", "1"}})),
              Succeeds());
  replacement.assign(replacement.size(), 'Z');  // the document holds a copy
  // An id not added changes nothing.
  std::string ignored;
  EXPECT_THAT(
      BuilderAccess::ReplaceSpanStartUnknown(b.get(), "absent", Encoded(ignored, {{"q", "0"}})),
      Succeeds());
  b.Add(End("a", 1)).Add(End("b", 1)).Add(Terminal(1));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  ASSERT_TRUE(SpanOf(document.value(), "a").has_value());
  EXPECT_EQ(Members(SpanOf(document.value(), "a")->start_unknown),
            (std::vector<std::pair<std::string, std::string>>{{"m", "[1]"}, {"x", "1"}}));
  EXPECT_TRUE(SpanOf(document.value(), "b")->start_unknown.empty());
}

TEST(BuilderAccessTest, WithoutKeptRecordsThereAreNoUnknownMembersToReplace) {
  std::string original;
  SpanStartRecord start = Start("a", 0);
  start.unknown = Encoded(original, {{"x", "1"}});
  Builder b(/*retain_records=*/false);
  b.Add(Meta()).Add(start);
  EXPECT_TRUE(BuilderAccess::SpanStartUnknown(b.get(), "a").empty());
  std::string replacement;
  EXPECT_THAT(
      BuilderAccess::ReplaceSpanStartUnknown(b.get(), "a", Encoded(replacement, {{"m", "1"}})),
      Succeeds());
  EXPECT_TRUE(BuilderAccess::SpanStartUnknown(b.get(), "a").empty());
}

// ---- Reorder ----------------------------------------------------------------------------------

// A permutation with a 3-cycle, a 2-cycle and a fixed point: order[i] is the record that goes i-th.
constexpr std::uint32_t kOrder[] = {2, 0, 1, 4, 3, 5};

TEST(BuilderAccessTest, ReorderPutsDeviceIntervalsStatsAndDeviceMemoryInTheGivenOrder) {
  Builder b;
  b.Add(Meta()).Add(Start("a", 0));
  for (std::uint64_t i = 0; i < 6; ++i) {
    b.Add(Interval(100 + i)).Add(DeviceMemory(200 + i));
  }
  const std::string labels[] = {"l0", "l1", "l2", "l3", "l4", "l5"};
  for (const std::string& label : labels) b.Add(Stats(label));
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<DeviceIntervalRecord>, kOrder);
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<TensorStatsRecord>, kOrder);
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<DeviceMemoryRecord>, kOrder);
  b.Add(End("a", 1000)).Add(Terminal(1000));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  const TraceDocument& d = document.value();
  std::vector<std::uint64_t> intervals;
  std::vector<std::uint64_t> samples;
  std::vector<std::string> stats;
  for (const DeviceIntervalRecord& r : d.device_intervals()) intervals.push_back(r.start_ns);
  for (const DeviceMemoryRecord& r : d.device_memory()) samples.push_back(r.timestamp_ns);
  for (const TensorStatsRecord& r : d.tensor_stats()) stats.emplace_back(r.label);
  EXPECT_EQ(intervals, (std::vector<std::uint64_t>{102, 100, 101, 104, 103, 105}));
  EXPECT_EQ(samples, (std::vector<std::uint64_t>{202, 200, 201, 204, 203, 205}));
  EXPECT_EQ(stats, (std::vector<std::string>{"l2", "l0", "l1", "l4", "l3", "l5"}));
  // Each record moved whole, not only the field compared.
  EXPECT_EQ(d.device_memory()[0].used_bytes, 202u);
}

TEST(BuilderAccessTest, ReorderOfALongCycleAndOfTheIdentity) {
  constexpr std::uint32_t kCount = 1000;
  std::vector<std::uint32_t> rotate(kCount);
  for (std::uint32_t i = 0; i < kCount; ++i) rotate[i] = (i + 1) % kCount;
  std::vector<std::uint32_t> identity(kCount);
  std::iota(identity.begin(), identity.end(), 0u);
  Builder b;
  b.Add(Meta()).Add(Start("a", 0));
  for (std::uint64_t i = 0; i < kCount; ++i) b.Add(Interval(i)).Add(DeviceMemory(i));
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<DeviceIntervalRecord>, rotate);
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<DeviceMemoryRecord>, identity);
  b.Add(End("a", 2000)).Add(Terminal(2000));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  for (std::uint32_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(document.value().device_intervals()[i].start_ns, (i + 1) % kCount) << i;
    ASSERT_EQ(document.value().device_memory()[i].timestamp_ns, i) << i;
  }
}

TEST(BuilderAccessTest, ReorderLeavesOtherKindsAndMismatchedOrdersAlone) {
  Builder b;
  b.Add(Meta()).Add(Start("a", 0));
  for (std::uint64_t i = 0; i < 3; ++i) b.Add(Interval(i)).Add(Op(10 + i, 1));
  constexpr std::uint32_t kShort[] = {1, 0};
  constexpr std::uint32_t kReverse[] = {2, 1, 0};
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<DeviceIntervalRecord>, kShort);
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<OpRecord>, kReverse);
  b.Add(End("a", 100)).Add(Terminal(100));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  for (std::uint64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(document.value().device_intervals()[i].start_ns, i);
    EXPECT_EQ(document.value().ops()[i].timestamp_ns, 10 + i);
  }
}

TEST(BuilderAccessTest, ReorderWithoutKeptRecordsDoesNothing) {
  Builder b(/*retain_records=*/false);
  b.Add(Meta()).Add(Start("a", 0));
  for (std::uint64_t i = 0; i < 6; ++i) b.Add(Interval(i));
  BuilderAccess::Reorder(b.get(), format::kVariantIndex<DeviceIntervalRecord>, kOrder);
  b.Add(End("a", 100)).Add(Terminal(100));
  EXPECT_THAT(std::move(b.get()).Verify(), Succeeds());
}

// ---- AdoptBlocks ------------------------------------------------------------------------------

TEST(BuilderAccessTest, ALargeUnknownValueInAnAdoptedBlockIsKeptWithoutACopy) {
  std::string block;
  AppendUnknownField(block, "big", "\"" + std::string(200000, 'u') + "\"");
  const UnknownFields unknown(block, 1);
  const char* const data = block.data();
  Builder b;
  b.Add(Meta()).Add(Start("a", 0)).Add(End("a", 1));
  std::vector<std::string> blocks;
  blocks.push_back(std::move(block));
  BuilderAccess::AdoptBlocks(b.get(), std::move(blocks));
  TraceRunMeta run = Meta().run;
  run.unknown = unknown;
  BuilderAccess::ReplaceRun(b.get(), run);
  b.Add(Terminal(1));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().run().unknown.encoded().data(), data);
  EXPECT_EQ(document.value().run().unknown.size(), 1u);
}

// A run whose one tag's value is `size` bytes of an adopted block; whether the document kept
// the block's bytes (not a copy).
void ExpectTagValueKept(std::size_t size) {
  std::string block(size, 'v');
  const char* const data = block.data();
  const Tag tags[] = {{"big", std::string_view(block)}};
  Builder b;
  b.Add(Meta()).Add(Start("a", 0)).Add(End("a", 1));
  std::vector<std::string> blocks;
  blocks.push_back(std::move(block));
  BuilderAccess::AdoptBlocks(b.get(), std::move(blocks));
  TraceRunMeta run = Meta().run;
  run.tags = ArrayView<Tag>(tags, 1);
  BuilderAccess::ReplaceRun(b.get(), run);
  b.Add(Terminal(1));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  ASSERT_EQ(document.value().run().tags.size(), 1u);
  EXPECT_EQ(document.value().run().tags[0].value.size(), size);
  EXPECT_EQ(document.value().run().tags[0].value.data(), data);
}

TEST(BuilderAccessTest, AHugeTagValueInAnAdoptedBlockIsKeptWithoutACopy) {
  ExpectTagValueKept(std::size_t{1} << 20);
}

TEST(BuilderAccessTest, ALargeTagValueInAnAdoptedBlockIsKeptWithoutACopy) {
  // 64 KiB to 512 KiB: a size StringPool::Intern would otherwise index and copy (a spool's
  // cirron.sdk_versions tag, adopted by the conversion for this).
  ExpectTagValueKept(100000);
}

TEST(BuilderAccessTest, AValueNotInAnAdoptedBlockIsCopied) {
  const std::string outside(200000, 'o');
  std::string block;
  AppendUnknownField(block, "big", "\"" + std::string(200000, 'u') + "\"");
  std::string other;
  AppendUnknownField(other, "o", "\"" + outside + "\"");
  Builder b;
  b.Add(Meta()).Add(Start("a", 0)).Add(End("a", 1));
  std::vector<std::string> blocks;
  blocks.push_back(std::move(block));
  BuilderAccess::AdoptBlocks(b.get(), std::move(blocks));
  TraceRunMeta run = Meta().run;
  run.unknown = UnknownFields(other, 1);
  BuilderAccess::ReplaceRun(b.get(), run);
  b.Add(Terminal(1));
  const Result<TraceDocument> document = b.Finish();
  ASSERT_THAT(document, Succeeds());
  EXPECT_NE(document.value().run().unknown.encoded().data(), other.data());
  EXPECT_TRUE(document.value().run().unknown.encoded() == other);
}

}  // namespace
}  // namespace tracedoc

namespace tracedoc {
namespace {

// ---- AddGathered --------------------------------------------------------------------------------

TEST(BuilderAccessTest, AGatheredRecordThatFoundTheStorageFullIsLimitExceededAtItsLine) {
  Builder b;
  b.Add(Meta());
  const Result<void> full = BuilderAccess::AddGathered(
      b.get(), format::kVariantIndex<MemoryRecord>, detail::GatherVerdict::kStorageFull,
      RecordPosition{7, 1});
  ASSERT_THAT(full, FailsWithCode(ErrorCode::kLimitExceeded));
  EXPECT_EQ(full.error().line, 7u);
  EXPECT_THAT(full.error().message, ::testing::HasSubstr("4 GiB"));
  // A tensor_stats verdict is the statistics rule's.
  Builder other;
  other.Add(Meta());
  EXPECT_THAT(BuilderAccess::AddGathered(other.get(), format::kVariantIndex<TensorStatsRecord>,
                                         detail::GatherVerdict::kInvalidStats,
                                         RecordPosition{8, 2}),
              FailsWithCode(ErrorCode::kInvalidTensorStats));
}

TEST(BuilderAccessTest, TheShardsShareTheDocumentsDirectory) {
  Builder b;
  const std::shared_ptr<util::ChunkDirectory>& directory = BuilderAccess::Directory(b.get());
  ASSERT_NE(directory, nullptr);
  EXPECT_EQ(BuilderAccess::Pool(b.get()).directory().get(), directory.get());
}

}  // namespace
}  // namespace tracedoc
