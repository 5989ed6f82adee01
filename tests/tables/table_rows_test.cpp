// EmitTableRows: every record of a document is exactly one row of its table, every row matches its
// table's definition, for a generated trace of 10^5 events, a converted Cirron spool and a
// converted TraceML export; runs carries the summary's figures; paths stay bounded; a sink's
// error stops the rows.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/converted_traceml.hpp"
#include "support/fold_trace.hpp"
#include "support/table_rows_recorder.hpp"
#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc {
namespace {

using testing_support::TableRowsRecorder;

TableRowsRecorder Record(const TraceDocument& document, std::set<std::string, std::less<>> kept = {},
                         InputFormat format = InputFormat::kTrace) {
  TableRowsRecorder recorder(std::move(kept));
  const RunSource source{"in.jsonl", std::string_view("ab"), format};
  const Result<void> emitted = EmitTableRows(document, source, recorder);
  EXPECT_TRUE(emitted) << emitted.error().message;
  EXPECT_TRUE(recorder.problems.empty()) << recorder.problems.front();
  return recorder;
}

// Each table's row count is the count of its records in the document.
void ExpectOneRowPerRecord(const TraceDocument& document, const TableRowsRecorder& recorder) {
  const ConvertedFacts facts = document.converted_facts();
  std::vector<std::string> order;
  for (const TableDefinition& table : TableDefinitions()) order.emplace_back(table.name);
  EXPECT_EQ(recorder.order, order);
  EXPECT_EQ(recorder.counts.at("runs"), 1u);
  EXPECT_EQ(recorder.counts.at("spans"), document.spans().size());
  EXPECT_EQ(recorder.counts.at("ops"), document.ops().size());
  EXPECT_EQ(recorder.counts.at("tensors"), document.tensors().size());
  EXPECT_EQ(recorder.counts.at("tensor_stats"), document.tensor_stats().size());
  EXPECT_EQ(recorder.counts.at("memory"), document.memory().size());
  EXPECT_EQ(recorder.counts.at("device_memory"), document.device_memory().size());
  EXPECT_EQ(recorder.counts.at("device_intervals"), document.device_intervals().size());
  EXPECT_EQ(recorder.counts.at("gradients"), document.gradients().size());
  EXPECT_EQ(recorder.counts.at("edges"), document.edges().size());
  EXPECT_EQ(recorder.counts.at("health_issues"), AnalyzeHealth(document).issues.size());
  EXPECT_EQ(recorder.counts.at("ranks"), facts.ranks.size());
  EXPECT_EQ(recorder.counts.at("steps"), facts.steps.size());
  EXPECT_EQ(recorder.counts.at("marks"), facts.marks.size());
}

TEST(TableRows, GeneratedTraceOf100kEventsIsOneRowPerRecord) {
  const std::string text = generator::GenerateTrace(100'000, 7);
  const TraceDocument document = testing::FoldTrace(text);
  const TableRowsRecorder recorder = Record(document, {"runs"});
  ExpectOneRowPerRecord(document, recorder);
  EXPECT_GT(recorder.counts.at("memory"), 10'000u);
  EXPECT_GT(recorder.counts.at("ops"), 10'000u);
  // The runs row carries the summary's figures.
  const TraceSummary summary = Summarize(document);
  const std::vector<std::string>& run = recorder.rows.at("runs").at(0);
  const TableDefinition& runs = *FindTable("runs");
  std::map<std::string_view, std::string> cells;
  for (std::size_t i = 0; i < runs.columns.size(); ++i) cells[runs.columns[i].name] = run[i];
  EXPECT_EQ(cells["total_ns"], std::to_string(summary.total_ns));
  EXPECT_EQ(cells["max_depth"], std::to_string(summary.max_depth));
  EXPECT_EQ(cells["run_id"], std::string(document.run().run_id));
  EXPECT_EQ(cells["file_sha256"], "ab");
  EXPECT_EQ(cells["source_format"], "trace");
}

TEST(TableRows, ConvertedCirronSpoolIsOneRowPerRecordWithItsMarksAndSteps) {
  testing_support::CirronSpoolPlan plan;
  plan.epochs = 3;
  plan.steps_per_epoch = 50;
  const testing_support::TestTempDir dir;
  const std::filesystem::path spool =
      WriteCirronSpool(testing_support::GenerateCirronSpool(plan), dir.path());
  OpenOptions options;
  options.format = InputFormat::kCirronSpool;
  const Result<TraceDocument> document = ReadDocument(TraceInput::FromFile(spool), options);
  ASSERT_TRUE(document) << document.error().message;
  const TableRowsRecorder recorder = Record(document.value(), {"marks"}, InputFormat::kCirronSpool);
  ExpectOneRowPerRecord(document.value(), recorder);
  EXPECT_EQ(recorder.counts.at("steps"), 150u);
  ASSERT_GT(recorder.counts.at("marks"), 0u);
  // A NaN loss is null in `value` and keeps its text.
  bool nan_kept = false;
  for (const auto& mark : recorder.rows.at("marks")) nan_kept |= mark[4] == "<null>" && mark[5] == "NaN";
  EXPECT_TRUE(nan_kept);
}

TEST(TableRows, ConvertedTraceMLExportIsOneRowPerRecordWithRanksAndStepPhases) {
  const Result<TraceDocument> document = testing_support::ConvertedTraceMLExport(3, 300);
  ASSERT_TRUE(document) << document.error().message;
  const TableRowsRecorder recorder = Record(document.value(), {"steps"}, InputFormat::kTraceMLExport);
  ExpectOneRowPerRecord(document.value(), recorder);
  EXPECT_EQ(recorder.counts.at("ranks"), 4u);
  EXPECT_GT(recorder.counts.at("steps"), 1000u);
  // Phases: a JSON array of [name, duration] pairs.
  EXPECT_EQ(recorder.rows.at("steps").at(0).at(7).substr(0, 2), "[[");
}

TEST(TableRows, SpansCarryPathDepthSelfTimeAndNullsForAnOpenSpan) {
  using namespace testdata;
  const TraceDocument document = testing::FoldTrace(Lines(
      {kMeta10, SpanStartLine("a", "train", 0), SpanStartLine("b", "step", 1, "a"),
       SpanEndLine("b", 4), SpanStartLine("c", "step", 6, "a"), SpanStartLine("d", "x/y", 7, "c"),
       SpanEndLine("c", 3), SpanEndLine("a", 10), CompleteTerminalLine(20)}));
  const TableRowsRecorder recorder = Record(document, {"spans"});
  const auto& spans = recorder.rows.at("spans");
  ASSERT_EQ(spans.size(), 4u);
  // run_id, seq, span_id, parent_id, name, path, kind, step, measured, start, end, duration,
  // self, depth, closed
  EXPECT_EQ(spans[0], (std::vector<std::string>{"run-1", "0", "a", "<null>", "train", "train",
                                                "function", "<null>", "false", "0", "10", "10",
                                                "3", "0", "true"}));
  EXPECT_EQ(spans[2][5], "train/step[1]");
  EXPECT_EQ(spans[3][5], "train/step[1]/x\\/y");
  EXPECT_EQ(spans[3][10], "<null>");  // open: no end
  EXPECT_EQ(spans[3][11], "<null>");
  EXPECT_EQ(spans[3][13], "2");
  EXPECT_EQ(spans[3][14], "false");
}

// A chain of 10^5 spans: each path keeps at most 12 segments, so the text is linear.
TEST(TableRows, DeepChainPathsStayBounded) {
  using namespace testdata;
  constexpr int kDepth = 100'000;
  std::string text = std::string(kMeta10) + "\n";
  for (int i = 0; i < kDepth; ++i) {
    text += SpanStartLine("s" + std::to_string(i), "n", static_cast<std::uint64_t>(i),
                          i == 0 ? "" : "s" + std::to_string(i - 1)) + "\n";
  }
  for (int i = kDepth - 1; i >= 0; --i) text += SpanEndLine("s" + std::to_string(i), 1) + "\n";
  text += CompleteTerminalLine(kDepth) + "\n";
  const TraceDocument document = testing::FoldTrace(text);
  const TableRowsRecorder recorder = Record(document, {"spans"});
  std::size_t total = 0;
  std::uint64_t deepest = 0;
  for (const auto& span : recorder.rows.at("spans")) {
    total += span[5].size();
    deepest = std::max<std::uint64_t>(deepest, std::stoull(span[13]));
  }
  EXPECT_LT(total, static_cast<std::size_t>(kDepth) * 40);
  EXPECT_EQ(deepest, Summarize(document).max_depth);
}

// 10^5 tags are one runs row whose tags object holds them all, in key order.
TEST(TableRows, ManyTagsAreOneJsonObject) {
  std::string meta(testdata::kMeta10);
  std::string tags = "{";
  for (int i = 0; i < 100'000; ++i) {
    if (i != 0) tags += ',';
    tags += "\"k" + std::to_string(i) + "\":\"v\"";
  }
  tags += '}';
  meta.replace(meta.find("\"tags\":{}"), 9, "\"tags\":" + tags);
  const TraceDocument document =
      testing::FoldTrace(testdata::Lines({meta, testdata::SpanStartLine("r", "r", 0),
                                          testdata::SpanEndLine("r", 1),
                                          testdata::CompleteTerminalLine(1)}));
  const TableRowsRecorder recorder = Record(document, {"runs"});
  const std::string& json = recorder.rows.at("runs").at(0).at(32);
  EXPECT_EQ(json.substr(0, 12), "{\"k0\":\"v\",\"k");
  EXPECT_EQ(std::count(json.begin(), json.end(), ':'), 100'000);
}

class FailingSink : public testing_support::TableRowsRecorder {
 public:
  Result<void> Row(std::span<const TableValue> values) override {
    if (counts["spans"] == 2) {
      return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, "disk full"};
    }
    return TableRowsRecorder::Row(values);
  }
};

TEST(TableRows, TheSinksFirstErrorStopsTheRows) {
  const TraceDocument document = testing::FoldTrace(generator::GenerateTrace(1'000, 1));
  FailingSink sink;
  const Result<void> emitted = EmitTableRows(document, RunSource{}, sink);
  ASSERT_FALSE(emitted);
  EXPECT_EQ(emitted.error().code, ErrorCode::kIoError);
  EXPECT_EQ(emitted.error().message, "disk full");
  EXPECT_EQ(sink.order, (std::vector<std::string>{"runs", "spans"}));
}

TEST(TableRows, FileSha256OfAKnownTextAndAMissingFile) {
  const testing_support::TestTempDir dir;
  const Result<std::string> digest = FileSha256(dir.Write("abc", "abc").string());
  ASSERT_TRUE(digest);
  EXPECT_EQ(digest.value(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const Result<std::string> missing = FileSha256((dir.path() / "none").string());
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kIoError);
}

}  // namespace
}  // namespace tracedoc
