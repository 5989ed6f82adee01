// TraceDocument::span_index(): lookup, parents, children in start order, depths, the records of
// each span and self time, on small trees whose answers are written out by hand; unknown parents
// and cycles; saturation; and a 100,000-deep chain, which must not recurse.
#include "tracedoc/span_index.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr std::uint64_t kMax = 18446744073709551615u;

TraceDocument Fold(const std::string& text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  if (!document) throw std::runtime_error(FormatError("<test>", document.error()));
  return std::move(document).value();
}

// The meta, `lines`, and a complete terminal late enough for any evidence.
std::string Trace(const std::vector<std::string>& lines) {
  std::string text(testdata::kMeta10);
  text += '\n';
  for (const std::string& line : lines) text += line + '\n';
  return text + R"({"kind":"terminal","outcome":"complete","timestamp_ns":18446744073709551615})" +
         '\n';
}

std::string Start(std::string_view id, std::string_view parent, std::uint64_t start_ns) {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + '"';
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + '"';
  return line + R"(,"name":"n","start_ns":)" + std::to_string(start_ns) +
         R"(,"span_kind":"function","measured":false})";
}

std::string End(std::string_view id, std::uint64_t duration_ns) {
  return R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
         std::to_string(duration_ns) + "}";
}

std::string Op(std::string_view span) {
  return R"({"kind":"op","span_id":")" + std::string(span) +
         R"(","op_name":"add","inputs":[],"shape":[1],"dtype":"f32","device":"cpu","duration_ns":0,"timestamp_ns":20,"input_dense_bytes":0})";
}

std::string Tensor(std::string_view span) {
  return R"({"kind":"tensor","span_id":")" + std::string(span) +
         R"(","tensor_id":"t","label":"x","shape":[1],"dtype":"f32","device":"cpu","category":"activation"})";
}

std::string Memory(std::string_view span, std::string_view action) {
  return R"({"kind":"memory","timestamp_ns":60,"storage_id":"s","tensor_id":"t","span_id":")" +
         std::string(span) + R"(","device":"cpu","bytes":4,"action":")" + std::string(action) +
         R"(","dtype":"f32","category":"activation"})";
}

// In id order the positions are a=0, b=1, c=2, d=3, e=4, y=5, z=6.
//   a [0, 100)  children by start: d [5, 25), b [10, 40), c [50, 90), y (open, starts 95)
//   b's child e [12, 17);  z's parent `missing` names no span.
const std::string kTree = Trace({
    Start("a", "", 0),
    Start("c", "a", 50),
    Start("b", "a", 10),
    Op("b"),
    Start("e", "b", 12),
    Op("a"),
    Op("b"),
    Start("d", "a", 5),
    Tensor("d"),
    Memory("c", "alloc"),
    Memory("c", "free"),
    Memory("missing", "free"),
    Start("y", "a", 95),
    Start("z", "missing", 3),
    End("e", 5),
    End("b", 30),
    End("c", 40),
    End("d", 20),
    End("z", 7),
    End("a", 100),
});

constexpr SpanPosition kA = 0, kB = 1, kC = 2, kD = 3, kE = 4, kY = 5, kZ = 6;

TEST(SpanIndex, FindsEverySpanByIdAndNothingElse) {
  const TraceDocument document = Fold(kTree);
  const SpanIndex index = document.span_index();
  ASSERT_EQ(index.size(), 7u);
  EXPECT_EQ(index.Find("a"), kA);
  EXPECT_EQ(index.Find("e"), kE);
  EXPECT_EQ(index.Find("z"), kZ);
  EXPECT_EQ(index.Find("missing"), std::nullopt);
  EXPECT_EQ(index.Find(""), std::nullopt);
  EXPECT_EQ(index.Find("a "), std::nullopt);
  EXPECT_EQ(document.spans()[*index.Find("c")].id, "c");
}

TEST(SpanIndex, ParentsAndChildrenInStartOrder) {
  const TraceDocument document = Fold(kTree);
  const SpanIndex index = document.span_index();
  EXPECT_EQ(index.parent(kA), std::nullopt);
  EXPECT_EQ(index.parent(kB), kA);
  EXPECT_EQ(index.parent(kE), kB);
  EXPECT_EQ(index.parent(kZ), std::nullopt);  // `missing` names no span
  EXPECT_THAT(index.children(kA), ElementsAre(kD, kB, kC, kY));
  EXPECT_THAT(index.children(kB), ElementsAre(kE));
  EXPECT_THAT(index.children(kC), IsEmpty());
  // Only a span without a parent_id is a root: z, whose parent is unknown, is not.
  EXPECT_THAT(index.roots(), ElementsAre(kA));
}

TEST(SpanIndex, DepthsCountAnUnknownParentAsOneHop) {
  const TraceDocument document = Fold(kTree);
  const SpanIndex index = document.span_index();
  EXPECT_EQ(index.depth(kA), 0u);
  EXPECT_EQ(index.depth(kB), 1u);
  EXPECT_EQ(index.depth(kE), 2u);
  EXPECT_EQ(index.depth(kY), 1u);
  EXPECT_EQ(index.depth(kZ), 1u);
  EXPECT_EQ(index.max_depth(), 2u);
  for (SpanPosition span = 0; span < index.size(); ++span) EXPECT_FALSE(index.reaches_cycle(span));
}

TEST(SpanIndex, RecordsOfEachSpanInInputOrder) {
  const TraceDocument document = Fold(kTree);
  const SpanIndex index = document.span_index();
  // ops: 0 on b, 1 on a, 2 on b; one tensor on d; memory 0 and 1 on c, 2 on an unknown span.
  EXPECT_THAT(index.ops(kB), ElementsAre(0u, 2u));
  EXPECT_THAT(index.ops(kA), ElementsAre(1u));
  EXPECT_THAT(index.ops(kC), IsEmpty());
  EXPECT_THAT(index.tensors(kD), ElementsAre(0u));
  EXPECT_THAT(index.tensors(kA), IsEmpty());
  EXPECT_THAT(index.memory(kC), ElementsAre(0u, 1u));
  EXPECT_THAT(index.memory(kA), IsEmpty());
  EXPECT_EQ(document.memory()[index.memory(kC)[1]].action, MemoryAction::kFree);
}

TEST(SpanIndex, SelfTimeTakesAwayDirectChildrenOnly) {
  const TraceDocument document = Fold(kTree);
  const SpanIndex index = document.span_index();
  EXPECT_EQ(index.self_time_ns(kA), 10u);  // 100 - (20 + 30 + 40 + 0): e is b's, not a's
  EXPECT_EQ(index.self_time_ns(kB), 25u);  // 30 - 5
  EXPECT_EQ(index.self_time_ns(kC), 40u);
  EXPECT_EQ(index.self_time_ns(kY), 0u);  // open
  EXPECT_EQ(index.self_time_ns(kZ), 7u);
}

TEST(SpanIndex, SelfTimeSaturatesAtZeroAndNeverWraps) {
  // p (10 ns) with children of 8 and 7 ns: 0, not 2^64 - 5. q (2^64 - 1 ns) with children of
  // 2^64 - 1 and 5 ns: their sum saturates, so 0, not 2^64 - 5.
  const TraceDocument document =
      Fold(Trace({Start("p", "", 0), Start("p1", "p", 0), Start("p2", "p", 1), End("p1", 8),
                  End("p2", 7), End("p", 10), Start("q", "", 0), Start("q1", "q", 0),
                  Start("q2", "q", 0), End("q1", kMax), End("q2", 5), End("q", kMax)}));
  const SpanIndex index = document.span_index();
  EXPECT_EQ(index.self_time_ns(*index.Find("p")), 0u);
  EXPECT_EQ(index.self_time_ns(*index.Find("q")), 0u);
  EXPECT_EQ(index.self_time_ns(*index.Find("q1")), kMax);
}

TEST(SpanIndex, CyclesKeepDepthsFiniteAndAreReported) {
  // a → b → a, c below the cycle, r a root of its own (docs/analyses.md §4's depth table).
  const TraceDocument document =
      Fold(Trace({Start("a", "b", 0), Start("b", "a", 1), Start("c", "a", 2), Start("r", "", 3)}));
  const SpanIndex index = document.span_index();
  const SpanPosition a = 0, b = 1, c = 2, r = 3;
  EXPECT_EQ(index.parent(a), b);
  EXPECT_EQ(index.parent(b), a);
  EXPECT_EQ(index.depth(a), 2u);
  EXPECT_EQ(index.depth(b), 2u);
  EXPECT_EQ(index.depth(c), 2u);
  EXPECT_EQ(index.depth(r), 0u);
  EXPECT_EQ(index.max_depth(), 2u);
  EXPECT_TRUE(index.reaches_cycle(a));
  EXPECT_TRUE(index.reaches_cycle(b));
  EXPECT_TRUE(index.reaches_cycle(c));
  EXPECT_FALSE(index.reaches_cycle(r));
  EXPECT_THAT(index.children(a), ElementsAre(b, c));
  EXPECT_THAT(index.children(b), ElementsAre(a));
  EXPECT_THAT(index.roots(), ElementsAre(r));
}

TEST(SpanIndex, SelfParentIsACycleOfOne) {
  const TraceDocument document = Fold(Trace({Start("s", "s", 0), End("s", 9)}));
  const SpanIndex index = document.span_index();
  EXPECT_EQ(index.parent(0), 0u);
  EXPECT_EQ(index.depth(0), 1u);
  EXPECT_TRUE(index.reaches_cycle(0));
  EXPECT_EQ(index.self_time_ns(0), 0u);  // its only child is itself
}

TEST(SpanIndex, NoSpans) {
  const TraceDocument document = Fold(Trace({}));
  const SpanIndex index = document.span_index();
  EXPECT_EQ(index.size(), 0u);
  EXPECT_EQ(index.max_depth(), 0u);
  EXPECT_THAT(index.roots(), IsEmpty());
  EXPECT_EQ(index.Find("a"), std::nullopt);
}

template <class Document>
constexpr bool kIndexesATemporary = requires(Document document) {
  std::move(document).span_index();
};
static_assert(!kIndexesATemporary<TraceDocument>, "no view of a temporary document");
static_assert(!kIndexesATemporary<const TraceDocument>);

TEST(SpanIndex, ViewOutlivesTheDocumentItWasTakenFromWhileACopyLives) {
  std::optional<TraceDocument> original = Fold(kTree);
  const TraceDocument copy = *original;
  const SpanIndex index = original->span_index();
  original.reset();
  EXPECT_EQ(index.Find("e"), kE);
  EXPECT_EQ(copy.span_index().self_time_ns(kB), 25u);
}

// 100,000 spans, each the parent of the next, ids zero-padded so that id order is chain order;
// span i lasts 100,000 - i ns, so each has 1 ns of its own. Any recursion over the depth would
// overflow the stack here.
TEST(SpanIndex, HundredThousandDeepChain) {
  constexpr std::uint32_t kDepth = 100'000;
  const auto id = [](std::uint32_t i) {
    std::string digits = std::to_string(i);
    return "s" + std::string(6 - digits.size(), '0') + digits;
  };
  std::vector<std::string> lines;
  lines.reserve(2 * kDepth);
  for (std::uint32_t i = 0; i < kDepth; ++i) {
    lines.push_back(Start(id(i), i == 0 ? "" : id(i - 1), i));
  }
  for (std::uint32_t i = kDepth; i-- > 0;) lines.push_back(End(id(i), kDepth - i));
  const TraceDocument document = Fold(Trace(lines));
  const SpanIndex index = document.span_index();
  ASSERT_EQ(index.size(), kDepth);
  EXPECT_EQ(index.max_depth(), 99'999u);
  EXPECT_EQ(index.depth(99'999), 99'999u);
  EXPECT_EQ(index.depth(50'000), 50'000u);
  EXPECT_EQ(index.Find("s054321"), 54'321u);
  EXPECT_EQ(index.parent(54'321), 54'320u);
  EXPECT_THAT(index.children(54'321), ElementsAre(54'322u));
  EXPECT_THAT(index.children(99'999), IsEmpty());
  EXPECT_THAT(index.roots(), ElementsAre(0u));
  EXPECT_EQ(index.self_time_ns(0), 1u);
  EXPECT_EQ(index.self_time_ns(99'999), 1u);
  EXPECT_FALSE(index.reaches_cycle(99'999));
  // Walking parents from the bottom reaches the root in exactly depth() steps.
  std::uint64_t steps = 0;
  for (std::optional<SpanPosition> at = index.parent(99'999); at; at = index.parent(*at)) ++steps;
  EXPECT_EQ(steps, 99'999u);
}

}  // namespace
}  // namespace tracedoc
