// UpgradeToTrace10 (issue 15, item 2; docs/upgrade.md): every synthesized field and its rule,
// nothing of the input dropped, and the output a fixed point of read-then-write.
#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/upgrade.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

constexpr std::string_view kMeta6 =
    R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{}})";

Result<TraceDocument> Read(const std::string& text) {
  return ReadTrace(TraceInput::FromString(text));
}

template <class Records>
bool Same(const Records& a, const Records& b) {
  return std::ranges::equal(a, b);
}

using testdata::Lines;

// The n-th line (0-based) of a JSONL text.
std::string LineOf(const std::string& text, std::size_t n) {
  std::istringstream in(text);
  std::string line;
  for (std::size_t i = 0; i <= n && std::getline(in, line); ++i) {
  }
  return line;
}

TEST(UpgradeTest, Trace6RecordsBecomeTrace10RecordsWithTheirSynthesizedFields) {
  const Result<TraceDocument> read = Read(Lines({
      kMeta6,
      R"({"kind":"span_start","id":"a","name":"a","start_ns":10,"span_kind":"function","measured":true})",
      R"({"kind":"span_end","id":"a","duration_ns":40})",
      R"({"kind":"span_start","id":"open","name":"o","start_ns":70,"span_kind":"function"})",
      R"({"kind":"op","span_id":"a","op_name":"m","dtype":"x9","device":"cpu","duration_ns":5,"timestamp_ns":20})",
      R"({"kind":"tensor","span_id":"a","tensor_id":"t1","shape":[2,3],"dtype":"f16","device":"cpu"})",
      R"({"kind":"memory","timestamp_ns":30,"tensor_id":"t1","span_id":"a","device":"cpu","bytes":12,"action":"alloc","dtype":"f16"})",
      R"({"kind":"device_memory","timestamp_ns":60,"device":"cpu","used_bytes":12,"free_bytes":4})",
      R"({"kind":"edge","from_span":"a","to_span":"open","duration_ns":3})",
  }));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  const TraceDocument& legacy = read.value();
  ASSERT_EQ(legacy.revision(), SchemaRevision::kTrace6);
  const std::string upgraded = UpgradeToTrace10(legacy);
  EXPECT_EQ(LineOf(upgraded, 0).find(R"("schema":"candle-graph/trace/10")"), 15u);
  EXPECT_NE(LineOf(upgraded, 0).find(
                R"("capture_contract":{"measurement_scope":"unknown","operations":"none")"),
            std::string::npos);
  // Unknown dtype: trace/6 resolved the bytes to 0, now written explicitly.
  EXPECT_NE(upgraded.find(R"("output_dense_bytes":0,"input_dense_bytes":0)"), std::string::npos);
  EXPECT_NE(upgraded.find(R"("dense_bytes":12,"category":"other")"), std::string::npos);
  EXPECT_NE(upgraded.find(R"("storage_id":"t1","tensor_id":"t1")"), std::string::npos);
  EXPECT_NE(upgraded.find(R"({"kind":"edge","edge_kind":"call","from_span":"a","to_span":"open","host_duration_ns":3})"),
            std::string::npos);
  // The latest host evidence: the open span's start (70) beats the sample (60) and a + 40 (50).
  EXPECT_EQ(LineOf(upgraded, 9),
            R"({"kind":"terminal","outcome":"complete","timestamp_ns":70,"upgraded_from":"candle-graph/trace/6"})");
  const Result<TraceDocument> read_back = Read(upgraded);
  ASSERT_TRUE(read_back.has_value()) << read_back.error().message;
  const TraceDocument& current = read_back.value();
  EXPECT_EQ(current.revision(), SchemaRevision::kTrace10);
  EXPECT_TRUE(Same(current.spans(), legacy.spans()));
  EXPECT_TRUE(Same(current.ops(), legacy.ops()));
  EXPECT_TRUE(Same(current.tensors(), legacy.tensors()));
  EXPECT_TRUE(Same(current.edges(), legacy.edges()));
  EXPECT_TRUE(Same(current.device_memory(), legacy.device_memory()));
  ASSERT_EQ(current.memory().size(), 1u);
  EXPECT_EQ(current.memory()[0].storage_id, "t1");
  EXPECT_EQ(WriteJsonl(current), upgraded);
}

TEST(UpgradeTest, UnknownKeysTrace10DefinesMoveIntoOneObjectInTheirOrder) {
  const Result<TraceDocument> legacy = Read(Lines({
      R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{},"comparison_identity":7,"z":1})",
      R"({"kind":"memory","timestamp_ns":1,"tensor_id":"t","span_id":"s","device":"cpu","bytes":8,"action":"alloc","dtype":"f32","storage_id":"a","trace6_unknown":true,"x":2,"storage_id":"b"})",
  }));
  ASSERT_TRUE(legacy.has_value()) << legacy.error().message;
  const std::string upgraded = UpgradeToTrace10(legacy.value());
  EXPECT_NE(LineOf(upgraded, 0).find(R"("z":1,"trace6_unknown":{"comparison_identity":7}})"),
            std::string::npos);
  EXPECT_NE(LineOf(upgraded, 1).find(
                R"("storage_id":"t",)"),
            std::string::npos);
  EXPECT_NE(LineOf(upgraded, 1).find(
                R"("x":2,"trace6_unknown":{"storage_id":"a","trace6_unknown":true,"storage_id":"b"}})"),
            std::string::npos);
  const Result<TraceDocument> current = Read(upgraded);
  ASSERT_TRUE(current.has_value()) << current.error().message;
  EXPECT_EQ(WriteJsonl(current.value()), upgraded);
}

TEST(UpgradeTest, Trace9TakesTheCurrentSchemaAndTrace10IsWrittenAsCatWritesIt) {
  const std::string trace9 = Lines({
      R"({"kind":"meta","schema":"candle-graph/trace/9","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{},"capture_contract":{"measurement_scope":"unknown","operations":"none","tensors":"none","gradients":"none","logical_memory":"none","physical_memory":"none","device_timing":"none","required_semantic_labels":[]}})",
      R"({"kind":"terminal","outcome":"complete","timestamp_ns":0,"x":1})",
  });
  const Result<TraceDocument> previous = Read(trace9);
  ASSERT_TRUE(previous.has_value()) << previous.error().message;
  const std::string upgraded = UpgradeToTrace10(previous.value());
  std::string expected = WriteJsonl(previous.value());
  expected.replace(expected.find("trace/9"), 7, "trace/10");
  EXPECT_EQ(upgraded, expected);
  const Result<TraceDocument> current = Read(upgraded);
  ASSERT_TRUE(current.has_value()) << current.error().message;
  EXPECT_EQ(UpgradeToTrace10(current.value()), WriteJsonl(current.value()));
  std::ostringstream streamed;
  UpgradeToTrace10(current.value(), streamed);
  EXPECT_EQ(streamed.str(), upgraded);
}

}  // namespace
}  // namespace tracedoc
