// The format layer's values one at a time: the reader of each field type (format/value_readers)
// with the error code, message and path of each wrong value, the writer of each (format/
// value_writers) with its exact text, the slots of the decoder's fast path (format/field_slot),
// and the decode context's paths and serde-style messages (format/decode_context).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "emit/json_emitter.hpp"
#include "emit/json_format.hpp"
#include "format/decode_context.hpp"
#include "format/field_slot.hpp"
#include "format/unknown_members.hpp"
#include "format/value_readers.hpp"
#include "format/value_writers.hpp"
#include "support/parsed_json.hpp"

namespace tracedoc::format {
namespace {

using testing::ParsedJson;

// What reading `text` (one JSON value) into a T gave: the value (its strings and arrays in
// `parsed`, kept alive with it), or the error.
template <class T>
struct ReadOutcome {
  std::unique_ptr<ParsedJson> parsed;
  bool ok = false;
  T value{};
  Error error{};
  std::uint32_t error_node = 0;
};

template <class T>
ReadOutcome<T> Read(std::string text) {
  ReadOutcome<T> outcome;
  outcome.parsed = std::make_unique<ParsedJson>(std::move(text));
  EXPECT_TRUE(outcome.parsed->ok());
  DecodeContext& ctx = outcome.parsed->ctx();
  outcome.ok = ReadValue(ctx, 0, outcome.value);
  outcome.error = ctx.error;
  outcome.error_node = ctx.error_node;
  return outcome;
}

template <class T>
void ExpectError(const std::string& text, ErrorCode code, const std::string& message) {
  SCOPED_TRACE(text);
  const ReadOutcome<T> outcome = Read<T>(text);
  EXPECT_FALSE(outcome.ok);
  EXPECT_EQ(outcome.error.code, code);
  EXPECT_EQ(outcome.error.message, message);
}

// ---- Readers ----------------------------------------------------------------------------------

TEST(ValueReadersTest, StringsAreUnescapedAndOnlyStringsAreStrings) {
  EXPECT_EQ(Read<std::string_view>(R"("a\u00e9\n")").value, "a\u00e9\n");
  ExpectError<std::string_view>("5", ErrorCode::kInvalidType,
                                "invalid type: integer `5`, expected a string");
  ExpectError<std::string_view>("[]", ErrorCode::kInvalidType,
                                "invalid type: sequence, expected a string");
}

TEST(ValueReadersTest, U64TakesEveryDigitStringUpToItsMaximum) {
  EXPECT_EQ(Read<std::uint64_t>("0").value, 0u);
  EXPECT_EQ(Read<std::uint64_t>("9999999999999999999").value, 9999999999999999999u);
  EXPECT_EQ(Read<std::uint64_t>("18446744073709551615").value, 18446744073709551615u);
  ExpectError<std::uint64_t>("18446744073709551616", ErrorCode::kOutOfRange,
                             "integer `18446744073709551616` is out of range for u64");
  ExpectError<std::uint64_t>("-1", ErrorCode::kOutOfRange,
                             "invalid value: integer `-1`, expected u64");
  ExpectError<std::uint64_t>("1.5", ErrorCode::kInvalidType,
                             "invalid type: floating point `1.5`, expected u64");
  ExpectError<std::uint64_t>("1e2", ErrorCode::kInvalidType,
                             "invalid type: floating point `100.0`, expected u64");
  ExpectError<std::uint64_t>(R"("7")", ErrorCode::kInvalidType,
                             "invalid type: string \"7\", expected u64");
  ExpectError<std::uint64_t>("null", ErrorCode::kInvalidType,
                             "invalid type: null, expected u64");
}

TEST(ValueReadersTest, F64TakesAnyNumberAndNothingElse) {
  EXPECT_EQ(Read<double>("2.5e-1").value, 0.25);
  EXPECT_EQ(Read<double>("-3").value, -3.0);
  ExpectError<double>("true", ErrorCode::kInvalidType,
                      "invalid type: boolean `true`, expected f64");
  ExpectError<double>("{}", ErrorCode::kInvalidType, "invalid type: map, expected f64");
}

TEST(ValueReadersTest, BooleansAreTrueAndFalseOnly) {
  EXPECT_TRUE(Read<bool>("true").value);
  const ReadOutcome<bool> no = Read<bool>("false");
  EXPECT_TRUE(no.ok);
  EXPECT_FALSE(no.value);
  ExpectError<bool>("0", ErrorCode::kInvalidType, "invalid type: integer `0`, expected a boolean");
  ExpectError<bool>(R"("true")", ErrorCode::kInvalidType,
                    "invalid type: string \"true\", expected a boolean");
}

TEST(ValueReadersTest, EnumerationsAreTheirSpellingsAndNameThemWhenNot) {
  EXPECT_EQ(Read<EdgeKind>(R"("data")").value, EdgeKind::kData);
  EXPECT_EQ(Read<GradientFamilyExpectation>(R"("data_conditional")").value,
            GradientFamilyExpectation::kDataConditional);
  ExpectError<EdgeKind>(R"("Call")", ErrorCode::kInvalidValue,
                        "unknown variant `Call`, expected `call` or `data`");
  ExpectError<GradientFamilyExpectation>(
      R"("on")", ErrorCode::kInvalidValue,
      "unknown variant `on`, expected one of `active`, `inactive`, `data_conditional`");
  ExpectError<EdgeKind>("1", ErrorCode::kInvalidType,
                        "invalid type: integer `1`, expected variant identifier");
}

TEST(ValueReadersTest, AnOptionalIsNoneForNullAndItsTypesReadingOtherwise) {
  std::optional<std::uint64_t> full = Read<std::optional<std::uint64_t>>("12").value;
  EXPECT_EQ(full, 12u);
  ParsedJson null("null");
  std::optional<std::uint64_t> reset = 5;
  EXPECT_TRUE(ReadValue(null.ctx(), 0, reset));
  EXPECT_EQ(reset, std::nullopt);
  ExpectError<std::optional<std::uint64_t>>("false", ErrorCode::kInvalidType,
                                            "invalid type: boolean `false`, expected u64");
}

TEST(ValueReadersTest, ArraysReadEveryElementRunsOfNumbersIncluded) {
  const ReadOutcome<ArrayView<std::uint64_t>> numbers = Read<ArrayView<std::uint64_t>>("[3, 1,4]");
  ASSERT_TRUE(numbers.ok);
  EXPECT_EQ(std::vector<std::uint64_t>(numbers.value.begin(), numbers.value.end()),
            (std::vector<std::uint64_t>{3, 1, 4}));
  const ReadOutcome<ArrayView<std::string_view>> names =
      Read<ArrayView<std::string_view>>(R"(["a","b"])");
  ASSERT_TRUE(names.ok);
  EXPECT_EQ(std::vector<std::string_view>(names.value.begin(), names.value.end()),
            (std::vector<std::string_view>{"a", "b"}));
  EXPECT_TRUE(Read<ArrayView<std::uint64_t>>("[]").value.empty());
  ExpectError<ArrayView<std::uint64_t>>("{}", ErrorCode::kInvalidType,
                                        "invalid type: map, expected a sequence");
}

TEST(ValueReadersTest, AnElementsErrorIsAtItsIndexWithinTheRun) {
  const ReadOutcome<ArrayView<std::uint64_t>> bad = Read<ArrayView<std::uint64_t>>("[1, 2, -3]");
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.error.code, ErrorCode::kOutOfRange);
  EXPECT_EQ(bad.error.message, "invalid value: integer `-3`, expected u64");
  EXPECT_EQ(bad.error.field, "[2]");

  const ReadOutcome<ArrayView<std::uint64_t>> string =
      Read<ArrayView<std::uint64_t>>(R"([1,"x",3])");
  EXPECT_EQ(string.error.code, ErrorCode::kInvalidType);
  EXPECT_EQ(string.error.message, "invalid type: string \"x\", expected u64");
  EXPECT_EQ(string.error.field, "[1]");
  EXPECT_EQ(string.error_node, 2u);  // 0 [, 1 the run of 1, 2 "x"
}

TEST(ValueReadersTest, ForEachElementStopsAtTheFirstFalse) {
  ParsedJson parsed(R"([10, 20, "s", 30])");
  std::vector<std::uint32_t> seen;
  EXPECT_FALSE(ForEachElement(parsed.ctx(), 0, [&](std::uint32_t i, std::uint32_t) {
    seen.push_back(i);
    return i < 2;
  }));
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{0, 1, 2}));
  seen.clear();
  EXPECT_TRUE(ForEachElement(parsed.ctx(), 0, [&](std::uint32_t i, std::uint32_t) {
    seen.push_back(i);
    return true;
  }));
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{0, 1, 2, 3}));
}

TEST(ValueReadersTest, AStreamedArrayIsItsCountOrTheFirstErrorOfItsElements) {
  ParsedJson parsed(R"({"a":[1,2,3],"b":[4]})");  // 0 {, 1 a, 2 [, 3 run, 4 b, 5 [, 6 run
  StreamedArray array;
  ASSERT_TRUE(ReadValue(parsed.ctx(), 2, array));
  EXPECT_EQ(array.count, 3u);

  Error element{};
  element.code = ErrorCode::kMissingField;
  element.message = "missing field `x`";
  element.field = "x";
  element.index = 9;
  const StreamedElementError errors[] = {{5, element, 17}};
  DecodeContext& ctx = parsed.ctx();
  ctx.streamed_errors = errors;
  ctx.error.index = 4;  // the record's index stays the reader's, not the element's
  StreamedArray other;
  EXPECT_TRUE(ReadValue(ctx, 2, other));
  EXPECT_FALSE(ReadValue(ctx, 5, other));
  EXPECT_EQ(ctx.error.code, ErrorCode::kMissingField);
  EXPECT_EQ(ctx.error.message, "missing field `x`");
  EXPECT_EQ(ctx.error.field, "x");
  EXPECT_EQ(ctx.error.index, 4u);
  EXPECT_EQ(ctx.error_offset, 17u);

  ExpectError<StreamedArray>("3", ErrorCode::kInvalidType,
                             "invalid type: integer `3`, expected a sequence");
}

// ---- Writers ----------------------------------------------------------------------------------

template <class Write>
std::string Written(Write write) {
  return emit::EmitJsonString(false, [&](emit::JsonEmitter& json) {
    json.BeginObject();
    write(json);
    json.EndObject();
  });
}

TEST(ValueWritersTest, EachTypeIsWrittenAsTheReadersReadIt) {
  const std::vector<std::uint64_t> dims{2, 3};
  const std::vector<std::string_view> names{"x", "y\"z"};
  const std::string text = Written([&](emit::JsonEmitter& json) {
    WriteField(json, "s", std::string_view("a\"b\n"));
    WriteField(json, "u", std::uint64_t{18446744073709551615u});
    WriteField(json, "f", 0.25);
    WriteField(json, "b", true);
    WriteField(json, "e", GradientFamilyExpectation::kDataConditional);
    WriteField(json, "dims", ArrayView<std::uint64_t>(dims.data(), dims.size()));
    WriteField(json, "names", ArrayView<std::string_view>(names.data(), names.size()));
    WriteField(json, "none", ArrayView<std::uint64_t>());
  });
  EXPECT_EQ(text,
            R"({"s":"a\"b\n","u":18446744073709551615,"f":0.25,"b":true,)"
            R"("e":"data_conditional","dims":[2,3],"names":["x","y\"z"],"none":[]})");
}

TEST(ValueWritersTest, UnknownMembersGoOutRawAfterTheKnownOnes) {
  UnknownMembers members;
  members.Add("k\"", R"([1,{"a":null}])");
  members.Add("z", "0.5");
  const UnknownFields unknown = members.View();
  const std::string text = Written([&](emit::JsonEmitter& json) {
    WriteField(json, "n", std::uint64_t{1});
    WriteUnknown(json, unknown);
  });
  EXPECT_EQ(text, R"({"n":1,"k\"":[1,{"a":null}],"z":0.5})");
  EXPECT_EQ(Written([&](emit::JsonEmitter& json) { WriteUnknown(json, UnknownFields()); }), "{}");
}

static_assert(WritableValue<std::uint64_t>);
static_assert(WritableValue<ArrayView<std::string_view>>);
static_assert(WritableValue<ComparisonIdentity>);
static_assert(!WritableValue<StreamedArray>);
static_assert(!WritableValue<ArrayView<StreamedArray>>);

// ---- Slots ------------------------------------------------------------------------------------

TEST(FieldSlotTest, EachMemberTypeHasItsKindAndAddress) {
  struct Members {
    std::string_view s;
    std::optional<std::string_view> os;
    std::uint64_t u = 0;
    std::optional<std::uint64_t> ou;
    double f = 0;
    std::optional<double> of;
    bool b = false;
    ArrayView<std::string_view> names;
    ArrayView<std::uint64_t> dims;
    ComparisonIdentity nested;
  } m;
  const auto expect = [](FieldSlot slot, SlotKind kind, const void* target) {
    EXPECT_EQ(slot.kind, kind);
    EXPECT_EQ(slot.target, target);
    EXPECT_EQ(slot.set_enum, nullptr);
  };
  expect(SlotOf(m.s), SlotKind::kString, &m.s);
  expect(SlotOf(m.os), SlotKind::kOptionalString, &m.os);
  expect(SlotOf(m.u), SlotKind::kU64, &m.u);
  expect(SlotOf(m.ou), SlotKind::kOptionalU64, &m.ou);
  expect(SlotOf(m.f), SlotKind::kF64, &m.f);
  expect(SlotOf(m.of), SlotKind::kOptionalF64, &m.of);
  expect(SlotOf(m.b), SlotKind::kBool, &m.b);
  expect(SlotOf(m.names), SlotKind::kStringArray, &m.names);
  expect(SlotOf(m.dims), SlotKind::kU64Array, &m.dims);
  expect(SlotOf(m.nested), SlotKind::kUnhandled, nullptr);
}

TEST(FieldSlotTest, AnEnumSlotSetsItsMemberFromASpellingOrLeavesIt) {
  EdgeKind kind = EdgeKind::kCall;
  const FieldSlot slot = SlotOf(kind);
  EXPECT_EQ(slot.kind, SlotKind::kEnum);
  EXPECT_EQ(slot.target, &kind);
  ASSERT_NE(slot.set_enum, nullptr);
  EXPECT_TRUE(slot.set_enum(slot.target, "data"));
  EXPECT_EQ(kind, EdgeKind::kData);
  EXPECT_FALSE(slot.set_enum(slot.target, "Call"));
  EXPECT_EQ(kind, EdgeKind::kData);

  std::optional<GradientFamilyExpectation> expectation;
  const FieldSlot optional = SlotOf(expectation);
  EXPECT_EQ(optional.kind, SlotKind::kOptionalEnum);
  EXPECT_FALSE(optional.set_enum(optional.target, "sometimes"));
  EXPECT_EQ(expectation, std::nullopt);
  EXPECT_TRUE(optional.set_enum(optional.target, "inactive"));
  EXPECT_EQ(expectation, GradientFamilyExpectation::kInactive);
}

// ---- The decode context -----------------------------------------------------------------------

TEST(DecodeContextTest, PathsJoinKeysWithDotsAndIndexesInBrackets) {
  const PathStep contract{nullptr, "capture_contract"};
  const PathStep gradients{&contract, "gradient_contract"};
  const PathStep expected{&gradients, "expected"};
  const PathStep second{&expected, {}, 1};
  const PathStep root{&second, "root"};
  EXPECT_EQ(DecodeContext::PathString(&root),
            "capture_contract.gradient_contract.expected[1].root");
  EXPECT_EQ(DecodeContext::PathString(&root, &gradients), "expected[1].root");
  EXPECT_EQ(DecodeContext::PathString(&root, &root), "");
  EXPECT_EQ(DecodeContext::PathString(nullptr), "");
  const PathStep element{nullptr, {}, 0};
  const PathStep inside{&element, "x"};
  EXPECT_EQ(DecodeContext::PathString(&inside), "[0].x");
}

TEST(DecodeContextTest, FailRecordsCodeMessageNodeAndPathPlusKey) {
  ParsedJson parsed(R"({"a":{"b":1}})");
  DecodeContext& ctx = parsed.ctx();
  const PathStep a{nullptr, "a"};
  ctx.path = &a;
  ctx.error_offset = 99;
  EXPECT_FALSE(ctx.FailAt(2, ErrorCode::kMissingField, "missing field `c`"));
  EXPECT_EQ(ctx.error.code, ErrorCode::kMissingField);
  EXPECT_EQ(ctx.error.message, "missing field `c`");
  EXPECT_EQ(ctx.error.field, "a");
  EXPECT_EQ(ctx.error_node, 2u);
  EXPECT_EQ(ctx.current, 2u);
  EXPECT_EQ(ctx.error_offset, std::nullopt);

  EXPECT_FALSE(ctx.FailAt(3, ErrorCode::kDuplicateKey, "duplicate field `b`", "b"));
  EXPECT_EQ(ctx.error.field, "a.b");
  EXPECT_EQ(ctx.error_node, 3u);
}

std::string Described(std::string text) {
  ParsedJson parsed(std::move(text));
  EXPECT_TRUE(parsed.ok());
  return DescribeUnexpected(parsed.ctx(), 0);
}

TEST(DecodeContextTest, UnexpectedValuesAreDescribedAsSerdeDoes) {
  EXPECT_EQ(Described("null"), "null");
  EXPECT_EQ(Described("true"), "boolean `true`");
  EXPECT_EQ(Described("false"), "boolean `false`");
  EXPECT_EQ(Described(R"("s\"")"), "string \"s\"\"");
  EXPECT_EQ(Described("[1]"), "sequence");
  EXPECT_EQ(Described("{}"), "map");
  EXPECT_EQ(Described("-0"), "integer `-0`");
  EXPECT_EQ(Described("18446744073709551616"), "integer `18446744073709551616`");
  EXPECT_EQ(Described("1.0"), "floating point `1.0`");
  EXPECT_EQ(Described("2.5e1"), "floating point `25.0`");
  EXPECT_EQ(Described("1e-7"), "floating point `0.0000001`");
  EXPECT_EQ(Described("-1.25"), "floating point `-1.25`");
}

TEST(DecodeContextTest, ExpectedOneOfNamesOneTwoOrMany) {
  const std::string_view names[] = {"a", "b", "c"};
  EXPECT_EQ(ExpectedOneOf(names, 1), "expected `a`");
  EXPECT_EQ(ExpectedOneOf(names, 2), "expected `a` or `b`");
  EXPECT_EQ(ExpectedOneOf(names, 3), "expected one of `a`, `b`, `c`");
}

TEST(DecodeContextTest, ALongEscapedStringIsUnescapedOnceIntoTheArena) {
  std::string raw;
  while (raw.size() < 300000) raw += R"(a\n\u00e9)";
  ParsedJson parsed("\"" + raw + "\"");
  ASSERT_TRUE(parsed.ok());
  ASSERT_TRUE(parsed.tape().node(0).raw_escaped);
  DecodeContext& ctx = parsed.ctx();
  const std::string_view first = ctx.text(0);
  EXPECT_EQ(first.size(), raw.size() / 9 * 4);
  EXPECT_EQ(first.substr(0, 8), "a\n\u00e9a\n\u00e9");
  EXPECT_EQ(ctx.text(0).data(), first.data());  // the same copy, not a second one
  ctx.ClearUnescaped();
  EXPECT_NE(ctx.text(0).data(), first.data());
}

}  // namespace
}  // namespace tracedoc::format
