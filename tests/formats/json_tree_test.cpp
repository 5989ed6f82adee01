// The corpus's editable JSON text: a parsed text writes back as it was, in Python's one-line
// layout and in indent=2, and a path names the node it says.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "formats/json_tree.hpp"

namespace tracedoc::formats {
namespace {

constexpr std::string_view kBatch =
    R"({"a": 1, "b": [1.50, "x\"y", NaN, -Infinity], "c": {}, "d": [], "e": {"f": null, "g": [{"h": true}]}})";

TEST(FormatsJsonTreeTest, WritesBackTheOneLineTextItParsed) {
  EXPECT_EQ(WriteJsonTree(ParseJsonTree(kBatch), JsonLayout::kOneLine), kBatch);
}

TEST(FormatsJsonTreeTest, IndentsAsPythonsJsonDumpsWithIndent2) {
  EXPECT_EQ(WriteJsonTree(ParseJsonTree(R"({"a": 1, "b": [2, {}], "c": {"d": []}})"),
                          JsonLayout::kIndented),
            "{\n  \"a\": 1,\n  \"b\": [\n    2,\n    {}\n  ],\n  \"c\": {\n    \"d\": []\n  }\n}");
}

TEST(FormatsJsonTreeTest, ReadsCompactAndIndentedTextAlike) {
  const JsonNode tree = ParseJsonTree(kBatch);
  EXPECT_EQ(WriteJsonTree(ParseJsonTree(WriteJsonTree(tree, JsonLayout::kIndented)),
                          JsonLayout::kOneLine),
            kBatch);
  EXPECT_EQ(WriteJsonTree(ParseJsonTree(R"({"a":1,"b":[1.50,"x\"y",NaN,-Infinity],"c":{},)"
                                        R"("d":[],"e":{"f":null,"g":[{"h":true}]}})"),
                          JsonLayout::kOneLine),
            kBatch);
}

TEST(FormatsJsonTreeTest, PathsNameKeysAndItems) {
  JsonNode tree = ParseJsonTree(kBatch);
  EXPECT_EQ(NodeAt(tree, "b[1]").raw, "\"x\\\"y\"");
  EXPECT_EQ(NodeAt(tree, "e.g[0].h").raw, "true");
  NodeAt(tree, "e.f") = RawJson("\xff");
  EXPECT_EQ(WriteJsonTree(NodeAt(tree, "e"), JsonLayout::kOneLine),
            "{\"f\": \xff, \"g\": [{\"h\": true}]}");
  const MemberPlace place = MemberAt(tree, "e.g");
  EXPECT_EQ(place.index, 1u);
  EXPECT_EQ(place.object, &NodeAt(tree, "e"));
  EXPECT_EQ(WriteJsonTree(StringJson("a\"b\\"), JsonLayout::kOneLine), R"("a\"b\\")");
}

TEST(FormatsJsonTreeTest, APathToNothingOrTextThatIsNoJsonThrows) {
  JsonNode tree = ParseJsonTree(kBatch);
  EXPECT_THROW(NodeAt(tree, "b[4]"), std::out_of_range);
  EXPECT_THROW(NodeAt(tree, "e.x"), std::out_of_range);
  EXPECT_THROW(MemberAt(tree, "b[0]"), std::out_of_range);
  EXPECT_THROW(ParseJsonTree("{\"a\": 1"), std::invalid_argument);
  EXPECT_THROW(ParseJsonTree("{\"a\": 1} x"), std::invalid_argument);
}

}  // namespace
}  // namespace tracedoc::formats
