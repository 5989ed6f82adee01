// The syntax layer on its own: what the tape holds for a line, and what it costs (docs/tracedoc.md
// §5): plain strings and numbers are views into the line, a run of numbers is one node, and
// exponents beyond 32 bits are clamped in one pass whatever their number.
#include "json/json_tape.hpp"

#include "json/escaped_string.hpp"

#include <gtest/gtest.h>

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
