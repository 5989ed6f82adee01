// The top of the page: the table of contents, the answers (outcome, verdict, peak, costliest
// op, straggler) with their links down, and the run section's metadata, tags and summary.
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/answers_section.hpp"
#include "report/rank_steps.hpp"
#include "report/run_section.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc::report {
namespace {

using ::testing::HasSubstr;

// META10 with `tags`, then `lines`.
TraceDocument TaggedTrace(const std::string& tags, const std::vector<std::string>& lines) {
  std::string meta(testdata::kMeta10);
  meta.replace(meta.rfind(R"("tags":{})"), 9, R"("tags":{)" + tags + "}");
  std::vector<std::string> all = {meta};
  all.insert(all.end(), lines.begin(), lines.end());
  return testing::FoldTrace(testdata::JoinLines(all));
}

const std::string kFailed =
    R"({"kind":"terminal","outcome":"failed","reason":"out of <memory>","timestamp_ns":1500})";

TEST(AnswersSectionTest, ContentsLinkEverySectionInOrder) {
  std::ostringstream out;
  const std::vector<PageSection> sections = {{"answers", "At a glance"}, {"run", "Run"}};
  WriteContents(out, sections);
  EXPECT_EQ(out.str(),
            "<nav id=\"contents\" aria-label=\"contents\"><ul><li><a href=\"#answers\">At a "
            "glance</a></li><li><a href=\"#run\">Run</a></li></ul></nav>\n");
}

TEST(AnswersSectionTest, EveryAnswerLinksToItsSection) {
  const TraceDocument document = TaggedTrace("", {kFailed});
  Answers answers;
  answers.verdict = {false, "Invalid", 2, 1234};
  answers.peak = PeakMark{3000, 2048, "cuda:<0>", 1024};
  answers.origin_ns = 1000;
  const OpGroup matmul{"mat<mul>", 3, 250, 0, 100};
  answers.costliest_op = matmul;
  answers.run_ns = 1000;
  answers.straggler = StragglerLine{1, 2'000'000, 500'000};
  std::ostringstream out;
  WriteAnswersSection(out, document, answers);
  const std::string html = out.str();
  EXPECT_THAT(html, ::testing::StartsWith("<section id=\"answers\">\n<h2>At a glance</h2>\n"));
  EXPECT_THAT(html, HasSubstr(R"(The run <strong class="outcome-failed">failed</strong>: )"
                              R"(out of &lt;memory&gt;. <a href="#run">Run details</a>)"));
  EXPECT_THAT(html, HasSubstr(R"(<strong class="verdict-invalid">Invalid</strong>: 2 error(s), )"
                              R"(1,234 warning(s). <a href="#health">Health</a>)"));
  // The peak's time is after the page's origin.
  EXPECT_THAT(html, HasSubstr("Memory peak <strong>2 KiB</strong> (2,048 bytes) at 2 µs "
                              "(timestamp 3,000 ns), most of it on <code>cuda:&lt;0&gt;</code>. "
                              "<a href=\"#memory\">Memory</a>"));
  EXPECT_THAT(html, HasSubstr("Costliest op <code>mat&lt;mul&gt;</code>: 250 ns in 3 call(s), "
                              "25.0 % of the run. <a href=\"#ops\">Ops</a>"));
  EXPECT_THAT(html, HasSubstr("Straggler: <strong>rank 1</strong>, median step 2 ms, 500 µs "
                              "slower than the ranks' median. <a href=\"#rank-steps\">"));
  EXPECT_THAT(html, ::testing::EndsWith("</ul>\n</section>\n"));
}

TEST(AnswersSectionTest, MissingAnswersSaySo) {
  const TraceDocument document = testing::FoldTrace(testdata::kSample);
  std::ostringstream out;
  WriteAnswersSection(out, document, Answers{});
  const std::string html = out.str();
  EXPECT_THAT(html, HasSubstr(R"(<strong class="outcome-complete">completed</strong>.)"));
  EXPECT_THAT(html, HasSubstr(R"(<strong class="verdict-valid">)"));
  EXPECT_THAT(html, HasSubstr("No memory peak: no allocation was recorded."));
  EXPECT_THAT(html, HasSubstr("No op records."));
  EXPECT_THAT(html, ::testing::Not(HasSubstr("Straggler")));
}

TEST(RunSectionTest, ShowsTheOutcomeMetadataTagsAndSummary) {
  const TraceDocument document =
      TaggedTrace(R"("a":"<1>","b":"2","c":"3")",
                  {testdata::SpanStartLine("s", "s", 0), testdata::SpanEndLine("s", 1500),
                   kFailed});
  std::ostringstream out;
  WriteRunSection(out, document, Summarize(document), /*max_rows=*/2);
  const std::string html = out.str();
  EXPECT_THAT(html, HasSubstr("<p class=\"outcome outcome-failed\">Outcome: <strong>failed"
                              "</strong> at timestamp 1,500 ns: out of &lt;memory&gt;</p>"));
  EXPECT_THAT(html, HasSubstr("<tr><th>run_id</th><td>run-1</td></tr>\n"
                              "<tr><th>schema</th><td>candle-graph/trace/10</td></tr>\n"));
  EXPECT_THAT(html, HasSubstr("<tr><th>tag <code>a</code></th><td>&lt;1&gt;</td></tr>\n"
                              "<tr><th>tag <code>b</code></th><td>2</td></tr>\n</table>\n"));
  EXPECT_THAT(html, HasSubstr("<p class=\"note\">1 more tag(s) not listed"));
  EXPECT_THAT(html, HasSubstr("<tr><th>spans</th><td>1</td></tr>"));
  // The only span is not measured: no measured time.
  EXPECT_THAT(html, HasSubstr("<tr><th>measured time</th><td>0 ns</td></tr>"));
  EXPECT_THAT(html, HasSubstr("<tr><th>logical peak</th><td>none</td></tr>"));
  EXPECT_THAT(html, ::testing::EndsWith("</table>\n</section>\n"));
}

// A converted TraceML export's ranks (the source tag and rank spans) with steps as their
// children: rank 0's steps last 10, 30 and 20 ns, rank 1's 50 and 40, rank 2's 5.
TraceDocument ThreeRanks() {
  std::vector<std::string> lines;
  std::uint64_t at = 0;
  const std::vector<std::vector<std::uint64_t>> steps = {{10, 30, 20}, {50, 40}, {5}};
  for (std::size_t rank = 0; rank < steps.size(); ++rank) {
    const std::string id = "r" + std::to_string(rank);
    std::string start = testdata::SpanStartLine(id, "rank " + std::to_string(rank), at);
    start.insert(start.size() - 1, R"(,"traceml_global_rank":)" + std::to_string(rank));
    lines.push_back(start);
    const std::uint64_t rank_start = at;
    for (std::size_t k = 0; k < steps[rank].size(); ++k) {
      const std::string step = id + ".s" + std::to_string(k + 1);
      lines.push_back(testdata::SpanStartLine(step, "step " + std::to_string(k + 1), at, id));
      lines.push_back(testdata::SpanEndLine(step, steps[rank][k]));
      at += steps[rank][k];
    }
    lines.push_back(testdata::SpanEndLine(id, at - rank_start));
  }
  lines.push_back(testdata::CompleteTerminalLine(at));
  return TaggedTrace(R"("source":"traceml-export")", lines);
}

// The medians (nearest rank) are 20, 40 and 5: rank 1 is slowest, 20 ns over their median 20.
TEST(RankStepsTest, TheStragglerIsTheRankWithTheSlowestMedianStep) {
  const TraceDocument document = ThreeRanks();
  EXPECT_TRUE(HasRankSteps(document));
  const std::optional<StragglerLine> straggler = FindStraggler(document);
  ASSERT_TRUE(straggler);
  EXPECT_EQ(straggler->rank, 1u);
  EXPECT_EQ(straggler->median_step_ns, 40u);
  EXPECT_EQ(straggler->lag_ns, 20u);
  std::ostringstream out;
  WriteRankStepsSection(out, document, straggler, 10);
  const std::string html = out.str();
  EXPECT_THAT(html, ::testing::StartsWith("<section id=\"rank-steps\">\n<h2>Steps per rank</h2>\n"
                                          "<p class=\"straggler\">Straggler: <strong>rank 1"
                                          "</strong>, median step 40 ns, 20 ns over the median "
                                          "of the ranks' medians.</p>\n"));
  EXPECT_THAT(html, ::testing::EndsWith("</section>\n"));
}

TEST(RankStepsTest, ANativeTraceHasNoRankSteps) {
  const TraceDocument document = testing::FoldTrace(testdata::kSample);
  EXPECT_FALSE(HasRankSteps(document));
  EXPECT_FALSE(FindStraggler(document));
  std::ostringstream out;
  WriteRankStepsSection(out, document, std::nullopt, 10);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace tracedoc::report
