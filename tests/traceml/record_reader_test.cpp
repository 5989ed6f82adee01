// One record line read on its own (src/traceml/record_reader.hpp) into a recording ExportSink
// (export_sink.hpp): which call each stream makes with which view (export_records.hpp), what the
// source says of keys seen before and of hostname, the rules between records with their codes,
// and the closing line's place.
#include "traceml/record_reader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "json/json_tape.hpp"
#include "traceml/export_records.hpp"
#include "traceml/export_sink.hpp"
#include "util/arena.hpp"

namespace tracedoc::traceml {
namespace {

using ::testing::ElementsAre;

// `{"stream":"step_time",...}` of rank `rank` (global_rank `global`) at `step`, with a
// `hostname` column when `host` is given, and the events written.
std::string StepTimeLine(std::uint64_t rank, std::uint64_t global, std::uint64_t step,
                         std::optional<std::string> host, std::string_view events = "{}") {
  std::string line =
      R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":5,"rank":)" +
      std::to_string(rank) + R"(,"global_rank":)" + std::to_string(global) +
      R"(,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,)";
  if (host) line += R"("hostname":)" + *host + ",";
  return line + R"("timestamp_unix_ns":4,"seq":1,"step":)" + std::to_string(step) +
         R"(,"events":)" + std::string(events) + "}";
}

constexpr std::string_view kStepMemory =
    R"({"stream":"step_memory","schema_version":1,"observed_timestamp_unix_ns":1,"rank":0,"global_rank":0,"local_rank":0,"world_size":1,"local_world_size":1,"node_rank":0,"timestamp_unix_ns":1,"seq":1,"device":"cuda:0","step":3,"peak_alloc_bytes":1048576.0,"peak_reserved_bytes":null})";
constexpr std::string_view kOutput =
    R"({"stream":"stdout_stderr","schema_version":1,"observed_timestamp_unix_ns":4000,"rank":1,"timestamp_unix_ns":3999,"line":"epoch 1 done"})";

// Records each call: its kind, a few values of its view, and what its source says.
class RecordingSink final : public ExportSink {
 public:
  std::vector<std::string> calls;

  void OnStepTime(const StepTimeView& v, const RecordSource& at) override {
    std::string samples;
    for (const PhaseSampleView& s : v.events.samples) {
      samples += " " + std::string(s.name) + "/" + std::string(s.device) + "=" +
                 (s.duration_ms ? std::to_string(*s.duration_ms) : "null");
    }
    Add("step_time step " + std::to_string(v.step.value_or(999)) + samples, at);
  }
  void OnStepMemory(const StepMemoryView& v, const RecordSource& at) override {
    Add("step_memory " + std::string(v.device.value_or("null")) + " alloc " +
            std::to_string(v.peak_alloc_bytes.value_or(-1)) + " reserved " +
            (v.peak_reserved_bytes ? "set" : "null"),
        at);
  }
  void OnOutputLine(const OutputLineView& v, const RecordSource& at) override {
    Add("output rank " + std::to_string(v.head.rank.value_or(999)) + " " + std::string(v.line), at);
  }
  void OnClosingLine(const ClosingLineView& v, const RecordSource& at) override {
    Add("closing " + std::to_string(v.written_records) + " dropped " +
            std::to_string(v.dropped_batches),
        at);
  }

 private:
  void Add(std::string call, const RecordSource& at) {
    calls.push_back(call + " @" + std::to_string(at.line) + "#" + std::to_string(at.index) +
                    (at.first_of_key ? " repeats " + std::to_string(*at.first_of_key) : "") +
                    (at.has_hostname ? " host" : ""));
  }
};

// Reads lines one after another as the export reader does: a fresh line on the same tape.
class Lines {
 public:
  Lines() { ctx_.warnings = &warnings_; }

  bool Read(std::string_view text) {
    Parse(text);
    const std::uint32_t stream = RecordReader::FindMember(ctx_, "stream");
    EXPECT_NE(stream, 0u) << text;
    return reader_.ReadRecord(ctx_, stream, Source());
  }
  bool ReadClosing(std::string_view text, ClosingPlace& place) {
    Parse(text);
    EXPECT_TRUE(RecordReader::IsClosingLine(ctx_));
    return reader_.ReadClosingLine(ctx_, Source(), place);
  }
  // Parses a line without reading it, for FindMember and IsClosingLine.
  format::DecodeContext& Parse(std::string_view text) {
    ++line_;
    json::ParseOptions options;
    options.track_offsets = true;
    EXPECT_EQ(tape_.Parse(text, options).status, json::SyntaxStatus::kOk) << text;
    arena_.Reset();
    ctx_.ClearUnescaped();
    ctx_.unknown_members.clear();
    ctx_.hoisted.clear();
    ctx_.path = nullptr;
    warnings_.StartLine(line_, 0);
    return ctx_;
  }

  const Error& error() const { return ctx_.error; }
  RecordingSink sink;
  ExportTotals totals;
  DiagnosticLog log;

 private:
  RecordSource Source() const {
    RecordSource at;
    at.line = line_;
    at.index = line_ - 1;
    return at;
  }
  std::uint64_t line_ = 0;
  json::Tape tape_;
  util::Arena arena_{4096};
  format::DecodeContext ctx_{tape_, arena_};
  ExportWarnings warnings_{log};
  RecordReader reader_{sink, warnings_, totals};
};

std::size_t Stream(TraceMLStream stream) { return static_cast<std::size_t>(stream); }

TEST(RecordReaderTest, FindMemberGivesTheFirstMembersValueNode) {
  Lines lines;
  // Node 0 the object, then (key, value) pairs: a's value is 2, the nested object spans 4-6.
  format::DecodeContext& ctx = lines.Parse(R"({"a":1,"b":{"c":2},"stream":"x","a":3})");
  EXPECT_EQ(RecordReader::FindMember(ctx, "a"), 2u);
  EXPECT_EQ(RecordReader::FindMember(ctx, "b"), 4u);
  EXPECT_EQ(RecordReader::FindMember(ctx, "stream"), 8u);  // past b's nested members
  EXPECT_EQ(RecordReader::FindMember(ctx, "c"), 0u);       // nested members are not the line's
  EXPECT_EQ(RecordReader::FindMember(ctx, "missing"), 0u);
  EXPECT_EQ(RecordReader::FindMember(lines.Parse("{}"), "a"), 0u);
}

TEST(RecordReaderTest, TheClosingLineHasBothCountMembers) {
  Lines lines;
  EXPECT_TRUE(
      RecordReader::IsClosingLine(lines.Parse(R"({"written_records":3,"dropped_batches":0})")));
  EXPECT_TRUE(RecordReader::IsClosingLine(
      lines.Parse(R"({"dropped_batches":0,"x":1,"written_records":3})")));
  EXPECT_FALSE(RecordReader::IsClosingLine(lines.Parse(R"({"written_records":3})")));
  EXPECT_FALSE(RecordReader::IsClosingLine(lines.Parse(R"({"dropped_batches":0})")));
}

TEST(RecordReaderTest, EachStreamGoesToItsOwnCallWithItsValues) {
  Lines lines;
  ASSERT_TRUE(lines.Read(StepTimeLine(
      0, 0, 1, std::nullopt,
      R"({"forward":{"cuda:0":{"is_gpu":true,"duration_ms":12.5,"cpu_ms":1,"gpu_ms":12.5,"n_calls":1},"cuda:1":{"is_gpu":true,"duration_ms":null,"cpu_ms":null,"gpu_ms":null,"n_calls":null}},"backward":{"cpu":{"is_gpu":false,"duration_ms":0.25,"cpu_ms":0.25,"gpu_ms":null,"n_calls":2}}})")))
      << lines.error().message;
  ASSERT_TRUE(lines.Read(kStepMemory)) << lines.error().message;
  ASSERT_TRUE(lines.Read(kOutput)) << lines.error().message;
  EXPECT_THAT(lines.sink.calls,
              ElementsAre("step_time step 1 forward/cuda:0=12.500000 forward/cuda:1=null "
                          "backward/cpu=0.250000 @1#0",
                          "step_memory cuda:0 alloc 1048576.000000 reserved null @2#1",
                          "output rank 1 epoch 1 done @3#2"));
  EXPECT_EQ(lines.totals.records[Stream(TraceMLStream::kStepTime)], 1u);
  EXPECT_EQ(lines.totals.records[Stream(TraceMLStream::kStepMemory)], 1u);
  EXPECT_EQ(lines.totals.records[Stream(TraceMLStream::kStdoutStderr)], 1u);
  EXPECT_EQ(lines.totals.record_count(), 3u);
}

TEST(RecordReaderTest, ARepeatedKeyIsKeptWithTheFirstLineAndAWarning) {
  Lines lines;
  ASSERT_TRUE(lines.Read(StepTimeLine(0, 0, 1, std::nullopt)));
  ASSERT_TRUE(lines.Read(StepTimeLine(1, 1, 1, std::nullopt)));
  ASSERT_TRUE(lines.Read(StepTimeLine(0, 0, 1, std::nullopt)));
  ASSERT_TRUE(lines.Read(kOutput));
  ASSERT_TRUE(lines.Read(kOutput));  // output lines have no key: never repeats
  EXPECT_THAT(lines.sink.calls,
              ElementsAre("step_time step 1 @1#0", "step_time step 1 @2#1",
                          "step_time step 1 @3#2 repeats 1", "output rank 1 epoch 1 done @4#3",
                          "output rank 1 epoch 1 done @5#4"));
  EXPECT_EQ(lines.totals.duplicates[Stream(TraceMLStream::kStepTime)], 1u);
  EXPECT_EQ(lines.totals.records[Stream(TraceMLStream::kStepTime)], 3u);
  ASSERT_EQ(lines.log.kept.size(), 1u);
  EXPECT_EQ(lines.log.kept[0].code, DiagnosticCode::kTraceMLDuplicateKey);
  EXPECT_EQ(lines.log.kept[0].line, 3u);
  EXPECT_EQ(lines.log.kept[0].column, std::optional<std::uint64_t>(1));
  EXPECT_EQ(lines.log.kept[0].message,
            "step_time record repeats the key (global_rank 0, step 1) of line 1; kept");
}

TEST(RecordReaderTest, TheFirstRecordWithAHostnameColumnDecidesForTheExport) {
  Lines lines;
  ASSERT_TRUE(lines.Read(StepTimeLine(0, 0, 1, "\"node-a\"")));
  ASSERT_TRUE(lines.Read(StepTimeLine(0, 0, 2, "null")));  // null is present
  ASSERT_TRUE(lines.Read(kOutput));  // no hostname column: says what the export does
  EXPECT_THAT(lines.sink.calls,
              ElementsAre("step_time step 1 @1#0 host", "step_time step 2 @2#1 host",
                          "output rank 1 epoch 1 done @3#2 host"));
  EXPECT_TRUE(lines.totals.has_hostname);
  EXPECT_FALSE(lines.Read(StepTimeLine(0, 0, 3, std::nullopt)));
  EXPECT_EQ(lines.error().code, ErrorCode::kTraceMLHostnameInconsistent);
  EXPECT_EQ(lines.error().message, "`hostname` absent, but present on the record of line 1");
  EXPECT_EQ(lines.sink.calls.size(), 3u);
}

TEST(RecordReaderTest, AHostnameAfterRecordsWithoutOneIsInconsistent) {
  Lines lines;
  ASSERT_TRUE(lines.Read(StepTimeLine(0, 0, 1, std::nullopt)));
  EXPECT_FALSE(lines.Read(StepTimeLine(0, 0, 2, "\"node-a\"")));
  EXPECT_EQ(lines.error().code, ErrorCode::kTraceMLHostnameInconsistent);
  EXPECT_EQ(lines.error().message, "`hostname` present, but absent from the record of line 1");
  EXPECT_EQ(lines.error().field, "hostname");
}

TEST(RecordReaderTest, RankIsGlobalRanksAlias) {
  Lines lines;
  EXPECT_FALSE(lines.Read(StepTimeLine(1, 0, 1, std::nullopt)));
  EXPECT_EQ(lines.error().code, ErrorCode::kTraceMLRankMismatch);
  EXPECT_EQ(lines.error().message,
            "`rank` is 1 but `global_rank` is 0; rank is global_rank's alias");
  EXPECT_EQ(lines.error().field, "rank");
  EXPECT_TRUE(lines.sink.calls.empty());
  EXPECT_EQ(lines.totals.record_count(), 0u);
}

TEST(RecordReaderTest, TheStreamAndSchemaVersionAreCheckedFirst) {
  Lines lines;
  EXPECT_FALSE(lines.Read(R"({"stream":"Step_Time","schema_version":1})"));
  EXPECT_EQ(lines.error().code, ErrorCode::kTraceMLUnknownStream);
  EXPECT_EQ(lines.error().field, "stream");
  EXPECT_FALSE(lines.Read(R"({"stream":7,"schema_version":1})"));
  EXPECT_EQ(lines.error().code, ErrorCode::kInvalidType);
  // A later schema fails for its version, not for the columns it lacks.
  EXPECT_FALSE(lines.Read(R"({"stream":"system","schema_version":2})"));
  EXPECT_EQ(lines.error().code, ErrorCode::kTraceMLUnsupportedSchema);
  EXPECT_EQ(lines.error().message, "unsupported schema_version 2, expected 1");
  EXPECT_FALSE(lines.Read(R"({"stream":"system"})"));
  EXPECT_EQ(lines.error().code, ErrorCode::kMissingField);
  EXPECT_EQ(lines.error().field, "schema_version");
  EXPECT_TRUE(lines.sink.calls.empty());
}

TEST(RecordReaderTest, TheClosingLineGivesItsPlaceAndWarnsOfDroppedBatches) {
  Lines lines;
  ASSERT_TRUE(lines.Read(kOutput));
  ClosingPlace place;
  constexpr std::string_view kClosing = R"({"written_records":1,"dropped_batches":2})";
  ASSERT_TRUE(lines.ReadClosing(kClosing, place)) << lines.error().message;
  EXPECT_EQ(place.line, 2u);
  EXPECT_EQ(place.index, 1u);
  EXPECT_EQ(place.column, 1u);
  EXPECT_EQ(place.written_records_column, kClosing.find('1') + 1);
  EXPECT_EQ(place.written_records, 1u);
  EXPECT_TRUE(lines.totals.has_closing_line);
  EXPECT_EQ(lines.sink.calls.back(), "closing 1 dropped 2 @2#1");
  ASSERT_EQ(lines.log.kept.size(), 1u);
  EXPECT_EQ(lines.log.kept[0].code, DiagnosticCode::kTraceMLDroppedBatches);
  EXPECT_EQ(lines.log.kept[0].field, "dropped_batches");
  EXPECT_EQ(lines.log.kept[0].column, std::optional<std::uint64_t>(kClosing.find('2') + 1));
  EXPECT_EQ(lines.log.kept[0].message,
            "the exporter dropped 2 payload batches: records are missing from this export");
}

}  // namespace
}  // namespace tracedoc::traceml
