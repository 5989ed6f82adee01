// The pieces of the export reader (src/traceml/): each column rule on its own, the tables' order
// and writers, and the sink that receives each record as its line is read.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"
#include "format/decode_context.hpp"
#include "json/json_tape.hpp"
#include "traceml/export_reader.hpp"
#include "traceml/stream_tables.hpp"
#include "traceml/value_rules.hpp"
#include "util/arena.hpp"

namespace tracedoc::traceml {
namespace {

// One value read by a rule, as the field `v` of an object.
class RuleHarness {
 public:
  // Parses `{"v":VALUE}` and runs `rule` on VALUE; the error, if any, is in error().
  template <class Value, class Rule>
  bool Run(std::string_view value, Rule rule, Value& out) {
    text_ = "{\"v\":" + std::string(value) + "}";
    json::ParseOptions options;
    options.track_offsets = true;
    EXPECT_EQ(tape_.Parse(text_, options).status, json::SyntaxStatus::kOk) << text_;
    ctx_.emplace(format::DecodeContext{tape_, arena_});
    const format::PathStep step{nullptr, "v"};
    ctx_->path = &step;
    const bool ok = rule(*ctx_, 2, out);
    ctx_->path = nullptr;
    return ok;
  }
  const Error& error() const { return ctx_->error; }
  std::size_t error_offset() const { return tape_.offset(ctx_->error_node); }

 private:
  std::string text_;
  json::Tape tape_;
  util::Arena arena_;
  std::optional<format::DecodeContext> ctx_;
};

template <class Value, class Rule>
void ExpectRead(Rule rule, std::string_view value, const Value& expected) {
  RuleHarness harness;
  Value out{};
  ASSERT_TRUE(harness.Run(value, rule, out)) << value << ": " << harness.error().message;
  EXPECT_EQ(out, expected) << value;
}

template <class Value, class Rule>
void ExpectFail(Rule rule, std::string_view value, ErrorCode code) {
  RuleHarness harness;
  Value out{};
  ASSERT_FALSE(harness.Run(value, rule, out)) << value;
  EXPECT_EQ(ErrorCodeName(harness.error().code), ErrorCodeName(code)) << value;
  EXPECT_EQ(harness.error().field, "v");
  if (code == ErrorCode::kInvalidType) {
    // Worded as for every format (format::FailType); the field is the error's own.
    EXPECT_THAT(harness.error().message, ::testing::StartsWith("invalid type: ")) << value;
  } else {
    EXPECT_THAT(harness.error().message, ::testing::HasSubstr("`v`")) << value;
  }
  // At the value, just after `{"v":`.
  EXPECT_EQ(harness.error_offset(), 5u) << value;
}

using U64 = std::optional<std::uint64_t>;
using F64 = std::optional<double>;

TEST(TraceMLValueRulesTest, ACountIsAnIntegerLiteralInTheU64RangeNeverNull) {
  ExpectRead<std::uint64_t>(&ReadCount, "0", 0);
  ExpectRead<std::uint64_t>(&ReadCount, "18446744073709551615", 18446744073709551615u);
  ExpectFail<std::uint64_t>(&ReadCount, "null", ErrorCode::kInvalidType);
  ExpectFail<std::uint64_t>(&ReadCount, "1.0", ErrorCode::kInvalidType);
  ExpectFail<std::uint64_t>(&ReadCount, "1e3", ErrorCode::kInvalidType);
  ExpectFail<std::uint64_t>(&ReadCount, "\"1\"", ErrorCode::kInvalidType);
  ExpectFail<std::uint64_t>(&ReadCount, "-1", ErrorCode::kOutOfRange);
  ExpectFail<std::uint64_t>(&ReadCount, "18446744073709551616", ErrorCode::kOutOfRange);
}

TEST(TraceMLValueRulesTest, AnIntegerIsACountOrNull) {
  ExpectRead<U64>(&ReadInteger, "null", std::nullopt);
  ExpectRead<U64>(&ReadInteger, "7", 7u);
  ExpectFail<U64>(&ReadInteger, "7.5", ErrorCode::kInvalidType);
  ExpectFail<U64>(&ReadInteger, "-7", ErrorCode::kOutOfRange);
  ExpectFail<U64>(&ReadInteger, "true", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, ANumberIsAnyNumberOrNull) {
  ExpectRead<F64>(&ReadNumber, "-5.5", -5.5);
  ExpectRead<F64>(&ReadNumber, "3", 3.0);
  ExpectRead<F64>(&ReadNumber, "null", std::nullopt);
  ExpectFail<F64>(&ReadNumber, "\"5\"", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, ANonNegativeNumberIsNotBelowZero) {
  ExpectRead<F64>(&ReadNonNegative, "0.0", 0.0);
  ExpectRead<F64>(&ReadNonNegative, "150.5", 150.5);
  ExpectRead<F64>(&ReadNonNegative, "null", std::nullopt);
  ExpectFail<F64>(&ReadNonNegative, "-0.5", ErrorCode::kOutOfRange);
  ExpectFail<F64>(&ReadNonNegative, "[]", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, BytesAreWholeAndNotBelowZero) {
  ExpectRead<F64>(&ReadBytes, "1048576.0", 1048576.0);
  ExpectRead<F64>(&ReadBytes, "1e3", 1000.0);
  ExpectRead<F64>(&ReadBytes, "null", std::nullopt);
  ExpectFail<F64>(&ReadBytes, "1.5", ErrorCode::kInvalidValue);
  ExpectFail<F64>(&ReadBytes, "-1", ErrorCode::kOutOfRange);
  ExpectFail<F64>(&ReadBytes, "\"1024\"", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, AnIntegerBooleanIsZeroOrOneKeptAsTheInteger) {
  ExpectRead<U64>(&ReadIntegerBool, "0", 0u);
  ExpectRead<U64>(&ReadIntegerBool, "1", 1u);
  ExpectRead<U64>(&ReadIntegerBool, "null", std::nullopt);
  ExpectFail<U64>(&ReadIntegerBool, "2", ErrorCode::kInvalidValue);
  ExpectFail<U64>(&ReadIntegerBool, "-0", ErrorCode::kInvalidValue);
  ExpectFail<U64>(&ReadIntegerBool, "true", ErrorCode::kInvalidType);
  ExpectFail<U64>(&ReadIntegerBool, "1.0", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, ABooleanIsTrueFalseOrNull) {
  ExpectRead<std::optional<bool>>(&ReadBool, "true", true);
  ExpectRead<std::optional<bool>>(&ReadBool, "false", false);
  ExpectRead<std::optional<bool>>(&ReadBool, "null", std::nullopt);
  ExpectFail<std::optional<bool>>(&ReadBool, "1", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, TextIsAStringOrNullAndAnOutputLineANonEmptyString) {
  ExpectRead<std::optional<std::string_view>>(&ReadText, "\"a\\nb\"", "a\nb");
  ExpectRead<std::optional<std::string_view>>(&ReadText, "null", std::nullopt);
  ExpectFail<std::optional<std::string_view>>(&ReadText, "0", ErrorCode::kInvalidType);
  ExpectRead<std::string_view>(&ReadOutputLine, "\"done\"", "done");
  ExpectFail<std::string_view>(&ReadOutputLine, "\"\"", ErrorCode::kInvalidValue);
  ExpectFail<std::string_view>(&ReadOutputLine, "null", ErrorCode::kInvalidType);
}

TEST(TraceMLValueRulesTest, TheEventsMapHoldsMapsOfSamplesFlattenedInOrder) {
  const auto read = [](format::DecodeContext& ctx, std::uint32_t node, PhaseEvents& out) {
    return ReadValue(ctx, node, out);
  };
  RuleHarness harness;
  PhaseEvents events;
  ASSERT_TRUE(harness.Run(
      R"({"f":{"cuda:0":{"is_gpu":true,"duration_ms":1.5,"cpu_ms":null,"gpu_ms":1.5,"n_calls":2},)"
      R"("cpu":{"is_gpu":false,"duration_ms":null,"cpu_ms":0,"gpu_ms":null,"n_calls":null}},)"
      R"("b":{}})",
      read, events))
      << harness.error().message;
  ASSERT_EQ(events.samples.size(), 2u);
  EXPECT_EQ(events.samples[0].name, "f");
  EXPECT_EQ(events.samples[0].device, "cuda:0");
  EXPECT_EQ(events.samples[0].duration_ms, 1.5);
  EXPECT_EQ(events.samples[0].n_calls, 2u);
  EXPECT_EQ(events.samples[1].device, "cpu");
  EXPECT_EQ(events.samples[1].is_gpu, false);
  EXPECT_EQ(events.samples[1].cpu_ms, 0.0);
  EXPECT_FALSE(events.samples[1].duration_ms.has_value());
  ExpectFail<PhaseEvents>(read, "null", ErrorCode::kInvalidType);
  ExpectFail<PhaseEvents>(read, "[]", ErrorCode::kInvalidType);
  // Deeper faults name their path.
  RuleHarness deeper;
  ASSERT_FALSE(deeper.Run(R"({"f":{},"f":{}})", read, events));
  EXPECT_EQ(deeper.error().code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(deeper.error().field, "v.f");
  ASSERT_FALSE(deeper.Run(R"({"f":{"d":1}})", read, events));
  EXPECT_EQ(deeper.error().code, ErrorCode::kInvalidType);
  EXPECT_EQ(deeper.error().field, "v.f.d");
  ASSERT_FALSE(deeper.Run(R"({"f":{"d":{"is_gpu":true}}})", read, events));
  EXPECT_EQ(deeper.error().code, ErrorCode::kMissingField);
  EXPECT_EQ(deeper.error().field, "v.f.d.duration_ms") << deeper.error().message;
}

std::vector<std::string_view> Names(const auto& fields) {
  std::vector<std::string_view> names;
  for (const auto& field : fields) names.push_back(field.name);
  return names;
}

// The column order is written once, in the tables; the shared runs are the same in each.
TEST(TraceMLTablesTest, EachStreamsColumnsInTheExportersOrder) {
  EXPECT_THAT(Names(StepTimeFields()),
              ::testing::ElementsAre("stream", "schema_version", "observed_timestamp_unix_ns",
                                     "rank", "global_rank", "local_rank", "world_size",
                                     "local_world_size", "node_rank", "hostname",
                                     "timestamp_unix_ns", "seq", "step", "events"));
  EXPECT_EQ(Names(SystemFields())[3], "global_rank");  // no `rank`
  EXPECT_EQ(Names(SystemGpuFields()).size(), 18u);
  EXPECT_EQ(Names(ProcessFields()).size(), 22u);
  EXPECT_THAT(Names(RuntimeEnvironmentFields()),
              ::testing::Contains("pid"));
  EXPECT_EQ(Names(RuntimeEnvironmentFields())[10], "pid");
  EXPECT_THAT(Names(OutputLineFields()),
              ::testing::ElementsAre("stream", "schema_version", "observed_timestamp_unix_ns",
                                     "rank", "timestamp_unix_ns", "line"));
  EXPECT_THAT(Names(PhaseSampleFields()),
              ::testing::ElementsAre("is_gpu", "duration_ms", "cpu_ms", "gpu_ms", "n_calls"));
  EXPECT_THAT(Names(ClosingLineFields()),
              ::testing::ElementsAre("written_records", "dropped_batches"));
}

// Keeps what the sink received: each record written back by its table, and the order of calls.
class WritingSink final : public ExportSink {
 public:
  std::vector<std::string> lines;
  std::vector<std::uint64_t> at;
  RecordWriteOptions options;

  void OnStepTime(const StepTimeView& v, const RecordSource& s) override { Keep(v, s); }
  void OnStepMemory(const StepMemoryView& v, const RecordSource& s) override { Keep(v, s); }
  void OnSystem(const SystemView& v, const RecordSource& s) override { Keep(v, s); }
  void OnSystemGpu(const SystemGpuView& v, const RecordSource& s) override { Keep(v, s); }
  void OnProcess(const ProcessView& v, const RecordSource& s) override { Keep(v, s); }
  void OnRuntimeEnvironment(const RuntimeEnvironmentView& v, const RecordSource& s) override {
    Keep(v, s);
  }
  void OnOutputLine(const OutputLineView& v, const RecordSource& s) override { Keep(v, s); }

 private:
  template <class View>
  void Keep(const View& view, const RecordSource& source) {
    std::string out;
    {
      emit::JsonSink sink(out, false);
      emit::JsonEmitter json(sink);
      RecordWriteOptions write = options;
      write.has_hostname = source.has_hostname;
      WriteRecord(json, view, write);
    }
    lines.push_back(std::move(out));
    at.push_back(source.line);
  }
};

// A record written in the tables' order and canonical layout reads and writes back byte for
// byte, its unknown members last; hostname is written only when the export has it.
TEST(TraceMLTablesTest, TheWritersWriteARecordBackAsRead) {
  const std::vector<std::string> records = {
      R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":2000,"rank":0,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","timestamp_unix_ns":1990,"seq":1,"step":1,"events":{"forward":{"cuda:0":{"is_gpu":true,"duration_ms":12.5,"cpu_ms":3.25,"gpu_ms":12.5,"n_calls":1},"cpu":{"is_gpu":null,"duration_ms":null,"cpu_ms":0.0,"gpu_ms":null,"n_calls":null}},"backward":{"cuda:0":{"is_gpu":false,"duration_ms":0.0,"cpu_ms":0.0,"gpu_ms":null,"n_calls":2}}},"x":[1,{"a":null}]})",
      R"({"stream":"system","schema_version":1,"observed_timestamp_unix_ns":3000,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":null,"timestamp_unix_ns":2990,"seq":7,"cpu_percent":0.0,"ram_used_bytes":8589934592.0,"ram_total_bytes":null,"gpu_available":1,"gpu_count":2})",
      R"({"stream":"runtime_environment","schema_version":1,"observed_timestamp_unix_ns":1000,"rank":0,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","pid":4242,"timestamp_unix_ns":990,"seq":0,"topology":"single_node","distributed_initialized":0,"distributed_backend":"nccl","training_strategy":null,"strategy_source":"detected","strategy_confidence":"high"})",
      R"({"stream":"stdout_stderr","schema_version":1,"observed_timestamp_unix_ns":4000,"rank":1,"timestamp_unix_ns":3999,"line":"epoch \"1\" done"})",
  };
  std::string text;
  for (const std::string& record : records) text += record + "\n";
  WritingSink sink;
  DiagnosticLog log;
  const Result<ExportTotals> totals =
      ReadExport(TraceInput::FromString(text), {}, sink, log);
  ASSERT_TRUE(totals) << totals.error().message;
  EXPECT_EQ(sink.lines, records);
  EXPECT_TRUE(totals.value().has_hostname);
  EXPECT_EQ(log.total, 1u);  // the unknown `x`

  // Without hostnames, and without step_time's events (a converted step's).
  WritingSink bare;
  bare.options.events = false;
  const std::string without =
      R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":2000,"rank":null,"global_rank":null,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"timestamp_unix_ns":1990,"seq":1,"step":1,"events":{}})";
  ASSERT_TRUE(ReadExport(TraceInput::FromString(without + "\n"), {}, bare, log));
  ASSERT_EQ(bare.lines.size(), 1u);
  EXPECT_EQ(bare.lines[0], without.substr(0, without.find(R"(,"events")")) + "}");
}

// Records reach the sink as their lines are read: those before a broken line have been handed
// over when the read fails on it.
TEST(TraceMLTablesTest, TheSinkReceivesEachRecordAsItsLineIsRead) {
  const std::string record =
      R"({"stream":"stdout_stderr","schema_version":1,"observed_timestamp_unix_ns":4000,"rank":1,"timestamp_unix_ns":3999,"line":"x"})";
  const std::string text = record + "\n\n" + record + "\n{\"stream\":1}\n" + record + "\n";
  WritingSink sink;
  DiagnosticLog log;
  const Result<ExportTotals> totals = ReadExport(TraceInput::FromString(text), {}, sink, log);
  ASSERT_FALSE(totals);
  EXPECT_EQ(totals.error().code, ErrorCode::kInvalidType);
  EXPECT_EQ(totals.error().line, 4u);
  EXPECT_EQ(totals.error().column, 11u);
  EXPECT_EQ(sink.at, (std::vector<std::uint64_t>{1, 3}));
}

// The reader reuses what reads a line: reading a long export holds one line, not the export.
TEST(TraceMLTablesTest, TotalsCountRecordsDuplicatesAndTheClosingLine) {
  const std::string record =
      R"({"stream":"process","schema_version":1,"observed_timestamp_unix_ns":1,"rank":0,"global_rank":0,"local_rank":0,"world_size":1,"local_world_size":1,"node_rank":0,"timestamp_unix_ns":1,"seq":1,"cpu_percent":null,"cpu_logical_core_count":null,"ram_used_bytes":null,"ram_total_bytes":null,"gpu_available":null,"gpu_count":null,"gpu_device_index":null,"gpu_mem_used_bytes":null,"gpu_mem_reserved_bytes":null,"gpu_mem_total_bytes":null})";
  std::string text;
  for (int i = 0; i < 1000; ++i) text += record + "\n";
  text += R"({"written_records":1000,"dropped_batches":2})" "\n";
  ExportSink nothing;
  DiagnosticLog log;
  log.max_kept = 3;
  const Result<ExportTotals> totals = ReadExport(TraceInput::FromString(text), {}, nothing, log);
  ASSERT_TRUE(totals) << totals.error().message;
  EXPECT_EQ(totals.value().record_count(), 1000u);
  EXPECT_EQ(totals.value().duplicates[static_cast<std::size_t>(TraceMLStream::kProcess)], 999u);
  EXPECT_TRUE(totals.value().has_closing_line);
  EXPECT_FALSE(totals.value().has_hostname);
  // 999 duplicates and the dropped batches, three of them kept.
  EXPECT_EQ(totals.value().warnings, 1000u);
  EXPECT_EQ(log.total, 1000u);
  EXPECT_EQ(log.kept.size(), 3u);
}

}  // namespace
}  // namespace tracedoc::traceml
