// The converted facts a sealed document reads from the conversions' unknown keys
// (tracedoc/converted_facts.hpp, docs/converted-facts.md): ranks, steps and GPU utilisation only
// under the TraceML source tag, marks from any trace; values as written, malformed ones left out.
#include "tracedoc/converted_facts.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "document/converted_facts_data.hpp"
#include "document/span_index_data.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TraceDocument Fold(const std::string& text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  if (!document) throw std::runtime_error(FormatError("<test>", document.error()));
  return std::move(document).value();
}

// The meta with `tags` and `extra` members, `lines`, and a complete terminal.
std::string Trace(std::string_view tags, std::string_view extra,
                  const std::vector<std::string>& lines) {
  std::string meta(testdata::kMeta10);
  const std::size_t at = meta.rfind(R"("tags":{})");
  meta.replace(at, 9, R"("tags":{)" + std::string(tags) + "}" + std::string(extra));
  std::string text = meta + '\n';
  for (const std::string& line : lines) text += line + '\n';
  return text + R"({"kind":"terminal","outcome":"complete","timestamp_ns":1000000})" + '\n';
}

constexpr std::string_view kTraceMLTag = R"("source":"traceml-export")";

std::string Start(std::string_view id, std::string_view parent, std::uint64_t start_ns,
                  std::string_view unknown = "") {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + '"';
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + '"';
  return line + R"(,"name":"n","start_ns":)" + std::to_string(start_ns) +
         R"(,"span_kind":"function","measured":false)" + std::string(unknown) + "}";
}

std::string End(std::string_view id, std::uint64_t duration_ns) {
  return R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
         std::to_string(duration_ns) + "}";
}

std::string Sample(std::uint64_t at, std::string_view unknown) {
  return R"({"kind":"device_memory","timestamp_ns":)" + std::to_string(at) +
         R"(,"device":"cuda:0","used_bytes":7)" + std::string(unknown) + "}";
}

// Two ranks (given out of order, as ids sort them), each with numbered steps started out of
// their number order, and a span with a rank key that is not an integer.
std::vector<std::string> TwoRanks() {
  return {Start("r1", "", 10, R"(,"traceml_global_rank":1)"),
          Start("r1.s2", "r1", 11), End("r1.s2", 5), Start("r1.s1", "r1", 20), End("r1.s1", 6),
          End("r1", 100),
          Start("r0", "", 10, R"(,"traceml_global_rank":0)"),
          Start("r0.s7", "r0", 12), End("r0.s7", 3), End("r0", 100),
          Start("x", "", 10, R"(,"traceml_global_rank":"two")"), End("x", 1)};
}

SpanPosition PositionOf(const TraceDocument& document, std::string_view id) {
  return *document.span_index().Find(id);
}

TEST(ConvertedFactsTest, RanksAndNumberedStepsOfATraceMLDocument) {
  const TraceDocument document = Fold(Trace(kTraceMLTag, "", TwoRanks()));
  const ConvertedFacts facts = document.converted_facts();
  EXPECT_THAT(facts.ranks, ElementsAre(RankSpan{0, PositionOf(document, "r0")},
                                       RankSpan{1, PositionOf(document, "r1")}));
  EXPECT_TRUE(facts.steps_numbered);
  EXPECT_THAT(facts.steps, ElementsAre(RankStep{0, 7, PositionOf(document, "r0.s7")},
                                       RankStep{1, 1, PositionOf(document, "r1.s1")},
                                       RankStep{1, 2, PositionOf(document, "r1.s2")}));
}

TEST(ConvertedFactsTest, OneUnnumberedStepNumbersEveryRankInStartOrder) {
  std::vector<std::string> lines = TwoRanks();
  lines.push_back(Start("r0.warmup", "r0", 11));
  lines.push_back(End("r0.warmup", 1));
  const TraceDocument document = Fold(Trace(kTraceMLTag, "", lines));
  const ConvertedFacts facts = document.converted_facts();
  EXPECT_FALSE(facts.steps_numbered);
  EXPECT_THAT(facts.steps, ElementsAre(RankStep{0, 0, PositionOf(document, "r0.warmup")},
                                       RankStep{0, 1, PositionOf(document, "r0.s7")},
                                       RankStep{1, 0, PositionOf(document, "r1.s2")},
                                       RankStep{1, 1, PositionOf(document, "r1.s1")}));
}

// A Cirron spool's step scopes, as the conversion writes them: `step[k]` spans with
// cirron_index (restarting in each epoch) and cirron_rank.
std::string CirronSpan(std::string_view id, std::string_view name, std::string_view parent,
                       std::uint64_t start_ns, std::string_view unknown) {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + '"';
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + '"';
  return line + R"(,"name":")" + std::string(name) + R"(","start_ns":)" +
         std::to_string(start_ns) + R"(,"span_kind":"function","measured":false)" +
         std::string(unknown) + "}";
}

std::vector<std::string> TwoEpochs() {
  return {CirronSpan("e0", "epoch[0]", "", 0, R"(,"cirron_index":0,"cirron_rank":3)"),
          CirronSpan("a", "step[1]", "e0", 20, R"(,"cirron_index":1,"cirron_rank":3)"),
          CirronSpan("b", "step[0]", "e0", 10, R"(,"cirron_index":0,"cirron_rank":3)"),
          CirronSpan("e1", "epoch[1]", "", 100, R"(,"cirron_index":1,"cirron_rank":3)"),
          CirronSpan("c", "step[0]", "e1", 110, R"(,"cirron_index":0,"cirron_rank":3)"),
          // Named like a step, but not a step scope of the spool (no index): not a step.
          CirronSpan("d", "step[9]", "e1", 120, R"(,"cirron_rank":3)"),
          End("b", 5), End("a", 5), End("e0", 50), End("c", 5), End("d", 1), End("e1", 50)};
}

TEST(ConvertedFactsTest, ACirronSpoolsStepsAreNumberedPerRankInStartOrderAcrossEpochs) {
  const TraceDocument document = Fold(Trace(R"("cirron.batches":"1")", "", TwoEpochs()));
  const ConvertedFacts facts = document.converted_facts();
  EXPECT_THAT(facts.ranks, IsEmpty());
  EXPECT_FALSE(facts.steps_numbered);
  EXPECT_THAT(facts.steps, ElementsAre(RankStep{3, 0, PositionOf(document, "b")},
                                       RankStep{3, 1, PositionOf(document, "a")},
                                       RankStep{3, 2, PositionOf(document, "c")}));
  // Without the spool's tag the same spans are no steps.
  const TraceDocument untagged = Fold(Trace("", "", TwoEpochs()));
  EXPECT_THAT(untagged.converted_facts().steps, IsEmpty());
}

TEST(ConvertedFactsTest, GpuUtilisationKeepsFiniteNumbersInSampleOrder) {
  const TraceDocument document =
      Fold(Trace(kTraceMLTag, "",
                 {Sample(1, R"(,"traceml_gpu_util_percent":37.5)"), Sample(2, ""),
                  Sample(3, R"(,"traceml_gpu_util_percent":"high")"),
                  Sample(4, R"(,"traceml_gpu_util_percent":1e2)")}));
  EXPECT_THAT(document.converted_facts().gpu_utilisation,
              ElementsAre(GpuUtilisation{0, 37.5}, GpuUtilisation{3, 100.0}));
}

TEST(ConvertedFactsTest, WithoutTheTraceMLTagTheSameKeysAreOnlyUnknownMembers) {
  std::vector<std::string> lines = TwoRanks();
  lines.push_back(Sample(1, R"(,"traceml_gpu_util_percent":37.5)"));
  for (const std::string_view tags : {std::string_view(), std::string_view(R"("source":"other")")}) {
    const TraceDocument document = Fold(Trace(tags, "", lines));
    const ConvertedFacts facts = document.converted_facts();
    EXPECT_THAT(facts.ranks, IsEmpty());
    EXPECT_THAT(facts.steps, IsEmpty());
    EXPECT_THAT(facts.gpu_utilisation, IsEmpty());
    EXPECT_THAT(facts.marks, IsEmpty());
  }
}

TEST(ConvertedFactsTest, MarksOfTheMetaThenOfEachSpanStartNumericOnly) {
  const std::string meta_marks =
      R"(,"cirron_marks":[{"name":"loss","value_type":"float","value":2.5,"ts_ns":9},)"
      R"({"name":"note","value_type":"str","value":"x","ts_ns":9},)"
      R"({"name":"lr","value_type":"float","value":"NaN","ts_ns":-1},)"
      R"({"name":"bad","value_type":"int","value":1},"not an object"])";
  const std::string span_marks =
      R"(,"cirron_marks":[{"name":"lo\u0073s","value_type":"int","value":3,"ts_ns":40},)"
      R"({"name":"loss","value_type":"float","value":null,"ts_ns":41}])";
  const TraceDocument document =
      Fold(Trace("", meta_marks, {Start("a", "", 30, span_marks), End("a", 1)}));
  const std::span<const Mark> marks = document.converted_facts().marks;
  ASSERT_EQ(marks.size(), 4u);
  EXPECT_EQ(marks[0].name, "loss");
  EXPECT_EQ(marks[0].ts_ns, 9u);
  EXPECT_TRUE(marks[0].is_number);
  EXPECT_EQ(marks[0].value, 2.5);
  EXPECT_FALSE(marks[0].on_span);
  EXPECT_EQ(marks[1].name, "lr");
  EXPECT_FALSE(marks[1].is_number);
  EXPECT_EQ(marks[1].text, "NaN");
  EXPECT_EQ(marks[1].ts_ns, UINT64_MAX);  // a negative ts_ns as the report has always read it
  EXPECT_EQ(marks[2].name, "loss");       // the JSON escape decoded
  EXPECT_EQ(marks[2].value, 3.0);
  EXPECT_TRUE(marks[2].on_span);
  EXPECT_EQ(marks[2].span, PositionOf(document, "a"));
  EXPECT_FALSE(marks[3].is_number);
  EXPECT_EQ(marks[3].text, "");
}

TEST(ConvertedFactsTest, MalformedMarksArraysAreLeftOut) {
  for (const std::string_view marks : {R"(,"cirron_marks":{"name":"loss"})",
                                       R"(,"cirron_marks":"[]")", R"(,"cirron_marks":[])"}) {
    const TraceDocument document = Fold(Trace("", marks, {}));
    EXPECT_THAT(document.converted_facts().marks, IsEmpty()) << marks;
  }
}

TEST(ConvertedFactsTest, ACopySharesTheTables) {
  const TraceDocument converted = Fold(Trace(kTraceMLTag, "", TwoRanks()));
  const TraceDocument copy = converted;
  ASSERT_EQ(copy.converted_facts().ranks.size(), 2u);
  EXPECT_EQ(copy.converted_facts().ranks.data(), converted.converted_facts().ranks.data());
}

// The builder alone, on records and a children table made by hand: a rank span without steps
// still counts, and a document that is not TraceML reads no rank key.
TEST(ConvertedFactsDataTest, BuildReadsRanksOnlyUnderTheTag) {
  const TraceDocument document = Fold(Trace(kTraceMLTag, "", TwoRanks()));
  detail::PositionLists no_children;
  no_children.offsets.assign(document.spans().size() + 1, 0);
  detail::ConvertedFactsData facts;
  facts.Build(document.run(), document.spans(), document.device_memory(), no_children);
  EXPECT_EQ(facts.ranks.size(), 2u);
  EXPECT_THAT(facts.steps, IsEmpty());
  const std::size_t empty_bytes = detail::ConvertedFactsData{}.memory_bytes();
  EXPECT_GE(facts.memory_bytes(), empty_bytes + 2 * sizeof(RankSpan));

  const TraceDocument untagged = Fold(Trace("", "", TwoRanks()));
  detail::ConvertedFactsData none;
  none.Build(untagged.run(), untagged.spans(), untagged.device_memory(), no_children);
  EXPECT_THAT(none.ranks, IsEmpty());
  EXPECT_EQ(none.memory_bytes(), empty_bytes);
}

}  // namespace
}  // namespace tracedoc
