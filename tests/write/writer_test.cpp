// The canonical writer against the spec's bytes: the "Written as" lines of docs/examples.md §8.1, the
// SAMPLE's to_events output (§8.4), unknown members kept or dropped, the document JSON (§1.14).
#include "tracedoc/writer.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "emit/pretty_json.hpp"

namespace tracedoc {
namespace {

using testdata::kMeta10;
using testdata::Lines;

// docs/examples.md §8.4, the second block: to_events of the folded SAMPLE, as write_jsonl writes it.
constexpr std::string_view kSampleEvents =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train::loss","phase":"train","timestamp":"2026-08-04T18:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,"timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","tensors":"none","gradients":"none","logical_memory":"none","physical_memory":"none","device_timing":"none","required_semantic_labels":[]},"tags":{},"candle_version":"0.8.0"}
{"kind":"span_start","id":"span-op","parent_id":"span-root","name":"matmul","start_ns":10,"span_kind":"op","measured":false}
{"kind":"span_end","id":"span-op","duration_ns":1200}
{"kind":"span_start","id":"span-root","name":"demo::train::loss","start_ns":0,"span_kind":"function","measured":true}
{"kind":"span_end","id":"span-root","duration_ns":2500}
{"kind":"op","span_id":"span-op","op_name":"matmul","inputs":["t0","t1"],"output":"t2","shape":[32,32],"dtype":"f32","device":"cpu","duration_ns":1200,"timestamp_ns":10,"output_dense_bytes":4096,"input_dense_bytes":0}
{"kind":"memory","timestamp_ns":1200,"storage_id":"storage-t2","tensor_id":"t2","span_id":"span-op","op_name":"matmul","device":"cpu","bytes":4096,"action":"alloc","shape":[32,32],"dtype":"f32","category":"activation"}
{"kind":"gradient","event_id":"grad-1","root":"vb","key":"encoder.weight","state":"present","norm":0.42}
{"kind":"edge","edge_kind":"call","from_span":"span-root","to_span":"span-op","host_duration_ns":1200}
{"kind":"terminal","outcome":"complete","timestamp_ns":2500}
)";

// The SAMPLE's document JSON, derived by hand from §1.14: `run` is the meta without kind and
// schema; spans in id order with `kind` (not span_kind), `closed` and `duration_ns`; every array
// present; records without `kind`; the edge keeps `edge_kind`.
constexpr std::string_view kSampleDocumentJson =
    R"({"schema":"candle-graph/trace/10",)"
    R"("run":{"run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train::loss","phase":"train","timestamp":"2026-08-04T18:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,"timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","tensors":"none","gradients":"none","logical_memory":"none","physical_memory":"none","device_timing":"none","required_semantic_labels":[]},"tags":{},"candle_version":"0.8.0"},)"
    R"("spans":[{"id":"span-op","parent_id":"span-root","name":"matmul","kind":"op","measured":false,"start_ns":10,"closed":true,"duration_ns":1200},)"
    R"({"id":"span-root","name":"demo::train::loss","kind":"function","measured":true,"start_ns":0,"closed":true,"duration_ns":2500}],)"
    R"("ops":[{"span_id":"span-op","op_name":"matmul","inputs":["t0","t1"],"output":"t2","shape":[32,32],"dtype":"f32","device":"cpu","duration_ns":1200,"timestamp_ns":10,"output_dense_bytes":4096,"input_dense_bytes":0}],)"
    R"("tensors":[],"tensor_stats":[],)"
    R"("memory":[{"timestamp_ns":1200,"storage_id":"storage-t2","tensor_id":"t2","span_id":"span-op","op_name":"matmul","device":"cpu","bytes":4096,"action":"alloc","shape":[32,32],"dtype":"f32","category":"activation"}],)"
    R"("device_memory":[],"device_intervals":[],)"
    R"("gradients":[{"event_id":"grad-1","root":"vb","key":"encoder.weight","state":"present","norm":0.42}],)"
    R"("edges":[{"edge_kind":"call","from_span":"span-root","to_span":"span-op","host_duration_ns":1200}],)"
    R"("terminal":{"outcome":"complete","timestamp_ns":2500}})";

// A terminal late enough for every record below (E6's op ends at 1210).
constexpr std::string_view kLateTerminal =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":100000})";

TraceDocument Read(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  EXPECT_THAT(document, Succeeds()) << text;
  if (!document) return ReadTrace(TraceInput::FromString(testdata::kSample)).value();
  return std::move(document).value();
}

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// META10 ⏎ record ⏎ terminal, read and written; the record's line (line 2 of the output).
std::string WrittenRecord(std::string_view record, WriteOptions options = {}) {
  const std::string written = WriteJsonl(Read(Lines({kMeta10, record, kLateTerminal})), options);
  const std::vector<std::string> lines = SplitLines(written);
  EXPECT_EQ(lines.size(), 3u) << written;
  return lines.size() == 3 ? lines[1] : std::string();
}

// White space outside strings removed: the pretty form compacted again.
std::string StripWhitespace(std::string_view json) {
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < json.size()) {
        out += json[++i];
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
      out += c;
    } else if (c != ' ' && c != '\n') {
      out += c;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// docs/examples.md §8.1, "Written as".

TEST(WriterTest, E1MetaGainsItsDefaults) {
  const std::string written = WriteJsonl(Read(Lines({kMeta10, testdata::kCompleteTerminal0})));
  EXPECT_EQ(
      SplitLines(written).at(0),
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,"timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","tensors":"none","gradients":"none","logical_memory":"none","physical_memory":"none","device_timing":"none","required_semantic_labels":[]},"tags":{}})");
}

TEST(WriterTest, E4SpanStartDropsExtraLikeTheReference) {
  constexpr std::string_view kE4 =
      R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true,"extra":42})";
  EXPECT_EQ(
      WrittenRecord(kE4, {.drop_unknown = true}),
      R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true})");
  // tracedoc keeps the unknown member by default, after the known fields (docs/tracedoc.md §3).
  EXPECT_EQ(
      WrittenRecord(kE4),
      R"({"kind":"span_start","id":"s1","name":"demo::train","start_ns":0,"span_kind":"function","measured":true,"extra":42})");
}

TEST(WriterTest, E6OpIsWrittenWithResolvedDenseBytes) {
  EXPECT_EQ(
      WrittenRecord(
          R"({"kind":"op","span_id":"s1","op_name":"matmul","shape":[32,32],"dtype":" F32 ","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":8192})"),
      R"({"kind":"op","span_id":"s1","op_name":"matmul","inputs":[],"shape":[32,32],"dtype":" F32 ","device":"cpu","duration_ns":1200,"timestamp_ns":10,"output_dense_bytes":4096,"input_dense_bytes":8192})");
}

TEST(WriterTest, E7UnknownDtypeLeavesDenseBytesOut) {
  EXPECT_EQ(
      WrittenRecord(
          R"({"kind":"op","span_id":"s1","op_name":"matmul","shape":[32,32],"dtype":"float32","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":8192})"),
      R"({"kind":"op","span_id":"s1","op_name":"matmul","inputs":[],"shape":[32,32],"dtype":"float32","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":8192})");
}

TEST(WriterTest, E9IntegerFloatIsWrittenWithPointZero) {
  EXPECT_EQ(
      WrittenRecord(
          R"({"kind":"tensor_stats","span_id":"s1","label":"seam/out_y","shape":[2,3],"dtype":"f32","elements":6,"non_finite":0,"rms":1.5,"abs_max":3,"mean":-0.25})"),
      R"({"kind":"tensor_stats","span_id":"s1","label":"seam/out_y","shape":[2,3],"dtype":"f32","elements":6,"non_finite":0,"rms":1.5,"abs_max":3.0,"mean":-0.25})");
}

TEST(WriterTest, E11ScalarStatsWriteZerosAsFloats) {
  EXPECT_EQ(
      WrittenRecord(
          R"({"kind":"tensor_stats","span_id":"s1","label":"loss","shape":[],"dtype":"f32","elements":1,"non_finite":1,"rms":0,"abs_max":0,"mean":0})"),
      R"({"kind":"tensor_stats","span_id":"s1","label":"loss","shape":[],"dtype":"f32","elements":1,"non_finite":1,"rms":0.0,"abs_max":0.0,"mean":0.0})");
}

TEST(WriterTest, E12MemoryGainsShapeAndCategory) {
  EXPECT_EQ(
      WrittenRecord(
          R"({"kind":"memory","timestamp_ns":20,"storage_id":"st1","tensor_id":"t1","span_id":"s1","device":"cpu","bytes":4096,"action":"alloc","dtype":"f32"})"),
      R"({"kind":"memory","timestamp_ns":20,"storage_id":"st1","tensor_id":"t1","span_id":"s1","device":"cpu","bytes":4096,"action":"alloc","shape":[],"dtype":"f32","category":"other"})");
}

TEST(WriterTest, E13DeviceMemoryIsWrittenUnchanged) {
  constexpr std::string_view kE13 =
      R"({"kind":"device_memory","timestamp_ns":30,"device":"cuda:0","used_bytes":100})";
  EXPECT_EQ(WrittenRecord(kE13), kE13);
}

TEST(WriterTest, EdgeKindFollowsKind) {
  EXPECT_EQ(
      WrittenRecord(R"({"to_tensor":"b","from_tensor":"a","edge_kind":"data","kind":"edge"})"),
      R"({"kind":"edge","edge_kind":"data","from_tensor":"a","to_tensor":"b"})");
}

// ---------------------------------------------------------------------------------------------
// docs/examples.md §8.4: the SAMPLE stream.

TEST(WriterTest, SampleToEventsIsTheReferenceOutput) {
  EXPECT_EQ(WriteJsonl(Read(testdata::kSample)), kSampleEvents);
}

TEST(WriterTest, SampleToEventsOrderAndKinds) {
  const TraceDocument document = Read(testdata::kSample);
  const std::vector<Event> events = ToEvents(document);
  std::vector<std::string_view> kinds;
  for (const Event& event : events) kinds.push_back(EventKindName(event));
  EXPECT_EQ(kinds, (std::vector<std::string_view>{"meta", "span_start", "span_end", "span_start",
                                                  "span_end", "op", "memory", "gradient", "edge",
                                                  "terminal"}));
  // Each event, appended alone, is its line.
  const std::vector<std::string> lines = SplitLines(kSampleEvents);
  ASSERT_EQ(lines.size(), events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    std::string out;
    AppendEventJson(out, events[i]);
    EXPECT_EQ(out, lines[i]);
  }
}

TEST(WriterTest, ToEventsRefersToTheDocumentsStorage) {
  const TraceDocument document = Read(testdata::kSample);
  const std::vector<Event> events = ToEvents(document);
  const auto& start = std::get<SpanStartRecord>(events[1]);
  EXPECT_EQ(start.id.data(), document.spans()[0].id.data());
  EXPECT_EQ(std::get<OpRecord>(events[5]).shape.data(), document.ops()[0].shape.data());
}

TEST(WriterTest, AppendEventJsonAppendsWithoutNewline) {
  std::string out = "prefix:";
  AppendEventJson(out, Event{TerminalRecord{RunOutcome::kFailed, 7, "boom", {}}});
  EXPECT_EQ(out,
            R"(prefix:{"kind":"terminal","outcome":"failed","timestamp_ns":7,"reason":"boom"})");
}

TEST(WriterTest, StreamOutputEqualsStringOutput) {
  const TraceDocument document = Read(testdata::kSample);
  std::ostringstream stream;
  WriteJsonl(document, stream);
  EXPECT_EQ(stream.str(), kSampleEvents);
}

TEST(WriterTest, OpenSpanHasNoSpanEnd) {
  const std::string written = WriteJsonl(Read(Lines(
      {kMeta10, R"({"kind":"span_start","id":"a","name":"n","start_ns":5,"span_kind":"module"})",
       R"({"kind":"terminal","outcome":"failed","timestamp_ns":5,"reason":"boom"})"})));
  const std::vector<std::string> lines = SplitLines(written);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(
      lines[1],
      R"({"kind":"span_start","id":"a","name":"n","start_ns":5,"span_kind":"module","measured":false})");
  EXPECT_EQ(lines[2], R"({"kind":"terminal","outcome":"failed","timestamp_ns":5,"reason":"boom"})");
}

// ---------------------------------------------------------------------------------------------
// Unknown members (docs/tracedoc.md §3): kept in input order at every level, or dropped.

constexpr std::string_view kMetaWithUnknown =
    R"({"zeta":1,"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"c","entrypoint":"e","phase":"infer","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"device_synchronized",)"
    R"("capture_contract":{"cc_b":[1,{"x":null}],"measurement_scope":"profiled_work","operations":"complete","logical_memory":"partial","physical_memory":"none","device_timing":"none","cc_a":"\u00e9\/",)"
    R"("gradient_contract":{"manifest_sha256":"sha256:00","gc_x":true,"expected":[{"root":"r","key":"k","family":"f","eg_y":2}],"families":[{"family":"f","expectation":"active","min_present":1,"gf_z":3}]}},)"
    R"("comparison_identity":{"ci_first":"1","workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"s","physical_batch":8,"accumulation_steps":1,"precision":"bf16","device_state":"warm","ci_last":1.50},)"
    R"("tags":{"b":"2","a":"1"},"alpha":{"nested":[true,false]}})";

constexpr std::string_view kSpansWithUnknown =
    R"({"kind":"span_start","s_b":"x","id":"s","name":"n","start_ns":1,"span_kind":"op","s_a":-1E3})"
    "\n"
    R"({"kind":"span_end","e_z":[],"id":"s","duration_ns":4,"e_y":{}})";

constexpr std::string_view kTerminalWithUnknown =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":10,"t_u":"v"})";

std::string UnknownTrace() {
  return Lines({kMetaWithUnknown, kSpansWithUnknown, kTerminalWithUnknown});
}

TEST(WriterTest, UnknownMembersFollowTheKnownFieldsInInputOrder) {
  const std::vector<std::string> lines = SplitLines(WriteJsonl(Read(UnknownTrace())));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(
      lines[0],
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"c","entrypoint":"e","phase":"infer","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,"timing_mode":"device_synchronized",)"
      R"("capture_contract":{"measurement_scope":"profiled_work","operations":"complete","tensors":"none","gradients":"none",)"
      R"("gradient_contract":{"manifest_sha256":"sha256:00","expected":[{"root":"r","key":"k","family":"f","eg_y":2}],"families":[{"family":"f","expectation":"active","min_present":1,"gf_z":3}],"gc_x":true},)"
      R"("logical_memory":"partial","physical_memory":"none","device_timing":"none","required_semantic_labels":[],"cc_b":[1,{"x":null}],"cc_a":"é/"},)"
      R"("comparison_identity":{"workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"s","physical_batch":8,"accumulation_steps":1,"precision":"bf16","device_state":"warm","ci_first":"1","ci_last":1.50},)"
      R"("tags":{"a":"1","b":"2"},"zeta":1,"alpha":{"nested":[true,false]}})");
  EXPECT_EQ(
      lines[1],
      R"({"kind":"span_start","id":"s","name":"n","start_ns":1,"span_kind":"op","measured":false,"s_b":"x","s_a":-1E3})");
  EXPECT_EQ(lines[2], R"({"kind":"span_end","id":"s","duration_ns":4,"e_z":[],"e_y":{}})");
  EXPECT_EQ(lines[3], R"({"kind":"terminal","outcome":"complete","timestamp_ns":10,"t_u":"v"})");
}

TEST(WriterTest, DropUnknownGivesTheReferenceBytes) {
  const std::vector<std::string> lines =
      SplitLines(WriteJsonl(Read(UnknownTrace()), {.drop_unknown = true}));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(
      lines[0],
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"c","entrypoint":"e","phase":"infer","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,"timing_mode":"device_synchronized",)"
      R"("capture_contract":{"measurement_scope":"profiled_work","operations":"complete","tensors":"none","gradients":"none",)"
      R"("gradient_contract":{"manifest_sha256":"sha256:00","expected":[{"root":"r","key":"k","family":"f"}],"families":[{"family":"f","expectation":"active","min_present":1}]},)"
      R"("logical_memory":"partial","physical_memory":"none","device_timing":"none","required_semantic_labels":[]},)"
      R"("comparison_identity":{"workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"s","physical_batch":8,"accumulation_steps":1,"precision":"bf16","device_state":"warm"},)"
      R"("tags":{"a":"1","b":"2"}})");
  EXPECT_EQ(
      lines[1],
      R"({"kind":"span_start","id":"s","name":"n","start_ns":1,"span_kind":"op","measured":false})");
  EXPECT_EQ(lines[2], R"({"kind":"span_end","id":"s","duration_ns":4})");
  EXPECT_EQ(lines[3], R"({"kind":"terminal","outcome":"complete","timestamp_ns":10})");
}

TEST(WriterTest, DropUnknownOnTheSampleIsTheSame) {
  EXPECT_EQ(WriteJsonl(Read(testdata::kSample), {.drop_unknown = true}), kSampleEvents);
}

// ---------------------------------------------------------------------------------------------
// The document JSON (§1.14).

TEST(WriterTest, SampleDocumentJson) {
  EXPECT_EQ(WriteDocumentJson(Read(testdata::kSample)), kSampleDocumentJson);
}

TEST(WriterTest, PrettyDocumentJsonIsTheCompactOneIndented) {
  const std::string pretty = WriteDocumentJson(Read(testdata::kSample), {.pretty = true});
  EXPECT_EQ(StripWhitespace(pretty), kSampleDocumentJson);
  EXPECT_TRUE(
      pretty.starts_with("{\n  \"schema\": \"candle-graph/trace/10\",\n  \"run\": {\n    "
                         "\"run_id\": \"run-1\",\n"))
      << pretty;
  EXPECT_NE(pretty.find("\n  \"tensors\": [],\n"), std::string::npos) << pretty;
  EXPECT_TRUE(
      pretty.ends_with("\n  \"terminal\": {\n    \"outcome\": \"complete\",\n    "
                       "\"timestamp_ns\": 2500\n  }\n}"))
      << pretty;
}

TEST(WriterTest, DocumentJsonParsesWithBoostJson) {
  const TraceDocument document = Read(testdata::kSample);
  for (const bool pretty : {false, true}) {
    boost::json::error_code ec;
    const boost::json::value value =
        boost::json::parse(WriteDocumentJson(document, {.pretty = pretty}), ec);
    ASSERT_FALSE(ec) << ec.message();
    const boost::json::object& object = value.as_object();
    std::vector<std::string_view> keys;
    for (const auto& member : object) keys.push_back(member.key());
    EXPECT_EQ(keys, (std::vector<std::string_view>{
                        "schema", "run", "spans", "ops", "tensors", "tensor_stats", "memory",
                        "device_memory", "device_intervals", "gradients", "edges", "terminal"}));
    EXPECT_EQ(object.at("spans").as_array().size(), 2u);
    EXPECT_EQ(object.at("spans").as_array()[0].as_object().at("kind").as_string(), "op");
    EXPECT_EQ(object.at("gradients").as_array()[0].as_object().at("norm").as_double(), 0.42);
    EXPECT_EQ(value, boost::json::parse(kSampleDocumentJson));
  }
}

TEST(WriterTest, DocumentJsonKeepsUnknownMembers) {
  const std::string json = WriteDocumentJson(Read(UnknownTrace()));
  // The meta's top-level unknown members go to `run`, after its known keys.
  EXPECT_NE(
      json.find(R"("tags":{"a":"1","b":"2"},"zeta":1,"alpha":{"nested":[true,false]}},"spans")"),
      std::string::npos)
      << json;
  // A span carries its start line's unknown members, then its end line's.
  EXPECT_NE(
      json.find(
          R"("spans":[{"id":"s","name":"n","kind":"op","measured":false,"start_ns":1,"closed":true,"duration_ns":4,"s_b":"x","s_a":-1E3,"e_z":[],"e_y":{}}])"),
      std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("terminal":{"outcome":"complete","timestamp_ns":10,"t_u":"v"}})"),
            std::string::npos)
      << json;
  const std::string dropped = WriteDocumentJson(Read(UnknownTrace()), {.drop_unknown = true});
  for (std::string_view key : {"zeta", "alpha", "cc_a", "ci_last", "s_b", "e_y", "t_u", "gf_z"}) {
    EXPECT_EQ(dropped.find(key), std::string::npos) << key;
  }
}

TEST(WriterTest, DocumentJsonLeavesOutSpanUnknownsThatShadowSpanRecordKeys) {
  // `closed` is not a span_start key and `name` not a span_end key, so both are unknown members
  // on their lines; inside a SpanRecord they would contradict the fold, so only JSONL keeps them.
  const TraceDocument document = Read(Lines(
      {kMeta10,
       R"({"kind":"span_start","id":"s","name":"n","start_ns":0,"span_kind":"op","closed":"no","x":1})",
       R"({"kind":"span_end","id":"s","name":"other","duration_ns":2})",
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":2})"}));
  const std::string json = WriteDocumentJson(document);
  EXPECT_NE(
      json.find(
          R"("spans":[{"id":"s","name":"n","kind":"op","measured":false,"start_ns":0,"closed":true,"duration_ns":2,"x":1}])"),
      std::string::npos)
      << json;
  const std::string jsonl = WriteJsonl(document);
  EXPECT_NE(jsonl.find(R"("closed":"no","x":1})"), std::string::npos);
  EXPECT_NE(jsonl.find(R"({"kind":"span_end","id":"s","duration_ns":2,"name":"other"})"),
            std::string::npos);
}

TEST(WriterTest, PrettyJsonLayout) {
  EXPECT_EQ(emit::PrettyJson(R"({"a":[1,{"b":"x,{y}:\"[z]"}],"c":{},"d":[]})"),
            "{\n"
            "  \"a\": [\n"
            "    1,\n"
            "    {\n"
            "      \"b\": \"x,{y}:\\\"[z]\"\n"
            "    }\n"
            "  ],\n"
            "  \"c\": {},\n"
            "  \"d\": []\n"
            "}");
  EXPECT_EQ(emit::PrettyJson("[]"), "[]");
  EXPECT_EQ(emit::PrettyJson(R"("a\\")"), R"("a\\")");
}

// The streaming re-indenter gives the same text wherever its input is cut: inside strings,
// between a `\` and what it escapes, between `{` and `}`.
TEST(WriterTest, PrettyJsonWriterIsIndifferentToWhereTheInputIsCut) {
  const std::string_view compact =
      R"({"a":[1,{"b":"x,{y}:\"[z]\\"}],"c":{},"d":[],"e":[-1.5e3,true,null],"f":{"g":[]}})";
  const std::string whole = emit::PrettyJson(compact);
  for (std::size_t cut = 0; cut <= compact.size(); ++cut) {
    for (std::size_t second = cut; second <= compact.size(); second += 3) {
      std::string out;
      emit::PrettyJsonWriter writer(out);
      writer.Append(compact.substr(0, cut));
      writer.Append(compact.substr(cut, second - cut));
      writer.Append(compact.substr(second));
      writer.Finish();
      ASSERT_EQ(out, whole) << "cut at " << cut << " and " << second;
    }
  }
}

}  // namespace
}  // namespace tracedoc
