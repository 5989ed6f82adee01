// The JSON emitter (src/emit/json_emitter.hpp) and its sink (json_sink.hpp): the comma rule,
// nesting, empty containers, values, raw values, and the same text on every route (string or
// stream, compact or pretty, whatever the chunk size), including a stream that fails.
#include "emit/json_emitter.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <sstream>
#include <string>

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
  json.RawWith([](std::string& out) { out += "[true]"; });
  json.EndArray();
  json.Key("k\te\"y").Raw("0");
  json.EndObject();
}

constexpr std::string_view kEverything =
    R"({"s":"a\"b\\c\n","u":18446744073709551615,"d":1.5,"nan":null,"t":true,"f":false,)"
    R"("n":null,"some":7,"none":null,"empty_object":{},"empty_array":[],)"
    R"("nested":[[],{"x":[1,"two"]},{"raw":[1,2]},[true]],"k\te\"y":0})";

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

}  // namespace
}  // namespace tracedoc::emit
