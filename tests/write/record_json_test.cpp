// EmitRecord writes one record as the JSONL line it was read from (a line that spells out every
// defaulted member): its kind, its fields in table order, then its unknown members, or without kind, unknown members or trace/10's edge tag as
// the style asks.
#include "write/record_json.hpp"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::write {
namespace {

template <class Record>
std::string Emitted(const Record& record, RecordStyle style = {}) {
  std::string out;
  {
    emit::JsonSink sink(out, /*pretty=*/false);
    emit::JsonEmitter json(sink);
    EmitRecord(json, record, style);
  }
  return out;
}

constexpr std::string_view kOp =
    R"({"kind":"op","span_id":"s","op_name":"matmul","inputs":["t0"],"output":"t2","shape":[2],"dtype":"f32","device":"cpu","duration_ns":5,"timestamp_ns":1,"output_dense_bytes":8,"input_dense_bytes":0,"zz_extra":[1,{"a":null}]})";
constexpr std::string_view kEdge =
    R"({"kind":"edge","edge_kind":"call","from_span":"s","to_span":"t","host_duration_ns":3})";

// The sample's meta: every member the writer writes, none left to its default.
std::string Meta() { return testdata::SplitLines(testdata::kSample).front(); }

TraceDocument Document() {
  return testing::FoldTrace(testdata::Lines(
      {Meta(), testdata::SpanStartLine("s", "s", 0),
       testdata::SpanStartLine("t", "t", 1, "s"), kOp, kEdge, testdata::SpanEndLine("t", 3),
       testdata::SpanEndLine("s", 10), testdata::CompleteTerminalLine(10)}));
}

TEST(RecordJsonTest, ARecordIsWrittenAsItsLineUnknownMembersLast) {
  const TraceDocument document = Document();
  EXPECT_EQ(Emitted(document.ops()[0]), kOp);
  EXPECT_EQ(Emitted(document.edges()[0]), kEdge);
}

TEST(RecordJsonTest, TheStyleLeavesOutTheKindAndTheUnknownMembers) {
  const TraceDocument document = Document();
  const std::string op = Emitted(document.ops()[0], {.with_kind = false, .drop_unknown = true});
  EXPECT_EQ(op,
            R"({"span_id":"s","op_name":"matmul","inputs":["t0"],"output":"t2","shape":[2],"dtype":"f32","device":"cpu","duration_ns":5,"timestamp_ns":1,"output_dense_bytes":8,"input_dense_bytes":0})");
}

// trace/6's edge has no edge_kind tag (docs/legacy-trace6.md §9.2).
TEST(RecordJsonTest, ATrace6EdgeIsUntagged) {
  const TraceDocument document = Document();
  const std::string edge = Emitted(document.edges()[0], {.rules = &format::kTrace6Rules});
  EXPECT_EQ(edge.find("edge_kind"), std::string::npos) << edge;
  EXPECT_EQ(edge.rfind(R"({"kind":"edge",)", 0), 0u) << edge;
}

// The meta is `schema` then the run's members, which the document's `run` object shares.
TEST(RecordJsonTest, TheMetaIsItsSchemaThenTheRunMembers) {
  const TraceDocument document = Document();
  const MetaRecord meta{document.schema(), document.run()};
  const std::string line = Meta();
  EXPECT_EQ(Emitted(meta), line);
  const std::string without_kind = Emitted(meta, {.with_kind = false});
  EXPECT_EQ(without_kind,
            "{" + line.substr(line.find("\"schema\"")));

  std::string members;
  {
    emit::JsonSink sink(members, /*pretty=*/false);
    emit::JsonEmitter json(sink);
    json.BeginObject();
    EmitRunMetaMembers(json, document.run(), /*drop_unknown=*/false, format::kTrace10Rules);
    json.EndObject();
  }
  EXPECT_EQ(members,
            "{" + line.substr(line.find("\"run_id\"")));
}

}  // namespace
}  // namespace tracedoc::write
