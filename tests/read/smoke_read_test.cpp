// The sample stream folds (docs/examples.md R1): the pipeline end to end.
#include <gtest/gtest.h>

#include "support/matchers.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

TEST(ReadSampleTest, FoldsTheSampleStream) {
  const Result<TraceDocument> doc = ReadTrace(TraceInput::FromString(testdata::kSample));
  ASSERT_THAT(doc, Succeeds());
  EXPECT_EQ(doc.value().schema(), "candle-graph/trace/10");
  EXPECT_EQ(doc.value().run().entrypoint, "demo::train::loss");
  ASSERT_EQ(doc.value().spans().size(), 2u);
  EXPECT_EQ(doc.value().spans()[0].id, "span-op");
  EXPECT_TRUE(doc.value().spans()[0].closed && doc.value().spans()[1].closed);
  ASSERT_EQ(doc.value().ops().size(), 1u);
  EXPECT_EQ(doc.value().ops()[0].output_dense_bytes, 4096u);
  EXPECT_EQ(doc.value().memory().size(), 1u);
  EXPECT_EQ(doc.value().edges().size(), 1u);
  ASSERT_EQ(doc.value().gradients().size(), 1u);
  EXPECT_EQ(doc.value().gradients()[0].key, "encoder.weight");
}

TEST(ReadSampleTest, MissingTerminalIsAStreamError) {
  const std::string text = testdata::Lines({testdata::kMeta10});
  EXPECT_THAT(ReadTrace(TraceInput::FromString(text)), FailsWith(ErrorCode::kMissingTerminal, 0));
}

}  // namespace
}  // namespace tracedoc
