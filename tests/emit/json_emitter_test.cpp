// The JSON emitter (src/emit/json_emitter.hpp) and its sink (json_sink.hpp): the comma rule,
// nesting, empty containers, values, raw values, plain keys and members and an object opened with
// one (fast path and fallback),
// JSONL lines, and the same text on every route (string, stream or chunk writer, compact or
// pretty, whatever the chunk size), including a stream that fails.
#include "emit/json_emitter.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "emit/pretty_json.hpp"
#include "support/failing_stream.hpp"

namespace tracedoc::emit {
namespace {

using Emit = std::function<void(JsonEmitter&)>;

std::string Compact(const Emit& emit) {
  std::string out;
  EmitJson(out, /*pretty=*/false, emit);
  return out;
}

// Every value kind, nested objects and arrays, empty ones, and raw values.
void EmitEverything(JsonEmitter& json) {
  json.BeginObject();
  json.Key("s").String("a\"b\\c\n");
  json.Key("u").U64(std::numeric_limits<std::uint64_t>::max());
  json.Key("d").Double(1.5);
  json.Key("nan").Double(std::nan(""));
  json.Key("t").Bool(true);
  json.Key("f").Bool(false);
  json.Key("n").Null();
  json.Key("some").U64OrNull(7);
  json.Key("none").U64OrNull(std::nullopt);
  json.Key("empty_object").BeginObject();
  json.EndObject();
  json.Key("empty_array").BeginArray();
  json.EndArray();
  json.Key("nested").BeginArray();
  json.BeginArray();
  json.EndArray();
  json.BeginObject();
  json.Key("x").BeginArray();
  json.U64(1);
  json.String("two");
  json.EndArray();
  json.EndObject();
  json.Raw(R"({"raw":[1,2]})");
  json.BeginObject();
  json.PlainMember("short", "plain");
  json.PlainMember("escaped", "tab\there");
  json.PlainMember("long", std::string(200, 'x'));
  json.PlainMember("count", std::uint64_t{42});
  json.PlainMember(std::string(120, 'k'), std::numeric_limits<std::uint64_t>::max());
  json.PlainKey("nested").BeginArray();
  json.EndArray();
  json.PlainKey(std::string(70, 'n')).Bool(true);
  json.PlainMember("empty", "");
  json.EndObject();
  json.BeginObjectWith("kind", "op");
  json.EndObject();
  json.BeginObjectWith("kind", std::string(130, 'v'));
  json.PlainMember("m", "x");
  json.EndObject();
  json.EndArray();
  json.Key("k\te\"y").Raw("0");
  json.EndObject();
}

const std::string kEverything =
    R"({"s":"a\"b\\c\n","u":18446744073709551615,"d":1.5,"nan":null,"t":true,"f":false,)"
    R"("n":null,"some":7,"none":null,"empty_object":{},"empty_array":[],)"
    R"("nested":[[],{"x":[1,"two"]},{"raw":[1,2]},)"
    R"({"short":"plain","escaped":"tab\there","long":")" + std::string(200, 'x') +
    R"(","count":42,")" + std::string(120, 'k') + R"(":18446744073709551615,"nested":[],")" +
    std::string(70, 'n') + R"(":true,"empty":""},{"kind":"op"},{"kind":")" +
    std::string(130, 'v') + R"(","m":"x"}],"k\te\"y":0})";

TEST(JsonEmitterTest, WritesCommasBetweenMembersAndElementsOnly) {
  EXPECT_EQ(Compact(EmitEverything), kEverything);
}

TEST(JsonEmitterTest, EmptyAndTopLevelContainers) {
  EXPECT_EQ(Compact([](JsonEmitter& json) {
              json.BeginObject();
              json.EndObject();
            }),
            "{}");
  EXPECT_EQ(Compact([](JsonEmitter& json) {
              json.BeginArray();
              json.BeginArray();
              json.EndArray();
              json.BeginObject();
              json.EndObject();
              json.BeginArray();
              json.EndArray();
              json.EndArray();
            }),
            "[[],{},[]]");
  EXPECT_EQ(Compact([](JsonEmitter& json) {
              json.BeginObject();
              json.Key("a").BeginObject();
              json.Key("b").BeginObject();
              json.EndObject();
              json.EndObject();
              json.Key("c").U64(0);
              json.EndObject();
            }),
            R"({"a":{"b":{}},"c":0})");
}

TEST(JsonEmitterTest, AppendsToWhatTheStringHolds) {
  std::string out = "prefix ";
  EmitJson(out, false, [](JsonEmitter& json) { json.U64(1); });
  EmitJson(out, true, [](JsonEmitter& json) {
    json.BeginArray();
    json.EndArray();
  });
  EXPECT_EQ(out, "prefix 1[]");
}

// JSONL: each line a complete value, the next line opening without a comma, on every route.
TEST(JsonEmitterTest, EndLineStartsTheNextValueAfresh) {
  const auto lines = [](JsonEmitter& json) {
    json.BeginObject();
    json.PlainMember("a", std::uint64_t{1});
    json.PlainMember("b", "x");
    json.EndObject();
    json.EndLine();
    json.BeginObject();
    json.PlainMember("c", "y");
    json.EndObject();
    json.EndLine();
    json.U64(3);
    json.EndLine();
  };
  constexpr std::string_view kLines = "{\"a\":1,\"b\":\"x\"}\n{\"c\":\"y\"}\n3\n";
  EXPECT_EQ(Compact(lines), kLines);
  std::ostringstream stream;
  EmitJson(stream, /*pretty=*/false, lines);
  EXPECT_EQ(stream.str(), kLines);
}

// A chunk writer gets the text as it grows, in pieces no larger than a chunk and one value.
TEST(JsonEmitterTest, ChunkWriterReceivesPiecesBeforeTheEnd) {
  std::vector<std::string> pieces;
  JsonSink sink([&pieces](std::string_view piece) { pieces.emplace_back(piece); }, false, 16);
  JsonEmitter json(sink);
  for (int i = 0; i < 10; ++i) {
    json.BeginObject();
    json.PlainMember("k", "0123456789");
    json.EndObject();
    json.EndLine();
  }
  EXPECT_GE(pieces.size(), std::size_t{5});
  sink.Finish();
  std::string whole;
  for (const std::string& piece : pieces) {
    EXPECT_LE(piece.size(), std::size_t{16 + 19});
    whole += piece;
  }
  EXPECT_EQ(whole.size(), std::size_t{10 * 19});
  EXPECT_EQ(whole.substr(0, 19), "{\"k\":\"0123456789\"}\n");
}

// Every route gives the same bytes: compact is kEverything, pretty is PrettyJson of it, for a
// string and a stream, with the text handed on after every value (chunk 1) or rarely.
TEST(JsonEmitterTest, EveryRouteAndChunkSizeGivesTheSameText) {
  const std::string pretty = PrettyJson(kEverything);
  ASSERT_NE(pretty, kEverything);
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{64},
                                  JsonSink::kChunkBytes}) {
    for (const bool is_pretty : {false, true}) {
      const std::string expected = is_pretty ? pretty : std::string(kEverything);
      std::string text;
      {
        JsonSink sink(text, is_pretty, chunk);
        JsonEmitter json(sink);
        EmitEverything(json);
        sink.Finish();
      }
      EXPECT_EQ(text, expected) << "string, chunk " << chunk;
      std::ostringstream stream;
      {
        JsonSink sink(stream, is_pretty, chunk);
        JsonEmitter json(sink);
        EmitEverything(json);
        sink.Finish();
      }
      EXPECT_EQ(stream.str(), expected) << "stream, chunk " << chunk;
      std::string written;
      {
        JsonSink sink([&written](std::string_view piece) { written += piece; }, is_pretty, chunk);
        JsonEmitter json(sink);
        EmitEverything(json);
        sink.Finish();
      }
      EXPECT_EQ(written, expected) << "chunk writer, chunk " << chunk;
    }
  }
}

// A stream gets the text as it grows, not only at Finish.
TEST(JsonEmitterTest, StreamReceivesTextBeforeTheEnd) {
  for (const bool pretty : {false, true}) {
    std::ostringstream stream;
    JsonSink sink(stream, pretty, 16);
    JsonEmitter json(sink);
    json.BeginArray();
    for (int i = 0; i < 10; ++i) json.String("0123456789");
    EXPECT_GE(stream.str().size(), std::size_t{100}) << pretty;
    json.EndArray();
    sink.Finish();
    EXPECT_EQ(stream.str().back(), ']');
  }
}

// A stream that fails keeps its error state, has the text up to where it failed, and is not
// written to again.
TEST(JsonEmitterTest, StopsWritingToAFailedStream) {
  for (const bool pretty : {false, true}) {
    std::string whole;
    EmitJson(whole, pretty, EmitEverything);
    testdata::FailingStreamBuffer buffer(20);
    std::ostream stream(&buffer);
    {
      JsonSink sink(stream, pretty, 8);
      JsonEmitter json(sink);
      EmitEverything(json);
      sink.Finish();
    }
    EXPECT_TRUE(stream.bad()) << pretty;
    EXPECT_EQ(buffer.received(), whole.substr(0, 20)) << pretty;
    EXPECT_GT(buffer.writes(), 1) << pretty;
    EXPECT_EQ(buffer.writes_after_failure(), 0) << pretty;
  }
}

// Short pieces wait in the sink's staging buffer: text() asked for in between (as the Chrome
// Trace writer does) gets them first, so direct appends land in order, and a sink for a string
// that is destroyed without Finish leaves the whole text in the string.
TEST(JsonEmitterTest, StagedPiecesComeBeforeDirectTextAndSurviveTheSink) {
  std::string out;
  {
    JsonSink sink(out, /*pretty=*/false);
    JsonEmitter json(sink);
    json.BeginArray();
    json.U64(1);
    sink.text() += ",\"direct\"";
    json.String("three");
    json.EndArray();
  }
  EXPECT_EQ(out, R"([1,"direct","three"])");
}

// Past the staging buffer's size and past the longest staged piece (kMaxReserveBytes), on both
// sides of every edge: the text is what the escaping writers give piece by piece.
TEST(JsonEmitterTest, LongOutputsAndLongPiecesGiveTheSameText) {
  std::string expected = "[";
  const std::string text = Compact([&expected](JsonEmitter& json) {
    json.BeginArray();
    for (std::size_t size = 0; size < 2 * JsonSink::kMaxReserveBytes + 8; ++size) {
      const std::string name(size, 'n');
      const std::string value(size, 'v');
      json.BeginObject();
      json.PlainMember(name, value);
      json.Key(value).String(name + "\"");
      json.PlainMember("u", std::uint64_t{size});
      json.PlainKey(name).Double(0.5 + static_cast<double>(size));
      json.EndObject();
      if (size != 0) expected += ',';
      std::string member;
      AppendJsonString(member, name);
      expected += "{" + member + ":";
      AppendJsonString(expected, value);
      expected += ",";
      AppendJsonString(expected, value);
      expected += ":";
      AppendJsonString(expected, name + "\"");
      expected += ",\"u\":" + std::to_string(size) + "," + member + ":";
      AppendJsonDouble(expected, 0.5 + static_cast<double>(size));
      expected += "}";
    }
    json.EndArray();
  });
  expected += "]";
  ASSERT_GT(text.size(), 16 * JsonSink::kMaxReserveBytes);
  EXPECT_EQ(text.size(), expected.size());
  EXPECT_TRUE(text == expected) << "first difference at "
                                << std::mismatch(text.begin(), text.end(), expected.begin(),
                                                 expected.end()).first - text.begin();
}

}  // namespace
}  // namespace tracedoc::emit
