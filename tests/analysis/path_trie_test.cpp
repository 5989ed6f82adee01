// The span paths of docs/diff.md §3: siblings of one name numbered in start order, names escaped,
// tops (roots and spans of unknown parents) in start order, spans on a cycle left out, and one
// node for equal paths of the two runs.
#include "analysis/path_trie.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"

namespace tracedoc::analysis {
namespace {

using testdata::CompleteTerminalLine;
using testdata::kMeta10;
using testdata::SpanEndLine;
using testdata::SpanStartLine;

// `ids` in the order of the document's spans (byte-wise id order) mapped to their paths.
std::vector<std::string> PathsOf(const PathTrie& trie, const std::vector<PathNode>& nodes) {
  std::vector<std::string> paths;
  for (const PathNode node : nodes) {
    paths.push_back(node == kNoPathNode ? "<none>" : trie.Path(node));
  }
  return paths;
}

TEST(AnalysisPathTrie, NumbersSiblingsOfOneNameInStartOrder) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {kMeta10, SpanStartLine("r", "train", 0), SpanStartLine("a", "step", 10, "r"),
       SpanStartLine("b", "eval", 20, "r"), SpanStartLine("c", "step", 30, "r"),
       SpanStartLine("e", "forward", 31, "c"), SpanStartLine("d", "step", 40, "r"),
       SpanEndLine("a", 5), SpanEndLine("b", 5), SpanEndLine("e", 5), SpanEndLine("c", 5),
       SpanEndLine("d", 5), SpanEndLine("r", 50), CompleteTerminalLine(50)}));
  PathTrie trie;
  const std::vector<PathNode> nodes = trie.Place(document);
  // Spans in id order: a, b, c, d, e, r.
  EXPECT_EQ(PathsOf(trie, nodes),
            (std::vector<std::string>{"train/step", "train/eval", "train/step[1]", "train/step[2]",
                                      "train/step[1]/forward", "train"}));
  // Pre-order numbering: r, a, b, c, e, d.
  EXPECT_EQ(nodes, (std::vector<PathNode>{1, 2, 3, 5, 4, 0}));
}

// A trie of owned names outlives the documents it placed (a cohort comparison drops each run
// once it is placed): the names are copies, and a later document still meets the same nodes.
TEST(AnalysisPathTrie, OwnedNamesOutliveTheirDocuments) {
  PathTrie trie(PathTrie::Names::kOwned);
  const auto run = [](std::string_view step) {
    return testing::FoldTrace(testdata::Lines(
        {kMeta10, SpanStartLine("r", "train", 0), SpanStartLine("a", step, 10, "r"),
         SpanEndLine("a", 5), SpanEndLine("r", 50), CompleteTerminalLine(50)}));
  };
  {
    const std::unique_ptr<TraceDocument> first = std::make_unique<TraceDocument>(run("step"));
    EXPECT_EQ(trie.Place(*first), (std::vector<PathNode>{1, 0}));
  }
  const TraceDocument second = run("step");
  EXPECT_EQ(trie.Place(second), (std::vector<PathNode>{1, 0}));
  {
    const TraceDocument third = run("eval");
    EXPECT_EQ(trie.Place(third), (std::vector<PathNode>{2, 0}));
  }
  EXPECT_EQ(trie.Path(1), "train/step");
  EXPECT_EQ(trie.Path(2), "train/eval");
}

TEST(AnalysisPathTrie, EscapesSlashesBracketsAndBackslashes) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {kMeta10, SpanStartLine("r", R"(a/b[c\\d)", 0), SpanStartLine("x", "", 1, "r"),
       SpanEndLine("x", 1), SpanEndLine("r", 2), CompleteTerminalLine(2)}));
  PathTrie trie;
  EXPECT_EQ(PathsOf(trie, trie.Place(document)),
            (std::vector<std::string>{R"(a\/b\[c\\d)", R"(a\/b\[c\\d/)"}));
}

TEST(AnalysisPathTrie, UnknownParentsAreTopsAndCyclesAreLeftOut) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {kMeta10, SpanStartLine("o", "orphan", 5, "missing"), SpanStartLine("r", "train", 9),
       SpanStartLine("p", "loop", 10, "q"), SpanStartLine("q", "loop", 11, "p"),
       SpanStartLine("z", "train", 12), SpanEndLine("o", 1), SpanEndLine("r", 1),
       SpanEndLine("p", 1), SpanEndLine("q", 1), SpanEndLine("z", 1), CompleteTerminalLine(20)}));
  PathTrie trie;
  // Spans in id order: o, p, q, r, z.
  EXPECT_EQ(PathsOf(trie, trie.Place(document)),
            (std::vector<std::string>{"orphan", "<none>", "<none>", "train", "train[1]"}));
}

TEST(AnalysisPathTrie, EqualPathsOfTwoRunsShareANode) {
  const std::string base = testdata::Lines(
      {kMeta10, SpanStartLine("r", "train", 0), SpanStartLine("a", "forward", 1, "r"),
       SpanEndLine("a", 1), SpanEndLine("r", 2), CompleteTerminalLine(2)});
  const std::string candidate = testdata::Lines(
      {kMeta10, SpanStartLine("R", "train", 0), SpanStartLine("B", "backward", 1, "R"),
       SpanStartLine("A", "forward", 2, "R"), SpanEndLine("A", 1), SpanEndLine("B", 1),
       SpanEndLine("R", 3), CompleteTerminalLine(3)});
  const TraceDocument a = testing::FoldTrace(base);
  const TraceDocument b = testing::FoldTrace(candidate);
  PathTrie trie;
  EXPECT_EQ(trie.Place(a), (std::vector<PathNode>{1, 0}));
  // Ids A, B, R: forward and train are the base's nodes, backward is new.
  EXPECT_EQ(trie.Place(b), (std::vector<PathNode>{1, 2, 0}));
  EXPECT_EQ(trie.size(), 3u);
  EXPECT_EQ(trie.Path(2), "train/backward");

  // PlaceLast finds the base's nodes as Place does, and numbers the new ones alike.
  PathTrie last;
  EXPECT_EQ(last.Place(a), (std::vector<PathNode>{1, 0}));
  EXPECT_EQ(last.PlaceLast(b), (std::vector<PathNode>{1, 2, 0}));
  EXPECT_EQ(last.size(), 3u);
  EXPECT_EQ(last.Path(2), "train/backward");
}

// A trie's only document, placed last (as the tables place a run's spans), looks nothing up:
// its nodes and paths are those Place gives, siblings numbered and names escaped alike.
TEST(AnalysisPathTrie, PlaceLastOfALoneDocumentMatchesPlace) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {kMeta10, SpanStartLine("r", R"(a/b[c\\d)", 0), SpanStartLine("a", "step", 10, "r"),
       SpanStartLine("c", "step", 30, "r"), SpanStartLine("e", "fwd", 31, "c"),
       SpanStartLine("o", "orphan", 40, "missing"), SpanEndLine("a", 5), SpanEndLine("e", 5),
       SpanEndLine("c", 5), SpanEndLine("r", 50), SpanEndLine("o", 1),
       CompleteTerminalLine(50)}));
  PathTrie placed;
  PathTrie placed_last;
  const std::vector<PathNode> nodes = placed.Place(document);
  EXPECT_EQ(placed_last.PlaceLast(document), nodes);
  ASSERT_EQ(placed_last.size(), placed.size());
  EXPECT_EQ(PathsOf(placed_last, nodes),
            (std::vector<std::string>{R"(a\/b\[c\\d/step)", R"(a\/b\[c\\d/step[1])",
                                      R"(a\/b\[c\\d/step[1]/fwd)", "orphan",
                                      R"(a\/b\[c\\d)"}));
}

// Two generated runs of 10^5 events, the second placed last as diff places its candidate: the
// same nodes, the same number of them and the same paths as placing both with Place.
TEST(AnalysisPathTrie, PlaceLastMatchesPlaceOnTwoRunsAtScale) {
  const TraceDocument base = testing::FoldTrace(generator::GenerateTrace(100'000, 3));
  const TraceDocument candidate = testing::FoldTrace(generator::GenerateTrace(100'000, 4));
  ASSERT_GT(candidate.spans().size(), 10'000u);
  PathTrie placed;
  PathTrie placed_last;
  EXPECT_EQ(placed_last.Place(base), placed.Place(base));
  const std::vector<PathNode> nodes = placed.Place(candidate);
  EXPECT_EQ(placed_last.PlaceLast(candidate), nodes);
  ASSERT_EQ(placed_last.size(), placed.size());
  EXPECT_GT(placed.size(), base.spans().size());  // the candidate added nodes of its own
  for (PathNode node = 0; node < placed.size(); ++node) {
    ASSERT_EQ(placed_last.Path(node), placed.Path(node)) << node;
  }
}

// A chain as deep as the trace is long: every path stays within its bound, so listing them all
// is linear. The first four and last eight segments are kept.
TEST(AnalysisPathTrie, DeepChainsKeepTheirHeadAndTailSegments) {
  constexpr int kDepth = 20'000;
  std::string text = std::string(kMeta10) + "\n";
  for (int i = 0; i < kDepth; ++i) {
    text += SpanStartLine("s" + std::to_string(i), "n" + std::to_string(i), static_cast<std::uint64_t>(i),
                          i == 0 ? "" : "s" + std::to_string(i - 1)) + "\n";
  }
  for (int i = kDepth - 1; i >= 0; --i) text += SpanEndLine("s" + std::to_string(i), 1) + "\n";
  text += CompleteTerminalLine(kDepth) + "\n";
  const TraceDocument document = testing::FoldTrace(text);
  PathTrie trie;
  trie.Place(document);
  ASSERT_EQ(trie.size(), static_cast<std::size_t>(kDepth));
  EXPECT_EQ(trie.Path(11), "n0/n1/n2/n3/n4/n5/n6/n7/n8/n9/n10/n11");  // 12 segments: whole
  EXPECT_EQ(trie.Path(12), "n0/n1/n2/n3/\u2026/n5/n6/n7/n8/n9/n10/n11/n12");
  EXPECT_EQ(trie.Path(kDepth - 1),
            "n0/n1/n2/n3/\u2026/n19992/n19993/n19994/n19995/n19996/n19997/n19998/n19999");
  std::size_t total = 0;
  for (PathNode node = 0; node < trie.size(); ++node) total += trie.Path(node).size();
  EXPECT_LT(total, static_cast<std::size_t>(kDepth) * 80);
}

TEST(AnalysisPathTrie, LongNamesAreCutAtACharacterBoundary) {
  // 255 ASCII bytes, then "é" (2 bytes) straddling the 256-byte cut, then more.
  const std::string name = std::string(255, 'x') + "\u00e9" + std::string(100, 'y');
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {kMeta10, SpanStartLine("r", name, 0), SpanEndLine("r", 1), CompleteTerminalLine(1)}));
  PathTrie trie;
  trie.Place(document);
  EXPECT_EQ(trie.Path(0), std::string(255, 'x') + "\u2026");
}

}  // namespace
}  // namespace tracedoc::analysis
