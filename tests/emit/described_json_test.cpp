// The described-struct writer (src/emit/described_json.hpp): each kind of member written as its
// JSON value, under its own name, in the description's order; empty optionals as null or left
// out; a type's own JSON preferred to the generic rule.
#include "emit/described_json.hpp"

#include <boost/describe/class.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/enums.hpp"

namespace tracedoc::emit {
namespace described_test {

struct Pair {
  std::uint64_t first = 0;
  std::uint64_t second = 0;
};

// Written as `[first,second]`, not as an object: its own JSON wins.
void EmitJsonValue(JsonEmitter& json, const Pair& pair) {
  json.BeginArray();
  json.U64(pair.first);
  json.U64(pair.second);
  json.EndArray();
}

struct Inner {
  std::string name;
  double share = 0;
};
BOOST_DESCRIBE_STRUCT(Inner, (), (name, share))

struct Outer {
  std::uint64_t count = 0;
  bool flag = false;
  MemoryCategory category = MemoryCategory::kOther;
  std::string_view label;
  std::optional<std::uint64_t> peak;
  std::optional<Inner> inner;
  std::vector<Inner> list;
  std::vector<std::uint64_t> numbers;
  Pair pair;
  std::uint64_t not_described = 7;
};
// Listed out of declaration order: the description's order is the JSON's.
BOOST_DESCRIBE_STRUCT(Outer, (),
                      (flag, count, category, label, peak, inner, list, numbers, pair))

}  // namespace described_test
namespace {

using described_test::Inner;
using described_test::Outer;

std::string Write(const Outer& outer, AbsentMember absent) {
  std::string out;
  EmitJson(out, /*pretty=*/false,
           [&](JsonEmitter& json) { EmitDescribedObject(json, outer, absent); });
  return out;
}

TEST(DescribedJsonTest, EveryKindOfMemberInTheDescriptionsOrder) {
  Outer outer;
  outer.count = std::numeric_limits<std::uint64_t>::max();
  outer.flag = true;
  outer.category = MemoryCategory::kActivation;
  outer.label = "a\"b";
  outer.peak = 0;
  outer.inner = Inner{"x", 0.5};
  outer.list = {Inner{"y", 1}, Inner{"z", 2.25}};
  outer.numbers = {3, 4};
  outer.pair = {5, 6};
  EXPECT_EQ(Write(outer, AbsentMember::kNull),
            R"({"flag":true,"count":18446744073709551615,"category":"activation",)"
            R"("label":"a\"b","peak":0,"inner":{"name":"x","share":0.5},)"
            R"("list":[{"name":"y","share":1.0},{"name":"z","share":2.25}],)"
            R"("numbers":[3,4],"pair":[5,6]})");
}

TEST(DescribedJsonTest, AnEmptyOptionalIsNullOrLeftOut) {
  const Outer outer;
  EXPECT_EQ(Write(outer, AbsentMember::kNull),
            R"({"flag":false,"count":0,"category":"other","label":"","peak":null,)"
            R"("inner":null,"list":[],"numbers":[],"pair":[0,0]})");
  EXPECT_EQ(Write(outer, AbsentMember::kOmitted),
            R"({"flag":false,"count":0,"category":"other","label":"","list":[],)"
            R"("numbers":[],"pair":[0,0]})");
}

TEST(DescribedJsonTest, MembersGoIntoAnObjectAlreadyOpen) {
  std::string out;
  EmitJson(out, /*pretty=*/false, [](JsonEmitter& json) {
    json.BeginObject();
    json.Key("before").U64(1);
    EmitDescribedMembers(json, Inner{"n", 3});
    EmitDescribedValue(json.Key("after"), std::vector<Inner>{});
    json.EndObject();
  });
  EXPECT_EQ(out, R"({"before":1,"name":"n","share":3.0,"after":[]})");
}

}  // namespace
}  // namespace tracedoc::emit
