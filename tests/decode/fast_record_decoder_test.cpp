// Unit tests for the decoder's fast path (src/decode/fast_record_decoder): it takes the plain
// records a producer writes and decodes them as the general path does, and it declines every
// kind of irregular line, which the general path then decodes (tests/property/
// fast_decode_property_test.cpp compares the two paths on generated and mutated lines).
#include "decode/fast_record_decoder.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "support/trace_generator.hpp"
#include "decode/decoder_access.hpp"
#include "tracedoc/record_decoder.hpp"
#include "util/arena.hpp"

namespace tracedoc {
namespace {

// Lines decoded by the general path alone. An Event refers to its decoder's arena: compare it
// before the next line.
class GeneralPath {
 public:
  GeneralPath() { detail::DecoderAccess::SetFastPath(decoder_, false); }
  Event Decode(std::string_view line) {
    Result<Event> event = decoder_.DecodeValidUtf8(line);
    EXPECT_TRUE(event.has_value()) << line;
    return event ? event.value() : Event{};
  }

 private:
  RecordDecoder decoder_;
};

bool FastDecodes(std::string_view line, DecodeOptions options = {}) {
  decode::FastRecordDecoder fast(options);
  util::Arena arena;
  Event event;
  return fast.Decode(line, arena, event);
}

// The generator escapes a few labels: those lines are the general path's.
TEST(FastRecordDecoder, TakesEveryGeneratedRecordButTheMetaAndEscapesAndDecodesItAsTheGeneralPath) {
  const std::string text = generator::GenerateTrace(3000, 7);
  decode::FastRecordDecoder fast(DecodeOptions{});
  util::Arena arena;
  GeneralPath general;
  std::size_t start = 0;
  std::size_t taken = 0;
  std::size_t kinds_seen = 0;
  std::uint32_t kinds = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string_view line(text.data() + start, end - start);
    start = end + 1;
    Event event;
    const bool decoded = fast.Decode(line, arena, event);
    if (line.starts_with(R"({"kind":"meta")") || line.find('\\') != std::string_view::npos) {
      EXPECT_FALSE(decoded) << line;
      continue;
    }
    ASSERT_TRUE(decoded) << line;
    ASSERT_EQ(event, general.Decode(line)) << line;
    ++taken;
    if ((kinds & (1u << event.index())) == 0) ++kinds_seen;
    kinds |= 1u << event.index();
  }
  EXPECT_GT(taken, 2900u);
  EXPECT_EQ(kinds_seen, 11u);  // every kind but the meta
}

TEST(FastRecordDecoder, StringsAreViewsIntoTheLineAndArraysLiveInTheArena) {
  const std::string line =
      R"({"kind":"op","span_id":"s1","op_name":"matmul","inputs":["t1","t2"],"output":"t3",)"
      R"("shape":[2,3],"dtype":"f32","device":"cpu","duration_ns":5,"input_dense_bytes":0})";
  decode::FastRecordDecoder fast(DecodeOptions{});
  util::Arena arena;
  Event event;
  ASSERT_TRUE(fast.Decode(line, arena, event));
  const OpRecord& op = std::get<OpRecord>(event);
  EXPECT_EQ(op.op_name, "matmul");
  EXPECT_EQ(op.op_name.data(), line.data() + line.find("matmul"));
  ASSERT_EQ(op.inputs.size(), 2u);
  EXPECT_EQ(op.inputs[1].data(), line.data() + line.find("t2"));
  ASSERT_EQ(op.shape.size(), 2u);
  EXPECT_EQ(op.shape[1], 3u);
  EXPECT_EQ(op.output, "t3");
  EXPECT_EQ(op.duration_ns, 5u);
  EXPECT_EQ(op.timestamp_ns, 0u);  // defaulted
  EXPECT_FALSE(op.output_dense_bytes.has_value());
  GeneralPath general;
  EXPECT_EQ(event, general.Decode(line));
}

TEST(FastRecordDecoder, TakesKeysInAnyOrderNullsForOptionalsAndBothEdges) {
  const std::string lines[] = {
      R"({"kind":"span_end","duration_ns":3,"id":"a"})",
      R"({"kind":"span_start","id":"a","parent_id":null,"name":"n","start_ns":1,)"
      R"("span_kind":"op","step":null})",
      R"({"kind":"edge","edge_kind":"data","from_tensor":"t1","to_tensor":"t2"})",
      R"({"kind":"edge","edge_kind":"call","from_span":"a","to_span":"b","host_duration_ns":2})",
      R"({"kind":"gradient","event_id":"g","root":"r","key":"k","state":"zero","norm":-0.5e1})",
      R"({"kind":"tensor_stats","span_id":"s","label":"l","shape":[],"dtype":"f32",)"
      R"("elements":0,"non_finite":0,"rms":1,"abs_max":18446744073709551615,"mean":1e-400})",
  };
  decode::FastRecordDecoder fast(DecodeOptions{});
  util::Arena arena;
  GeneralPath general;
  for (const std::string& line : lines) {
    Event event;
    ASSERT_TRUE(fast.Decode(line, arena, event)) << line;
    EXPECT_EQ(event, general.Decode(line)) << line;
  }
}

// Each of these is left to the general path, which decodes it or reports its error.
TEST(FastRecordDecoder, DeclinesEveryIrregularLine) {
  const std::string_view end = R"({"kind":"span_end","id":"a","duration_ns":3})";
  EXPECT_TRUE(FastDecodes(end));
  const std::string_view declined[] = {
      R"({"kind":"meta","schema":"candle-graph/trace/10"})",
      R"({"id":"a","kind":"span_end","duration_ns":3})",                 // kind not first
      R"({"kind":"span_end","id":"a","duration_ns":3,"extra":1})",       // unknown key
      R"({"kind":"span_end","id":"a","id":"b","duration_ns":3})",        // duplicate key
      R"({"kind":"span_end","kind":"span_end","id":"a"})",               // duplicate kind
      R"({"kind":"span_end","duration_ns":3})",                          // missing field
      R"({"kind":"span_end","id":"a\u0062","duration_ns":3})",           // escaped string
      R"({"kind":"span_end","i\u0064":"a","duration_ns":3})",            // escaped key
      R"({"kind":"span_end","id":"a","duration_ns":-3})",                // negative u64
      R"({"kind":"span_end","id":"a","duration_ns":-0})",                // -0 is negative
      R"({"kind":"span_end","id":"a","duration_ns":3.0})",               // float literal
      R"({"kind":"span_end","id":"a","duration_ns":18446744073709551616})",  // beyond u64
      R"({"kind":"span_end","id":"a","duration_ns":null})",              // null, not optional
      R"({"kind":"span_end","id":7,"duration_ns":3})",                   // wrong type
      R"({"kind":"span_end","id":"a","duration_ns":{"a":1}})",           // nesting
      R"({"kind":"op","span_id":"s","op_name":"o","shape":[[1]],"dtype":"f32","device":"c",)"
      R"("duration_ns":1,"input_dense_bytes":0})",                       // nested array
      R"({"kind":"gradient","event_id":"g","root":"r","key":"k","state":"zero","norm":1e400})",
      R"({"kind":"edge","from_span":"a","edge_kind":"call","to_span":"b","host_duration_ns":2})",
      R"({"kind":"span_start","id":"a","name":"n","start_ns":1,"span_kind":"nope"})",
      R"({"kind":"nope","id":"a"})",
      R"( {"kind":"span_end","id":"a","duration_ns":3})",                // white space
      R"({"kind":"span_end","id":"a","duration_ns":3} )",
      R"({"kind":"span_end","id":"a","duration_ns":3}})",                // trailing bytes
      R"({"kind":"span_end","id":"a","duration_ns":3)",                  // cut
      "{\"kind\":\"span_end\",\"id\":\"\xFF\",\"duration_ns\":3}",        // not UTF-8
      "{\"kind\":\"span_end\",\"id\":\"\xED\xA0\x80\",\"duration_ns\":3}",  // a surrogate
  };
  for (const std::string_view line : declined) EXPECT_FALSE(FastDecodes(line)) << line;
}

TEST(FastRecordDecoder, DeclinesWhatItsOptionsLeaveToTheGeneralPath) {
  const std::string_view op =
      R"({"kind":"op","span_id":"s","op_name":"o","shape":[1],"dtype":"f32","device":"c",)"
      R"("duration_ns":1,"input_dense_bytes":0})";
  EXPECT_TRUE(FastDecodes(op));
  DecodeOptions trace6;
  trace6.trace6 = true;
  EXPECT_FALSE(FastDecodes(op, trace6));
  DecodeOptions shallow;
  shallow.max_nesting_depth = 1;
  EXPECT_FALSE(FastDecodes(op, shallow));  // the shape is at depth 2
  DecodeOptions short_strings;
  short_strings.max_string_bytes = 4;
  EXPECT_FALSE(FastDecodes(op, short_strings));  // "duration_ns"
  const std::string long_line = R"({"kind":"span_end","id":")" +
                                std::string(decode::FastRecordDecoder::kMaxLineBytes, 'x') +
                                R"(","duration_ns":3})";
  EXPECT_FALSE(FastDecodes(long_line));
}

}  // namespace
}  // namespace tracedoc
