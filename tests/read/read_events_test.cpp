// ReadEvents: the validated events of a trace, streamed in order, with ReadTrace's first error.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

constexpr std::string_view kMeta =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"r","correlation_id":"c",)"
    R"("entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,)"
    R"("device":"cpu","measured_region_device_synchronized":false,"timing_mode":"host",)"
    R"("capture_contract":{"measurement_scope":"profiled_work","operations":"complete",)"
    R"("tensors":"partial","gradients":"none","logical_memory":"complete",)"
    R"("physical_memory":"partial","device_timing":"none"},"tags":{}})";
constexpr std::string_view kStart =
    R"({"kind":"span_start","id":"s","name":"n","start_ns":0,"span_kind":"op","measured":true})";
constexpr std::string_view kEnd = R"({"kind":"span_end","id":"s","duration_ns":5})";
constexpr std::string_view kTerminal = R"({"kind":"terminal","outcome":"complete","timestamp_ns":9})";

using testdata::Lines;

struct Seen {
  std::vector<std::string> kinds;
  std::vector<std::uint64_t> lines;
};

Result<void> Stream(const std::string& text, Seen& seen, std::size_t stop_after = 0,
                    unsigned threads = 1) {
  ReadOptions options;
  options.threads = threads;
  return ReadEvents(TraceInput::FromString(text), options,
                    [&](const Event& event, const RecordPosition& position) {
                      seen.kinds.emplace_back(EventKindName(event));
                      seen.lines.push_back(position.line);
                      return seen.kinds.size() == stop_after ? EventControl::kStop
                                                             : EventControl::kContinue;
                    });
}

TEST(ReadEventsTest, StreamsEveryRecordInOrderWithItsLine) {
  Seen seen;
  const std::string text = Lines({kMeta, "", kStart, kEnd, kTerminal});
  ASSERT_TRUE(Stream(text, seen).has_value());
  EXPECT_EQ(seen.kinds,
            (std::vector<std::string>{"meta", "span_start", "span_end", "terminal"}));
  EXPECT_EQ(seen.lines, (std::vector<std::uint64_t>{1, 3, 4, 5}));
}

TEST(ReadEventsTest, StopsAtTheFirstErrorAfterTheEventsBeforeIt) {
  Seen seen;
  const std::string text = Lines({kMeta, kStart, kEnd, kEnd, kTerminal});
  const Result<void> result = Stream(text, seen);
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kDuplicateSpanEnd);
  EXPECT_EQ(result.error().line, 4u);
  EXPECT_EQ(seen.kinds, (std::vector<std::string>{"meta", "span_start", "span_end"}));
  // The same first error as ReadTrace.
  EXPECT_EQ(ReadTrace(TraceInput::FromString(text)).error(), result.error());
}

TEST(ReadEventsTest, EndOfStreamChecksRunAfterTheLastEvent) {
  Seen seen;
  const Result<void> result = Stream(Lines({kMeta, kStart, kEnd}), seen);
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kMissingTerminal);
  EXPECT_EQ(seen.kinds.size(), 3u);
}

TEST(ReadEventsTest, ASinkCanStopTheReadEarly) {
  Seen seen;
  // Stopped after the span_start: the broken rest is never read, and nothing is missing.
  const Result<void> result = Stream(Lines({kMeta, kStart, "not json", kEnd}), seen, 2);
  EXPECT_TRUE(result.has_value());
  EXPECT_EQ(seen.kinds, (std::vector<std::string>{"meta", "span_start"}));
}

TEST(ReadEventsTest, SyntaxErrorsAreReportedAsByReadTrace) {
  Seen seen;
  const std::string text = Lines({kMeta, "{\"kind\":", kTerminal});
  const Result<void> result = Stream(text, seen);
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, ErrorCode::kInvalidJson);
  EXPECT_EQ(ReadTrace(TraceInput::FromString(text)).error(), result.error());
  EXPECT_EQ(seen.kinds, (std::vector<std::string>{"meta"}));
}

// With threads, lines are decoded ahead on workers but the sink still sees every event on the
// calling thread, in order, with its line, and can still stop the read.
TEST(ReadEventsTest, ThreadsChangeNothingTheSinkSees) {
  // Enough records for many 256 KiB blocks, so the workers do decode most of them.
  std::string text(kMeta);
  text += '\n';
  constexpr int kSpans = 20'000;
  for (int i = 0; i < kSpans; ++i) {
    const std::string id = "s" + std::to_string(i);
    text += R"({"kind":"span_start","id":")" + id +
            R"(","name":"n","start_ns":0,"span_kind":"op","measured":true})" + "\n";
    text += R"({"kind":"span_end","id":")" + id + R"(","duration_ns":5})" + "\n";
  }
  text += std::string(kTerminal) + '\n';
  ASSERT_GT(text.size(), std::size_t{2} << 20);
  for (unsigned threads : {1u, 3u}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    Seen seen;
    ASSERT_TRUE(Stream(text, seen, 0, threads).has_value());
    ASSERT_EQ(seen.kinds.size(), std::size_t{2 * kSpans + 2});
    EXPECT_EQ(seen.kinds[1], "span_start");
    EXPECT_EQ(seen.kinds[2 * kSpans], "span_end");
    EXPECT_EQ(seen.kinds.back(), "terminal");
    for (std::size_t i = 0; i < seen.lines.size(); ++i) {
      if (seen.lines[i] != i + 1) {
        ADD_FAILURE() << "event " << i << " on line " << seen.lines[i];
        break;
      }
    }
    Seen stopped;
    ASSERT_TRUE(Stream(text, stopped, 30'001, threads).has_value());
    EXPECT_EQ(stopped.kinds.size(), 30'001u);
    EXPECT_EQ(stopped.lines.back(), 30'001u);
  }
}

}  // namespace
}  // namespace tracedoc
