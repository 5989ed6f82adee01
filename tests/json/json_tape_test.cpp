// The syntax layer on its own: what the tape holds for a line, and what it costs (docs/tracedoc.md
// §5): plain strings and numbers are views into the line, a run of numbers is one node, and
// exponents beyond 32 bits are clamped in one pass whatever their number.
#include "json/json_tape.hpp"

#include "json/escaped_string.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tracedoc::json {
namespace {

constexpr std::size_t kDepth = 64;
constexpr std::size_t kNoStringBound = static_cast<std::size_t>(-1);

std::vector<std::string> Literals(std::string_view run) {
  std::vector<std::string> out;
  NumberRunLiterals literals(run);
  std::string_view literal;
  while (literals.Next(literal)) out.emplace_back(literal);
  return out;
}

TEST(JsonTapeTest, PlainStringsAndNumbersAreViewsIntoTheLine) {
  const std::string line = R"({"key":"value","n":12})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  ASSERT_EQ(tape.size(), 5u);
  for (std::uint32_t i = 1; i < 5; ++i) {
    EXPECT_TRUE(tape.node(i).in_input) << i;
    const std::string_view text = tape.text(tape.node(i));
    EXPECT_GE(text.data(), line.data()) << i;
    EXPECT_LE(text.data() + text.size(), line.data() + line.size()) << i;
  }
  EXPECT_EQ(tape.text(tape.node(2)), "value");
  EXPECT_EQ(tape.text(tape.node(4)), "12");
}

TEST(JsonTapeTest, EscapedStringsAreCopiedUnescaped) {
  const std::string line = R"(["a\nb","\u00e9"])";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  EXPECT_FALSE(tape.node(1).in_input);
  EXPECT_EQ(tape.text(tape.node(1)), "a\nb");
  EXPECT_EQ(tape.text(tape.node(2)), "\xC3\xA9");
}

TEST(JsonTapeTest, NumbersInARowInAnArrayAreOneRunNode) {
  const std::string line = "[1, 2.5 ,3e2,\t-4,\"x\",5,6]";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  // array, run(1..-4), "x", run(5,6)
  ASSERT_EQ(tape.size(), 4u);
  EXPECT_EQ(tape.node(0).count, 7u);  // elements, not nodes
  const Node& run = tape.node(1);
  EXPECT_EQ(run.type, NodeType::kNumberRun);
  EXPECT_EQ(run.count, 4u);
  EXPECT_TRUE(run.is_float_literal);
  EXPECT_EQ(Literals(tape.text(run)), (std::vector<std::string>{"1", "2.5", "3e2", "-4"}));
  EXPECT_EQ(tape.node(2).type, NodeType::kString);
  EXPECT_EQ(tape.node(3).type, NodeType::kNumberRun);
  EXPECT_FALSE(tape.node(3).is_float_literal);
  EXPECT_EQ(Literals(tape.text(tape.node(3))), (std::vector<std::string>{"5", "6"}));
}

TEST(JsonTapeTest, ALoneNumberAndObjectMembersStaySingleNodes) {
  const std::string line = R"({"a":1,"b":[7],"c":2})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  for (std::uint32_t i = 0; i < tape.size(); ++i) {
    EXPECT_NE(tape.node(i).type, NodeType::kNumberRun) << i;
  }
}

TEST(JsonTapeTest, AMillionNumbersCostOneNode) {
  std::string line = "[0";
  for (int i = 1; i < 1000000; ++i) line += ",1";
  line += ']';
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  EXPECT_EQ(tape.size(), 2u);
  EXPECT_EQ(tape.node(1).count, 1000000u);
}

TEST(JsonTapeTest, ScratchNumberReadsOneLiteralOfARun) {
  const std::string line = "[10,2.5]";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  const Node run = tape.node(1);
  NumberRunLiterals literals(tape.text(run));
  std::string_view literal;
  ASSERT_TRUE(literals.Next(literal));
  ASSERT_TRUE(literals.Next(literal));
  const std::uint32_t scratch = tape.ScratchNumber(run, literal);
  EXPECT_GE(scratch, tape.size());
  EXPECT_EQ(tape.node(scratch).type, NodeType::kNumber);
  EXPECT_TRUE(tape.node(scratch).is_float_literal);
  EXPECT_EQ(tape.text(tape.node(scratch)), "2.5");
}

TEST(JsonTapeTest, LongExponentsAreKeptAsWritten) {
  const std::string line = R"({"a":[1e-99999999999,2,-3.5E-123456789012],"b":"1e99999999999"})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  std::vector<std::string> numbers;
  for (std::uint32_t i = 0; i < tape.size(); ++i) {
    const Node& n = tape.node(i);
    if (n.type == NodeType::kNumber) numbers.emplace_back(tape.text(n));
    if (n.type == NodeType::kNumberRun) {
      for (const std::string& l : Literals(tape.text(n))) numbers.push_back(l);
    }
    if (n.type == NodeType::kString && i + 1 == tape.size()) {
      EXPECT_EQ(tape.text(n), "1e99999999999");  // strings are never patched
    }
  }
  EXPECT_EQ(numbers, (std::vector<std::string>{"1e-99999999999", "2", "-3.5E-123456789012"}));
}

TEST(JsonTapeTest, AnOverflowingLongExponentIsOutOfRange) {
  Tape tape;
  EXPECT_EQ(tape.Parse("[1,1e99999999999]", kDepth, kNoStringBound).status,
            SyntaxStatus::kNumberOutOfRange);
}

TEST(JsonTapeTest, AnErrorAfterClampedExponentsIsReportedOnTheLineAsWritten) {
  // Two clamped literals before the error: its position must not move by their change in length.
  const std::string line = "[1e-99999999999,1e-99999999999,x]";
  Tape tape;
  const SyntaxResult result = tape.Parse(line, kDepth, kNoStringBound);
  EXPECT_EQ(result.status, SyntaxStatus::kInvalidJson);
  EXPECT_EQ(result.consumed, line.find('x'));
}

TEST(JsonTapeTest, TextAfterAClampedExponentStaysForTheParser) {
  Tape tape;
  EXPECT_EQ(tape.Parse("[1e99999999999-1]", kDepth, kNoStringBound).status,
            SyntaxStatus::kInvalidJson);
}

TEST(JsonTapeTest, ManyLongExponentsParseInOnePass) {
  // F1 of issue 12: each such literal used to re-parse and copy the whole line.
  std::string line = "[0";
  for (int i = 0; i < 100000; ++i) line += ",1e-99999999999";
  line += ']';
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  EXPECT_EQ(tape.node(0).count, 100001u);
}

}  // namespace
}  // namespace tracedoc::json

namespace tracedoc::json {
namespace {

TEST(JsonTapeRawStringTest, ALongEscapedStringIsLeftInTheLine) {
  std::string content;
  // Long once unescaped: what the threshold counts.
  while (content.size() < 200000) content += R"(ab\n\u00e9\/\"\ud83d\ude00)";
  const std::string line = R"({"k":")" + content + R"(","after":"x"})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  const Node& value = tape.node(2);
  EXPECT_TRUE(value.raw_escaped);
  EXPECT_TRUE(value.in_input);
  EXPECT_TRUE(tape.text(value) == content);  // not EXPECT_EQ: it would print 200 KB
  EXPECT_EQ(tape.text(tape.node(4)), "x");   // later strings are unaffected
}

TEST(JsonTapeRawStringTest, UnescapingGivesWhatTheParserWouldHave) {
  const std::string raw = R"(ab\n\u00e9\/\"\\\ud83d\ude00\t)";
  std::string out(raw.size(), '\0');
  out.resize(UnescapeJsonString(raw, out.data()));
  EXPECT_EQ(out, "ab\n\xC3\xA9/\"\\\xF0\x9F\x98\x80\t");
}

}  // namespace
}  // namespace tracedoc::json

// ---- ParseOptions::allow_non_finite -------------------------------------------------------------
namespace tracedoc::json {
namespace {

ParseOptions NonFinite() {
  ParseOptions options;
  options.allow_non_finite = true;
  return options;
}

TEST(JsonTapeNonFiniteTest, PythonsLiteralsAreFloatNumbersWrittenAsGiven) {
  const std::string line = R"({"a":NaN,"b":[Infinity, -Infinity],"c":"NaN"})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, NonFinite()).status, SyntaxStatus::kOk);
  // object, "a", NaN, "b", [, Infinity, -Infinity, "c", "NaN"
  ASSERT_EQ(tape.size(), 9u);
  for (const std::uint32_t i : {2u, 5u, 6u}) {
    EXPECT_EQ(tape.node(i).type, NodeType::kNumber) << i;
    EXPECT_TRUE(tape.node(i).is_float_literal) << i;
  }
  EXPECT_EQ(tape.text(tape.node(2)), "NaN");
  EXPECT_EQ(tape.text(tape.node(5)), "Infinity");
  EXPECT_EQ(tape.text(tape.node(6)), "-Infinity");
  EXPECT_EQ(tape.node(4).count, 2u);
  // A string that spells one is a string, and is not counted.
  EXPECT_EQ(tape.node(8).type, NodeType::kString);
  EXPECT_EQ(tape.text(tape.node(8)), "NaN");
  EXPECT_EQ(tape.non_finite_literals(), 3u);
}

TEST(JsonTapeNonFiniteTest, TheCountStartsAgainWithEachParse) {
  Tape tape;
  ASSERT_EQ(tape.Parse("[NaN,NaN]", NonFinite()).status, SyntaxStatus::kOk);
  EXPECT_EQ(tape.non_finite_literals(), 2u);
  ASSERT_EQ(tape.Parse("[1]", NonFinite()).status, SyntaxStatus::kOk);
  EXPECT_EQ(tape.non_finite_literals(), 0u);
}

TEST(JsonTapeNonFiniteTest, ALiteralBreaksARunOfNumbers) {
  // The stand-in is not the line's text, so it cannot join a run that views the line.
  Tape tape;
  ASSERT_EQ(tape.Parse("[1,2,NaN,3,4]", NonFinite()).status, SyntaxStatus::kOk);
  ASSERT_EQ(tape.size(), 4u);
  EXPECT_EQ(tape.node(0).count, 5u);
  EXPECT_EQ(tape.node(1).type, NodeType::kNumberRun);
  EXPECT_EQ(Literals(tape.text(tape.node(1))), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(tape.text(tape.node(2)), "NaN");
  EXPECT_EQ(tape.node(3).type, NodeType::kNumberRun);
  EXPECT_EQ(Literals(tape.text(tape.node(3))), (std::vector<std::string>{"3", "4"}));
}

TEST(JsonTapeNonFiniteTest, OffTheLiteralsAreInvalidJsonAtTheirStart) {
  for (const std::string line : {"NaN", "[1,Infinity]", R"({"a":-Infinity})"}) {
    SCOPED_TRACE(line);
    Tape tape;
    const SyntaxResult result = tape.Parse(line, ParseOptions{});
    EXPECT_EQ(result.status, SyntaxStatus::kInvalidJson);
    const std::size_t start = line.find_first_of("NI-");
    // `-Infinity` fails after its sign, where a digit must come.
    EXPECT_EQ(result.consumed, line[start] == '-' ? start + 1 : start);
    EXPECT_EQ(tape.non_finite_literals(), 0u);
  }
}

TEST(JsonTapeNonFiniteTest, AMisspelledOrContinuedLiteralFailsAtTheOffendingCharacter) {
  struct Case {
    std::string line;
    std::size_t consumed;  // where the parse stops: the 0-based column of the fault
  };
  const std::vector<Case> cases = {
      {"NaNe5", 3},        // the exponent after NaN
      {"Infinity.5", 8},   // the fraction after Infinity
      {"[NaN.]", 4},       // a point after NaN
      {"[-Infinity.0]", 10},
      {"[NaNE1]", 4},
      {"Inf", 0},          // not one of the three words: not replaced, fails at its start
      {"-Inf", 1},         // after the sign, as any number
      {"NaN5", 0},         // a digit after the word: not the word, fails at its start
      {"[1,NaNa]", 3},
      {"[-NaN]", 2},       // no sign before NaN
      {"[xNaN]", 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.line);
    Tape tape;
    const SyntaxResult result = tape.Parse(c.line, NonFinite());
    EXPECT_EQ(result.status, SyntaxStatus::kInvalidJson);
    EXPECT_EQ(result.consumed, c.consumed);
  }
}

TEST(JsonTapeNonFiniteTest, AfterRewrittenLiteralsAnErrorIsOnTheLineAsWritten) {
  const std::string line = "[NaN,-Infinity,1e-99999999999,?]";
  Tape tape;
  const SyntaxResult result = tape.Parse(line, NonFinite());
  EXPECT_EQ(result.status, SyntaxStatus::kInvalidJson);
  EXPECT_EQ(result.consumed, line.find('?'));
}

TEST(JsonTapeNonFiniteTest, LiteralsAndLongExponentsTogetherAreKeptAsWritten) {
  const std::string line = "[NaN,1e-99999999999,Infinity]";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, NonFinite()).status, SyntaxStatus::kOk);
  ASSERT_EQ(tape.size(), 4u);
  EXPECT_EQ(tape.text(tape.node(1)), "NaN");
  EXPECT_EQ(tape.text(tape.node(2)), "1e-99999999999");
  EXPECT_EQ(tape.text(tape.node(3)), "Infinity");
  EXPECT_EQ(tape.non_finite_literals(), 2u);
}

// ---- SyntaxResult::consumed of kNumberOutOfRange -----------------------------------------------

TEST(JsonTapeOutOfRangeTest, ConsumedIsWhereTheFirstSuchLiteralStarts) {
  struct Case {
    std::string line;
    std::size_t at;
  };
  const std::vector<Case> cases = {
      {"[1,2,1e400,1e500]", 5},           // inside a run of numbers
      {R"({"a":1,"b":-2E+999})", 11},     // a member
      {"[1,1e99999999999]", 3},           // a long exponent, rewritten to parse
      {"[1e-99999999999,1e400]", 16},     // after a rewritten literal: on the line as written
      {std::string("[") + std::string(309, '9') + "]", 1},  // an integer of 309 digits
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.line.substr(0, 40));
    Tape tape;
    const SyntaxResult result = tape.Parse(c.line, kDepth, kNoStringBound);
    EXPECT_EQ(result.status, SyntaxStatus::kNumberOutOfRange);
    EXPECT_EQ(result.consumed, c.at);
  }
}

TEST(JsonTapeOutOfRangeTest, WithNonFiniteLiteralsItIsStillOnTheLineAsWritten) {
  Tape tape;
  const SyntaxResult result = tape.Parse("[-Infinity,1e99999999999]", NonFinite());
  EXPECT_EQ(result.status, SyntaxStatus::kNumberOutOfRange);
  EXPECT_EQ(result.consumed, 11u);
}

// ---- ParseOptions::track_offsets ---------------------------------------------------------------

ParseOptions Offsets() {
  ParseOptions options;
  options.track_offsets = true;
  return options;
}

// Each node's offset, and the text at it, for the failure messages.
std::vector<std::size_t> AllOffsets(const Tape& tape) {
  std::vector<std::size_t> out;
  for (std::uint32_t i = 0; i < tape.size(); ++i) out.push_back(tape.offset(i));
  return out;
}

TEST(JsonTapeOffsetsTest, EveryKindOfValueStartsWhereItIsWritten) {
  const std::string line =
      R"( { "o" : {"k":[ ]}, "s":"plain", "e":"a\nb", "t":true,"f" :false, "n": null,)"
      R"( "i":-12, "d":3.5e1 } )";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, Offsets()).status, SyntaxStatus::kOk);
  const std::vector<std::size_t> expected = {
      line.find('{'),          // the root object
      line.find("\"o\""),      line.find("{\"k\""),  line.find("\"k\""), line.find("[ ]"),
      line.find("\"s\""),      line.find("\"plain\""),
      line.find("\"e\""),      line.find("\"a\\nb\""),  // escaped: copied, still placed
      line.find("\"t\""),      line.find("true"),
      line.find("\"f\""),      line.find("false"),
      line.find("\"n\""),      line.find("null"),
      line.find("\"i\""),      line.find("-12"),
      line.find("\"d\""),      line.find("3.5e1"),
  };
  EXPECT_EQ(AllOffsets(tape), expected);
  EXPECT_FALSE(tape.node(8).in_input);  // the escaped string is the tape's copy
}

TEST(JsonTapeOffsetsTest, EscapedKeysAndStringsDoNotMoveWhatFollows) {
  const std::string line = R"({"\u0041\"":"\\\"x\"","b":["\t",2]})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, Offsets()).status, SyntaxStatus::kOk);
  ASSERT_EQ(tape.size(), 7u);
  EXPECT_EQ(tape.text(tape.node(1)), "A\"");
  EXPECT_EQ(tape.offset(1), 1u);
  EXPECT_EQ(tape.offset(2), line.find(R"("\\)"));
  EXPECT_EQ(tape.offset(3), line.find(R"("b")"));
  EXPECT_EQ(tape.offset(4), line.find('['));
  EXPECT_EQ(tape.offset(5), line.find(R"("\t")"));
  EXPECT_EQ(tape.offset(6), line.find(",2]") + 1);
}

TEST(JsonTapeOffsetsTest, NoOffsetsUnlessAsked) {
  const std::string line = R"(  {"a":[1,"x"]})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, kDepth, kNoStringBound).status, SyntaxStatus::kOk);
  for (std::uint32_t i = 0; i < tape.size(); ++i) EXPECT_EQ(tape.offset(i), 0u) << i;
}

TEST(JsonTapeOffsetsTest, ALongEscapedStringIsPlacedAndSoIsWhatFollows) {
  std::string content;
  while (content.size() < 200000) content += R"(x\"y\\z\n)";
  const std::string line = R"({"a":1,"long":")" + content + R"(","b":true,"c":[7,8]})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, Offsets()).status, SyntaxStatus::kOk);
  // object, "a", 1, "long", <long>, "b", true, "c", [, run
  ASSERT_EQ(tape.size(), 10u);
  const Node& value = tape.node(4);
  EXPECT_TRUE(value.raw_escaped);
  EXPECT_TRUE(tape.text(value) == content);  // not EXPECT_EQ: it would print 200 KB
  EXPECT_EQ(tape.offset(4), line.find(R"(":")" "x") + 2);
  EXPECT_EQ(tape.offset(5), line.find(R"("b")"));
  EXPECT_EQ(tape.offset(6), line.find("true"));
  EXPECT_EQ(tape.offset(8), line.find("[7"));
  EXPECT_EQ(tape.offset(9), line.find("7,8"));
}

TEST(JsonTapeOffsetsTest, ScratchNumbersArePlacedAtTheirLiteral) {
  const std::string line = R"({"r":[10, 2.5 ,-3e2]})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, Offsets()).status, SyntaxStatus::kOk);
  const Node run = tape.node(3);
  ASSERT_EQ(run.type, NodeType::kNumberRun);
  EXPECT_EQ(tape.offset(3), line.find("10"));
  NumberRunLiterals literals(tape.text(run));
  std::string_view literal;
  std::vector<std::size_t> offsets;
  while (literals.Next(literal)) offsets.push_back(tape.offset(tape.ScratchNumber(run, literal)));
  EXPECT_EQ(offsets, (std::vector<std::size_t>{line.find("10"), line.find("2.5"),
                                               line.find("-3e2")}));
}

TEST(JsonTapeOffsetsTest, OffsetsAfterARewrittenLongExponentAreOnTheLineAsWritten) {
  // The parsed text holds 1e-999999 where the line has 1e-99999999999 (5 bytes shorter), and
  // 1e999999 where it has 1e99999999999 (5 bytes shorter again).
  const std::string line =
      R"({"a":1e-99999999999,"b":[7,8],"c":"z","d":1e99999999999,"e":[true,9, 10]})";
  Tape tape;
  const SyntaxResult result = tape.Parse(line, Offsets());
  // 1e99999999999 is beyond the double range: the tape is whole all the same.
  ASSERT_EQ(result.status, SyntaxStatus::kNumberOutOfRange);
  EXPECT_EQ(result.consumed, line.find("1e9"));
  // object, "a", 1e-…, "b", [, run(7,8), "c", "z", "d", 1e9…, "e", [, true, run(9,10)
  ASSERT_EQ(tape.size(), 14u);
  EXPECT_EQ(tape.text(tape.node(2)), "1e-99999999999");
  EXPECT_EQ(tape.text(tape.node(9)), "1e99999999999");
  const std::vector<std::size_t> expected = {
      0,                      line.find(R"("a")"), line.find("1e-"),
      line.find(R"("b")"),    line.find('['),      line.find("7,8"),
      line.find(R"("c")"),    line.find(R"("z")"), line.find(R"("d")"),
      line.find("1e9"),       line.find(R"("e")"), line.find("[true"),
      line.find("true"),      line.find("9, 10"),
  };
  EXPECT_EQ(AllOffsets(tape), expected);
  // The literals of runs after the rewrites, read one by one.
  for (const auto& [node, literal_text] : {std::pair<std::uint32_t, std::string>{5, "8"},
                                           std::pair<std::uint32_t, std::string>{13, "10"}}) {
    SCOPED_TRACE(literal_text);
    const Node run = tape.node(node);
    NumberRunLiterals literals(tape.text(run));
    std::string_view literal;
    ASSERT_TRUE(literals.Next(literal));
    ASSERT_TRUE(literals.Next(literal));
    EXPECT_EQ(literal, literal_text);
    EXPECT_EQ(tape.offset(tape.ScratchNumber(run, literal)),
              line.find(literal_text + (node == 5 ? "]" : "]}")));
  }
}

TEST(JsonTapeOffsetsTest, NonFiniteLiteralsKeepTheirPlace) {
  ParseOptions options = Offsets();
  options.allow_non_finite = true;
  const std::string line = R"({"a":-Infinity,"b":[NaN,1,2],"c":1e-99999999999,"d":[3,4]})";
  Tape tape;
  ASSERT_EQ(tape.Parse(line, options).status, SyntaxStatus::kOk);
  // object, "a", -Infinity, "b", [, NaN, run(1,2), "c", 1e-…, "d", [, run(3,4)
  ASSERT_EQ(tape.size(), 12u);
  EXPECT_EQ(tape.offset(2), line.find("-Inf"));
  EXPECT_EQ(tape.offset(5), line.find("NaN"));
  EXPECT_EQ(tape.offset(6), line.find("1,2"));
  EXPECT_EQ(tape.offset(8), line.find("1e-"));
  EXPECT_EQ(tape.offset(9), line.find(R"("d")"));
  EXPECT_EQ(tape.offset(11), line.find("3,4"));
  const Node run = tape.node(11);
  NumberRunLiterals literals(tape.text(run));
  std::string_view literal;
  ASSERT_TRUE(literals.Next(literal));
  ASSERT_TRUE(literals.Next(literal));
  EXPECT_EQ(tape.offset(tape.ScratchNumber(run, literal)), line.find("4]"));
}

// ---- ElementVisitor ---------------------------------------------------------------------------

// What a visitor saw of one element, copied while its nodes were on the tape.
struct SeenElement {
  std::string key;
  std::uint32_t index;
  NodeType type;
  std::string text;         // of a string or number
  std::size_t offset;       // where it starts in the line
  std::uint32_t tape_size;  // the tape's size() during the call
  std::uint32_t nodes;      // the element's own nodes
  friend bool operator==(const SeenElement&, const SeenElement&) = default;
};

class RecordingVisitor : public ElementVisitor {
 public:
  explicit RecordingVisitor(std::vector<std::string> streamed, int stop_after = -1)
      : streamed_(std::move(streamed)), stop_after_(stop_after) {}

  bool StreamsMember(std::string_view key) override {
    asked.emplace_back(key);
    return std::find(streamed_.begin(), streamed_.end(), key) != streamed_.end();
  }
  bool OnElement(Tape& tape, std::string_view key, std::uint32_t index,
                 std::uint32_t node) override {
    const Node& n = tape.node(node);
    const bool scalar_text = n.type == NodeType::kString || n.type == NodeType::kNumber;
    seen.push_back(SeenElement{std::string(key), index, n.type,
                               scalar_text ? std::string(tape.text(n)) : std::string(),
                               tape.offset(node), tape.size(), n.end - node});
    max_tape_size = std::max(max_tape_size, tape.size());
    return stop_after_ < 0 || static_cast<int>(seen.size()) < stop_after_;
  }

  std::vector<std::string> asked;
  std::vector<SeenElement> seen;
  std::uint32_t max_tape_size = 0;

 private:
  std::vector<std::string> streamed_;
  int stop_after_;
};

TEST(JsonTapeVisitorTest, ChosenArraysOfTheRootObjectAreHandedOutElementByElement) {
  const std::string line =
      R"({"v":1,"spans":[{"id":"a"},{"id":"b\n","x":[1,2]}],"marks":[1,"s",null,true,[3],2.5],)"
      R"("other":[{"spans":[9]}]})";
  RecordingVisitor visitor({"spans", "marks"});
  Tape tape;
  ASSERT_EQ(tape.Parse(line, ParseOptions{}, &visitor).status, SyntaxStatus::kOk);
  // Asked once per array of the root object, not for the nested "spans" inside "other".
  EXPECT_EQ(visitor.asked, (std::vector<std::string>{"spans", "marks", "other"}));
  const auto at = [&](std::string_view text, std::size_t from = 0) {
    return line.find(text, from);
  };
  const std::size_t marks = at("\"marks\"");
  // The tape's size during a call: the root object, each member before the array (key and
  // value), the array's key and node, and the element's nodes.
  const std::vector<SeenElement> expected = {
      {"spans", 0, NodeType::kObject, "", at("{\"id\":\"a\""), 8, 3},
      {"spans", 1, NodeType::kObject, "", at("{\"id\":\"b"), 11, 6},
      {"marks", 0, NodeType::kNumber, "1", at("1", marks), 8, 1},
      {"marks", 1, NodeType::kString, "s", at("\"s\""), 8, 1},
      {"marks", 2, NodeType::kNull, "", at("null"), 8, 1},
      {"marks", 3, NodeType::kTrue, "", at("true"), 8, 1},
      {"marks", 4, NodeType::kArray, "", at("[3]"), 9, 2},
      {"marks", 5, NodeType::kNumber, "2.5", at("2.5"), 8, 1},
  };
  EXPECT_EQ(visitor.seen, expected);
  // After the parse: the streamed arrays are nodes without children, their count kept.
  // object, "v", 1, "spans", [], "marks", [], "other", [, {, "spans", [, 9
  ASSERT_EQ(tape.size(), 13u);
  const Node& spans = tape.node(4);
  EXPECT_EQ(spans.type, NodeType::kArray);
  EXPECT_TRUE(spans.streamed);
  EXPECT_EQ(spans.count, 2u);
  EXPECT_EQ(spans.end, 5u);
  EXPECT_TRUE(tape.node(6).streamed);
  EXPECT_EQ(tape.node(6).count, 6u);
  EXPECT_EQ(tape.node(6).end, 7u);
  // A member not chosen, and an array nested deeper, stay on the tape.
  EXPECT_FALSE(tape.node(8).streamed);
  EXPECT_EQ(tape.node(8).count, 1u);
  EXPECT_FALSE(tape.node(11).streamed);
  EXPECT_EQ(tape.node(12).type, NodeType::kNumber);
  // A visitor's parse tracks offsets.
  EXPECT_EQ(tape.offset(8), at("[{\"spans\""));
  EXPECT_EQ(tape.offset(12), at("9]"));
}

TEST(JsonTapeVisitorTest, ManyElementsKeepTheTapeSmall) {
  std::string line = R"({"records":[)";
  for (int i = 0; i < 20000; ++i) {
    if (i != 0) line += ',';
    line += R"({"i":)" + std::to_string(i) + R"(,"name":"n\u00e9","v":[1,2,3]})";
  }
  line += "]}";
  RecordingVisitor visitor({"records"});
  Tape tape;
  ASSERT_EQ(tape.Parse(line, ParseOptions{}, &visitor).status, SyntaxStatus::kOk);
  ASSERT_EQ(visitor.seen.size(), 20000u);
  EXPECT_EQ(visitor.seen.back().index, 19999u);
  // The root object, "records", the array, and one element's 8 nodes.
  EXPECT_EQ(visitor.max_tape_size, 3u + 8u);
  EXPECT_EQ(tape.size(), 3u);
  EXPECT_EQ(tape.node(2).count, 20000u);
  // The escaped strings copied for each element were dropped with it.
  EXPECT_EQ(tape.copied_bytes(), 0u);
}

TEST(JsonTapeVisitorTest, NumbersOfAStreamedArrayAreElementsOfTheirOwn) {
  const std::string line = R"({"n":[1, 2,3]})";
  RecordingVisitor visitor({"n"});
  Tape tape;
  ASSERT_EQ(tape.Parse(line, ParseOptions{}, &visitor).status, SyntaxStatus::kOk);
  ASSERT_EQ(visitor.seen.size(), 3u);
  for (std::uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ(visitor.seen[i].type, NodeType::kNumber) << i;
    EXPECT_EQ(visitor.seen[i].index, i);
  }
  EXPECT_EQ(visitor.seen[1].text, "2");
  EXPECT_EQ(visitor.seen[1].offset, line.find('2'));
}

TEST(JsonTapeVisitorTest, ARootThatIsNotAnObjectStreamsNothing) {
  RecordingVisitor visitor({"a"});
  Tape tape;
  ASSERT_EQ(tape.Parse(R"([{"a":[1,2]}])", ParseOptions{}, &visitor).status, SyntaxStatus::kOk);
  EXPECT_TRUE(visitor.asked.empty());
  EXPECT_TRUE(visitor.seen.empty());
  EXPECT_EQ(tape.size(), 5u);
}

TEST(JsonTapeVisitorTest, AVisitorThatSaysStopStopsTheParse) {
  const std::string line = R"({"s":[{"a":1},{"a":2},{"a":3}],"t":4})";
  RecordingVisitor visitor({"s"}, /*stop_after=*/2);
  Tape tape;
  const SyntaxResult result = tape.Parse(line, ParseOptions{}, &visitor);
  EXPECT_EQ(result.status, SyntaxStatus::kStopped);
  ASSERT_EQ(visitor.seen.size(), 2u);
  EXPECT_EQ(visitor.seen[1].index, 1u);
  // The parse stopped at the second element's closing brace, where the visitor was called.
  EXPECT_EQ(result.consumed, line.find(R"(2},{"a":3)") + 1);
}

TEST(JsonTapeVisitorTest, ElementsWithNonFiniteLiteralsAndLongExponents) {
  ParseOptions options;
  options.allow_non_finite = true;
  const std::string line = R"({"s":[NaN,1e-99999999999,{"x":Infinity}],"after":"z"})";
  RecordingVisitor visitor({"s"});
  Tape tape;
  ASSERT_EQ(tape.Parse(line, options, &visitor).status, SyntaxStatus::kOk);
  ASSERT_EQ(visitor.seen.size(), 3u);
  EXPECT_EQ(visitor.seen[0].text, "NaN");
  EXPECT_EQ(visitor.seen[1].text, "1e-99999999999");
  EXPECT_EQ(visitor.seen[1].offset, line.find("1e-"));
  EXPECT_EQ(visitor.seen[2].offset, line.find("{\"x\""));
  EXPECT_EQ(tape.non_finite_literals(), 2u);
  EXPECT_EQ(tape.offset(3), line.find("\"after\""));
  EXPECT_EQ(tape.text(tape.node(4)), "z");
}

}  // namespace
}  // namespace tracedoc::json
