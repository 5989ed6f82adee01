// ForEachEvent and EventCount (include/tracedoc/event_order.hpp): the document walked in the
// reference's to_events order, each record as its own type, the document's own records by
// reference.
#include "tracedoc/event_order.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

TraceDocument Read(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(std::string(text)));
  EXPECT_TRUE(document) << FormatError("test", document.error());
  return document.value();
}

// The kind of each record visited, and the span ids of the span records.
std::vector<std::string> Visited(const TraceDocument& document) {
  std::vector<std::string> visited;
  ForEachEvent(document, [&visited](const auto& record) {
    using Record = std::decay_t<decltype(record)>;
    if constexpr (std::is_same_v<Record, MetaRecord>) {
      visited.push_back("meta");
    } else if constexpr (std::is_same_v<Record, SpanStartRecord>) {
      visited.push_back("span_start " + std::string(record.id));
    } else if constexpr (std::is_same_v<Record, SpanEndRecord>) {
      visited.push_back("span_end " + std::string(record.id));
    } else if constexpr (std::is_same_v<Record, OpRecord>) {
      visited.push_back("op");
    } else if constexpr (std::is_same_v<Record, MemoryRecord>) {
      visited.push_back("memory");
    } else if constexpr (std::is_same_v<Record, GradientRecord>) {
      visited.push_back("gradient");
    } else if constexpr (std::is_same_v<Record, EdgeRecord>) {
      visited.push_back("edge");
    } else if constexpr (std::is_same_v<Record, TerminalRecord>) {
      visited.push_back("terminal");
    } else {
      visited.push_back("other");
    }
  });
  return visited;
}

// The sample's lines come in stream order (the gradient and edge before the span ends); the
// walk puts spans first, in id order, each start followed by its end, then the other kinds in
// the to_events order.
TEST(EventOrderTest, VisitsTheSampleInToEventsOrder) {
  const TraceDocument document = Read(testdata::kSample);
  EXPECT_THAT(Visited(document),
              ::testing::ElementsAre("meta", "span_start span-op", "span_end span-op",
                                     "span_start span-root", "span_end span-root", "op", "memory",
                                     "gradient", "edge", "terminal"));
  EXPECT_EQ(EventCount(document), std::size_t{10});
}

TEST(EventOrderTest, AnOpenSpanHasNoEnd) {
  const std::string text = testdata::Lines(
      {testdata::kMeta10,
       R"({"kind":"span_start","id":"open","name":"n","start_ns":0,"span_kind":"function","measured":false})",
       R"({"kind":"terminal","outcome":"failed","timestamp_ns":5,"reason":"stopped"})"});
  const Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  ASSERT_TRUE(document) << FormatError("open", document.error());
  EXPECT_THAT(Visited(document.value()),
              ::testing::ElementsAre("meta", "span_start open", "terminal"));
  EXPECT_EQ(EventCount(document.value()), std::size_t{3});
}

// The same records as ToEvents, and the ops are the document's own records, field for field.
TEST(EventOrderTest, AgreesWithToEventsAndHandsOutTheDocumentsRecords) {
  const TraceDocument document = Read(testdata::kSample);
  std::vector<Event> visited;
  ForEachEvent(document, [&visited](const auto& record) { visited.emplace_back(record); });
  EXPECT_EQ(visited, ToEvents(document));
  std::vector<OpRecord> ops;
  ForEachEvent(document, [&ops](const auto& record) {
    if constexpr (std::is_same_v<std::decay_t<decltype(record)>, OpRecord>) ops.push_back(record);
  });
  ASSERT_EQ(ops.size(), std::size_t{1});
  EXPECT_EQ(ops[0], document.ops()[0]);
}

}  // namespace
}  // namespace tracedoc
