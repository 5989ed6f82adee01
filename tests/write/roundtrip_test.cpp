// Lossless round trips (docs/trace-format.md §3.3, docs/tracedoc.md §3): Read(Write(doc)) == doc,
// Write(Read(Write(doc))) == Write(doc), from_events(to_events(doc)) == doc, and the file writer.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using testdata::kMeta10;
using testdata::Lines;

// Every record kind, nested meta objects filled in, optional fields both present and absent.
std::string AllKindsTrace() {
  return Lines({
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-7","correlation_id":"c/1","entrypoint":"m::f","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":3,"warmup_steps":2,"device":"cuda:0","measured_region_device_synchronized":true,"timing_mode":"device_synchronized",)"
      R"("capture_contract":{"measurement_scope":"production_equivalent","operations":"complete","tensors":"partial","gradients":"complete","gradient_contract":{"manifest_sha256":"sha256:ab","expected":[{"root":"p","key":"w","family":"trunk"},{"root":"p","key":"b","family":"trunk"}],"families":[{"family":"trunk","expectation":"data_conditional","min_present":2}]},"logical_memory":"complete","physical_memory":"partial","device_timing":"complete","required_semantic_labels":["fwd","bwd"],"gpu_expected_semantic_labels":["fwd"],"cpu_only_semantic_labels":["bwd"]},)"
      R"("comparison_identity":{"implementation_id":"impl","workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"fixed","physical_batch":32,"accumulation_steps":4,"precision":"bf16","device_state":"warm","pair_id":"pair"},)"
      R"("tags":{"z":"last","a":"first","m":"mid","a":"again"},"candle_version":"0.9.1"})",
      R"({"kind":"span_start","id":"root","name":"fwd","start_ns":0,"span_kind":"module","measured":true,"step":"forward"})",
      R"({"kind":"span_start","id":"child","parent_id":"root","name":"bwd","start_ns":10,"span_kind":"function","step":"backward"})",
      R"({"kind":"span_start","id":"open","parent_id":"root","name":"opt","start_ns":20,"span_kind":"op"})",
      R"({"kind":"op","span_id":"child","op_name":"matmul","inputs":["t0","t1"],"output":"t2","shape":[4,8],"dtype":"BF16","device":"cuda:0","duration_ns":5,"timestamp_ns":11,"input_dense_bytes":64})",
      R"({"kind":"op","span_id":"child","op_name":"custom","shape":[],"dtype":"q4","device":"cuda:0","duration_ns":1,"input_dense_bytes":0,"output_dense_bytes":3})",
      R"({"kind":"tensor","span_id":"child","tensor_id":"t2","label":"out","shape":[4,8],"dtype":"bf16","device":"cuda:0","requires_grad":true,"category":"activation"})",
      R"({"kind":"tensor","span_id":"child","tensor_id":"t3","shape":[2],"dtype":"u4","device":"cpu"})",
      R"({"kind":"tensor_stats","span_id":"child","label":"seam/out","shape":[4,8],"dtype":"bf16","elements":32,"non_finite":2,"rms":0.5,"abs_max":2,"mean":-0.125})",
      R"({"kind":"memory","timestamp_ns":12,"storage_id":"st","tensor_id":"t2","span_id":"child","op_name":"matmul","device":"cuda:0","bytes":64,"action":"alloc","shape":[4,8],"dtype":"bf16","category":"activation"})",
      R"({"kind":"memory","timestamp_ns":14,"storage_id":"st","tensor_id":"t2","span_id":"child","device":"cuda:0","bytes":64,"action":"free","dtype":"bf16"})",
      R"({"kind":"device_memory","timestamp_ns":15,"device":"cuda:0","used_bytes":1,"free_bytes":2,"reserved_bytes":3,"capacity_bytes":6})",
      R"({"kind":"device_memory","timestamp_ns":16,"device":"cuda:0"})",
      R"({"kind":"device_interval","span_id":"child","device":"cuda:0","stream_id":"s0","clock_id":"k","backend":"cuda","start_ns":100,"duration_ns":7})",
      R"({"kind":"gradient","event_id":"g1","root":"p","key":"w","state":"present","norm":1.25})",
      R"({"kind":"gradient","event_id":"g2","root":"p","key":"b","state":"missing","norm":null})",
      R"({"kind":"gradient","event_id":"g3","root":"p","key":"c","state":"zero","norm":0})",
      R"({"kind":"edge","edge_kind":"call","from_span":"root","to_span":"child","host_duration_ns":9})",
      R"({"kind":"edge","edge_kind":"data","from_tensor":"t2","to_tensor":"t3"})",
      R"({"kind":"span_end","id":"child","duration_ns":5})",
      R"({"kind":"span_end","id":"root"})",
      R"({"kind":"terminal","outcome":"complete","timestamp_ns":30})",
  });
}

std::string Trace9() {
  return Lines(
      {testdata::Meta9(),
       R"({"kind":"span_start","id":"a","name":"x","start_ns":1,"span_kind":"function","measured":true})",
       R"({"kind":"gradient","event_id":"g","root":"r","key":"k","state":"non_finite"})",
       R"({"kind":"span_end","id":"a","duration_ns":2})",
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":3})"});
}

std::string FailedWithOpenSpans() {
  return Lines(
      {kMeta10,
       R"({"kind":"span_start","id":"b","name":"inner","start_ns":7,"span_kind":"op","parent_id":"a"})",
       R"({"kind":"span_start","id":"a","name":"outer","start_ns":5,"span_kind":"function"})",
       R"({"kind":"terminal","outcome":"failed","timestamp_ns":7,"reason":"out of memory\non device"})"});
}

// Escapes of every kind in the input; the writer emits raw UTF-8 and only the required escapes.
std::string UnicodeTrace() {
  return Lines(
      {kMeta10,
       R"({"kind":"span_start","id":"\u65e5\u672c","name":"caf\u00e9 \ud83d\ude80 \"q\" \\ \/ \b\f\n\r\t \u0001\u001f \u007f \u2028 日本語 🚀","start_ns":0,"span_kind":"function"})",
       R"({"kind":"tensor","span_id":"日本","tensor_id":"\u0000","label":"","shape":[],"dtype":"f64","device":"cpu"})",
       R"({"kind":"terminal","outcome":"failed","timestamp_ns":0,"reason":"\u00a0é"})"});
}

// Extreme integers: u64 max everywhere a u64 goes, and saturating dense bytes.
std::string ExtremeTrace() {
  return Lines(
      {kMeta10,
       R"({"kind":"span_start","id":"s","name":"n","start_ns":18446744073709551615,"span_kind":"op"})",
       R"({"kind":"span_end","id":"s","duration_ns":18446744073709551615})",
       R"({"kind":"op","span_id":"s","op_name":"o","shape":[18446744073709551615,2],"dtype":"f32","device":"cpu","duration_ns":18446744073709551615,"timestamp_ns":18446744073709551615,"input_dense_bytes":18446744073709551615})",
       R"({"kind":"tensor","span_id":"s","tensor_id":"t","shape":[0,18446744073709551615],"dtype":"u8","device":"cpu"})",
       R"({"kind":"memory","timestamp_ns":18446744073709551615,"storage_id":"a","tensor_id":"t","span_id":"s","device":"cpu","bytes":18446744073709551615,"action":"alloc","dtype":"f32"})",
       R"({"kind":"device_memory","timestamp_ns":0,"device":"cpu","capacity_bytes":18446744073709551615})",
       R"({"kind":"edge","edge_kind":"call","from_span":"s","to_span":"s","host_duration_ns":18446744073709551615})",
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":18446744073709551615})"});
}

// Doubles at the edges of the layout rules and of the f64 range.
std::string DoublesTrace() {
  return Lines(
      {kMeta10,
       R"({"kind":"tensor_stats","span_id":"s","label":"a","shape":[1],"dtype":"f32","elements":1,"non_finite":0,"rms":5e-324,"abs_max":1e21,"mean":-0.0})",
       R"({"kind":"tensor_stats","span_id":"s","label":"b","shape":[1],"dtype":"f32","elements":1,"non_finite":0,"rms":0.30000000000000004,"abs_max":1.7976931348623157e308,"mean":-2.2250738585072014e-308})",
       R"({"kind":"tensor_stats","span_id":"s","label":"c","shape":[1],"dtype":"f32","elements":1,"non_finite":0,"rms":1e16,"abs_max":1000000000000000,"mean":0.00001})",
       R"({"kind":"gradient","event_id":"g1","root":"r","key":"a","state":"present","norm":1E-7})",
       R"({"kind":"gradient","event_id":"g2","root":"r","key":"b","state":"present","norm":123456789012345678901})",
       R"({"kind":"gradient","event_id":"g3","root":"r","key":"c","state":"zero","norm":-0.0})",
       R"({"kind":"gradient","event_id":"g4","root":"r","key":"d","state":"present","norm":1658206780088562.25})",
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":0})"});
}

std::string UnknownTrace() {
  return Lines(
      {R"({"kind":"meta","top":{"a":[1,2.50,"\u00e9"]},"schema":"candle-graph/trace/10","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","capture_contract":{"measurement_scope":"unknown","x":1,"operations":"none","logical_memory":"none","physical_memory":"none","device_timing":"none","y":[]},"comparison_identity":{"p":null,"workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"s","physical_batch":1,"accumulation_steps":1,"precision":"p","device_state":"d","q":false},"tags":{},"dup":1,"dup":2})",
       R"({"kind":"span_start","id":"s","name":"n","start_ns":0,"span_kind":"op","u":1})",
       R"({"kind":"span_end","id":"s","v":"\/","duration_ns":1})",
       R"({"kind":"op","span_id":"s","op_name":"o","shape":[1],"dtype":"f32","device":"cpu","duration_ns":1,"input_dense_bytes":0,"w":{}})",
       R"({"kind":"edge","edge_kind":"data","from_tensor":"a","to_tensor":"b","host_duration_ns":3})",
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":1,"z":-0})"});
}

struct NamedTrace {
  const char* name;
  std::string text;
};

std::vector<NamedTrace> Traces() {
  return {{"sample", std::string(testdata::kSample)},
          {"all_kinds", AllKindsTrace()},
          {"trace9", Trace9()},
          {"failed_open_spans", FailedWithOpenSpans()},
          {"unicode", UnicodeTrace()},
          {"extreme_u64", ExtremeTrace()},
          {"doubles", DoublesTrace()},
          {"unknown_members", UnknownTrace()}};
}

Result<TraceDocument> ReadString(std::string_view text) {
  return ReadTrace(TraceInput::FromString(text));
}

// from_events over ToEvents' output, positions numbered as a reader would.
Result<TraceDocument> Refold(const TraceDocument& document) {
  DocumentBuilder builder;
  std::uint64_t index = 0;
  for (const Event& event : ToEvents(document)) {
    BOOST_OUTCOME_TRY(builder.Add(event, RecordPosition{index + 1, index}));
    ++index;
  }
  return std::move(builder).Finish();
}

class RoundTripTest : public ::testing::TestWithParam<NamedTrace> {};

TEST_P(RoundTripTest, ReadOfWriteEqualsTheDocument) {
  const Result<TraceDocument> document = ReadString(GetParam().text);
  ASSERT_THAT(document, Succeeds());
  const std::string written = WriteJsonl(document.value());
  const Result<TraceDocument> reread = ReadString(written);
  ASSERT_THAT(reread, Succeeds()) << written;
  EXPECT_TRUE(reread.value() == document.value()) << written;
  EXPECT_EQ(WriteJsonl(reread.value()), written);
}

TEST_P(RoundTripTest, FromEventsOfToEventsEqualsTheDocument) {
  const Result<TraceDocument> document = ReadString(GetParam().text);
  ASSERT_THAT(document, Succeeds());
  const Result<TraceDocument> refolded = Refold(document.value());
  ASSERT_THAT(refolded, Succeeds());
  EXPECT_TRUE(refolded.value() == document.value());
}

TEST_P(RoundTripTest, DropUnknownIsStableAndLeavesNoUnknownMembers) {
  const Result<TraceDocument> document = ReadString(GetParam().text);
  ASSERT_THAT(document, Succeeds());
  const std::string dropped = WriteJsonl(document.value(), {.drop_unknown = true});
  ReadOptions strict;
  strict.decode.strict = true;
  const Result<TraceDocument> reread = ReadTrace(TraceInput::FromString(dropped), strict);
  ASSERT_THAT(reread, Succeeds()) << dropped;
  EXPECT_EQ(WriteJsonl(reread.value()), dropped);
  EXPECT_EQ(WriteJsonl(reread.value(), {.drop_unknown = true}), dropped);
}

TEST_P(RoundTripTest, FileWriteThenReadEqualsTheDocument) {
  const Result<TraceDocument> document = ReadString(GetParam().text);
  ASSERT_THAT(document, Succeeds());
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("tracedoc_roundtrip_" + std::to_string(::getpid())) /
                                    GetParam().name / "nested";
  std::filesystem::remove_all(dir);
  const std::filesystem::path path = dir / "trace.jsonl";
  ASSERT_THAT(WriteJsonlFile(document.value(), path), Succeeds());
  const Result<TraceDocument> reread = ReadTrace(TraceInput::FromFile(path));
  ASSERT_THAT(reread, Succeeds());
  EXPECT_TRUE(reread.value() == document.value());
  std::ifstream file(path, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  EXPECT_EQ(bytes.str(), WriteJsonl(document.value()));
  // Only the target is left: the temporary file was renamed over it.
  std::vector<std::filesystem::path> entries;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    entries.push_back(entry.path());
  EXPECT_EQ(entries, std::vector<std::filesystem::path>{path});
  std::filesystem::remove_all(dir.parent_path());
}

INSTANTIATE_TEST_SUITE_P(RoundTrip, RoundTripTest, ::testing::ValuesIn(Traces()),
                         [](const ::testing::TestParamInfo<NamedTrace>& info) {
                           return std::string(info.param.name);
                         });

// ---------------------------------------------------------------------------------------------
// The bytes of the hard cases, not only their stability.

std::vector<std::string> WrittenLines(std::string_view text) {
  const Result<TraceDocument> document = ReadString(text);
  EXPECT_THAT(document, Succeeds());
  std::vector<std::string> lines;
  if (!document) return lines;
  std::istringstream stream(WriteJsonl(document.value()));
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

TEST(RoundTripBytesTest, DoublesUseTheReferenceLayout) {
  const std::vector<std::string> lines = WrittenLines(DoublesTrace());
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(
      lines[1],
      R"({"kind":"tensor_stats","span_id":"s","label":"a","shape":[1],"dtype":"f32","elements":1,"non_finite":0,"rms":5e-324,"abs_max":1e21,"mean":-0.0})");
  EXPECT_EQ(
      lines[2],
      R"({"kind":"tensor_stats","span_id":"s","label":"b","shape":[1],"dtype":"f32","elements":1,"non_finite":0,"rms":0.30000000000000004,"abs_max":1.7976931348623157e308,"mean":-2.2250738585072014e-308})");
  EXPECT_EQ(
      lines[3],
      R"({"kind":"tensor_stats","span_id":"s","label":"c","shape":[1],"dtype":"f32","elements":1,"non_finite":0,"rms":1e16,"abs_max":1000000000000000.0,"mean":0.00001})");
  EXPECT_EQ(
      lines[4],
      R"({"kind":"gradient","event_id":"g1","root":"r","key":"a","state":"present","norm":1e-7})");
  EXPECT_EQ(
      lines[5],
      R"({"kind":"gradient","event_id":"g2","root":"r","key":"b","state":"present","norm":1.2345678901234568e20})");
  EXPECT_EQ(
      lines[6],
      R"({"kind":"gradient","event_id":"g3","root":"r","key":"c","state":"zero","norm":-0.0})");
  EXPECT_EQ(
      lines[7],
      R"({"kind":"gradient","event_id":"g4","root":"r","key":"d","state":"present","norm":1658206780088562.2})");
}

TEST(RoundTripBytesTest, StringsAreRawUtf8WithOnlyTheRequiredEscapes) {
  const std::vector<std::string> lines = WrittenLines(UnicodeTrace());
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1],
            "{\"kind\":\"span_start\",\"id\":\"日本\",\"name\":\"café 🚀 \\\"q\\\" \\\\ / "
            "\\b\\f\\n\\r\\t \\u0001\\u001f \x7f \u2028 日本語 🚀\",\"start_ns\":0,"
            "\"span_kind\":\"function\",\"measured\":false}");
  EXPECT_EQ(
      lines[2],
      R"({"kind":"tensor","span_id":"日本","tensor_id":"\u0000","label":"","shape":[],"dtype":"f64","device":"cpu","requires_grad":false,"dense_bytes":8,"category":"other"})");
  EXPECT_EQ(lines[3],
            "{\"kind\":\"terminal\",\"outcome\":\"failed\",\"timestamp_ns\":0,"
            "\"reason\":\"\u00a0é\"}");
}

TEST(RoundTripBytesTest, ExtremeIntegersAndSaturatedDenseBytes) {
  const std::vector<std::string> lines = WrittenLines(ExtremeTrace());
  ASSERT_EQ(lines.size(), 9u);
  EXPECT_EQ(
      lines[3],
      R"({"kind":"op","span_id":"s","op_name":"o","inputs":[],"shape":[18446744073709551615,2],"dtype":"f32","device":"cpu","duration_ns":18446744073709551615,"timestamp_ns":18446744073709551615,"output_dense_bytes":18446744073709551615,"input_dense_bytes":18446744073709551615})");
  EXPECT_EQ(
      lines[4],
      R"({"kind":"tensor","span_id":"s","tensor_id":"t","shape":[0,18446744073709551615],"dtype":"u8","device":"cpu","requires_grad":false,"dense_bytes":0,"category":"other"})");
}

TEST(RoundTripBytesTest, AllKindsInReferenceOrder) {
  const std::vector<std::string> lines = WrittenLines(AllKindsTrace());
  ASSERT_EQ(lines.size(), 22u);
  // Tags are written sorted, the last of a repeated key winning.
  EXPECT_NE(lines[0].find(R"("tags":{"a":"again","m":"mid","z":"last"},"candle_version":"0.9.1"})"),
            std::string::npos)
      << lines[0];
  // Spans in byte-wise id order ("child" < "open" < "root"), each end right after its start.
  EXPECT_EQ(
      lines[1],
      R"({"kind":"span_start","id":"child","parent_id":"root","name":"bwd","start_ns":10,"span_kind":"function","measured":false,"step":"backward"})");
  EXPECT_EQ(lines[2], R"({"kind":"span_end","id":"child","duration_ns":5})");
  EXPECT_EQ(
      lines[3],
      R"({"kind":"span_start","id":"open","parent_id":"root","name":"opt","start_ns":20,"span_kind":"op","measured":false})");
  EXPECT_EQ(lines[5], R"({"kind":"span_end","id":"root","duration_ns":0})");
  EXPECT_EQ(
      lines[7],
      R"({"kind":"op","span_id":"child","op_name":"custom","inputs":[],"shape":[],"dtype":"q4","device":"cuda:0","duration_ns":1,"timestamp_ns":0,"output_dense_bytes":3,"input_dense_bytes":0})");
  EXPECT_EQ(
      lines[9],
      R"({"kind":"tensor","span_id":"child","tensor_id":"t3","shape":[2],"dtype":"u4","device":"cpu","requires_grad":false,"category":"other"})");
  EXPECT_EQ(lines[17],
            R"({"kind":"gradient","event_id":"g2","root":"p","key":"b","state":"missing"})");
  EXPECT_EQ(
      lines[18],
      R"({"kind":"gradient","event_id":"g3","root":"p","key":"c","state":"zero","norm":0.0})");
  EXPECT_EQ(lines[21], R"({"kind":"terminal","outcome":"complete","timestamp_ns":30})");
}

// ---------------------------------------------------------------------------------------------
// Random documents: many small traces from a seeded generator round-trip exactly.

std::string RandomTrace(std::mt19937_64& rng) {
  auto pick = [&rng](std::uint64_t n) {
    return std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng);
  };
  auto id = [&](std::string_view prefix) { return std::string(prefix) + std::to_string(pick(8)); };
  auto number = [&] {
    const std::uint64_t bits = rng();
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    if (!std::isfinite(value)) value = 1.0 / static_cast<double>(1 + pick(1000));
    return std::abs(value);
  };
  // std::to_chars' shortest form (`1e+300`, `5`): spelled unlike the writer, so the first
  // write normalises it and the second must change nothing.
  auto dbl = [](double value) {
    char buffer[64];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof(buffer), value).ptr);
  };
  // Times stay below 1000, so every span and op ends before 2000 and a terminal at 5000 folds.
  std::vector<std::string> lines = {std::string(kMeta10)};
  std::vector<std::string> open;
  int spans = 0;
  const std::uint64_t count = 1 + pick(30);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t t = pick(1000);
    switch (pick(9)) {
      case 0: {
        const std::string span = "s" + std::to_string(spans++);
        lines.push_back(R"({"kind":"span_start","id":")" + span + R"(","name":"n)" +
                        std::to_string(pick(3)) + R"(","start_ns":)" + std::to_string(t) +
                        R"(,"span_kind":"op","measured":)" + (pick(2) ? "true" : "false") + "}");
        open.push_back(span);
        break;
      }
      case 1:
        if (!open.empty()) {
          lines.push_back(R"({"kind":"span_end","id":")" + open.back() + R"(","duration_ns":)" +
                          std::to_string(t) + "}");
          open.pop_back();
        }
        break;
      case 2:
        lines.push_back(R"({"kind":"op","span_id":")" + id("s") + R"(","op_name":"add","shape":[)" +
                        std::to_string(pick(5)) + R"(],"dtype":")" + (pick(2) ? "f16" : "x") +
                        R"(","device":"cpu","duration_ns":)" + std::to_string(t) +
                        R"(,"timestamp_ns":)" + std::to_string(t) + R"(,"input_dense_bytes":1})");
        break;
      case 3:
        lines.push_back(R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) +
                        R"(,"storage_id":")" + id("st") + R"(","tensor_id":")" + id("t") +
                        R"(","span_id":")" + id("s") + R"(","device":"cpu","bytes":)" +
                        std::to_string(rng()) + R"(,"action":")" + (pick(2) ? "alloc" : "free") +
                        R"(","dtype":"f32"})");
        break;
      case 4:
        lines.push_back(R"({"kind":"gradient","event_id":")" + id("g") +
                        R"(","root":"r","key":"k","state":"present","norm":)" + dbl(number()) +
                        "}");
        break;
      case 5:
        lines.push_back(
            R"({"kind":"tensor_stats","span_id":"s","label":"l","shape":[],"dtype":"f32","elements":1,"non_finite":0,"rms":)" +
            dbl(number()) + R"(,"abs_max":)" + dbl(number()) + R"(,"mean":-)" + dbl(number()) +
            "}");
        break;
      case 6:
        lines.push_back(R"({"kind":"edge","edge_kind":"call","from_span":")" + id("s") +
                        R"(","to_span":")" + id("s") + R"(","host_duration_ns":)" +
                        std::to_string(rng()) + R"(,"extra":[)" + std::to_string(t) + "]}");
        break;
      case 7:
        lines.push_back(R"({"kind":"device_memory","timestamp_ns":)" + std::to_string(t) +
                        R"(,"device":"cuda:1","free_bytes":)" + std::to_string(rng()) + "}");
        break;
      default:
        lines.push_back(R"({"kind":"tensor","span_id":")" + id("s") + R"(","tensor_id":")" +
                        id("t") + R"(","shape":[)" + std::to_string(rng()) + "," +
                        std::to_string(rng()) + R"(],"dtype":"i64","device":"cpu"})");
        break;
    }
  }
  lines.push_back(R"({"kind":"terminal","outcome":"complete","timestamp_ns":5000})");
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

TEST(RoundTripRandomTest, SeededDocumentsRoundTrip) {
  std::mt19937_64 rng(20260804);
  for (int i = 0; i < 300; ++i) {
    const std::string text = RandomTrace(rng);
    const Result<TraceDocument> document = ReadString(text);
    ASSERT_THAT(document, Succeeds()) << text;
    const std::string written = WriteJsonl(document.value());
    const Result<TraceDocument> reread = ReadString(written);
    ASSERT_THAT(reread, Succeeds()) << written;
    ASSERT_TRUE(reread.value() == document.value()) << text;
    ASSERT_EQ(WriteJsonl(reread.value()), written);
    const Result<TraceDocument> refolded = Refold(document.value());
    ASSERT_THAT(refolded, Succeeds());
    ASSERT_TRUE(refolded.value() == document.value());
  }
}

// ---------------------------------------------------------------------------------------------
// WriteJsonlFile failures.

TEST(RoundTripFileTest, UnwritableTargetIsAnIoError) {
  const Result<TraceDocument> document = ReadString(testdata::kSample);
  ASSERT_THAT(document, Succeeds());
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("tracedoc_io_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  // A parent that is a regular file: the directories cannot be created.
  const std::filesystem::path blocker = dir / "file";
  std::ofstream(blocker) << "x";
  const Result<void> under_file = WriteJsonlFile(document.value(), blocker / "trace.jsonl");
  EXPECT_THAT(under_file, FailsWith(ErrorCode::kIoError, 0));
  if (!under_file) {
    EXPECT_TRUE(under_file.error().message.starts_with("create trace dir "))
        << under_file.error().message;
  }
  // A target that is a directory: the rename fails and the temporary file is removed.
  const std::filesystem::path target_dir = dir / "target";
  std::filesystem::create_directories(target_dir / "inside");
  EXPECT_THAT(WriteJsonlFile(document.value(), target_dir), FailsWith(ErrorCode::kIoError, 0));
  std::vector<std::filesystem::path> entries;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  EXPECT_EQ(entries, (std::vector<std::filesystem::path>{blocker, target_dir}));
  std::filesystem::remove_all(dir);
}

TEST(RoundTripFileTest, OverwritesAnExistingFile) {
  const Result<TraceDocument> document = ReadString(testdata::kSample);
  ASSERT_THAT(document, Succeeds());
  const std::filesystem::path path = std::filesystem::path(::testing::TempDir()) /
                                     ("tracedoc_over_" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(path) << std::string(100000, 'x');
  ASSERT_THAT(WriteJsonlFile(document.value(), path), Succeeds());
  const Result<TraceDocument> reread = ReadTrace(TraceInput::FromFile(path));
  ASSERT_THAT(reread, Succeeds());
  EXPECT_TRUE(reread.value() == document.value());
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace tracedoc
