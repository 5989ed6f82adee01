// RecordList (tracedoc/record_list.hpp): a random-access range of records by value over a
// document's lists or records the caller holds; iterators that outlive the list; `it->member`.
#include "tracedoc/record_list.hpp"

#include <algorithm>
#include <iterator>
#include <ranges>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "support/fold_trace.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc {
namespace {

static_assert(std::random_access_iterator<RecordList<OpRecord>::iterator>);
static_assert(std::ranges::random_access_range<RecordList<OpRecord>>);
static_assert(std::ranges::sized_range<RecordList<SpanRecord>>);

TEST(RecordListTest, OverRecordsTheCallerHolds) {
  std::vector<EdgeRecord> edges(3);
  edges[0].from = "a";
  edges[1].from = "b";
  edges[2].from = "c";
  const RecordList<EdgeRecord> list = edges;
  ASSERT_EQ(list.size(), 3u);
  EXPECT_FALSE(list.empty());
  EXPECT_EQ(list[1].from, "b");
  EXPECT_EQ(list.front().from, "a");
  EXPECT_EQ(list.back().from, "c");
  EXPECT_EQ(list.begin()->from, "a");
  EXPECT_EQ((list.begin() + 2)->from, "c");
  EXPECT_EQ(list.end() - list.begin(), 3);
  EXPECT_EQ(list.begin()[1].from, "b");
  auto it = list.end();
  --it;
  EXPECT_EQ(it->from, "c");
  EXPECT_EQ(it.index(), 2u);
  EXPECT_TRUE(list.begin() < it);
  EXPECT_TRUE(RecordList<EdgeRecord>().empty());
  const auto found = std::ranges::find_if(list, [](const EdgeRecord& e) { return e.from == "b"; });
  EXPECT_EQ(found - list.begin(), 1);
}

// A document's list of 10^5 events: iteration, indexing and iterators kept after the list (a
// temporary) is gone all give the same records, and the lists have the document's counts.
TEST(RecordListTest, ADocumentsListsAtScale) {
  const TraceDocument document = testing::FoldTrace(generator::GenerateTrace(100'000, 5));
  const auto begin = document.ops().begin();  // the list it came from is gone
  const auto end = document.ops().end();
  ASSERT_GT(end - begin, 10'000);
  std::size_t i = 0;
  for (const OpRecord& op : document.ops()) {
    ASSERT_EQ(op, begin[static_cast<std::ptrdiff_t>(i)]);
    ASSERT_EQ(op, document.ops()[i]);
    ++i;
  }
  EXPECT_EQ(i, static_cast<std::size_t>(end - begin));
  // Spans in byte-wise id order, as the document promises.
  const RecordList<SpanRecord> spans = document.spans();
  EXPECT_TRUE(std::ranges::is_sorted(spans, {}, [](const SpanRecord& s) { return s.id; }));
}

}  // namespace
}  // namespace tracedoc
