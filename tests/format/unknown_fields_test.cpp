// UnknownFields: a record's unknown members in one block of bytes (docs/tracedoc.md §3, §5).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tracedoc/event.hpp"

namespace tracedoc {
namespace {

TEST(UnknownFieldsTest, IteratesTheMembersItWasGiven) {
  std::string encoded;
  AppendUnknownField(encoded, "a", "1");
  AppendUnknownField(encoded, "", "{\"x\":[]}");
  AppendUnknownField(encoded, std::string(300, 'k'), "\"v\"");
  const UnknownFields fields(encoded, 3);
  std::vector<UnknownField> seen(fields.begin(), fields.end());
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(fields.size(), 3u);
  EXPECT_EQ(seen[0], (UnknownField{"a", "1"}));
  EXPECT_EQ(seen[1], (UnknownField{"", "{\"x\":[]}"}));
  EXPECT_EQ(seen[2].key, std::string(300, 'k'));
  EXPECT_EQ(seen[2].json, "\"v\"");
  // Four bytes of length before each key and each value.
  EXPECT_EQ(encoded.size(), 3 * 8 + 1 + 1 + 8 + 300 + 3u);
}

TEST(UnknownFieldsTest, EmptyHasNoMembers) {
  const UnknownFields fields;
  EXPECT_TRUE(fields.empty());
  EXPECT_EQ(fields.begin(), fields.end());
}

TEST(UnknownFieldsTest, EqualWhenTheirMembersAre) {
  std::string a;
  std::string b;
  AppendUnknownField(a, "k", "1");
  AppendUnknownField(b, "k", "1");
  EXPECT_EQ(UnknownFields(a, 1), UnknownFields(b, 1));
  std::string c;
  AppendUnknownField(c, "k", "2");
  EXPECT_NE(UnknownFields(a, 1), UnknownFields(c, 1));
}

TEST(UnknownFieldsTest, IsNoBiggerThanTheViewItReplaced) {
  EXPECT_EQ(sizeof(UnknownFields), 2 * sizeof(void*));
}

}  // namespace
}  // namespace tracedoc
