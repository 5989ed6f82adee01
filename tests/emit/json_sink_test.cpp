// JsonSink's routes: staged pieces keep their order with text(), a chunk writer gets the text in
// chunks of the asked size, pretty output matches PrettyJson however the text is cut, and a
// failed stream gets nothing more.
#include "emit/json_sink.hpp"

#include <cstring>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "emit/pretty_json.hpp"

namespace tracedoc::emit {
namespace {

// Puts `text` through Reserve and Commit, as the emitter's short pieces go.
void Stage(JsonSink& sink, std::string_view text) {
  char* const at = sink.Reserve(text.size());
  std::memcpy(at, text.data(), text.size());
  sink.Commit(at + text.size());
}

TEST(JsonSinkTest, StagedBytesReachTheStringInOrderWithText) {
  std::string out;
  JsonSink sink(out, /*pretty=*/false);
  Stage(sink, "[1");
  // Staged, not yet in the string: it moves there when text() is asked for.
  EXPECT_EQ(out, "");
  sink.text() += ",2";
  EXPECT_EQ(out, "[1,2");
  Stage(sink, ",3]");
  sink.Finish();
  EXPECT_EQ(out, "[1,2,3]");
}

// Only the bytes up to Commit's end count: a wide copy's spill past it is dropped.
TEST(JsonSinkTest, BytesPastTheCommittedEndAreDropped) {
  std::string out;
  {
    JsonSink sink(out, /*pretty=*/false);
    char* const at = sink.Reserve(8);
    std::memcpy(at, "truefals", 8);
    sink.Commit(at + 4);
  }  // a compact string sink may be destroyed instead of finished
  EXPECT_EQ(out, "true");
}

TEST(JsonSinkTest, AChunkWriterGetsTheTextOnceAChunkIsFull) {
  std::vector<std::string> chunks;
  JsonSink sink([&](std::string_view chunk) { chunks.emplace_back(chunk); }, /*pretty=*/false,
                /*chunk_bytes=*/4);
  sink.text() += "[1";
  sink.MaybeFlush();
  EXPECT_THAT(chunks, ::testing::IsEmpty());
  Stage(sink, ",2");
  sink.MaybeFlush();
  EXPECT_THAT(chunks, ::testing::ElementsAre("[1,2"));
  sink.text() += "]";
  sink.Finish();
  EXPECT_THAT(chunks, ::testing::ElementsAre("[1,2", "]"));
}

// The pretty route re-indents pieces cut anywhere, strings included, as PrettyJson does whole.
TEST(JsonSinkTest, PrettyOutputMatchesPrettyJsonWhereverTheTextIsCut) {
  const std::string compact = R"({"a":[1,{"b":"x,{y}"}],"c":{}})";
  for (const std::size_t chunk_bytes : {std::size_t{1}, std::size_t{3}, JsonSink::kChunkBytes}) {
    std::string out;
    JsonSink sink(out, /*pretty=*/true, chunk_bytes);
    for (const char c : compact) {
      sink.text() += c;
      sink.MaybeFlush();
    }
    sink.Finish();
    EXPECT_EQ(out, PrettyJson(compact)) << chunk_bytes;
    EXPECT_NE(out, compact);
  }
  std::ostringstream stream;
  JsonSink sink(stream, /*pretty=*/true, 2);
  sink.text() += compact;
  sink.MaybeFlush();
  sink.Finish();
  EXPECT_EQ(stream.str(), PrettyJson(compact));
}

TEST(JsonSinkTest, AFailedStreamGetsNothingMore) {
  std::ostringstream stream;
  stream << "before";
  stream.setstate(std::ios::badbit);
  JsonSink sink(stream, /*pretty=*/false);
  sink.text() += "[1]";
  sink.Finish();
  stream.clear();
  EXPECT_EQ(stream.str(), "before");
}

}  // namespace
}  // namespace tracedoc::emit
