// UnsupportedSchemaMessage (src/format/unsupported_schema.hpp): the one message of
// unsupported_schema names the schema found and the three tracedoc reads, and says when the
// schema is another candle-graph protocol rather than a trace revision.
#include "format/unsupported_schema.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tracedoc::format {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(UnsupportedSchemaMessageTest, NamesTheSchemaAndTheThreeRead) {
  const std::string message = UnsupportedSchemaMessage("candle-graph/trace/11");
  EXPECT_THAT(message, HasSubstr("\"candle-graph/trace/11\""));
  EXPECT_THAT(message, HasSubstr("\"candle-graph/trace/10\""));
  EXPECT_THAT(message, HasSubstr("\"candle-graph/trace/9\""));
  EXPECT_THAT(message, HasSubstr("\"candle-graph/trace/6\""));
  EXPECT_THAT(message, Not(HasSubstr("another candle-graph protocol")));
}

TEST(UnsupportedSchemaMessageTest, AnotherCandleGraphProtocolIsSaidToBeOne) {
  EXPECT_THAT(UnsupportedSchemaMessage("candle-graph/runtime/1"),
              HasSubstr("\"candle-graph/runtime/1\" (another candle-graph protocol, not a trace)"));
  EXPECT_THAT(UnsupportedSchemaMessage("acme/trace/1"),
              Not(HasSubstr("another candle-graph protocol")));
}

TEST(UnsupportedSchemaMessageTest, AControlCharacterInTheSchemaIsEscaped) {
  EXPECT_THAT(UnsupportedSchemaMessage("x\ny"), Not(HasSubstr("x\ny")));
}

}  // namespace
}  // namespace tracedoc::format
