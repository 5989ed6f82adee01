// The document layer's internal pieces, each on values made by hand: the id table (the later of
// two equal ids wins, a reindex after sorting), the cached lookup (one hash per run of equal
// ids), the record lists (append and visiting order), sealing (spans by id, equal ids in their
// order), the latest host evidence the fold and health check a terminal against, and the capture
// end it gives a document without a terminal.
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "document/cached_span_find.hpp"
#include "document/document_access.hpp"
#include "document/document_data.hpp"
#include "document/latest_host_evidence.hpp"
#include "document/record_lists.hpp"
#include "document/span_id_table.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::detail {
namespace {

using ::testing::ElementsAre;

SpanRecord Span(std::string_view id, std::uint64_t start_ns, std::optional<std::uint64_t> duration) {
  SpanRecord span;
  span.id = id;
  span.name = id;
  span.start_ns = start_ns;
  span.closed = duration.has_value();
  span.duration_ns = duration.value_or(0);
  return span;
}

TEST(SpanIdTableTest, FindsEachAddedIdAndTheLaterOfTwoEqualIdsWins) {
  util::StringPool pool;
  CompactList<SpanRecord> spans;
  ASSERT_TRUE(spans.Push(Span("a", 0, 1), pool));
  ASSERT_TRUE(spans.Push(Span("b", 0, 1), pool));
  ASSERT_TRUE(spans.Push(Span("a", 5, 1), pool));
  SpanIdTable table(spans);
  for (std::uint32_t p = 0; p < 3; ++p) table.Add(p);
  EXPECT_EQ(table.size(), 2u);
  EXPECT_EQ(table.Find("a"), 2u);
  EXPECT_EQ(table.Find("b"), 1u);
  EXPECT_EQ(table.Find("c"), std::nullopt);
  EXPECT_EQ(table.Find("b", SpanIdTable::HashOf("b")), 1u);
  EXPECT_GT(table.memory_bytes(), 0u);
}

TEST(SpanIdTableTest, ReindexFollowsTheSpansNewOrder) {
  util::StringPool pool;
  CompactList<SpanRecord> spans;
  ASSERT_TRUE(spans.Push(Span("y", 0, 1), pool));
  ASSERT_TRUE(spans.Push(Span("x", 0, 1), pool));
  SpanIdTable table(spans);
  table.Add(0);
  table.Add(1);
  std::swap(spans.rows()[0], spans.rows()[1]);
  table.Reindex(2);
  EXPECT_EQ(table.Find("x"), 0u);
  EXPECT_EQ(table.Find("y"), 1u);
}

// An index that counts the lookups that reach it.
struct CountingIndex {
  std::optional<std::uint32_t> Find(std::string_view id) const {
    ++calls;
    return id == "known" ? std::optional<std::uint32_t>(7) : std::nullopt;
  }
  mutable int calls = 0;
};

TEST(CachedSpanFindTest, ARunOfTheSameIdReachesTheIndexOnce) {
  const CountingIndex index;
  CachedSpanFind<CountingIndex> find(index);
  const std::string other_copy = "known";
  EXPECT_EQ(find.Find("known"), 7u);
  EXPECT_EQ(find.Find("known"), 7u);
  EXPECT_EQ(find.Find(other_copy), 7u);  // equal text in another buffer is the same id
  EXPECT_EQ(index.calls, 1);
  EXPECT_EQ(find.Find("unknown"), std::nullopt);
  EXPECT_EQ(find.Find("unknown"), std::nullopt);  // a miss is remembered too
  EXPECT_EQ(index.calls, 2);
  EXPECT_EQ(find.Find("known"), 7u);
  EXPECT_EQ(index.calls, 3);
}

TEST(RecordListsTest, AppendCopiesEveryListAndForEachListVisitsThemInOrder) {
  RecordLists first;
  RecordLists more;
  util::StringPool pool;
  OpRecord op;
  op.op_name = "add";
  ASSERT_TRUE(first.ops.Push(op, pool));
  op.op_name = "mul";
  ASSERT_TRUE(more.ops.Push(op, pool));
  ASSERT_TRUE(more.memory.Push(MemoryRecord{}, pool));
  ASSERT_TRUE(more.edges.Push(EdgeRecord{}, pool));
  first.Append(more);
  ASSERT_EQ(first.ops.size(), 2u);
  EXPECT_EQ(first.ops[0].op_name, "add");
  EXPECT_EQ(first.ops[1].op_name, "mul");
  EXPECT_EQ(first.memory.size(), 1u);
  EXPECT_EQ(first.edges.size(), 1u);
  EXPECT_EQ(more.ops.size(), 1u);  // copied, not moved

  std::vector<std::size_t> sizes;
  first.ForEachList([&](auto& list) { sizes.push_back(list.size()); });
  // ops, tensors, tensor_stats, memory, device_memory, device_intervals, gradients, edges
  EXPECT_THAT(sizes, ElementsAre(2u, 0u, 0u, 1u, 0u, 0u, 0u, 1u));
}

TEST(DocumentDataTest, SealingPutsSpansInIdOrderAndKeepsTheOrderOfEqualIds) {
  auto data = std::make_shared<DocumentData>();
  ASSERT_TRUE(data->spans.Push(Span("c", 1, 1), data->pool));
  ASSERT_TRUE(data->spans.Push(Span("a", 2, 1), data->pool));
  ASSERT_TRUE(data->spans.Push(Span("c", 3, 1), data->pool));
  ASSERT_TRUE(data->spans.Push(Span("b", 4, 1), data->pool));
  const TraceDocument document = DocumentAccess::SealUnchecked(std::move(data));
  std::vector<std::pair<std::string_view, std::uint64_t>> order;
  for (const SpanRecord& span : document.spans()) order.emplace_back(span.id, span.start_ns);
  EXPECT_THAT(order, ElementsAre(std::pair<std::string_view, std::uint64_t>{"a", 2},
                                 std::pair<std::string_view, std::uint64_t>{"b", 4},
                                 std::pair<std::string_view, std::uint64_t>{"c", 1},
                                 std::pair<std::string_view, std::uint64_t>{"c", 3}));
  // The data behind the public views is the sealed one.
  EXPECT_EQ(DocumentAccess::Data(document).spans.size(), 4u);
  EXPECT_EQ(document.span_index().Find("b"), 1u);
}

TraceDocument WithEvidence(std::vector<SpanRecord> spans, std::vector<OpRecord> ops,
                           std::vector<std::uint64_t> memory_at,
                           std::vector<std::uint64_t> samples_at) {
  auto data = std::make_shared<DocumentData>();
  for (const SpanRecord& span : spans) EXPECT_TRUE(data->spans.Push(span, data->pool));
  for (const OpRecord& op : ops) EXPECT_TRUE(data->ops.Push(op, data->pool));
  for (const std::uint64_t at : memory_at) {
    MemoryRecord memory;
    memory.timestamp_ns = at;
    EXPECT_TRUE(data->memory.Push(memory, data->pool));
  }
  for (const std::uint64_t at : samples_at) {
    DeviceMemoryRecord sample;
    sample.timestamp_ns = at;
    EXPECT_TRUE(data->device_memory.Push(sample, data->pool));
  }
  return DocumentAccess::SealUnchecked(std::move(data));
}

OpRecord Op(std::uint64_t at, std::uint64_t duration) {
  OpRecord op;
  op.timestamp_ns = at;
  op.duration_ns = duration;
  return op;
}

TEST(LatestHostEvidenceTest, IsTheLatestEndOfAnySpanOpMemoryEventOrSample) {
  EXPECT_EQ(LatestHostEvidence(WithEvidence({}, {}, {}, {})), 0u);
  // A closed span ends at start + duration, an open one at its start.
  EXPECT_EQ(LatestHostEvidence(WithEvidence({Span("a", 10, 5), Span("b", 40, std::nullopt)}, {},
                                            {}, {})),
            40u);
  EXPECT_EQ(LatestHostEvidence(WithEvidence({Span("a", 10, 50)}, {Op(20, 45)}, {}, {})), 65u);
  EXPECT_EQ(LatestHostEvidence(WithEvidence({Span("a", 10, 5)}, {}, {70}, {})), 70u);
  EXPECT_EQ(LatestHostEvidence(WithEvidence({Span("a", 10, 5)}, {}, {70}, {90})), 90u);
}

TEST(LatestHostEvidenceTest, SumsSaturateInsteadOfWrapping) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(LatestHostEvidence(WithEvidence({Span("a", kMax - 1, 5)}, {}, {}, {})), kMax);
  EXPECT_EQ(LatestHostEvidence(WithEvidence({}, {Op(kMax, 1)}, {}, {})), kMax);
}

TEST(CaptureEndTest, IsTheTerminalsTimestampWhenThereIsOne) {
  const std::string text = std::string(testdata::kMeta10) + "\n" +
                           R"({"kind":"span_start","id":"a","name":"a","start_ns":10,"span_kind":"function","measured":false})"
                           "\n" R"({"kind":"span_end","id":"a","duration_ns":5})" "\n"
                           R"({"kind":"terminal","outcome":"complete","timestamp_ns":900})" "\n";
  EXPECT_EQ(CaptureEndNs(testing::FoldTrace(text)), 900u);
}

TEST(CaptureEndTest, ATrace6DocumentEndsAtItsLatestHostEvidence) {
  const std::string text =
      std::string(testdata::kMeta6) + "\n" +
      R"({"kind":"span_start","id":"a","name":"a","start_ns":10,"span_kind":"function"})"
      "\n" R"({"kind":"span_end","id":"a","duration_ns":5})" "\n"
      R"({"kind":"span_start","id":"b","name":"b","start_ns":40,"span_kind":"function"})" "\n";
  // "a" ends at 15; "b" is open, so its start (40) is the latest evidence.
  EXPECT_EQ(CaptureEndNs(testing::FoldTrace(text)), 40u);
}

}  // namespace
}  // namespace tracedoc::detail
