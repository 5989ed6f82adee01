// Unit tests for RecordDecoder: one line to one Event for all twelve record kinds, with the field
// rules of docs/trace-format.md §1.0–§1.13, the error codes of docs/tracedoc.md §2 and DecodeOptions.
#include "tracedoc/record_decoder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

// ---------------------------------------------------------------------------------------------
// Building lines: an object is an ordered list of members whose values are raw JSON text, so a
// test can drop, replace, repeat or reorder any key and still get the exact bytes it wants.

struct Member {
  std::string key;
  std::string json;
};
using Members = std::vector<Member>;

std::string Quote(std::string_view text) { return "\"" + std::string(text) + "\""; }

std::string Object(const Members& members) {
  std::string out = "{";
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i != 0) out += ',';
    out += Quote(members[i].key);
    out += ':';
    out += members[i].json;
  }
  out += '}';
  return out;
}

// Every member named `key` removed.
Members Without(Members members, std::string_view key) {
  std::erase_if(members, [&](const Member& m) { return m.key == key; });
  return members;
}

// The first member named `key` given `json` as its value; appended when absent.
Members With(Members members, std::string_view key, std::string json) {
  for (Member& m : members) {
    if (m.key == key) {
      m.json = std::move(json);
      return members;
    }
  }
  members.push_back({std::string(key), std::move(json)});
  return members;
}

// A member appended at the end, even when the key is already there.
Members Plus(Members members, std::string key, std::string json) {
  members.push_back({std::move(key), std::move(json)});
  return members;
}

// The member named `key` moved to the end.
Members MovedLast(Members members, std::string_view key) {
  Members out = Without(members, key);
  for (const Member& m : members) {
    if (m.key == key) out.push_back(m);
  }
  return out;
}

// The member named `key` written twice in a row.
Members Doubled(const Members& members, std::string_view key) {
  Members out;
  for (const Member& m : members) {
    out.push_back(m);
    if (m.key == key) out.push_back(m);
  }
  return out;
}

// The record of type T in a successful result, or nullptr.
template <class T>
const T* RecordOf(const Result<Event>& result) {
  if (!result.has_value()) return nullptr;
  return std::get_if<T>(&result.value());
}

// The elements of a view, as a vector gMock's container matchers understand.
template <class T>
std::vector<T> Vec(ArrayView<T> view) {
  return std::vector<T>(view.begin(), view.end());
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

// Unknown members as (key, json) pairs, which gMock prints readably.
Pairs PairsOf(UnknownFields unknown) {
  Pairs out;
  for (const UnknownField& u : unknown) out.emplace_back(u.key, u.json);
  return out;
}

// Tags as (key, value) pairs.
Pairs PairsOf(ArrayView<Tag> tags) {
  Pairs out;
  for (const Tag& t : tags) out.emplace_back(t.key, t.value);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Full lines: every field of the kind present with a non-default value. The meta record's
// nested objects are built from their own member lists so tests can edit them.

Members ExpectedGradientMembers() {
  return {{"root", Quote("vb")}, {"key", Quote("encoder.weight")}, {"family", Quote("encoder")}};
}

Members FamilyMembers() {
  return {{"family", Quote("encoder")},
          {"expectation", Quote("data_conditional")},
          {"min_present", "2"}};
}

Members GradientContractMembers() {
  return {{"manifest_sha256", Quote("abc123")},
          {"expected", "[" + Object(ExpectedGradientMembers()) + "]"},
          {"families", "[" + Object(FamilyMembers()) + "]"}};
}

Members CaptureContractMembers() {
  return {{"measurement_scope", Quote("profiled_work")},
          {"operations", Quote("complete")},
          {"tensors", Quote("partial")},
          {"gradients", Quote("complete")},
          {"gradient_contract", Object(GradientContractMembers())},
          {"logical_memory", Quote("partial")},
          {"physical_memory", Quote("complete")},
          {"device_timing", Quote("partial")},
          {"required_semantic_labels", R"(["seam/a","seam/b"])"},
          {"gpu_expected_semantic_labels", R"(["seam/a"])"},
          {"cpu_only_semantic_labels", R"(["seam/b"])"}};
}

Members ComparisonIdentityMembers() {
  return {{"implementation_id", Quote("impl-1")},
          {"workload_id", Quote("wl")},
          {"model_id", Quote("model")},
          {"config_id", Quote("cfg")},
          {"data_id", Quote("data")},
          {"seed_policy", Quote("fixed")},
          {"physical_batch", "8"},
          {"accumulation_steps", "4"},
          {"precision", Quote("bf16")},
          {"device_state", Quote("warm")},
          {"pair_id", Quote("pair-1")}};
}

Members MetaMembers(const Members& contract = CaptureContractMembers(),
                    const Members& identity = ComparisonIdentityMembers()) {
  return {{"kind", Quote("meta")},
          {"schema", Quote("candle-graph/trace/10")},
          {"run_id", Quote("run-1")},
          {"correlation_id", Quote("demo/update-1")},
          {"entrypoint", Quote("demo::train")},
          {"phase", Quote("infer")},
          {"timestamp", Quote("2026-01-01T00:00:00Z")},
          {"capture_step", "3"},
          {"warmup_steps", "2"},
          {"device", Quote("cuda:0")},
          {"measured_region_device_synchronized", "true"},
          {"timing_mode", Quote("device_synchronized")},
          {"capture_contract", Object(contract)},
          {"comparison_identity", Object(identity)},
          {"tags", R"({"b":"2","a":"1"})"},
          {"candle_version", Quote("0.8.0")}};
}

Members SpanStartMembers() {
  return {{"kind", Quote("span_start")}, {"id", Quote("s2")},        {"parent_id", Quote("s1")},
          {"name", Quote("fwd")},        {"start_ns", "5"},          {"span_kind", Quote("module")},
          {"measured", "true"},          {"step", Quote("backward")}};
}

Members SpanEndMembers() {
  return {{"kind", Quote("span_end")}, {"id", Quote("s2")}, {"duration_ns", "1200"}};
}

Members OpMembers() {
  return {
      {"kind", Quote("op")},        {"span_id", Quote("s1")},       {"op_name", Quote("matmul")},
      {"inputs", R"(["t0","t1"])"}, {"output", Quote("t2")},        {"shape", "[32,16]"},
      {"dtype", Quote("f32")},      {"device", Quote("cpu")},       {"duration_ns", "1200"},
      {"timestamp_ns", "10"},       {"output_dense_bytes", "2048"}, {"input_dense_bytes", "8192"}};
}

Members TensorMembers() {
  return {{"kind", Quote("tensor")},       {"span_id", Quote("s1")},  {"tensor_id", Quote("t1")},
          {"label", Quote("seam/x")},      {"shape", "[2,3]"},        {"dtype", Quote("bf16")},
          {"device", Quote("cuda:0")},     {"requires_grad", "true"}, {"dense_bytes", "12"},
          {"category", Quote("parameter")}};
}

Members TensorStatsMembers() {
  return {{"kind", Quote("tensor_stats")},
          {"span_id", Quote("s1")},
          {"label", Quote("seam/out_y")},
          {"shape", "[2,3]"},
          {"dtype", Quote("f32")},
          {"elements", "6"},
          {"non_finite", "0"},
          {"rms", "1.5"},
          {"abs_max", "3"},
          {"mean", "-0.25"}};
}

Members MemoryMembers() {
  return {{"kind", Quote("memory")},  {"timestamp_ns", "20"},   {"storage_id", Quote("st1")},
          {"tensor_id", Quote("t1")}, {"span_id", Quote("s1")}, {"op_name", Quote("matmul")},
          {"device", Quote("cpu")},   {"bytes", "4096"},        {"action", Quote("free")},
          {"shape", "[32,32]"},       {"dtype", Quote("f32")},  {"category", Quote("gradient")}};
}

Members DeviceMemoryMembers() {
  return {{"kind", Quote("device_memory")},
          {"timestamp_ns", "30"},
          {"device", Quote("cuda:0")},
          {"used_bytes", "100"},
          {"free_bytes", "200"},
          {"reserved_bytes", "300"},
          {"capacity_bytes", "400"}};
}

Members DeviceIntervalMembers() {
  return {{"kind", Quote("device_interval")},
          {"span_id", Quote("s1")},
          {"device", Quote("cuda:0")},
          {"stream_id", Quote("7")},
          {"clock_id", Quote("c0")},
          {"backend", Quote("cuda")},
          {"start_ns", "40"},
          {"duration_ns", "50"}};
}

Members GradientMembers() {
  return {{"kind", Quote("gradient")},      {"event_id", Quote("g1")},   {"root", Quote("vb")},
          {"key", Quote("encoder.weight")}, {"state", Quote("present")}, {"norm", "0.42"}};
}

Members CallEdgeMembers() {
  return {{"kind", Quote("edge")},
          {"edge_kind", Quote("call")},
          {"from_span", Quote("a")},
          {"to_span", Quote("b")},
          {"host_duration_ns", "5"}};
}

Members DataEdgeMembers() {
  return {{"kind", Quote("edge")},
          {"edge_kind", Quote("data")},
          {"from_tensor", Quote("t0")},
          {"to_tensor", Quote("t1")}};
}

Members TerminalMembers() {
  return {{"kind", Quote("terminal")},
          {"outcome", Quote("failed")},
          {"timestamp_ns", "2500"},
          {"reason", Quote("out of memory")}};
}

// ---------------------------------------------------------------------------------------------
// (a) All fields present decode to the expected values.

class RecordDecoderFullTest : public ::testing::Test {
 protected:
  Result<Event> Decode(const std::string& line) { return decoder_.Decode(line, {7, 3}); }
  RecordDecoder decoder_;
};

TEST_F(RecordDecoderFullTest, Meta) {
  const std::string line = Object(MetaMembers());
  const Result<Event> result = Decode(line);
  ASSERT_THAT(result, Succeeds());
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr);
  EXPECT_EQ(meta->schema, "candle-graph/trace/10");
  const TraceRunMeta& run = meta->run;
  EXPECT_EQ(run.run_id, "run-1");
  EXPECT_EQ(run.correlation_id, "demo/update-1");
  EXPECT_EQ(run.entrypoint, "demo::train");
  EXPECT_EQ(run.phase, ExecutionPhase::kInfer);
  EXPECT_EQ(run.timestamp, "2026-01-01T00:00:00Z");
  EXPECT_EQ(run.capture_step, 3u);
  EXPECT_EQ(run.warmup_steps, 2u);
  EXPECT_EQ(run.device, "cuda:0");
  EXPECT_TRUE(run.measured_region_device_synchronized);
  EXPECT_EQ(run.timing_mode, TimingMode::kDeviceSynchronized);
  EXPECT_EQ(PairsOf(run.tags), (Pairs{{"a", "1"}, {"b", "2"}}));
  EXPECT_EQ(run.candle_version, std::optional<std::string_view>("0.8.0"));
  EXPECT_THAT(PairsOf(run.unknown), IsEmpty());

  const CaptureContract& contract = run.capture_contract;
  EXPECT_EQ(contract.measurement_scope, MeasurementScope::kProfiledWork);
  EXPECT_EQ(contract.operations, CoverageLevel::kComplete);
  EXPECT_EQ(contract.tensors, CoverageLevel::kPartial);
  EXPECT_EQ(contract.gradients, CoverageLevel::kComplete);
  EXPECT_EQ(contract.logical_memory, CoverageLevel::kPartial);
  EXPECT_EQ(contract.physical_memory, CoverageLevel::kComplete);
  EXPECT_EQ(contract.device_timing, CoverageLevel::kPartial);
  EXPECT_THAT(Vec(contract.required_semantic_labels), ElementsAre("seam/a", "seam/b"));
  EXPECT_THAT(Vec(contract.gpu_expected_semantic_labels), ElementsAre("seam/a"));
  EXPECT_THAT(Vec(contract.cpu_only_semantic_labels), ElementsAre("seam/b"));
  EXPECT_THAT(PairsOf(contract.unknown), IsEmpty());
  ASSERT_TRUE(contract.gradient_contract.has_value());
  const GradientContract& gradients = *contract.gradient_contract;
  EXPECT_EQ(gradients.manifest_sha256, "abc123");
  EXPECT_THAT(Vec(gradients.expected),
              ElementsAre(ExpectedGradient{"vb", "encoder.weight", "encoder", {}}));
  EXPECT_THAT(Vec(gradients.families),
              ElementsAre(GradientFamilyContract{
                  "encoder", GradientFamilyExpectation::kDataConditional, 2, {}}));
  EXPECT_THAT(PairsOf(gradients.unknown), IsEmpty());

  ASSERT_TRUE(run.comparison_identity.has_value());
  const ComparisonIdentity& identity = *run.comparison_identity;
  EXPECT_EQ(identity.implementation_id, std::optional<std::string_view>("impl-1"));
  EXPECT_EQ(identity.workload_id, "wl");
  EXPECT_EQ(identity.model_id, "model");
  EXPECT_EQ(identity.config_id, "cfg");
  EXPECT_EQ(identity.data_id, "data");
  EXPECT_EQ(identity.seed_policy, "fixed");
  EXPECT_EQ(identity.physical_batch, 8u);
  EXPECT_EQ(identity.accumulation_steps, 4u);
  EXPECT_EQ(identity.precision, "bf16");
  EXPECT_EQ(identity.device_state, "warm");
  EXPECT_EQ(identity.pair_id, std::optional<std::string_view>("pair-1"));
  EXPECT_THAT(PairsOf(identity.unknown), IsEmpty());
  EXPECT_EQ(EventKindName(result.value()), "meta");
}

TEST_F(RecordDecoderFullTest, SpanStart) {
  const std::string line = Object(SpanStartMembers());
  const Result<Event> result = Decode(line);
  const SpanStartRecord* span = RecordOf<SpanStartRecord>(result);
  ASSERT_NE(span, nullptr) << line;
  EXPECT_EQ(span->id, "s2");
  EXPECT_EQ(span->parent_id, std::optional<std::string_view>("s1"));
  EXPECT_EQ(span->name, "fwd");
  EXPECT_EQ(span->start_ns, 5u);
  EXPECT_EQ(span->span_kind, SpanKind::kModule);
  EXPECT_TRUE(span->measured);
  EXPECT_EQ(span->step, ExecutionStep::kBackward);
  EXPECT_THAT(PairsOf(span->unknown), IsEmpty());
  EXPECT_EQ(EventKindName(result.value()), "span_start");
}

TEST_F(RecordDecoderFullTest, SpanEnd) {
  const std::string line = Object(SpanEndMembers());
  const Result<Event> result = Decode(line);
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line;
  EXPECT_EQ(*span, (SpanEndRecord{"s2", 1200, {}}));
  EXPECT_EQ(EventKindName(result.value()), "span_end");
}

TEST_F(RecordDecoderFullTest, Op) {
  const std::string line = Object(OpMembers());
  const Result<Event> result = Decode(line);
  const OpRecord* op = RecordOf<OpRecord>(result);
  ASSERT_NE(op, nullptr) << line;
  EXPECT_EQ(op->span_id, "s1");
  EXPECT_EQ(op->op_name, "matmul");
  EXPECT_THAT(Vec(op->inputs), ElementsAre("t0", "t1"));
  EXPECT_EQ(op->output, std::optional<std::string_view>("t2"));
  EXPECT_THAT(Vec(op->shape), ElementsAre(32u, 16u));
  EXPECT_EQ(op->dtype, "f32");
  EXPECT_EQ(op->device, "cpu");
  EXPECT_EQ(op->duration_ns, 1200u);
  EXPECT_EQ(op->timestamp_ns, 10u);
  EXPECT_EQ(op->output_dense_bytes, std::optional<std::uint64_t>(2048));
  EXPECT_EQ(op->input_dense_bytes, 8192u);
  EXPECT_THAT(PairsOf(op->unknown), IsEmpty());
  EXPECT_EQ(EventKindName(result.value()), "op");
}

TEST_F(RecordDecoderFullTest, Tensor) {
  const std::string line = Object(TensorMembers());
  const Result<Event> result = Decode(line);
  const TensorRecord* tensor = RecordOf<TensorRecord>(result);
  ASSERT_NE(tensor, nullptr) << line;
  EXPECT_EQ(tensor->span_id, "s1");
  EXPECT_EQ(tensor->tensor_id, "t1");
  EXPECT_EQ(tensor->label, std::optional<std::string_view>("seam/x"));
  EXPECT_THAT(Vec(tensor->shape), ElementsAre(2u, 3u));
  EXPECT_EQ(tensor->dtype, "bf16");
  EXPECT_EQ(tensor->device, "cuda:0");
  EXPECT_TRUE(tensor->requires_grad);
  EXPECT_EQ(tensor->dense_bytes, std::optional<std::uint64_t>(12));
  EXPECT_EQ(tensor->category, MemoryCategory::kParameter);
  EXPECT_THAT(PairsOf(tensor->unknown), IsEmpty());
  EXPECT_EQ(EventKindName(result.value()), "tensor");
}

TEST_F(RecordDecoderFullTest, TensorStats) {
  const std::string line = Object(TensorStatsMembers());
  const Result<Event> result = Decode(line);
  const TensorStatsRecord* stats = RecordOf<TensorStatsRecord>(result);
  ASSERT_NE(stats, nullptr) << line;
  EXPECT_EQ(stats->span_id, "s1");
  EXPECT_EQ(stats->label, "seam/out_y");
  EXPECT_THAT(Vec(stats->shape), ElementsAre(2u, 3u));
  EXPECT_EQ(stats->dtype, "f32");
  EXPECT_EQ(stats->elements, 6u);
  EXPECT_EQ(stats->non_finite, 0u);
  EXPECT_EQ(stats->rms, 1.5);
  EXPECT_EQ(stats->abs_max, 3.0);
  EXPECT_EQ(stats->mean, -0.25);
  EXPECT_THAT(PairsOf(stats->unknown), IsEmpty());
  EXPECT_EQ(EventKindName(result.value()), "tensor_stats");
}

TEST_F(RecordDecoderFullTest, Memory) {
  const std::string line = Object(MemoryMembers());
  const Result<Event> result = Decode(line);
  const MemoryRecord* memory = RecordOf<MemoryRecord>(result);
  ASSERT_NE(memory, nullptr) << line;
  EXPECT_EQ(memory->timestamp_ns, 20u);
  EXPECT_EQ(memory->storage_id, "st1");
  EXPECT_EQ(memory->tensor_id, "t1");
  EXPECT_EQ(memory->span_id, "s1");
  EXPECT_EQ(memory->op_name, std::optional<std::string_view>("matmul"));
  EXPECT_EQ(memory->device, "cpu");
  EXPECT_EQ(memory->bytes, 4096u);
  EXPECT_EQ(memory->action, MemoryAction::kFree);
  EXPECT_THAT(Vec(memory->shape), ElementsAre(32u, 32u));
  EXPECT_EQ(memory->dtype, "f32");
  EXPECT_EQ(memory->category, MemoryCategory::kGradient);
  EXPECT_THAT(PairsOf(memory->unknown), IsEmpty());
  EXPECT_EQ(EventKindName(result.value()), "memory");
}

TEST_F(RecordDecoderFullTest, DeviceMemory) {
  const std::string line = Object(DeviceMemoryMembers());
  const Result<Event> result = Decode(line);
  const DeviceMemoryRecord* sample = RecordOf<DeviceMemoryRecord>(result);
  ASSERT_NE(sample, nullptr) << line;
  EXPECT_EQ(*sample, (DeviceMemoryRecord{30, "cuda:0", 100, 200, 300, 400, {}}));
  EXPECT_EQ(EventKindName(result.value()), "device_memory");
}

TEST_F(RecordDecoderFullTest, DeviceInterval) {
  const std::string line = Object(DeviceIntervalMembers());
  const Result<Event> result = Decode(line);
  const DeviceIntervalRecord* interval = RecordOf<DeviceIntervalRecord>(result);
  ASSERT_NE(interval, nullptr) << line;
  EXPECT_EQ(*interval, (DeviceIntervalRecord{"s1", "cuda:0", "7", "c0", "cuda", 40, 50, {}}));
  EXPECT_EQ(EventKindName(result.value()), "device_interval");
}

TEST_F(RecordDecoderFullTest, Gradient) {
  const std::string line = Object(GradientMembers());
  const Result<Event> result = Decode(line);
  const GradientRecord* gradient = RecordOf<GradientRecord>(result);
  ASSERT_NE(gradient, nullptr) << line;
  EXPECT_EQ(*gradient,
            (GradientRecord{"g1", "vb", "encoder.weight", GradientState::kPresent, 0.42, {}}));
  EXPECT_EQ(EventKindName(result.value()), "gradient");
}

TEST_F(RecordDecoderFullTest, CallEdge) {
  const std::string line = Object(CallEdgeMembers());
  const Result<Event> result = Decode(line);
  const EdgeRecord* edge = RecordOf<EdgeRecord>(result);
  ASSERT_NE(edge, nullptr) << line;
  EXPECT_EQ(*edge, (EdgeRecord{EdgeKind::kCall, "a", "b", 5, {}}));
  EXPECT_EQ(EventKindName(result.value()), "edge");
}

TEST_F(RecordDecoderFullTest, DataEdge) {
  const std::string line = Object(DataEdgeMembers());
  const Result<Event> result = Decode(line);
  const EdgeRecord* edge = RecordOf<EdgeRecord>(result);
  ASSERT_NE(edge, nullptr) << line;
  EXPECT_EQ(*edge, (EdgeRecord{EdgeKind::kData, "t0", "t1", 0, {}}));
  EXPECT_EQ(EventKindName(result.value()), "edge");
}

TEST_F(RecordDecoderFullTest, Terminal) {
  const std::string line = Object(TerminalMembers());
  const Result<Event> result = Decode(line);
  const TerminalRecord* terminal = RecordOf<TerminalRecord>(result);
  ASSERT_NE(terminal, nullptr) << line;
  EXPECT_EQ(*terminal, (TerminalRecord{RunOutcome::kFailed, 2500, "out of memory", {}}));
  EXPECT_EQ(EventKindName(result.value()), "terminal");
}

TEST_F(RecordDecoderFullTest, Meta10FromTheSpecReads) {
  const Result<Event> result = decoder_.Decode(testdata::kMeta10);
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr);
  EXPECT_EQ(meta->schema, "candle-graph/trace/10");
  EXPECT_EQ(meta->run.phase, ExecutionPhase::kTrain);
  EXPECT_EQ(meta->run.timing_mode, TimingMode::kHost);
  EXPECT_THAT(PairsOf(meta->run.tags), IsEmpty());
}

// ---------------------------------------------------------------------------------------------
// The kind table: what each record kind's fields are, for the checks that apply to every kind.

// The unknown members of a record (for meta, the run metadata's).
UnknownFields UnknownOf(const Event& event) {
  return std::visit(
      [](const auto& record) -> UnknownFields {
        if constexpr (std::is_same_v<std::decay_t<decltype(record)>, MetaRecord>) {
          return record.run.unknown;
        } else {
          return record.unknown;
        }
      },
      event);
}

struct U64Field {
  std::string key;
  // The field's value; nullopt when None.
  std::function<std::optional<std::uint64_t>(const Event&)> get;
};

struct F64Field {
  std::string key;
  std::function<std::optional<double>(const Event&)> get;
};

struct OptionalField {
  std::string key;
  // True when the field reads as None.
  std::function<bool(const Event&)> is_none;
};

struct EnumField {
  std::string key;
  // Spellings that must be rejected: miscased, aliases, padded.
  std::vector<std::string> rejected;
};

template <class Record, auto kMember>
U64Field U64Of(std::string key) {
  return {std::move(key), [](const Event& e) {
            return std::optional<std::uint64_t>(std::get<Record>(e).*kMember);
          }};
}

template <class Record, auto kMember>
F64Field F64Of(std::string key) {
  return {std::move(key),
          [](const Event& e) { return std::optional<double>(std::get<Record>(e).*kMember); }};
}

template <class Record, auto kMember>
OptionalField OptionalOf(std::string key) {
  return {std::move(key), [](const Event& e) { return !(std::get<Record>(e).*kMember); }};
}

struct KindCase {
  std::string name;
  std::size_t event_index = 0;
  std::function<Members()> full;
  // Top-level keys whose absence is missing_field (`kind` aside).
  std::vector<std::string> required;
  std::vector<std::string> strings;
  std::vector<U64Field> u64s;
  std::vector<F64Field> f64s;
  std::vector<OptionalField> optionals;
  std::vector<EnumField> enums;
};

void PrintTo(const KindCase& c, std::ostream* os) { *os << c.name; }

std::vector<std::string> KeysOf(const Members& members) {
  std::vector<std::string> keys;
  for (const Member& m : members) keys.push_back(m.key);
  return keys;
}

bool Contains(const std::vector<std::string>& keys, std::string_view key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

std::vector<KindCase> KindCases() {
  const std::vector<std::string> kCoverageRejected = {"None", "COMPLETE", "full", " partial"};
  std::vector<KindCase> cases;
  cases.push_back(
      {"meta",
       0,
       [] { return MetaMembers(); },
       {"schema", "run_id", "correlation_id", "entrypoint", "phase", "timestamp", "capture_step",
        "warmup_steps", "device", "timing_mode", "capture_contract", "tags"},
       {"schema", "run_id", "correlation_id", "entrypoint", "timestamp", "device",
        "candle_version"},
       {{"capture_step",
         [](const Event& e) {
           return std::optional<std::uint64_t>(std::get<MetaRecord>(e).run.capture_step);
         }},
        {"warmup_steps",
         [](const Event& e) {
           return std::optional<std::uint64_t>(std::get<MetaRecord>(e).run.warmup_steps);
         }}},
       {},
       {{"comparison_identity",
         [](const Event& e) { return !std::get<MetaRecord>(e).run.comparison_identity; }},
        {"candle_version",
         [](const Event& e) { return !std::get<MetaRecord>(e).run.candle_version; }}},
       {{"phase", {"Train", "TRAIN", "training", "inference", "eval", "step", "train "}},
        {"timing_mode", {"Host", "device-synchronized", "deviceSynchronized", "device"}}}});
  cases.push_back({"span_start",
                   1,
                   SpanStartMembers,
                   {"id", "name", "start_ns", "span_kind"},
                   {"id", "parent_id", "name"},
                   {U64Of<SpanStartRecord, &SpanStartRecord::start_ns>("start_ns")},
                   {},
                   {OptionalOf<SpanStartRecord, &SpanStartRecord::parent_id>("parent_id"),
                    OptionalOf<SpanStartRecord, &SpanStartRecord::step>("step")},
                   {{"span_kind", {"Function", "MODULE", "fn", "Op", "operation"}},
                    {"step", {"Forward", "fwd", "bwd", "optim", "step", "BACKWARD", "forward "}}}});
  cases.push_back({"span_end",
                   2,
                   SpanEndMembers,
                   {"id"},
                   {"id"},
                   {U64Of<SpanEndRecord, &SpanEndRecord::duration_ns>("duration_ns")},
                   {},
                   {},
                   {}});
  cases.push_back(
      {"op",
       3,
       OpMembers,
       {"span_id", "op_name", "shape", "dtype", "device", "duration_ns", "input_dense_bytes"},
       {"span_id", "op_name", "output", "dtype", "device"},
       {U64Of<OpRecord, &OpRecord::duration_ns>("duration_ns"),
        U64Of<OpRecord, &OpRecord::timestamp_ns>("timestamp_ns"),
        {"output_dense_bytes",
         [](const Event& e) { return std::get<OpRecord>(e).output_dense_bytes; }},
        U64Of<OpRecord, &OpRecord::input_dense_bytes>("input_dense_bytes")},
       {},
       {OptionalOf<OpRecord, &OpRecord::output>("output"),
        OptionalOf<OpRecord, &OpRecord::output_dense_bytes>("output_dense_bytes")},
       {}});
  cases.push_back(
      {"tensor",
       4,
       TensorMembers,
       {"span_id", "tensor_id", "shape", "dtype", "device"},
       {"span_id", "tensor_id", "label", "dtype", "device"},
       {{"dense_bytes", [](const Event& e) { return std::get<TensorRecord>(e).dense_bytes; }}},
       {},
       {OptionalOf<TensorRecord, &TensorRecord::label>("label"),
        OptionalOf<TensorRecord, &TensorRecord::dense_bytes>("dense_bytes")},
       {{"category", {"Parameter", "param", "weights", "activations", "OTHER", ""}}}});
  cases.push_back(
      {"tensor_stats",
       5,
       TensorStatsMembers,
       {"span_id", "label", "shape", "dtype", "elements", "non_finite", "rms", "abs_max", "mean"},
       {"span_id", "label", "dtype"},
       {U64Of<TensorStatsRecord, &TensorStatsRecord::elements>("elements"),
        U64Of<TensorStatsRecord, &TensorStatsRecord::non_finite>("non_finite")},
       {F64Of<TensorStatsRecord, &TensorStatsRecord::rms>("rms"),
        F64Of<TensorStatsRecord, &TensorStatsRecord::abs_max>("abs_max"),
        F64Of<TensorStatsRecord, &TensorStatsRecord::mean>("mean")},
       {},
       {}});
  cases.push_back(
      {"memory",
       6,
       MemoryMembers,
       {"timestamp_ns", "storage_id", "tensor_id", "span_id", "device", "bytes", "action", "dtype"},
       {"storage_id", "tensor_id", "span_id", "op_name", "device", "dtype"},
       {U64Of<MemoryRecord, &MemoryRecord::timestamp_ns>("timestamp_ns"),
        U64Of<MemoryRecord, &MemoryRecord::bytes>("bytes")},
       {},
       {OptionalOf<MemoryRecord, &MemoryRecord::op_name>("op_name")},
       {{"action", {"Alloc", "FREE", "allocate", "release", "malloc"}},
        {"category", {"Activation", "grad", "gradients", "optim", "none"}}}});
  cases.push_back(
      {"device_memory",
       7,
       DeviceMemoryMembers,
       {"timestamp_ns", "device"},
       {"device"},
       {U64Of<DeviceMemoryRecord, &DeviceMemoryRecord::timestamp_ns>("timestamp_ns"),
        {"used_bytes", [](const Event& e) { return std::get<DeviceMemoryRecord>(e).used_bytes; }},
        {"free_bytes", [](const Event& e) { return std::get<DeviceMemoryRecord>(e).free_bytes; }},
        {"reserved_bytes",
         [](const Event& e) { return std::get<DeviceMemoryRecord>(e).reserved_bytes; }},
        {"capacity_bytes",
         [](const Event& e) { return std::get<DeviceMemoryRecord>(e).capacity_bytes; }}},
       {},
       {OptionalOf<DeviceMemoryRecord, &DeviceMemoryRecord::used_bytes>("used_bytes"),
        OptionalOf<DeviceMemoryRecord, &DeviceMemoryRecord::free_bytes>("free_bytes"),
        OptionalOf<DeviceMemoryRecord, &DeviceMemoryRecord::reserved_bytes>("reserved_bytes"),
        OptionalOf<DeviceMemoryRecord, &DeviceMemoryRecord::capacity_bytes>("capacity_bytes")},
       {}});
  cases.push_back(
      {"device_interval",
       8,
       DeviceIntervalMembers,
       {"span_id", "device", "stream_id", "clock_id", "backend", "start_ns", "duration_ns"},
       {"span_id", "device", "stream_id", "clock_id", "backend"},
       {U64Of<DeviceIntervalRecord, &DeviceIntervalRecord::start_ns>("start_ns"),
        U64Of<DeviceIntervalRecord, &DeviceIntervalRecord::duration_ns>("duration_ns")},
       {},
       {},
       {}});
  cases.push_back(
      {"gradient",
       9,
       GradientMembers,
       {"event_id", "root", "key", "state"},
       {"event_id", "root", "key"},
       {},
       {{"norm", [](const Event& e) { return std::get<GradientRecord>(e).norm; }}},
       {OptionalOf<GradientRecord, &GradientRecord::norm>("norm")},
       {{"state", {"Present", "NON_FINITE", "nonfinite", "non-finite", "nan", "absent"}}}});
  cases.push_back({"edge_call",
                   10,
                   CallEdgeMembers,
                   {"edge_kind", "from_span", "to_span", "host_duration_ns"},
                   {"from_span", "to_span"},
                   {U64Of<EdgeRecord, &EdgeRecord::host_duration_ns>("host_duration_ns")},
                   {},
                   {},
                   {{"edge_kind", {"Call", "CALL", "calls", "control", ""}}}});
  cases.push_back({"edge_data",
                   10,
                   DataEdgeMembers,
                   {"edge_kind", "from_tensor", "to_tensor"},
                   {"from_tensor", "to_tensor"},
                   {},
                   {},
                   {},
                   {{"edge_kind", {"Data", "DATA", "dataflow", "tensor"}}}});
  cases.push_back({"terminal",
                   11,
                   TerminalMembers,
                   {"outcome", "timestamp_ns"},
                   {"reason"},
                   {U64Of<TerminalRecord, &TerminalRecord::timestamp_ns>("timestamp_ns")},
                   {},
                   {OptionalOf<TerminalRecord, &TerminalRecord::reason>("reason")},
                   {{"outcome", {"Complete", "FAILED", "completed", "fail", "error", "ok"}}}});
  return cases;
}

class RecordDecoderKindTest : public ::testing::TestWithParam<KindCase> {
 protected:
  Result<Event> Decode(const Members& members) {
    line_ = Object(members);
    return decoder_.Decode(line_, {7, 3});
  }
  // The error of a failed result, for checks beyond the code.
  static const Error& ErrorIn(const Result<Event>& result) { return result.error(); }

  std::string line_;
  RecordDecoder decoder_;
};

// (a) The full line reads, as the kind's own alternative, with no unknown members.
TEST_P(RecordDecoderKindTest, FullLineReadsAsItsAlternative) {
  const KindCase& c = GetParam();
  const Result<Event> result = Decode(c.full());
  ASSERT_THAT(result, Succeeds()) << line_;
  EXPECT_EQ(result.value().index(), c.event_index);
  EXPECT_THAT(PairsOf(UnknownOf(result.value())), IsEmpty());
}

// (c) Each required key removed in turn: missing_field naming that key.
TEST_P(RecordDecoderKindTest, EachRequiredKeyMissingIsMissingField) {
  const KindCase& c = GetParam();
  for (const std::string& key : c.required) {
    SCOPED_TRACE(key);
    const Result<Event> result = Decode(Without(c.full(), key));
    ASSERT_THAT(result, FailsWithMessage(ErrorCode::kMissingField, "missing field `" + key + "`"))
        << line_;
    EXPECT_EQ(ErrorIn(result).field, key);
    EXPECT_EQ(ErrorIn(result).line, 7u);
    EXPECT_EQ(ErrorIn(result).index, std::optional<std::uint64_t>(3));
    EXPECT_EQ(ErrorIn(result).column, std::nullopt);
  }
}

// (b) Keys that are neither required nor `kind` may be left out, all at once.
TEST_P(RecordDecoderKindTest, OnlyRequiredKeysRead) {
  const KindCase& c = GetParam();
  Members minimal;
  for (const Member& m : c.full()) {
    if (m.key == "kind" || Contains(c.required, m.key)) minimal.push_back(m);
  }
  const Result<Event> result = Decode(minimal);
  ASSERT_THAT(result, Succeeds()) << line_;
  EXPECT_EQ(result.value().index(), c.event_index);
  for (const OptionalField& field : c.optionals) {
    EXPECT_TRUE(field.is_none(result.value())) << field.key;
  }
}

// (h) A missing `kind` is missing_field.
TEST_P(RecordDecoderKindTest, MissingKindIsMissingField) {
  const Result<Event> result = Decode(Without(GetParam().full(), "kind"));
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kMissingField, "missing field `kind`"));
  EXPECT_EQ(ErrorIn(result).field, "kind");
}

// (h) `kind` may come last; the record is the same.
TEST_P(RecordDecoderKindTest, KindLastReadsTheSameRecord) {
  const KindCase& c = GetParam();
  const std::string first_line = Object(c.full());
  RecordDecoder first_decoder;
  const Result<Event> first = first_decoder.Decode(first_line);
  ASSERT_THAT(first, Succeeds());
  const Result<Event> last = Decode(MovedLast(c.full(), "kind"));
  ASSERT_THAT(last, Succeeds()) << line_;
  EXPECT_EQ(line_.rfind(R"("kind":)"), line_.size() - 10 - EventKindName(first.value()).size());
  EXPECT_TRUE(first.value() == last.value());
}

// (h) `kind` spelled otherwise is unknown_kind; not a string is invalid_type.
TEST_P(RecordDecoderKindTest, MiscasedKindIsUnknownKind) {
  const KindCase& c = GetParam();
  const Members full = c.full();
  std::string upper = full[0].json;
  upper[1] = static_cast<char>(upper[1] - 'a' + 'A');
  for (const std::string& spelling : {upper, Quote("Meta"), Quote("span-start"), Quote("")}) {
    SCOPED_TRACE(spelling);
    const Result<Event> result = Decode(With(full, "kind", spelling));
    ASSERT_THAT(result, FailsWith(ErrorCode::kUnknownKind, 7)) << line_;
    EXPECT_EQ(ErrorIn(result).field, "kind");
  }
  for (const char* json : {"1", "null", "true", R"(["meta"])", R"({"meta":1})"}) {
    SCOPED_TRACE(json);
    const Result<Event> result = Decode(With(full, "kind", json));
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidType, 7)) << line_;
    EXPECT_EQ(ErrorIn(result).field, "kind");
  }
}

// (g) Every key written twice, `kind` and `edge_kind` included: duplicate_key.
TEST_P(RecordDecoderKindTest, EachDuplicatedKeyIsDuplicateKey) {
  const KindCase& c = GetParam();
  for (const std::string& key : KeysOf(c.full())) {
    SCOPED_TRACE(key);
    const Result<Event> result = Decode(Doubled(c.full(), key));
    ASSERT_THAT(result, FailsWithMessage(ErrorCode::kDuplicateKey, "duplicate field `" + key + "`"))
        << line_;
    EXPECT_EQ(ErrorIn(result).field, key);
    EXPECT_EQ(ErrorIn(result).line, 7u);
  }
}

// (g) A duplicate is an error even when the two values differ and are far apart.
TEST_P(RecordDecoderKindTest, DuplicateKeyAtTheEndIsDuplicateKey) {
  const KindCase& c = GetParam();
  for (const Member& m : c.full()) {
    SCOPED_TRACE(m.key);
    const Result<Event> result = Decode(Plus(c.full(), m.key, m.json));
    ASSERT_THAT(result, FailsWith(ErrorCode::kDuplicateKey, 7)) << line_;
    EXPECT_EQ(ErrorIn(result).field, m.key);
  }
}

// (d) `null` where no null is allowed (required and defaulted fields): invalid_type.
TEST_P(RecordDecoderKindTest, NullForEachNonOptionalFieldIsInvalidType) {
  const KindCase& c = GetParam();
  for (const std::string& key : KeysOf(c.full())) {
    const bool optional = std::any_of(c.optionals.begin(), c.optionals.end(),
                                      [&](const OptionalField& f) { return f.key == key; });
    if (optional) continue;
    SCOPED_TRACE(key);
    const Result<Event> result = Decode(With(c.full(), key, "null"));
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidType, 7)) << line_;
    EXPECT_EQ(ErrorIn(result).field, key);
    EXPECT_THAT(ErrorIn(result).message, ::testing::StartsWith("invalid type: null, expected "));
  }
}

// (d) `null` for an optional field is None, as is its absence.
TEST_P(RecordDecoderKindTest, NullForEachOptionalFieldIsNone) {
  const KindCase& c = GetParam();
  for (const OptionalField& field : c.optionals) {
    SCOPED_TRACE(field.key);
    const Result<Event> full = Decode(c.full());
    ASSERT_THAT(full, Succeeds());
    EXPECT_FALSE(field.is_none(full.value()));
    const Result<Event> null = Decode(With(c.full(), field.key, "null"));
    ASSERT_THAT(null, Succeeds()) << line_;
    EXPECT_TRUE(field.is_none(null.value()));
    EXPECT_THAT(PairsOf(UnknownOf(null.value())), IsEmpty());
    const Result<Event> absent = Decode(Without(c.full(), field.key));
    ASSERT_THAT(absent, Succeeds()) << line_;
    EXPECT_TRUE(field.is_none(absent.value()));
  }
}

// (d) A string, a boolean, an array or an object where a number belongs: invalid_type.
TEST_P(RecordDecoderKindTest, NonNumberForEachNumberFieldIsInvalidType) {
  const KindCase& c = GetParam();
  std::vector<std::string> keys;
  for (const U64Field& f : c.u64s) keys.push_back(f.key);
  for (const F64Field& f : c.f64s) keys.push_back(f.key);
  for (const std::string& key : keys) {
    for (const char* json : {R"("1")", R"("")", "true", "[1]", R"({"v":1})"}) {
      SCOPED_TRACE(key + " = " + json);
      const Result<Event> result = Decode(With(c.full(), key, json));
      ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidType, 7)) << line_;
      EXPECT_EQ(ErrorIn(result).field, key);
    }
  }
}

// (d) A number, a boolean, an array or an object where a string belongs: invalid_type.
TEST_P(RecordDecoderKindTest, NonStringForEachStringFieldIsInvalidType) {
  const KindCase& c = GetParam();
  for (const std::string& key : c.strings) {
    for (const char* json : {"1", "1.5", "false", R"(["a"])", R"({"a":"b"})"}) {
      SCOPED_TRACE(key + " = " + json);
      const Result<Event> result = Decode(With(c.full(), key, json));
      ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidType, 7)) << line_;
      EXPECT_EQ(ErrorIn(result).field, key);
    }
  }
}

// (d) Fraction and exponent literals are not u64, even when integral: invalid_type.
TEST_P(RecordDecoderKindTest, FloatLiteralForEachU64FieldIsInvalidType) {
  const KindCase& c = GetParam();
  for (const U64Field& field : c.u64s) {
    for (const char* json : {"1.0", "1e3", "1E3", "1e+3", "0.5", "0e0", "-1.0", "2.5e-1"}) {
      SCOPED_TRACE(field.key + " = " + json);
      const Result<Event> result = Decode(With(c.full(), field.key, json));
      ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidType, 7)) << line_;
      EXPECT_EQ(ErrorIn(result).field, field.key);
    }
    const Result<Event> result = Decode(With(c.full(), field.key, "1.0"));
    EXPECT_THAT(result, FailsWithMessage(ErrorCode::kInvalidType,
                                         "invalid type: floating point `1.0`, expected u64"));
  }
}

// (d) Negative integers (`-0` too) and integers above 2^64 - 1: out_of_range.
TEST_P(RecordDecoderKindTest, OutOfRangeIntegerForEachU64FieldIsOutOfRange) {
  const KindCase& c = GetParam();
  for (const U64Field& field : c.u64s) {
    for (const char* json : {"-1", "-0", "-18446744073709551615", "18446744073709551616",
                             "100000000000000000000", "99999999999999999999999999999999"}) {
      SCOPED_TRACE(field.key + " = " + json);
      const Result<Event> result = Decode(With(c.full(), field.key, json));
      ASSERT_THAT(result, FailsWith(ErrorCode::kOutOfRange, 7)) << line_;
      EXPECT_EQ(ErrorIn(result).field, field.key);
    }
  }
}

// (d) 0 and 2^64 - 1 are the bounds of a u64 field, both accepted as written.
TEST_P(RecordDecoderKindTest, U64BoundsAreAccepted) {
  const KindCase& c = GetParam();
  for (const U64Field& field : c.u64s) {
    SCOPED_TRACE(field.key);
    const Result<Event> max = Decode(With(c.full(), field.key, "18446744073709551615"));
    ASSERT_THAT(max, Succeeds()) << line_;
    EXPECT_EQ(field.get(max.value()), std::optional<std::uint64_t>(kU64Max));
    const Result<Event> zero = Decode(With(c.full(), field.key, "0"));
    ASSERT_THAT(zero, Succeeds()) << line_;
    EXPECT_EQ(field.get(zero.value()), std::optional<std::uint64_t>(0));
  }
}

// (d) f64 fields: integer literals, underflow to zero, and overflow as out_of_range.
TEST_P(RecordDecoderKindTest, F64FieldsReadEveryNumberLiteral) {
  const KindCase& c = GetParam();
  for (const F64Field& field : c.f64s) {
    SCOPED_TRACE(field.key);
    const std::vector<std::pair<std::string, double>> accepted = {
        {"3", 3.0},       {"0", 0.0},
        {"-7", -7.0},     {"18446744073709551616", 18446744073709551616.0},
        {"1e-400", 0.0},  {"2.5E2", 250.0},
        {"1e308", 1e308}, {"0.1", 0.1}};
    for (const auto& [json, expected] : accepted) {
      const Result<Event> result = Decode(With(c.full(), field.key, json));
      ASSERT_THAT(result, Succeeds()) << line_;
      EXPECT_EQ(field.get(result.value()), std::optional<double>(expected)) << json;
    }
    const Result<Event> negative_zero = Decode(With(c.full(), field.key, "-0"));
    ASSERT_THAT(negative_zero, Succeeds()) << line_;
    ASSERT_TRUE(field.get(negative_zero.value()).has_value());
    EXPECT_TRUE(std::signbit(*field.get(negative_zero.value())));
    for (const char* json : {"1E400", "-1E400", "1e309"}) {
      const Result<Event> result = Decode(With(c.full(), field.key, json));
      EXPECT_THAT(result, FailsWith(ErrorCode::kOutOfRange, 7)) << line_;
    }
  }
}

// (d) `1E400` is out_of_range wherever it sits: a known field of any type, or an unknown one.
TEST_P(RecordDecoderKindTest, NumberBeyondDoubleAnywhereIsOutOfRange) {
  const KindCase& c = GetParam();
  for (const std::string& key : KeysOf(c.full())) {
    if (key == "kind") continue;
    SCOPED_TRACE(key);
    EXPECT_THAT(Decode(With(c.full(), key, "1E400")), FailsWith(ErrorCode::kOutOfRange, 7))
        << line_;
  }
  for (const char* json : {"1E400", "[0,1E400]", R"({"a":{"b":[-1e999]}})"}) {
    SCOPED_TRACE(json);
    EXPECT_THAT(Decode(Plus(c.full(), "x", json)), FailsWith(ErrorCode::kOutOfRange, 7)) << line_;
    EXPECT_THAT(Decode(Plus(c.full(), "x", json)),
                FailsWithMessage(ErrorCode::kOutOfRange, "number out of range"));
  }
}

// (e) Enumerations accept only their exact spellings: invalid_value otherwise.
TEST_P(RecordDecoderKindTest, MisspelledEnumIsInvalidValue) {
  const KindCase& c = GetParam();
  for (const EnumField& field : c.enums) {
    for (const std::string& spelling : field.rejected) {
      SCOPED_TRACE(field.key + " = " + spelling);
      const Result<Event> result = Decode(With(c.full(), field.key, Quote(spelling)));
      ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidValue, 7)) << line_;
      EXPECT_EQ(ErrorIn(result).field, field.key);
      EXPECT_THAT(ErrorIn(result).message,
                  ::testing::StartsWith("unknown variant `" + spelling + "`, expected "));
    }
    SCOPED_TRACE(field.key);
    EXPECT_THAT(Decode(With(c.full(), field.key, "0")), FailsWith(ErrorCode::kInvalidType, 7))
        << line_;
  }
}

// (f) Unknown keys are kept, in input order, wherever they sit, as compact JSON.
TEST_P(RecordDecoderKindTest, UnknownKeysAreKeptInOrder) {
  const KindCase& c = GetParam();
  Members members = c.full();
  members.insert(members.begin() + 1, Member{"zeta", "null"});
  members.insert(members.begin() + 3, Member{"alpha", R"({"k" : [true, false]})"});
  members.push_back({"x", R"([1, 2.50, {"a" : "\u0041"}])"});
  members.push_back({"zeta", "-0"});
  const Result<Event> result = Decode(members);
  ASSERT_THAT(result, Succeeds()) << line_;
  EXPECT_EQ(PairsOf(UnknownOf(result.value())), (Pairs{{"zeta", "null"},
                                                       {"alpha", R"({"k":[true,false]})"},
                                                       {"x", R"([1,2.50,{"a":"A"}])"},
                                                       {"zeta", "-0"}}));
}

// (f) Unknown keys do not change the known fields.
TEST_P(RecordDecoderKindTest, UnknownKeysLeaveKnownFieldsAlone) {
  const KindCase& c = GetParam();
  RecordDecoder plain_decoder;
  const std::string plain_line = Object(c.full());
  const Result<Event> plain = plain_decoder.Decode(plain_line);
  ASSERT_THAT(plain, Succeeds());
  const Result<Event> extra = Decode(Plus(c.full(), "extra", "42"));
  ASSERT_THAT(extra, Succeeds()) << line_;
  Event without_unknown = extra.value();
  std::visit(
      [](auto& record) {
        if constexpr (std::is_same_v<std::decay_t<decltype(record)>, MetaRecord>) {
          record.run.unknown = {};
        } else {
          record.unknown = {};
        }
      },
      without_unknown);
  EXPECT_TRUE(without_unknown == plain.value());
}

// (j) The strict option turns an unknown key into unknown_field, and leaves known keys alone.
TEST_P(RecordDecoderKindTest, StrictModeRejectsUnknownKeys) {
  const KindCase& c = GetParam();
  RecordDecoder strict(DecodeOptions{.strict = true});
  const std::string full_line = Object(c.full());
  EXPECT_THAT(strict.Decode(full_line, {2, 1}), Succeeds()) << full_line;
  const std::string line = Object(Plus(c.full(), "extra", "42"));
  const Result<Event> result = strict.Decode(line, {2, 1});
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kUnknownField, "unknown field `extra`")) << line;
  EXPECT_EQ(result.error().field, "extra");
  EXPECT_EQ(result.error().line, 2u);
  EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(1));
}

INSTANTIATE_TEST_SUITE_P(RecordDecoderKinds, RecordDecoderKindTest,
                         ::testing::ValuesIn(KindCases()),
                         [](const ::testing::TestParamInfo<KindCase>& info) {
                           return info.param.name;
                         });

// ---------------------------------------------------------------------------------------------
// (b) Optional and defaulted fields left out take the documented defaults.

class RecordDecoderDefaultsTest : public ::testing::Test {
 protected:
  Result<Event> Decode(std::string_view line) {
    line_ = std::string(line);
    return decoder_.Decode(line_, {1, 0});
  }
  std::string line_;
  RecordDecoder decoder_;
};

TEST_F(RecordDecoderDefaultsTest, MetaWithoutOptionalFields) {
  const Result<Event> result = Decode(testdata::kMeta10);
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr);
  EXPECT_FALSE(meta->run.measured_region_device_synchronized);
  EXPECT_EQ(meta->run.comparison_identity, std::nullopt);
  EXPECT_EQ(meta->run.candle_version, std::nullopt);
  EXPECT_THAT(PairsOf(meta->run.tags), IsEmpty());
  const CaptureContract& contract = meta->run.capture_contract;
  EXPECT_EQ(contract.measurement_scope, MeasurementScope::kUnknown);
  EXPECT_EQ(contract.operations, CoverageLevel::kNone);
  EXPECT_EQ(contract.tensors, CoverageLevel::kNone);
  EXPECT_EQ(contract.gradients, CoverageLevel::kNone);
  EXPECT_EQ(contract.gradient_contract, std::nullopt);
  EXPECT_TRUE(contract.required_semantic_labels.empty());
  EXPECT_TRUE(contract.gpu_expected_semantic_labels.empty());
  EXPECT_TRUE(contract.cpu_only_semantic_labels.empty());
}

TEST_F(RecordDecoderDefaultsTest, ContractDefaultsAreNoneEvenWhenOtherLevelsAreNot) {
  Members contract = CaptureContractMembers();
  for (const char* key : {"tensors", "gradients", "gradient_contract", "required_semantic_labels",
                          "gpu_expected_semantic_labels", "cpu_only_semantic_labels"}) {
    contract = Without(contract, key);
  }
  const Result<Event> result = Decode(Object(MetaMembers(contract)));
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr) << line_;
  EXPECT_EQ(meta->run.capture_contract.operations, CoverageLevel::kComplete);
  EXPECT_EQ(meta->run.capture_contract.tensors, CoverageLevel::kNone);
  EXPECT_EQ(meta->run.capture_contract.gradients, CoverageLevel::kNone);
  EXPECT_EQ(meta->run.capture_contract.gradient_contract, std::nullopt);
  EXPECT_TRUE(meta->run.capture_contract.required_semantic_labels.empty());
}

TEST_F(RecordDecoderDefaultsTest, ComparisonIdentityOptionalsAreNone) {
  Members identity = Without(Without(ComparisonIdentityMembers(), "implementation_id"), "pair_id");
  const Result<Event> result = Decode(Object(MetaMembers(CaptureContractMembers(), identity)));
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr) << line_;
  ASSERT_TRUE(meta->run.comparison_identity.has_value());
  EXPECT_EQ(meta->run.comparison_identity->implementation_id, std::nullopt);
  EXPECT_EQ(meta->run.comparison_identity->pair_id, std::nullopt);
  EXPECT_EQ(meta->run.comparison_identity->workload_id, "wl");

  identity =
      With(With(ComparisonIdentityMembers(), "implementation_id", "null"), "pair_id", "null");
  const Result<Event> nulls = Decode(Object(MetaMembers(CaptureContractMembers(), identity)));
  const MetaRecord* meta_nulls = RecordOf<MetaRecord>(nulls);
  ASSERT_NE(meta_nulls, nullptr) << line_;
  EXPECT_EQ(meta_nulls->run.comparison_identity->implementation_id, std::nullopt);
  EXPECT_EQ(meta_nulls->run.comparison_identity->pair_id, std::nullopt);
}

TEST_F(RecordDecoderDefaultsTest, NullGradientContractIsNone) {
  const Result<Event> result =
      Decode(Object(MetaMembers(With(CaptureContractMembers(), "gradient_contract", "null"))));
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr) << line_;
  EXPECT_EQ(meta->run.capture_contract.gradient_contract, std::nullopt);
}

TEST_F(RecordDecoderDefaultsTest, SpanStart) {
  const Result<Event> result =
      Decode(R"({"kind":"span_start","id":"s1","name":"n","start_ns":0,"span_kind":"op"})");
  const SpanStartRecord* span = RecordOf<SpanStartRecord>(result);
  ASSERT_NE(span, nullptr);
  EXPECT_EQ(*span,
            (SpanStartRecord{"s1", std::nullopt, "n", 0, SpanKind::kOp, false, std::nullopt, {}}));
}

TEST_F(RecordDecoderDefaultsTest, SpanEndDurationIsZero) {
  const Result<Event> result = Decode(R"({"kind":"span_end","id":"s1"})");
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr);
  EXPECT_EQ(span->duration_ns, 0u);
}

TEST_F(RecordDecoderDefaultsTest, Op) {
  const Result<Event> result = Decode(
      R"({"kind":"op","span_id":"s1","op_name":"add","shape":[],"dtype":"f32","device":"cpu","duration_ns":7,"input_dense_bytes":0})");
  const OpRecord* op = RecordOf<OpRecord>(result);
  ASSERT_NE(op, nullptr);
  EXPECT_TRUE(op->inputs.empty());
  EXPECT_EQ(op->output, std::nullopt);
  EXPECT_TRUE(op->shape.empty());
  EXPECT_EQ(op->timestamp_ns, 0u);
  EXPECT_EQ(op->output_dense_bytes, std::nullopt);
  EXPECT_EQ(op->duration_ns, 7u);
}

TEST_F(RecordDecoderDefaultsTest, Tensor) {
  const Result<Event> result = Decode(
      R"({"kind":"tensor","span_id":"s1","tensor_id":"t1","shape":[4],"dtype":"f16","device":"cpu"})");
  const TensorRecord* tensor = RecordOf<TensorRecord>(result);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->label, std::nullopt);
  EXPECT_FALSE(tensor->requires_grad);
  EXPECT_EQ(tensor->dense_bytes, std::nullopt);
  EXPECT_EQ(tensor->category, MemoryCategory::kOther);
}

// docs/examples.md E12.
TEST_F(RecordDecoderDefaultsTest, MemoryE12) {
  const Result<Event> result = Decode(
      R"({"kind":"memory","timestamp_ns":20,"storage_id":"st1","tensor_id":"t1","span_id":"s1","device":"cpu","bytes":4096,"action":"alloc","dtype":"f32"})");
  const MemoryRecord* memory = RecordOf<MemoryRecord>(result);
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(memory->op_name, std::nullopt);
  EXPECT_TRUE(memory->shape.empty());
  EXPECT_EQ(memory->category, MemoryCategory::kOther);
  EXPECT_EQ(memory->action, MemoryAction::kAlloc);
  EXPECT_EQ(memory->bytes, 4096u);
}

// docs/examples.md E13, and a sample with no measurement at all.
TEST_F(RecordDecoderDefaultsTest, DeviceMemoryE13) {
  const Result<Event> result =
      Decode(R"({"kind":"device_memory","timestamp_ns":30,"device":"cuda:0","used_bytes":100})");
  const DeviceMemoryRecord* sample = RecordOf<DeviceMemoryRecord>(result);
  ASSERT_NE(sample, nullptr);
  EXPECT_EQ(*sample,
            (DeviceMemoryRecord{30, "cuda:0", 100, std::nullopt, std::nullopt, std::nullopt, {}}));
  const Result<Event> empty =
      Decode(R"({"kind":"device_memory","timestamp_ns":30,"device":"cuda:0"})");
  const DeviceMemoryRecord* empty_sample = RecordOf<DeviceMemoryRecord>(empty);
  ASSERT_NE(empty_sample, nullptr);
  EXPECT_EQ(*empty_sample,
            (DeviceMemoryRecord{
                30, "cuda:0", std::nullopt, std::nullopt, std::nullopt, std::nullopt, {}}));
}

TEST_F(RecordDecoderDefaultsTest, GradientNormIsNone) {
  const Result<Event> result =
      Decode(R"({"kind":"gradient","event_id":"g1","root":"vb","key":"w","state":"missing"})");
  const GradientRecord* gradient = RecordOf<GradientRecord>(result);
  ASSERT_NE(gradient, nullptr);
  EXPECT_EQ(gradient->norm, std::nullopt);
  EXPECT_EQ(gradient->state, GradientState::kMissing);
}

TEST_F(RecordDecoderDefaultsTest, TerminalReasonIsNone) {
  const Result<Event> result = Decode(testdata::kCompleteTerminal0);
  const TerminalRecord* terminal = RecordOf<TerminalRecord>(result);
  ASSERT_NE(terminal, nullptr);
  EXPECT_EQ(*terminal, (TerminalRecord{RunOutcome::kComplete, 0, std::nullopt, {}}));
}

// Defaulted fields that are not optional reject `null` with serde's message.
TEST_F(RecordDecoderDefaultsTest, NullForDefaultedFieldsIsInvalidType) {
  EXPECT_THAT(Decode(Object(With(SpanStartMembers(), "measured", "null"))),
              FailsWithMessage(ErrorCode::kInvalidType, "invalid type: null, expected a boolean"));
  EXPECT_THAT(Decode(Object(With(TensorMembers(), "requires_grad", "null"))),
              FailsWithMessage(ErrorCode::kInvalidType, "invalid type: null, expected a boolean"));
  EXPECT_THAT(Decode(Object(With(MetaMembers(), "measured_region_device_synchronized", "null"))),
              FailsWithMessage(ErrorCode::kInvalidType, "invalid type: null, expected a boolean"));
  EXPECT_THAT(Decode(Object(With(SpanEndMembers(), "duration_ns", "null"))),
              FailsWithMessage(ErrorCode::kInvalidType, "invalid type: null, expected u64"));
  EXPECT_THAT(Decode(Object(With(OpMembers(), "inputs", "null"))),
              FailsWith(ErrorCode::kInvalidType, 1));
  EXPECT_THAT(Decode(Object(With(MemoryMembers(), "shape", "null"))),
              FailsWith(ErrorCode::kInvalidType, 1));
  EXPECT_THAT(Decode(Object(With(MemoryMembers(), "category", "null"))),
              FailsWith(ErrorCode::kInvalidType, 1));
  EXPECT_THAT(Decode(Object(With(TensorMembers(), "category", "null"))),
              FailsWith(ErrorCode::kInvalidType, 1));
  EXPECT_THAT(Decode(Object(With(MetaMembers(), "tags", "null"))),
              FailsWith(ErrorCode::kInvalidType, 1));
}

// A bool field takes only JSON booleans.
TEST_F(RecordDecoderDefaultsTest, NonBooleanForBoolFieldIsInvalidType) {
  for (const char* json : {"1", "0", R"("true")", "[]"}) {
    SCOPED_TRACE(json);
    const Result<Event> result = Decode(Object(With(SpanStartMembers(), "measured", json)));
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidType, 1));
    EXPECT_EQ(result.error().field, "measured");
  }
}

// ---------------------------------------------------------------------------------------------
// The meta record's nested objects: required keys, duplicates, types, enums and unknown keys,
// each error naming the full key path (m).

class RecordDecoderMetaTest : public ::testing::Test {
 protected:
  Result<Event> Decode(const Members& members) {
    line_ = Object(members);
    return decoder_.Decode(line_, {1, 0});
  }
  Result<Event> DecodeContract(const Members& contract) { return Decode(MetaMembers(contract)); }
  Result<Event> DecodeGradientContract(const Members& gradient_contract) {
    return DecodeContract(
        With(CaptureContractMembers(), "gradient_contract", Object(gradient_contract)));
  }
  Result<Event> DecodeExpected(const Members& entry) {
    return DecodeGradientContract(
        With(GradientContractMembers(), "expected",
             "[" + Object(ExpectedGradientMembers()) + "," + Object(entry) + "]"));
  }
  Result<Event> DecodeFamily(const Members& entry) {
    return DecodeGradientContract(With(GradientContractMembers(), "families",
                                       "[" + Object(FamilyMembers()) + "," + Object(entry) + "]"));
  }
  Result<Event> DecodeIdentity(const Members& identity) {
    return Decode(MetaMembers(CaptureContractMembers(), identity));
  }

  // Expects `result` to fail with `code` at `field`.
  void ExpectFailure(const Result<Event>& result, ErrorCode code, std::string_view field) {
    ASSERT_THAT(result, FailsWith(code, 1)) << line_;
    EXPECT_EQ(result.error().field, field);
  }

  std::string line_;
  RecordDecoder decoder_;
};

TEST_F(RecordDecoderMetaTest, MissingContractKeysNameTheirPath) {
  for (const char* key :
       {"measurement_scope", "operations", "logical_memory", "physical_memory", "device_timing"}) {
    SCOPED_TRACE(key);
    const Result<Event> result = DecodeContract(Without(CaptureContractMembers(), key));
    ExpectFailure(result, ErrorCode::kMissingField, std::string("capture_contract.") + key);
    EXPECT_EQ(result.error().message, std::string("missing field `") + key + "`");
  }
}

TEST_F(RecordDecoderMetaTest, MissingGradientContractKeysNameTheirPath) {
  for (const char* key : {"manifest_sha256", "expected", "families"}) {
    SCOPED_TRACE(key);
    ExpectFailure(DecodeGradientContract(Without(GradientContractMembers(), key)),
                  ErrorCode::kMissingField,
                  std::string("capture_contract.gradient_contract.") + key);
  }
}

TEST_F(RecordDecoderMetaTest, MissingExpectedGradientKeysNameTheirPath) {
  for (const char* key : {"root", "key", "family"}) {
    SCOPED_TRACE(key);
    ExpectFailure(DecodeExpected(Without(ExpectedGradientMembers(), key)), ErrorCode::kMissingField,
                  std::string("capture_contract.gradient_contract.expected[1].") + key);
  }
}

TEST_F(RecordDecoderMetaTest, MissingFamilyKeysNameTheirPath) {
  for (const char* key : {"family", "expectation", "min_present"}) {
    SCOPED_TRACE(key);
    ExpectFailure(DecodeFamily(Without(FamilyMembers(), key)), ErrorCode::kMissingField,
                  std::string("capture_contract.gradient_contract.families[1].") + key);
  }
}

TEST_F(RecordDecoderMetaTest, MissingComparisonIdentityKeysNameTheirPath) {
  for (const char* key : {"workload_id", "model_id", "config_id", "data_id", "seed_policy",
                          "physical_batch", "accumulation_steps", "precision", "device_state"}) {
    SCOPED_TRACE(key);
    ExpectFailure(DecodeIdentity(Without(ComparisonIdentityMembers(), key)),
                  ErrorCode::kMissingField, std::string("comparison_identity.") + key);
  }
}

// (m) A missing key inside the first expected gradient names its index.
TEST_F(RecordDecoderMetaTest, MissingRootOfFirstExpectedGradient) {
  const Result<Event> result =
      DecodeGradientContract(With(GradientContractMembers(), "expected",
                                  "[" + Object(Without(ExpectedGradientMembers(), "root")) + "]"));
  ExpectFailure(result, ErrorCode::kMissingField,
                "capture_contract.gradient_contract.expected[0].root");
  EXPECT_EQ(result.error().message, "missing field `root`");
}

// (m) Paths of wrong values rather than missing ones.
TEST_F(RecordDecoderMetaTest, NestedTypeErrorsNameTheirPath) {
  ExpectFailure(DecodeContract(With(CaptureContractMembers(), "operations", "1")),
                ErrorCode::kInvalidType, "capture_contract.operations");
  ExpectFailure(DecodeContract(With(CaptureContractMembers(), "operations", Quote("all"))),
                ErrorCode::kInvalidValue, "capture_contract.operations");
  Members first = With(ExpectedGradientMembers(), "root", "7");
  ExpectFailure(DecodeGradientContract(
                    With(GradientContractMembers(), "expected", "[" + Object(first) + "]")),
                ErrorCode::kInvalidType, "capture_contract.gradient_contract.expected[0].root");
  ExpectFailure(DecodeFamily(With(FamilyMembers(), "min_present", "-1")), ErrorCode::kOutOfRange,
                "capture_contract.gradient_contract.families[1].min_present");
  ExpectFailure(DecodeFamily(With(FamilyMembers(), "min_present", "2.0")), ErrorCode::kInvalidType,
                "capture_contract.gradient_contract.families[1].min_present");
  ExpectFailure(DecodeIdentity(With(ComparisonIdentityMembers(), "physical_batch", "1e3")),
                ErrorCode::kInvalidType, "comparison_identity.physical_batch");
  ExpectFailure(DecodeIdentity(With(ComparisonIdentityMembers(), "accumulation_steps",
                                    "18446744073709551616")),
                ErrorCode::kOutOfRange, "comparison_identity.accumulation_steps");
  ExpectFailure(
      DecodeContract(With(CaptureContractMembers(), "required_semantic_labels", R"(["a",1])")),
      ErrorCode::kInvalidType, "capture_contract.required_semantic_labels[1]");
  ExpectFailure(DecodeGradientContract(With(GradientContractMembers(), "expected", "{}")),
                ErrorCode::kInvalidType, "capture_contract.gradient_contract.expected");
  ExpectFailure(DecodeGradientContract(With(GradientContractMembers(), "families", "[1]")),
                ErrorCode::kInvalidType, "capture_contract.gradient_contract.families[0]");
  ExpectFailure(Decode(With(MetaMembers(), "capture_contract", "[]")), ErrorCode::kInvalidType,
                "capture_contract");
  ExpectFailure(Decode(With(MetaMembers(), "comparison_identity", Quote("x"))),
                ErrorCode::kInvalidType, "comparison_identity");
}

TEST_F(RecordDecoderMetaTest, NestedU64BoundsAreAccepted) {
  const Result<Event> result =
      DecodeFamily(With(FamilyMembers(), "min_present", "18446744073709551615"));
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr) << line_;
  ASSERT_EQ(meta->run.capture_contract.gradient_contract->families.size(), 2u);
  EXPECT_EQ(meta->run.capture_contract.gradient_contract->families[1].min_present, kU64Max);
}

TEST_F(RecordDecoderMetaTest, NullForNestedNonOptionalFieldIsInvalidType) {
  for (const char* key :
       {"measurement_scope", "operations", "tensors", "gradients", "logical_memory",
        "required_semantic_labels", "gpu_expected_semantic_labels", "cpu_only_semantic_labels"}) {
    SCOPED_TRACE(key);
    ExpectFailure(DecodeContract(With(CaptureContractMembers(), key, "null")),
                  ErrorCode::kInvalidType, std::string("capture_contract.") + key);
  }
  ExpectFailure(DecodeIdentity(With(ComparisonIdentityMembers(), "workload_id", "null")),
                ErrorCode::kInvalidType, "comparison_identity.workload_id");
  ExpectFailure(DecodeFamily(With(FamilyMembers(), "expectation", "null")), ErrorCode::kInvalidType,
                "capture_contract.gradient_contract.families[1].expectation");
}

TEST_F(RecordDecoderMetaTest, NestedEnumMisspellingsAreInvalidValue) {
  for (const char* spelling : {"Unknown", "profiled", "production-equivalent", "PROFILED_WORK"}) {
    SCOPED_TRACE(spelling);
    ExpectFailure(
        DecodeContract(With(CaptureContractMembers(), "measurement_scope", Quote(spelling))),
        ErrorCode::kInvalidValue, "capture_contract.measurement_scope");
  }
  for (const char* key : {"operations", "tensors", "gradients", "logical_memory", "physical_memory",
                          "device_timing"}) {
    for (const char* spelling : {"None", "Complete", "full", "partial ", "0"}) {
      SCOPED_TRACE(std::string(key) + " = " + spelling);
      ExpectFailure(DecodeContract(With(CaptureContractMembers(), key, Quote(spelling))),
                    ErrorCode::kInvalidValue, std::string("capture_contract.") + key);
    }
  }
  for (const char* spelling : {"Active", "inactive ", "data-conditional", "conditional"}) {
    SCOPED_TRACE(spelling);
    ExpectFailure(DecodeFamily(With(FamilyMembers(), "expectation", Quote(spelling))),
                  ErrorCode::kInvalidValue,
                  "capture_contract.gradient_contract.families[1].expectation");
  }
}

TEST_F(RecordDecoderMetaTest, EveryEnumSpellingReads) {
  for (const auto& [spelling, scope] :
       {std::pair{"unknown", MeasurementScope::kUnknown},
        std::pair{"profiled_work", MeasurementScope::kProfiledWork},
        std::pair{"production_equivalent", MeasurementScope::kProductionEquivalent}}) {
    const Result<Event> result =
        DecodeContract(With(CaptureContractMembers(), "measurement_scope", Quote(spelling)));
    const MetaRecord* meta = RecordOf<MetaRecord>(result);
    ASSERT_NE(meta, nullptr) << line_;
    EXPECT_EQ(meta->run.capture_contract.measurement_scope, scope);
  }
  for (const auto& [spelling, expectation] :
       {std::pair{"active", GradientFamilyExpectation::kActive},
        std::pair{"inactive", GradientFamilyExpectation::kInactive},
        std::pair{"data_conditional", GradientFamilyExpectation::kDataConditional}}) {
    const Result<Event> result =
        DecodeFamily(With(FamilyMembers(), "expectation", Quote(spelling)));
    const MetaRecord* meta = RecordOf<MetaRecord>(result);
    ASSERT_NE(meta, nullptr) << line_;
    EXPECT_EQ(meta->run.capture_contract.gradient_contract->families[1].expectation, expectation);
  }
  const Result<Event> none =
      DecodeContract(With(CaptureContractMembers(), "device_timing", Quote("none")));
  const MetaRecord* meta = RecordOf<MetaRecord>(none);
  ASSERT_NE(meta, nullptr) << line_;
  EXPECT_EQ(meta->run.capture_contract.device_timing, CoverageLevel::kNone);
  const Result<Event> train = Decode(With(MetaMembers(), "phase", Quote("train")));
  ASSERT_NE(RecordOf<MetaRecord>(train), nullptr) << line_;
  EXPECT_EQ(RecordOf<MetaRecord>(train)->run.phase, ExecutionPhase::kTrain);
  const Result<Event> host = Decode(With(MetaMembers(), "timing_mode", Quote("host")));
  ASSERT_NE(RecordOf<MetaRecord>(host), nullptr) << line_;
  EXPECT_EQ(RecordOf<MetaRecord>(host)->run.timing_mode, TimingMode::kHost);
}

// (g) Duplicates inside nested objects, with the nested path.
TEST_F(RecordDecoderMetaTest, NestedDuplicateKeysAreDuplicateKey) {
  for (const Member& m : CaptureContractMembers()) {
    SCOPED_TRACE(m.key);
    const Result<Event> result = DecodeContract(Doubled(CaptureContractMembers(), m.key));
    ExpectFailure(result, ErrorCode::kDuplicateKey, "capture_contract." + m.key);
    EXPECT_EQ(result.error().message, "duplicate field `" + m.key + "`");
  }
  for (const Member& m : ComparisonIdentityMembers()) {
    SCOPED_TRACE(m.key);
    ExpectFailure(DecodeIdentity(Doubled(ComparisonIdentityMembers(), m.key)),
                  ErrorCode::kDuplicateKey, "comparison_identity." + m.key);
  }
  for (const Member& m : GradientContractMembers()) {
    SCOPED_TRACE(m.key);
    ExpectFailure(DecodeGradientContract(Doubled(GradientContractMembers(), m.key)),
                  ErrorCode::kDuplicateKey, "capture_contract.gradient_contract." + m.key);
  }
  ExpectFailure(DecodeExpected(Doubled(ExpectedGradientMembers(), "key")), ErrorCode::kDuplicateKey,
                "capture_contract.gradient_contract.expected[1].key");
  ExpectFailure(DecodeFamily(Doubled(FamilyMembers(), "min_present")), ErrorCode::kDuplicateKey,
                "capture_contract.gradient_contract.families[1].min_present");
}

// (f) Nested objects keep their own unknown keys; the top level keeps the meta line's.
TEST_F(RecordDecoderMetaTest, UnknownKeysStayWithTheirObject) {
  Members expected_entry = Plus(ExpectedGradientMembers(), "e", R"("\u00e9")");
  Members family = Plus(FamilyMembers(), "f", "[ ]");
  Members gradient_contract = GradientContractMembers();
  gradient_contract = With(gradient_contract, "expected", "[" + Object(expected_entry) + "]");
  gradient_contract = With(gradient_contract, "families", "[" + Object(family) + "]");
  gradient_contract = Plus(gradient_contract, "g", "1.50");
  Members contract = With(CaptureContractMembers(), "gradient_contract", Object(gradient_contract));
  contract.insert(contract.begin(), Member{"c0", "0"});
  contract.push_back({"kind", Quote("nested")});
  Members identity = Plus(ComparisonIdentityMembers(), "i", R"({ "z" : null })");
  Members meta = MetaMembers(contract, identity);
  meta.insert(meta.begin() + 2, Member{"top", "true"});
  meta.push_back({"profile", Quote("release")});

  const Result<Event> result = Decode(meta);
  const MetaRecord* record = RecordOf<MetaRecord>(result);
  ASSERT_NE(record, nullptr) << line_;
  EXPECT_EQ(PairsOf(record->run.unknown), (Pairs{{"top", "true"}, {"profile", R"("release")"}}));
  EXPECT_EQ(PairsOf(record->run.capture_contract.unknown),
            (Pairs{{"c0", "0"}, {"kind", R"("nested")"}}));
  const GradientContract& gradients = *record->run.capture_contract.gradient_contract;
  EXPECT_EQ(PairsOf(gradients.unknown), (Pairs{{"g", "1.50"}}));
  ASSERT_EQ(gradients.expected.size(), 1u);
  EXPECT_EQ(PairsOf(gradients.expected[0].unknown), (Pairs{{"e", "\"\xC3\xA9\""}}));
  EXPECT_EQ(gradients.expected[0].root, "vb");
  ASSERT_EQ(gradients.families.size(), 1u);
  EXPECT_EQ(PairsOf(gradients.families[0].unknown), (Pairs{{"f", "[]"}}));
  EXPECT_EQ(PairsOf(record->run.comparison_identity->unknown), (Pairs{{"i", R"({"z":null})"}}));
}

// (j) Strict mode names the nested unknown key by its path.
TEST_F(RecordDecoderMetaTest, StrictModeNamesNestedUnknownKeys) {
  RecordDecoder strict(DecodeOptions{.strict = true});
  const std::string contract_line =
      Object(MetaMembers(Plus(CaptureContractMembers(), "extra", "1")));
  const Result<Event> contract = strict.Decode(contract_line, {4, 0});
  ASSERT_THAT(contract, FailsWith(ErrorCode::kUnknownField, 4));
  EXPECT_EQ(contract.error().field, "capture_contract.extra");

  const std::string identity_line =
      Object(MetaMembers(CaptureContractMembers(), Plus(ComparisonIdentityMembers(), "x", "1")));
  const Result<Event> identity = strict.Decode(identity_line, {4, 0});
  ASSERT_THAT(identity, FailsWith(ErrorCode::kUnknownField, 4));
  EXPECT_EQ(identity.error().field, "comparison_identity.x");

  const std::string entry_line = Object(MetaMembers(
      With(CaptureContractMembers(), "gradient_contract",
           Object(With(GradientContractMembers(), "expected",
                       "[" + Object(Plus(ExpectedGradientMembers(), "y", "1")) + "]")))));
  const Result<Event> entry = strict.Decode(entry_line, {4, 0});
  ASSERT_THAT(entry, FailsWith(ErrorCode::kUnknownField, 4));
  EXPECT_EQ(entry.error().field, "capture_contract.gradient_contract.expected[0].y");

  // Tags are a free-form map, not a record: any key is fine there.
  const std::string tags_line = Object(With(MetaMembers(), "tags", R"({"anything":"x"})"));
  EXPECT_THAT(strict.Decode(tags_line, {4, 0}), Succeeds());
}

// (g) `tags`: a repeated key is fine, the last value wins, and keys come out byte-wise sorted.
TEST_F(RecordDecoderMetaTest, TagsAreSortedAndTheLastRepeatWins) {
  const Result<Event> result = Decode(With(
      MetaMembers(), "tags",
      R"({"b":"1","\u00e9":"e","a":"2","B":"3","b":"4","~":"t","a":"5","":"empty","a b":"s"})"));
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr) << line_;
  EXPECT_EQ(PairsOf(meta->run.tags), (Pairs{{"", "empty"},
                                            {"B", "3"},
                                            {"a", "5"},
                                            {"a b", "s"},
                                            {"b", "4"},
                                            {"~", "t"},
                                            {"\xC3\xA9", "e"}}));
}

TEST_F(RecordDecoderMetaTest, TagValuesMustBeStrings) {
  for (const char* value : {"1", "null", "true", R"(["x"])", R"({"x":"y"})"}) {
    SCOPED_TRACE(value);
    ExpectFailure(
        Decode(With(MetaMembers(), "tags", std::string(R"({"ok":"1","k":)") + value + "}")),
        ErrorCode::kInvalidType, "tags.k");
  }
  for (const char* tags : {"[]", R"("a=b")", "1"}) {
    SCOPED_TRACE(tags);
    ExpectFailure(Decode(With(MetaMembers(), "tags", tags)), ErrorCode::kInvalidType, "tags");
  }
}

// (g) Duplicated `tags`, `schema` and `run_id` are duplicate_key, wherever the second one is.
TEST_F(RecordDecoderMetaTest, DuplicateFlattenedMetaFieldsAreDuplicateKey) {
  for (const char* key : {"tags", "schema", "run_id", "capture_contract"}) {
    SCOPED_TRACE(key);
    Members members = MetaMembers();
    const Member copy = *std::find_if(members.begin(), members.end(),
                                      [&](const Member& m) { return m.key == key; });
    members.insert(members.begin() + 1, copy);
    ExpectFailure(Decode(members), ErrorCode::kDuplicateKey, key);
  }
}

// (m) A nested duplicate names its path: `capture_contract.operations`.
TEST_F(RecordDecoderMetaTest, DuplicateOperationsNamesItsPath) {
  Members contract = CaptureContractMembers();
  contract.push_back({"operations", Quote("none")});
  const Result<Event> result = DecodeContract(contract);
  ExpectFailure(result, ErrorCode::kDuplicateKey, "capture_contract.operations");
  EXPECT_EQ(result.error().message, "duplicate field `operations`");
}

// The schema is read as written; which schemas are supported is the fold's concern.
TEST_F(RecordDecoderMetaTest, SchemaIsReadAsWritten) {
  const Result<Event> result = Decode(With(MetaMembers(), "schema", Quote("candle-graph/trace/6")));
  const MetaRecord* meta = RecordOf<MetaRecord>(result);
  ASSERT_NE(meta, nullptr) << line_;
  EXPECT_EQ(meta->schema, "candle-graph/trace/6");
  const std::string meta9 = testdata::Meta9();
  const Result<Event> nine = decoder_.Decode(meta9);
  ASSERT_NE(RecordOf<MetaRecord>(nine), nullptr);
  EXPECT_EQ(RecordOf<MetaRecord>(nine)->schema, "candle-graph/trace/9");
}

// ---------------------------------------------------------------------------------------------
// Arrays, edges and the worked examples of docs/examples.md §8.1 (i).

class RecordDecoderFieldTest : public ::testing::Test {
 protected:
  Result<Event> Decode(std::string_view line) {
    line_ = std::string(line);
    return decoder_.Decode(line_, {9, 4});
  }
  Result<Event> Decode(const Members& members) { return Decode(Object(members)); }
  void ExpectFailure(const Result<Event>& result, ErrorCode code, std::string_view field) {
    ASSERT_THAT(result, FailsWith(code, 9)) << line_;
    EXPECT_EQ(result.error().field, field);
  }
  std::string line_;
  RecordDecoder decoder_;
};

// `shape` entries follow the u64 rules, with the index in the path.
TEST_F(RecordDecoderFieldTest, ShapeEntriesAreU64) {
  for (const auto& members :
       {OpMembers(), TensorMembers(), TensorStatsMembers(), MemoryMembers()}) {
    SCOPED_TRACE(members[0].json);
    ExpectFailure(Decode(With(members, "shape", "[2,1.0]")), ErrorCode::kInvalidType, "shape[1]");
    ExpectFailure(Decode(With(members, "shape", "[1e3]")), ErrorCode::kInvalidType, "shape[0]");
    ExpectFailure(Decode(With(members, "shape", "[2,3,-1]")), ErrorCode::kOutOfRange, "shape[2]");
    ExpectFailure(Decode(With(members, "shape", "[-0]")), ErrorCode::kOutOfRange, "shape[0]");
    ExpectFailure(Decode(With(members, "shape", "[18446744073709551616]")), ErrorCode::kOutOfRange,
                  "shape[0]");
    ExpectFailure(Decode(With(members, "shape", "[null]")), ErrorCode::kInvalidType, "shape[0]");
    ExpectFailure(Decode(With(members, "shape", R"(["2"])")), ErrorCode::kInvalidType, "shape[0]");
    ExpectFailure(Decode(With(members, "shape", "[[2]]")), ErrorCode::kInvalidType, "shape[0]");
    ExpectFailure(Decode(With(members, "shape", "2")), ErrorCode::kInvalidType, "shape");
    ExpectFailure(Decode(With(members, "shape", R"({"0":2})")), ErrorCode::kInvalidType, "shape");
    const Result<Event> max = Decode(With(members, "shape", "[0, 18446744073709551615 ,1]"));
    ASSERT_THAT(max, Succeeds()) << line_;
  }
  const Result<Event> op = Decode(With(OpMembers(), "shape", "[0,18446744073709551615,1]"));
  ASSERT_NE(RecordOf<OpRecord>(op), nullptr) << line_;
  EXPECT_THAT(Vec(RecordOf<OpRecord>(op)->shape), ElementsAre(0u, kU64Max, 1u));
}

TEST_F(RecordDecoderFieldTest, StringArrayEntriesAreStrings) {
  ExpectFailure(Decode(With(OpMembers(), "inputs", R"(["t0",1])")), ErrorCode::kInvalidType,
                "inputs[1]");
  ExpectFailure(Decode(With(OpMembers(), "inputs", "[null]")), ErrorCode::kInvalidType,
                "inputs[0]");
  ExpectFailure(Decode(With(OpMembers(), "inputs", R"("t0")")), ErrorCode::kInvalidType, "inputs");
  const Result<Event> empty = Decode(With(OpMembers(), "inputs", "[]"));
  ASSERT_NE(RecordOf<OpRecord>(empty), nullptr) << line_;
  EXPECT_TRUE(RecordOf<OpRecord>(empty)->inputs.empty());
  const Result<Event> repeated = Decode(With(OpMembers(), "inputs", R"(["t0","t0",""])"));
  ASSERT_NE(RecordOf<OpRecord>(repeated), nullptr) << line_;
  EXPECT_THAT(Vec(RecordOf<OpRecord>(repeated)->inputs), ElementsAre("t0", "t0", ""));
}

// Strings are arbitrary UTF-8 with the standard escapes, stored unescaped.
TEST_F(RecordDecoderFieldTest, StringEscapesAreDecoded) {
  const Result<Event> result = Decode(
      R"({"kind":"span_end","id":"a\"b\\c\/d\b\f\n\r\t\u0000\u00e9\ud83d\ude00\u2028 \u20ac"})");
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line_;
  static constexpr char kExpected[] =
      "a\"b\\c/d\b\f\n\r\t\0\xC3\xA9\xF0\x9F\x98\x80\xE2\x80\xA8 \xE2\x82\xAC";
  EXPECT_EQ(span->id, std::string_view(kExpected, sizeof kExpected - 1));
  const Result<Event> raw =
      Decode("{\"kind\":\"span_end\",\"id\":\"\xE6\x97\xA5\xF0\x9F\x98\x80\"}");
  ASSERT_NE(RecordOf<SpanEndRecord>(raw), nullptr) << line_;
  EXPECT_EQ(RecordOf<SpanEndRecord>(raw)->id, "\xE6\x97\xA5\xF0\x9F\x98\x80");
}

// An escaped key is the same key: `\u006bind` is `kind`, and a duplicate of it.
TEST_F(RecordDecoderFieldTest, EscapedKeysAreUnescapedBeforeMatching) {
  const Result<Event> result = Decode(R"({"\u006bind":"span_end","i\u0064":"s"})");
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line_;
  EXPECT_EQ(span->id, "s");
  ExpectFailure(Decode(R"({"kind":"span_end","\u006bind":"span_end","id":"s"})"),
                ErrorCode::kDuplicateKey, "kind");
  ExpectFailure(Decode(R"({"kind":"span_end","id":"s","\u0069d":"t"})"), ErrorCode::kDuplicateKey,
                "id");
}

// Unknown values are re-serialized compactly: numbers as written, strings re-escaped.
TEST_F(RecordDecoderFieldTest, UnknownValuesAreCompactJson) {
  const Result<Event> result = Decode(
      "{ \"kind\" : \"span_end\" , \"id\" : \"s\" , \"n\" : [ -0 , 1E5 , 1.50e+3 , 0.0 ] ,"
      " \"s\" : \"\\u0001\\u001f\\/\\u007f\\u00e9\\t\\\"\\\\\" , \"o\" : { } , \"a\" : [ ] ,"
      " \"big\" : 18446744073709551616 , \"tiny\" : 1e-400 }");
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line_;
  EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"n", "[-0,1E5,1.50e+3,0.0]"},
                                           {"s", "\"\\u0001\\u001f/\x7f\xC3\xA9\\t\\\"\\\\\""},
                                           {"o", "{}"},
                                           {"a", "[]"},
                                           {"big", "18446744073709551616"},
                                           {"tiny", "1e-400"}}));
}

// (f) Spaces inside an unknown value are dropped and escapes resolved: `[1,2.50,{"a":"A"}]`.
TEST_F(RecordDecoderFieldTest, UnknownValueWithSpacesAndEscapes) {
  const Result<Event> result =
      Decode("{\"kind\":\"span_end\",\"id\":\"s\",\"x\": [1, 2.50, {\"a\" : \"\\u0041\"}]}");
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line_;
  EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"x", R"([1,2.50,{"a":"A"}])"}}));
}

// A repeated unknown key is not an error (§1.0); both are kept.
TEST_F(RecordDecoderFieldTest, RepeatedUnknownKeyIsKept) {
  const Result<Event> result = Decode(R"({"kind":"span_end","x":1,"id":"s","x":2})");
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line_;
  EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"x", "1"}, {"x", "2"}}));
}

// §1.3: `"kind":"function"` on a span_start line is a second `kind`.
TEST_F(RecordDecoderFieldTest, SpanKindUnderKindIsDuplicateKind) {
  const Result<Event> result =
      Decode(With(Plus(SpanStartMembers(), "kind", Quote("function")), "span_kind", Quote("op")));
  ExpectFailure(result, ErrorCode::kDuplicateKey, "kind");
}

TEST_F(RecordDecoderFieldTest, EveryStepAndSpanKindSpellingReads) {
  for (const auto& [spelling, step] : {std::pair{"forward", ExecutionStep::kForward},
                                       std::pair{"backward", ExecutionStep::kBackward},
                                       std::pair{"optimizer", ExecutionStep::kOptimizer}}) {
    const Result<Event> result = Decode(With(SpanStartMembers(), "step", Quote(spelling)));
    ASSERT_NE(RecordOf<SpanStartRecord>(result), nullptr) << line_;
    EXPECT_EQ(RecordOf<SpanStartRecord>(result)->step, step);
  }
  for (const auto& [spelling, kind] :
       {std::pair{"function", SpanKind::kFunction}, std::pair{"op", SpanKind::kOp},
        std::pair{"module", SpanKind::kModule}}) {
    const Result<Event> result = Decode(With(SpanStartMembers(), "span_kind", Quote(spelling)));
    ASSERT_NE(RecordOf<SpanStartRecord>(result), nullptr) << line_;
    EXPECT_EQ(RecordOf<SpanStartRecord>(result)->span_kind, kind);
  }
  for (const auto& [spelling, state] :
       {std::pair{"present", GradientState::kPresent},
        std::pair{"missing", GradientState::kMissing}, std::pair{"zero", GradientState::kZero},
        std::pair{"non_finite", GradientState::kNonFinite}}) {
    const Result<Event> result = Decode(With(GradientMembers(), "state", Quote(spelling)));
    ASSERT_NE(RecordOf<GradientRecord>(result), nullptr) << line_;
    EXPECT_EQ(RecordOf<GradientRecord>(result)->state, state);
  }
  for (const auto& [spelling, category] : {std::pair{"parameter", MemoryCategory::kParameter},
                                           std::pair{"activation", MemoryCategory::kActivation},
                                           std::pair{"gradient", MemoryCategory::kGradient},
                                           std::pair{"optimizer", MemoryCategory::kOptimizer},
                                           std::pair{"other", MemoryCategory::kOther}}) {
    const Result<Event> result = Decode(With(MemoryMembers(), "category", Quote(spelling)));
    ASSERT_NE(RecordOf<MemoryRecord>(result), nullptr) << line_;
    EXPECT_EQ(RecordOf<MemoryRecord>(result)->category, category);
  }
}

// Reading does not check the norm against the state (health does, §1.11).
TEST_F(RecordDecoderFieldTest, GradientNormIsNotCheckedAgainstState) {
  const Result<Event> result =
      Decode(With(With(GradientMembers(), "state", Quote("missing")), "norm", "-0.0"));
  const GradientRecord* gradient = RecordOf<GradientRecord>(result);
  ASSERT_NE(gradient, nullptr) << line_;
  ASSERT_TRUE(gradient->norm.has_value());
  EXPECT_TRUE(std::signbit(*gradient->norm));
}

// §1.12: the fields follow `edge_kind`; the other kind's fields are unknown keys.
TEST_F(RecordDecoderFieldTest, EdgeFieldsFollowEdgeKind) {
  ExpectFailure(Decode(R"({"kind":"edge","edge_kind":"call","from_tensor":"a","to_tensor":"b"})"),
                ErrorCode::kMissingField, "from_span");
  ExpectFailure(Decode(R"({"kind":"edge","edge_kind":"data","from_span":"a","to_span":"b"})"),
                ErrorCode::kMissingField, "from_tensor");
  const Result<Event> data = Decode(
      R"({"kind":"edge","edge_kind":"data","from_tensor":"a","to_tensor":"b","host_duration_ns":5})");
  const EdgeRecord* edge = RecordOf<EdgeRecord>(data);
  ASSERT_NE(edge, nullptr) << line_;
  EXPECT_EQ(edge->edge_kind, EdgeKind::kData);
  EXPECT_EQ(edge->host_duration_ns, 0u);
  EXPECT_EQ(PairsOf(edge->unknown), (Pairs{{"host_duration_ns", "5"}}));
}

TEST_F(RecordDecoderFieldTest, EdgeKindMayComeLastAndBeforeKind) {
  const Result<Event> result = Decode(
      R"({"from_span":"a","to_span":"b","host_duration_ns":5,"edge_kind":"call","kind":"edge"})");
  const EdgeRecord* edge = RecordOf<EdgeRecord>(result);
  ASSERT_NE(edge, nullptr) << line_;
  EXPECT_EQ(*edge, (EdgeRecord{EdgeKind::kCall, "a", "b", 5, {}}));
}

TEST_F(RecordDecoderFieldTest, EdgeKindMustBeAString) {
  for (const char* json : {"0", "null", "true", R"(["call"])"}) {
    SCOPED_TRACE(json);
    ExpectFailure(Decode(With(CallEdgeMembers(), "edge_kind", json)), ErrorCode::kInvalidType,
                  "edge_kind");
  }
}

// `edge_kind` belongs to edges only; elsewhere it is an unknown key.
TEST_F(RecordDecoderFieldTest, EdgeKindOnAnotherRecordIsUnknown) {
  const Result<Event> result = Decode(Plus(SpanEndMembers(), "edge_kind", Quote("call")));
  const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
  ASSERT_NE(span, nullptr) << line_;
  EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"edge_kind", R"("call")"}}));
}

// docs/examples.md E2.
TEST_F(RecordDecoderFieldTest, ExampleE2MissingCaptureContract) {
  std::string line(testdata::kMeta10);
  const std::size_t begin = line.find(R"(,"capture_contract")");
  const std::size_t end = line.find(R"(,"tags")");
  ASSERT_NE(begin, std::string::npos);
  line.erase(begin, end - begin);
  const Result<Event> result = Decode(line);
  ASSERT_THAT(result,
              FailsWithMessage(ErrorCode::kMissingField, "missing field `capture_contract`"));
  EXPECT_EQ(result.error().field, "capture_contract");
  EXPECT_EQ(result.error().line, 9u);
  EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(4));
}

// docs/examples.md E3.
TEST_F(RecordDecoderFieldTest, ExampleE3FloatCaptureStep) {
  std::string line(testdata::kMeta10);
  const std::size_t at = line.find(R"("capture_step":1)");
  ASSERT_NE(at, std::string::npos);
  line.replace(at, 16, R"("capture_step":1.0)");
  const Result<Event> result = Decode(line);
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kInvalidType,
                                       "invalid type: floating point `1.0`, expected u64"));
  EXPECT_EQ(result.error().field, "capture_step");
  EXPECT_EQ(result.error().line, 9u);
}

// docs/examples.md E4: an unknown key is ignored (and kept), parent_id is None.
TEST_F(RecordDecoderFieldTest, ExampleE4ExtraKey) {
  const Result<Event> result = Decode(
      R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true,"extra":42})");
  const SpanStartRecord* span = RecordOf<SpanStartRecord>(result);
  ASSERT_NE(span, nullptr);
  EXPECT_EQ(span->parent_id, std::nullopt);
  EXPECT_TRUE(span->measured);
  EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"extra", "42"}}));
}

// docs/examples.md E5.
TEST_F(RecordDecoderFieldTest, ExampleE5DuplicateKind) {
  const Result<Event> result = Decode(
      R"({"kind":"span_start","id":"s2","parent_id":"s1","name":"fwd","start_ns":5,"kind":"function"})");
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kDuplicateKey, "duplicate field `kind`"));
  EXPECT_EQ(result.error().field, "kind");
  EXPECT_EQ(result.error().line, 9u);
}

// docs/examples.md E6 reads with the dtype as written and no output_dense_bytes yet; E8 lacks
// input_dense_bytes.
TEST_F(RecordDecoderFieldTest, ExamplesE6AndE8) {
  const std::string e6 =
      R"({"kind":"op","span_id":"s1","op_name":"matmul","shape":[32,32],"dtype":" F32 ","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":8192})";
  const Result<Event> result = Decode(e6);
  const OpRecord* op = RecordOf<OpRecord>(result);
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->dtype, " F32 ");
  EXPECT_EQ(op->output_dense_bytes, std::nullopt);
  EXPECT_EQ(op->input_dense_bytes, 8192u);

  std::string e8 = e6;
  e8.erase(e8.find(R"(,"input_dense_bytes":8192)"), 25);
  ASSERT_EQ(e8.find("input_dense_bytes"), std::string::npos);
  const Result<Event> missing = Decode(e8);
  ASSERT_THAT(missing,
              FailsWithMessage(ErrorCode::kMissingField, "missing field `input_dense_bytes`"));
  EXPECT_EQ(missing.error().field, "input_dense_bytes");
}

// docs/examples.md E9 and E11: integer literals for f64 fields.
TEST_F(RecordDecoderFieldTest, ExamplesE9AndE11) {
  const Result<Event> e9 = Decode(
      R"({"kind":"tensor_stats","span_id":"s1","label":"seam/out_y","shape":[2,3],"dtype":"f32","elements":6,"non_finite":0,"rms":1.5,"abs_max":3,"mean":-0.25})");
  ASSERT_NE(RecordOf<TensorStatsRecord>(e9), nullptr);
  EXPECT_EQ(RecordOf<TensorStatsRecord>(e9)->abs_max, 3.0);
  const Result<Event> e11 = Decode(
      R"({"kind":"tensor_stats","span_id":"s1","label":"loss","shape":[],"dtype":"f32","elements":1,"non_finite":1,"rms":0,"abs_max":0,"mean":0})");
  const TensorStatsRecord* stats = RecordOf<TensorStatsRecord>(e11);
  ASSERT_NE(stats, nullptr);
  EXPECT_TRUE(stats->shape.empty());
  EXPECT_EQ(stats->rms, 0.0);
  EXPECT_FALSE(std::signbit(stats->mean));
}

// docs/examples.md E10: invalid statistics still read; the fold rejects them.
TEST_F(RecordDecoderFieldTest, ExampleE10ReadsAtTheLineLevel) {
  for (const auto& [key, json] : {std::pair{"elements", "5"}, std::pair{"label", R"("  ")"},
                                  std::pair{"non_finite", "7"}, std::pair{"rms", "-1"}}) {
    SCOPED_TRACE(key);
    EXPECT_THAT(Decode(With(TensorStatsMembers(), key, json)), Succeeds()) << line_;
  }
}

// docs/examples.md E14.
TEST_F(RecordDecoderFieldTest, ExampleE14Trace6Edge) {
  const Result<Event> result =
      Decode(R"({"kind":"edge","from_span":"s1","to_span":"s2","duration_ns":5})");
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kMissingField, "missing field `edge_kind`"));
  EXPECT_EQ(result.error().field, "edge_kind");
}

// docs/examples.md E15.
TEST_F(RecordDecoderFieldTest, ExampleE15ParamKey) {
  const Result<Event> result = Decode(
      R"({"kind":"gradient","event_id":"g1","root":"vb","param_key":"w","state":"present","norm":1.0})");
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kMissingField, "missing field `key`"));
  EXPECT_EQ(result.error().field, "key");
}

// docs/examples.md E16: a complete terminal with a reason reads; the fold rejects it.
TEST_F(RecordDecoderFieldTest, ExampleE16ReadsAtTheLineLevel) {
  const Result<Event> result =
      Decode(R"({"kind":"terminal","outcome":"complete","timestamp_ns":2500,"reason":""})");
  const TerminalRecord* terminal = RecordOf<TerminalRecord>(result);
  ASSERT_NE(terminal, nullptr);
  EXPECT_EQ(terminal->reason, std::optional<std::string_view>(""));
}

// The lines of the sample stream (§8.4) each read as their kind.
TEST_F(RecordDecoderFieldTest, SampleStreamLinesRead) {
  std::string_view rest = testdata::kSample;
  std::vector<std::string_view> kinds;
  std::uint64_t number = 0;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    ++number;
    const Result<Event> result = decoder_.Decode(line, {number, number - 1});
    ASSERT_THAT(result, Succeeds()) << line;
    kinds.push_back(EventKindName(result.value()));
  }
  EXPECT_THAT(kinds, ElementsAre("meta", "span_start", "span_start", "op", "memory", "edge",
                                 "gradient", "span_end", "span_end", "terminal"));
}

// ---------------------------------------------------------------------------------------------
// (l) The line layer: UTF-8, white space, JSON syntax, and the top-level value's type.

constexpr std::string_view kSpanEnd = R"({"kind":"span_end","id":"a"})";

class RecordDecoderLineTest : public ::testing::Test {
 protected:
  Result<Event> Decode(std::string_view line) {
    line_ = std::string(line);
    return decoder_.Decode(line_, {12, 5});
  }
  std::string line_;
  RecordDecoder decoder_;
};

TEST_F(RecordDecoderLineTest, NonObjectValuesAreNotAnObject) {
  for (const char* line : {"[1]", R"("x")", "1", "-2.5", "null", "true", "false", "[]",
                           R"([{"kind":"span_end","id":"a"}])", R"( "span_end" )"}) {
    SCOPED_TRACE(line);
    const Result<Event> result = Decode(line);
    ASSERT_THAT(result, FailsWith(ErrorCode::kNotAnObject, 12));
    EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(5));
    EXPECT_EQ(result.error().field, "");
  }
}

TEST_F(RecordDecoderLineTest, EmptyObjectLacksKind) {
  const Result<Event> result = Decode("{}");
  ASSERT_THAT(result, FailsWithMessage(ErrorCode::kMissingField, "missing field `kind`"));
  EXPECT_EQ(result.error().field, "kind");
}

// Characters after the value are invalid_json, with the 1-based column where they start.
TEST_F(RecordDecoderLineTest, TrailingCharactersAreInvalidJsonWithColumn) {
  const std::string object(kSpanEnd);
  for (const std::string& suffix :
       {std::string("#"), std::string(" #"), std::string(",#"), std::string("]#"), "\t" + object}) {
    const std::string line = object + suffix;
    SCOPED_TRACE(line);
    const Result<Event> result = Decode(line);
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 12));
    EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(5));
    ASSERT_TRUE(result.error().column.has_value());
    const std::size_t first_trailing = line.find_first_not_of(" \t", object.size());
    EXPECT_EQ(*result.error().column, first_trailing + 1);
  }
}

// Leading white space counts in the column: it is a byte column of the physical line.
TEST_F(RecordDecoderLineTest, ColumnCountsLeadingWhiteSpaceBytes) {
  const std::string line = "\xC2\xA0  " + std::string(kSpanEnd) + "#";
  const Result<Event> result = Decode(line);
  ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 12));
  EXPECT_EQ(result.error().column, std::optional<std::uint64_t>(line.find('#') + 1));
}

// A syntax error inside the object names the column of the offending byte.
TEST_F(RecordDecoderLineTest, SyntaxErrorsAreInvalidJsonWithColumn) {
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {R"({"kind":"span_end","id":})", 25},
      {R"({"kind":"span_end","id":"a",})", 29},
      {R"({'kind':'span_end'})", 2},
      {R"({"kind" "span_end"})", 9},
  };
  for (const auto& [line, column] : cases) {
    SCOPED_TRACE(line);
    const Result<Event> result = Decode(line);
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 12));
    EXPECT_EQ(result.error().column, std::optional<std::uint64_t>(column));
  }
}

TEST_F(RecordDecoderLineTest, MalformedJsonIsInvalidJson) {
  for (const char* line : {
           R"({"kind":"span_end","id":"a")",           // unterminated object
           R"({"kind":"span_end","id":"a)",            // unterminated string
           R"({"kind":"span_end","id":"a","x":NaN})",  // no NaN in JSON
           R"({"kind":"span_end","id":"a","x":Infinity})",
           R"({"kind":"span_end","id":"a","x":-Infinity})",
           R"({"kind":"span_end","id":"a","x":01})",
           R"({"kind":"span_end","id":"a","x":+1})",
           R"({"kind":"span_end","id":"a","x":.5})",
           R"({"kind":"span_end","id":"a","x":1.})",
           R"({"kind":"span_end","id":"a","x":1e})",
           R"({"kind":"span_end","id":"a","x":"\x"})",
           R"({"kind":"span_end","id":"a","x":"\ud800"})",  // lone surrogate escape
           R"({"kind":"span_end","id":"a","x":"\udc00\ud800"})",
           R"({"kind":"span_end","id":"a","x":[1,]})",
           R"({"kind":"span_end",/*c*/"id":"a"})",
           R"({kind:"span_end","id":"a"})",
           "{\"kind\":\"span_end\",\"id\":\"a\tb\"}",       // raw control character in a string
           "{\"kind\":\"span_end\",\xC2\xA0\"id\":\"a\"}",  // U+00A0 is not JSON white space
           "{",
           "}",
           "",
           " \t ",
       }) {
    SCOPED_TRACE(line);
    const Result<Event> result = Decode(line);
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 12));
    EXPECT_TRUE(result.error().column.has_value());
    EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(5));
  }
}

// A UTF-8 byte-order mark is not white space (§0, §2.1): the parser stops at column 1.
TEST_F(RecordDecoderLineTest, ByteOrderMarkIsInvalidJson) {
  const Result<Event> result = Decode("\xEF\xBB\xBF" + std::string(kSpanEnd));
  ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 12));
  EXPECT_EQ(result.error().column, std::optional<std::uint64_t>(1));
  const Result<Event> after_space = Decode(" \xEF\xBB\xBF" + std::string(kSpanEnd));
  ASSERT_THAT(after_space, FailsWith(ErrorCode::kInvalidJson, 12));
  EXPECT_EQ(after_space.error().column, std::optional<std::uint64_t>(2));
  EXPECT_THAT(Decode(std::string(kSpanEnd) + "\xEF\xBB\xBF"),
              FailsWith(ErrorCode::kInvalidJson, 12));
}

TEST_F(RecordDecoderLineTest, InvalidUtf8IsInvalidUtf8) {
  for (const std::string& bad :
       {std::string("\xFF"), std::string("\xC0\x80"), std::string("\xED\xA0\x80"),
        std::string("\xF4\x90\x80\x80"), std::string("\xE2\x82"), std::string("\x80"),
        std::string("\xF8\x88\x80\x80\x80")}) {
    for (const std::string& line : {R"({"kind":"span_end","id":")" + bad + R"("})",
                                    R"({"kind":"span_end","id":"a",")" + bad + R"(":1})",
                                    std::string(kSpanEnd) + bad, bad + std::string(kSpanEnd)}) {
      SCOPED_TRACE(::testing::PrintToString(line));
      const Result<Event> result = Decode(line);
      ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidUtf8, 12));
      EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(5));
    }
  }
}

// Unicode White_Space around the object is trimmed, ASCII or not (§0 "Trim").
TEST_F(RecordDecoderLineTest, UnicodeWhiteSpaceAroundTheObjectIsAccepted) {
  for (const char* space : {"\xC2\xA0", "\xE3\x80\x80", "\xE2\x80\xA8", "\xC2\x85", "\xE1\x9A\x80",
                            "\xE2\x80\x8A", "\xE2\x80\xAF", "\v", "\f", "\r", "\t", " "}) {
    const std::string line = std::string(space) + std::string(kSpanEnd) + space + space;
    SCOPED_TRACE(::testing::PrintToString(line));
    const Result<Event> result = Decode(line);
    const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
    ASSERT_NE(span, nullptr) << ::testing::PrintToString(
        result.has_value() ? std::string() : result.error().message);
    EXPECT_EQ(span->id, "a");
  }
}

// Decode and DecodeValidUtf8 agree on valid UTF-8.
TEST_F(RecordDecoderLineTest, DecodeValidUtf8AgreesWithDecode) {
  RecordDecoder other;
  for (const std::string& line :
       {std::string(kSpanEnd), Object(MetaMembers()), Object(Without(OpMembers(), "shape")),
        std::string("[1]"), std::string(kSpanEnd) + "x", "\xE3\x80\x80" + std::string(kSpanEnd)}) {
    SCOPED_TRACE(line);
    const Result<Event> a = decoder_.Decode(line, {3, 2});
    const Result<Event> b = other.DecodeValidUtf8(line, {3, 2});
    ASSERT_EQ(a.has_value(), b.has_value());
    if (a.has_value()) {
      EXPECT_TRUE(a.value() == b.value());
    } else {
      EXPECT_EQ(a.error(), b.error());
    }
  }
}

// Record errors carry the line and index given, and no column.
TEST_F(RecordDecoderLineTest, RecordErrorsCarryPositionButNoColumn) {
  const Result<Event> result = decoder_.Decode(R"({"kind":"span_end"})", {1234, 99});
  ASSERT_THAT(result, FailsWith(ErrorCode::kMissingField, 1234));
  EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(99));
  EXPECT_EQ(result.error().column, std::nullopt);
  EXPECT_EQ(result.error().field, "id");
}

// One decoder reads many lines; a failure leaves nothing behind for the next line.
TEST_F(RecordDecoderLineTest, DecoderIsReusableAfterErrors) {
  const std::string bad_nested =
      Object(MetaMembers(Plus(With(CaptureContractMembers(), "operations", "7"), "u", "1")));
  const std::string bad_unknown = R"({"kind":"span_end","u1":1,"u2":2,"id":5})";
  const std::string good = R"({"kind":"span_end","id":"b","v":true})";
  for (int round = 0; round < 3; ++round) {
    EXPECT_THAT(decoder_.Decode(bad_nested, {1, 0}), FailsWith(ErrorCode::kInvalidType, 1));
    EXPECT_THAT(decoder_.Decode(bad_unknown, {2, 1}), FailsWith(ErrorCode::kInvalidType, 2));
    EXPECT_THAT(decoder_.Decode("[", {3, 2}), FailsWith(ErrorCode::kInvalidJson, 3));
    const Result<Event> result = decoder_.Decode(good, {4, 3});
    const SpanEndRecord* span = RecordOf<SpanEndRecord>(result);
    ASSERT_NE(span, nullptr);
    EXPECT_EQ(span->id, "b");
    EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"v", "true"}}));
  }
}

// A moved decoder keeps working.
TEST_F(RecordDecoderLineTest, MovedDecoderDecodes) {
  RecordDecoder source(DecodeOptions{.strict = true});
  RecordDecoder moved(std::move(source));
  EXPECT_THAT(moved.Decode(R"({"kind":"span_end","id":"a","x":1})", {1, 0}),
              FailsWith(ErrorCode::kUnknownField, 1));
  RecordDecoder assigned;
  assigned = std::move(moved);
  EXPECT_THAT(assigned.Decode(R"({"kind":"span_end","id":"a","x":1})", {2, 0}),
              FailsWith(ErrorCode::kUnknownField, 2));
}

// ---------------------------------------------------------------------------------------------
// (k) Bounds: nesting depth and string length.

// `levels` nested arrays as the value of an unknown key of a span_end line.
std::string NestedLine(std::size_t levels) {
  return R"({"kind":"span_end","id":"a","x":)" + std::string(levels, '[') +
         std::string(levels, ']') + "}";
}

TEST(RecordDecoderLimitsTest, DefaultDepthIs64WithTheRecordAtDepthOne) {
  RecordDecoder decoder;
  const std::string at_bound = NestedLine(63);
  EXPECT_THAT(decoder.Decode(at_bound, {1, 0}), Succeeds());
  const std::string beyond = NestedLine(64);
  const Result<Event> result = decoder.Decode(beyond, {2, 1});
  ASSERT_THAT(result, FailsWith(ErrorCode::kLimitExceeded, 2));
  EXPECT_EQ(result.error().index, std::optional<std::uint64_t>(1));
}

TEST(RecordDecoderLimitsTest, VeryDeepInputFailsWithoutRecursing) {
  RecordDecoder decoder;
  const std::string deep = R"({"kind":"span_end","id":"a","x":)" + std::string(1000000, '[');
  EXPECT_THAT(decoder.Decode(deep, {1, 0}), FailsWith(ErrorCode::kLimitExceeded, 1));
  std::string objects = R"({"kind":"span_end","id":"a","x":)";
  for (int i = 0; i < 200000; ++i) objects += R"({"a":)";
  EXPECT_THAT(decoder.Decode(objects, {1, 0}), FailsWith(ErrorCode::kLimitExceeded, 1));
}

TEST(RecordDecoderLimitsTest, CustomDepthCountsObjectsAndArrays) {
  // object (1) > capture_contract (2) > gradient_contract (3) > expected (4) > entry (5)
  const std::string line = Object(MetaMembers());
  RecordDecoder five(DecodeOptions{.max_nesting_depth = 5});
  EXPECT_THAT(five.Decode(line, {1, 0}), Succeeds());
  RecordDecoder four(DecodeOptions{.max_nesting_depth = 4});
  EXPECT_THAT(four.Decode(line, {1, 0}), FailsWith(ErrorCode::kLimitExceeded, 1));
  RecordDecoder one(DecodeOptions{.max_nesting_depth = 1});
  EXPECT_THAT(one.Decode(kSpanEnd, {1, 0}), Succeeds());
  EXPECT_THAT(one.Decode(R"({"kind":"span_end","id":"a","x":{}})", {1, 0}),
              FailsWith(ErrorCode::kLimitExceeded, 1));
  RecordDecoder three(DecodeOptions{.max_nesting_depth = 3});
  EXPECT_THAT(three.Decode(NestedLine(2), {1, 0}), Succeeds());
  EXPECT_THAT(three.Decode(NestedLine(3), {1, 0}), FailsWith(ErrorCode::kLimitExceeded, 1));
}

TEST(RecordDecoderLimitsTest, StringLengthIsCountedAfterUnescaping) {
  RecordDecoder decoder(DecodeOptions{.max_string_bytes = 16});
  const auto line_with_id = [](const std::string& id) {
    return R"({"kind":"span_end","id":")" + id + R"("})";
  };
  const std::string sixteen = line_with_id(std::string(16, 'a'));
  EXPECT_THAT(decoder.Decode(sixteen, {1, 0}), Succeeds());
  const std::string seventeen = line_with_id(std::string(17, 'a'));
  const Result<Event> result = decoder.Decode(seventeen, {2, 1});
  ASSERT_THAT(result, FailsWith(ErrorCode::kLimitExceeded, 2));
  // Eight escaped two-byte characters are 48 bytes of input but 16 bytes of string.
  std::string escaped;
  for (int i = 0; i < 8; ++i) escaped += "\\u00e9";
  const std::string escaped_line = line_with_id(escaped);
  const Result<Event> unescaped = decoder.Decode(escaped_line, {3, 2});
  ASSERT_NE(RecordOf<SpanEndRecord>(unescaped), nullptr);
  EXPECT_EQ(RecordOf<SpanEndRecord>(unescaped)->id.size(), 16u);
  const std::string too_long_escaped = line_with_id(escaped + "\\u0041");
  EXPECT_THAT(decoder.Decode(too_long_escaped, {4, 3}), FailsWith(ErrorCode::kLimitExceeded, 4));
}

TEST(RecordDecoderLimitsTest, KeysAndUnknownValuesAreBoundedToo) {
  RecordDecoder decoder(DecodeOptions{.max_string_bytes = 16});
  const std::string long_key =
      R"({"kind":"span_end","id":"a",")" + std::string(17, 'k') + R"(":1})";
  EXPECT_THAT(decoder.Decode(long_key, {1, 0}), FailsWith(ErrorCode::kLimitExceeded, 1));
  const std::string key_at_bound =
      R"({"kind":"span_end","id":"a",")" + std::string(16, 'k') + R"(":1})";
  EXPECT_THAT(decoder.Decode(key_at_bound, {1, 0}), Succeeds());
  const std::string long_value =
      R"({"kind":"span_end","id":"a","x":[")" + std::string(17, 'v') + R"("]})";
  EXPECT_THAT(decoder.Decode(long_value, {1, 0}), FailsWith(ErrorCode::kLimitExceeded, 1));
}

TEST(RecordDecoderLimitsTest, DefaultStringBoundIsUnlimited) {
  RecordDecoder decoder;
  const std::string id(1 << 20, 'z');
  const std::string line = R"({"kind":"span_end","id":")" + id + R"("})";
  const Result<Event> result = decoder.Decode(line, {1, 0});
  ASSERT_NE(RecordOf<SpanEndRecord>(result), nullptr);
  EXPECT_EQ(RecordOf<SpanEndRecord>(result)->id.size(), id.size());
}

// A raised nesting bound is capped at kMaxNestingDepthCap, because the JSON parser recurses:
// a very deep value fails with limit_exceeded instead of exhausting the stack (§5: reading never
// crashes). Run in a child process so a crash fails only this test.
TEST(RecordDecoderLimitsDeathTest, RaisedDepthBoundDoesNotCrash) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  constexpr std::size_t kDepth = 1000000;
  EXPECT_EXIT(
      {
        RecordDecoder decoder(DecodeOptions{.max_nesting_depth = kDepth + 1});
        const std::string line = R"({"kind":"span_end","id":"a","x":)" + std::string(kDepth, '[') +
                                 std::string(kDepth, ']') + "}";
        const Result<Event> result = decoder.Decode(line, {1, 0});
        std::exit(!result && result.error().code == ErrorCode::kLimitExceeded ? 0 : 3);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(RecordDecoderLimitsTest, DepthUpToTheCapDecodes) {
  RecordDecoder decoder(DecodeOptions{.max_nesting_depth = kMaxNestingDepthCap});
  const std::size_t depth = kMaxNestingDepthCap - 1;  // the record's object is one level
  const std::string line = R"({"kind":"span_end","id":"a","x":)" + std::string(depth, '[') +
                           std::string(depth, ']') + "}";
  EXPECT_NE(RecordOf<SpanEndRecord>(decoder.Decode(line, {1, 0})), nullptr);
}

TEST(RecordDecoderLimitsTest, LargeArraysAndManyUnknownKeysStayIntact) {
  std::string line = R"({"kind":"op","span_id":"s","op_name":"o","inputs":[)";
  for (int i = 0; i < 5000; ++i) line += (i != 0 ? ",\"t" : "\"t") + std::to_string(i) + "\"";
  line += R"(],"shape":[)";
  for (int i = 0; i < 50000; ++i) line += (i != 0 ? "," : "") + std::to_string(i);
  line += R"(],"dtype":"f32","device":"cpu","duration_ns":1,"input_dense_bytes":0)";
  for (int i = 0; i < 2000; ++i)
    line += ",\"u" + std::to_string(i) + "\":[" + std::to_string(i) + "]";
  line += "}";
  RecordDecoder decoder;
  const Result<Event> result = decoder.Decode(line, {1, 0});
  const OpRecord* op = RecordOf<OpRecord>(result);
  ASSERT_NE(op, nullptr);
  ASSERT_EQ(op->inputs.size(), 5000u);
  ASSERT_EQ(op->shape.size(), 50000u);
  ASSERT_EQ(op->unknown.size(), 2000u);
  int mismatches = 0;
  for (int i = 0; i < 5000; ++i) mismatches += op->inputs[i] != "t" + std::to_string(i);
  for (int i = 0; i < 50000; ++i) mismatches += op->shape[i] != static_cast<std::uint64_t>(i);
  int i = 0;
  for (const UnknownField field : op->unknown) {
    mismatches += field.key != "u" + std::to_string(i);
    mismatches += field.json != "[" + std::to_string(i) + "]";
    ++i;
  }
  EXPECT_EQ(i, 2000);
  EXPECT_EQ(mismatches, 0);
}

// ---------------------------------------------------------------------------------------------
// Numbers at the edges of the double range (§1.0 float fields; §3.3 correctly rounded reading).

class RecordDecoderNumberTest : public ::testing::Test {
 protected:
  // Decodes a tensor_stats line with `rms` written as `literal`.
  Result<Event> DecodeRms(std::string_view literal) {
    line_ = Object(With(TensorStatsMembers(), "rms", std::string(literal)));
    return decoder_.Decode(line_, {1, 0});
  }
  // Decodes a span_end line carrying `literal` in an unknown member.
  Result<Event> DecodeUnknown(std::string_view literal) {
    line_ = R"({"kind":"span_end","id":"a","x":)" + std::string(literal) + "}";
    return decoder_.Decode(line_, {1, 0});
  }
  std::string line_;
  RecordDecoder decoder_;
};

TEST_F(RecordDecoderNumberTest, F64LiteralsAreCorrectlyRounded) {
  const std::vector<std::pair<std::string, double>> cases = {
      {"4.9e-324", std::numeric_limits<double>::denorm_min()},
      {"3e-324", std::numeric_limits<double>::denorm_min()},
      {"2e-324", 0.0},
      {"2.2250738585072011e-308", 2.2250738585072009e-308},
      {"1.7976931348623157e308", std::numeric_limits<double>::max()},
      {"1.7976931348623158e308", std::numeric_limits<double>::max()},
      {"9007199254740993", 9007199254740992.0},
      {"0.1000000000000000055511151231257827021181583404541015625", 0.1},
      {"1" + std::string(308, '0'), 1e308},
      {"0." + std::string(400, '0') + "1", 0.0},
      {"0e400", 0.0},
      {"-1e-400", -0.0},
  };
  for (const auto& [literal, expected] : cases) {
    SCOPED_TRACE(literal);
    const Result<Event> result = DecodeRms(literal);
    const TensorStatsRecord* stats = RecordOf<TensorStatsRecord>(result);
    ASSERT_NE(stats, nullptr);
    EXPECT_EQ(stats->rms, expected);
    EXPECT_EQ(std::signbit(stats->rms), std::signbit(expected));
  }
}

TEST_F(RecordDecoderNumberTest, LiteralsBeyondTheDoubleRangeAreOutOfRange) {
  for (const std::string& literal :
       {std::string("1.7976931348623159e308"), "2" + std::string(308, '0'),
        "1" + std::string(400, '0'), std::string("0.0001e313"), std::string("1e2147483647")}) {
    SCOPED_TRACE(literal);
    EXPECT_THAT(DecodeRms(literal),
                FailsWithMessage(ErrorCode::kOutOfRange, "number out of range"));
    EXPECT_THAT(DecodeUnknown(literal), FailsWith(ErrorCode::kOutOfRange, 1));
  }
}

// Exponents beyond 32 bits are still valid JSON numbers: an overflow is out_of_range, an
// underflow (or a zero significand) reads as zero, as with `1E400` and `1e-400`.
TEST_F(RecordDecoderNumberTest, HugeExponentsFollowTheDoubleRange) {
  for (const char* literal : {"1e2147483648", "1e99999999999999999999", "-1E+4294967296"}) {
    SCOPED_TRACE(literal);
    EXPECT_THAT(DecodeRms(literal), FailsWith(ErrorCode::kOutOfRange, 1));
    EXPECT_THAT(DecodeUnknown(literal), FailsWith(ErrorCode::kOutOfRange, 1));
  }
  for (const char* literal :
       {"1e-2147483648", "1e-99999999999999999999", "0e99999999999999999999", "-0.0E4294967296"}) {
    SCOPED_TRACE(literal);
    const Result<Event> result = DecodeRms(literal);
    EXPECT_THAT(result, Succeeds());
    if (const TensorStatsRecord* stats = RecordOf<TensorStatsRecord>(result)) {
      EXPECT_EQ(stats->rms, 0.0);
    }
    const Result<Event> unknown = DecodeUnknown(literal);
    EXPECT_THAT(unknown, Succeeds());
    if (const SpanEndRecord* span = RecordOf<SpanEndRecord>(unknown)) {
      EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"x", literal}}));
    }
  }
}

// A huge exponent does not shift the column of a later syntax error: columns count the line's
// bytes as written.
TEST_F(RecordDecoderNumberTest, ColumnsAfterAHugeExponentCountTheLiteralAsWritten) {
  for (const char* literal : {"1e99999999999999999999", "1e-99999999999999999999"}) {
    SCOPED_TRACE(literal);
    line_ = R"({"kind":"span_end","id":"a","x":)" + std::string(literal) + "} #";
    const Result<Event> trailing = decoder_.Decode(line_, {1, 0});
    ASSERT_THAT(trailing, FailsWith(ErrorCode::kInvalidJson, 1));
    EXPECT_EQ(trailing.error().column, std::optional<std::uint64_t>(line_.find('#') + 1));
    line_ = R"({"kind":"span_end","id":"a","x":)" + std::string(literal) + R"(,"y":})";
    const Result<Event> missing_value = decoder_.Decode(line_, {1, 0});
    ASSERT_THAT(missing_value, FailsWith(ErrorCode::kInvalidJson, 1));
    EXPECT_EQ(missing_value.error().column, std::optional<std::uint64_t>(line_.rfind('}') + 1));
  }
}

// What follows a huge exponent's digits is not part of the literal (found by
// fuzz_decode_differential; fuzz/regressions/fuzz_decode_differential/exponent_overflow_*).
TEST_F(RecordDecoderNumberTest, TextAfterAHugeExponentIsNotPartOfTheLiteral) {
  for (const char* literal :
       {"1e99999999999-1", "1.5e99999999999.5", "1e-99999999999-5", "1e-99999999999e1"}) {
    SCOPED_TRACE(literal);
    EXPECT_THAT(DecodeUnknown(literal), FailsWith(ErrorCode::kInvalidJson, 1));
  }
}

// Any number of huge-exponent literals in one line reads, each kept as written.
TEST_F(RecordDecoderNumberTest, ManyHugeExponentsInOneLineRead) {
  std::string values;
  for (int i = 0; i < 100; ++i) values += (i != 0 ? ",1e-" : "1e-") + std::string(12, '9');
  const Result<Event> result = DecodeUnknown("[" + values + "]");
  EXPECT_THAT(result, Succeeds());
  if (const SpanEndRecord* span = RecordOf<SpanEndRecord>(result)) {
    EXPECT_EQ(PairsOf(span->unknown), (Pairs{{"x", "[" + values + "]"}}));
  }
}

// serde's rendering of a float literal given for a u64 (Rust Display plus `.0`).
TEST_F(RecordDecoderNumberTest, FloatForU64MessagesRenderTheValue) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1e3", "1000.0"},
      {"2.50", "2.5"},
      {"-1.5", "-1.5"},
      {"1e-7", "0.0000001"},
      {"1e20", "100000000000000000000.0"},
      {"0.0", "0.0"}};
  for (const auto& [literal, shown] : cases) {
    SCOPED_TRACE(literal);
    line_ = R"({"kind":"span_end","id":"a","duration_ns":)" + literal + "}";
    EXPECT_THAT(decoder_.Decode(line_, {1, 0}),
                FailsWithMessage(ErrorCode::kInvalidType,
                                 "invalid type: floating point `" + shown + "`, expected u64"));
  }
}

// ---------------------------------------------------------------------------------------------
// Escapes in discriminators and enumerations; what is and is not white space.

TEST(RecordDecoderSpellingTest, EscapedSpellingsAreTheSameString) {
  RecordDecoder decoder;
  const std::string line =
      R"({"kind":"span\u005fstart","id":"s","name":"n","start_ns":0,"span_kind":"\u006fp","step":"f\u006frward"})";
  const Result<Event> result = decoder.Decode(line, {1, 0});
  const SpanStartRecord* span = RecordOf<SpanStartRecord>(result);
  ASSERT_NE(span, nullptr);
  EXPECT_EQ(span->span_kind, SpanKind::kOp);
  EXPECT_EQ(span->step, ExecutionStep::kForward);
  const std::string edge =
      R"({"kind":"edge","edge_kind":"\u0064ata","from_tensor":"a","to_tensor":"b"})";
  const Result<Event> data = decoder.Decode(edge, {1, 0});
  ASSERT_NE(RecordOf<EdgeRecord>(data), nullptr);
  EXPECT_EQ(RecordOf<EdgeRecord>(data)->edge_kind, EdgeKind::kData);
}

TEST(RecordDecoderSpellingTest, SpellingsWithHiddenCharactersAreRejected) {
  RecordDecoder decoder;
  const std::string nul_kind = R"({"kind":"span_end\u0000","id":"s"})";
  EXPECT_THAT(decoder.Decode(nul_kind, {1, 0}), FailsWith(ErrorCode::kUnknownKind, 1));
  const std::string nul_state =
      R"({"kind":"gradient","event_id":"g","root":"r","key":"k","state":"zero\u0000"})";
  EXPECT_THAT(decoder.Decode(nul_state, {1, 0}), FailsWith(ErrorCode::kInvalidValue, 1));
  const std::string nbsp_phase = Object(With(MetaMembers(), "phase", "\"train\xC2\xA0\""));
  EXPECT_THAT(decoder.Decode(nbsp_phase, {1, 0}), FailsWith(ErrorCode::kInvalidValue, 1));
}

// Characters that look like space but are not Unicode White_Space are not trimmed.
TEST(RecordDecoderSpellingTest, NonWhiteSpaceAroundTheObjectIsInvalidJson) {
  RecordDecoder decoder;
  for (const char* prefix : {"\xE2\x80\x8B", "\xE1\xA0\x8E", "\xE2\x81\xA0"}) {
    const std::string line = std::string(prefix) + std::string(kSpanEnd);
    SCOPED_TRACE(::testing::PrintToString(line));
    const Result<Event> result = decoder.Decode(line, {1, 0});
    ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 1));
    EXPECT_EQ(result.error().column, std::optional<std::uint64_t>(1));
  }
  const std::string nul = std::string(kSpanEnd) + std::string(1, '\0');
  const Result<Event> result = decoder.Decode(nul, {1, 0});
  ASSERT_THAT(result, FailsWith(ErrorCode::kInvalidJson, 1));
  EXPECT_EQ(result.error().column, std::optional<std::uint64_t>(kSpanEnd.size() + 1));
}

// Long escaped strings are read where the line has them (docs/tracedoc.md §5): the values must
// be exactly those of the short strings, which the tape copies.
TEST(RecordDecoderLongStringTest, LongEscapedStringsReadAsShortOnesDo) {
  const std::string piece = R"(ab\n\u00e9\/\"\\\ud83d\ude00\u0001)";
  std::string long_content;
  int repeats = 0;
  while (long_content.size() < 300000) {  // over 64 KiB once unescaped
    long_content += piece;
    ++repeats;
  }
  auto decode = [](const std::string& content, std::string& name, std::string& unknown) {
    RecordDecoder decoder;
    const std::string line = R"({"kind":"span_start","id":"s","name":")" + content +
                             R"(","start_ns":0,"span_kind":"op","measured":true,"x":")" +
                             content + R"("})";
    const Result<Event> result = decoder.Decode(line, {1, 0});
    ASSERT_TRUE(result.has_value()) << result.error().message;
    const auto& start = std::get<SpanStartRecord>(result.value());
    name = std::string(start.name);
    ASSERT_EQ(start.unknown.size(), 1u);
    unknown = std::string((*start.unknown.begin()).json);
  };
  std::string short_name;
  std::string short_unknown;
  decode(piece, short_name, short_unknown);
  std::string long_name;
  std::string long_unknown;
  decode(long_content, long_name, long_unknown);
  std::string expected_name;
  std::string expected_unknown = "\"";
  for (int i = 0; i < repeats; ++i) {
    expected_name += short_name;
    expected_unknown += short_unknown.substr(1, short_unknown.size() - 2);
  }
  expected_unknown += '"';
  // Not EXPECT_EQ: a failure would print hundreds of KB.
  EXPECT_TRUE(long_name == expected_name);
  EXPECT_TRUE(long_unknown == expected_unknown);
  EXPECT_EQ(short_unknown, R"("ab\n)"
                           "\xC3\xA9"
                           R"(/\"\\)"
                           "\xF0\x9F\x98\x80"
                           R"(\u0001")");
}

}  // namespace
}  // namespace tracedoc
