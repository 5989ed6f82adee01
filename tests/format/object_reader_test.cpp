// The one table-driven object reader (src/format/object_codec.hpp) on a record of the test's own,
// apart from any format: member and table order, missing and duplicate fields and where they are
// reported, unknown members kept, dropped, hoisted or refused, the order check and its warning,
// non-finite values in kept members, custom field readers, and the writer of a table. Also
// AppendCompactJson, which writes the kept members.
#include "format/object_codec.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emit/json_emitter.hpp"
#include "emit/json_format.hpp"
#include "json/escaped_string.hpp"
#include "json/json_tape.hpp"
#include "support/parsed_json.hpp"

namespace tracedoc::format {
namespace {

// ---- The test's records and tables ------------------------------------------------------------

struct Inner {
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  UnknownFields unknown;
};

struct Rec {
  std::string_view name;
  std::uint64_t count = 0;
  std::optional<double> ratio;  // required, and takes null
  bool flag = false;            // defaulted
  Inner inner;                  // optional, read by a custom reader; has no writer
  UnknownFields unknown;
};

constexpr FieldSpec<Inner> kInnerFields[] = {
    ForeignField<Inner, &Inner::n>("n"),
    ForeignField<Inner, &Inner::m>("m", Presence::kDefaulted),
};

std::span<const FieldSpec<Inner>> InnerFields() { return kInnerFields; }

// What ForeignField's default reader for `inner` would call (never used: `inner` has its own).
bool ReadValue(DecodeContext& ctx, std::uint32_t node, Inner& inner) {
  return ReadObject(ctx, node, InnerFields(), inner, inner.unknown);
}

// `inner` read with a policy of its own: the nested object of a record.
template <ObjectPolicy kPolicy>
bool ReadInner(DecodeContext& ctx, std::uint32_t node, Rec& rec) {
  return ReadObject(ctx, node, InnerFields(), rec.inner, rec.inner.unknown, {}, kPolicy);
}

template <ObjectPolicy kInnerPolicy>
constexpr FieldSpec<Rec> kRecFields[] = {
    ForeignField<Rec, &Rec::name>("name"),
    ForeignField<Rec, &Rec::count>("count"),
    ForeignField<Rec, &Rec::ratio>("ratio"),
    ForeignField<Rec, &Rec::flag>("flag", Presence::kDefaulted),
    ForeignField<Rec, &Rec::inner>("inner", &ReadInner<kInnerPolicy>, Presence::kOptional),
};

constexpr ObjectPolicy kKeep{};
constexpr ObjectPolicy kHoist{.hoist_unknown = true};
constexpr ObjectPolicy kOrdered{.check_order = true};

template <ObjectPolicy kInnerPolicy = kKeep>
std::span<const FieldSpec<Rec>> RecFields() {
  return kRecFields<kInnerPolicy>;
}

// A rule across fields: `high` is checked against `low`, which must be read first.
struct Range {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
  UnknownFields unknown;
};

bool ReadHigh(DecodeContext& ctx, std::uint32_t node, Range& range) {
  if (!format::ReadValue(ctx, node, range.high)) return false;
  if (range.high < range.low) {
    return ctx.FailAt(
        node, ErrorCode::kInvalidValue,
        "high " + std::to_string(range.high) + " is below low " + std::to_string(range.low));
  }
  return true;
}

constexpr FieldSpec<Range> kRangeFields[] = {
    ForeignField<Range, &Range::low>("low"),
    ForeignField<Range, &Range::high>("high", &ReadHigh),
};

// ---- A tape, an arena and a context over one text ---------------------------------------------

// The test's tables read from a parsed text.
class Parsed : public testing::ParsedJson {
 public:
  using ParsedJson::ParsedJson;

  template <class Record>
  bool Read(std::span<const FieldSpec<Record>> fields, Record& record,
            const ObjectPolicy& policy = {}, ObjectMembers* members = nullptr,
            std::span<const std::string_view> reserved = {}, std::uint32_t node = 0) {
    return ReadObject(ctx(), node, fields, record, record.unknown, reserved, policy, members);
  }
};

std::vector<std::pair<std::string, std::string>> Members(const UnknownFields& unknown) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const UnknownField& field : unknown) out.emplace_back(field.key, field.json);
  return out;
}

using MemberList = std::vector<std::pair<std::string, std::string>>;

// Records every warning the reader reports.
class RecordingWarnings : public ObjectWarnings {
 public:
  struct Unknown {
    std::string field;
    std::uint32_t key_node;
    friend bool operator==(const Unknown&, const Unknown&) = default;
  };
  struct Order {
    std::string field;
    std::string after;
    std::uint32_t key_node;
    friend bool operator==(const Order&, const Order&) = default;
  };
  // The reader names a member by its object's path and its key; the paths are built here.
  void UnknownMember(const DecodeContext&, const PathStep* object, std::string_view key,
                     std::uint32_t key_node) override {
    const PathStep member{object, key};
    unknown.push_back({DecodeContext::PathString(&member), key_node});
  }
  void OutOfOrder(const DecodeContext&, const PathStep* object, std::string_view key,
                  std::string_view after, std::uint32_t key_node) override {
    const PathStep member{object, key};
    const PathStep later{object, after};
    order.push_back(
        {DecodeContext::PathString(&member), DecodeContext::PathString(&later), key_node});
  }
  std::vector<Unknown> unknown;
  std::vector<Order> order;
};

// ---- Reading ----------------------------------------------------------------------------------

TEST(ObjectReaderTest, ReadsEveryKindOfFieldWithTheDefaultsOfMissingOnes) {
  Parsed p(R"({"count":7,"ratio":null,"name":"a\u00e9"})");
  ASSERT_TRUE(p.ok());
  Rec rec;
  rec.flag = true;  // a defaulted field left out keeps what the record holds
  ASSERT_TRUE(p.Read(RecFields(), rec)) << p.ctx().error.message;
  EXPECT_EQ(rec.name, "a\xC3\xA9");
  EXPECT_EQ(rec.count, 7u);
  EXPECT_FALSE(rec.ratio.has_value());
  EXPECT_TRUE(rec.flag);
  EXPECT_TRUE(rec.unknown.empty());

  Parsed q(R"({"name":"b","count":1,"ratio":2.5,"flag":false,"inner":{"n":3,"m":4}})");
  ASSERT_TRUE(q.ok());
  Rec full;
  ASSERT_TRUE(q.Read(RecFields(), full)) << q.ctx().error.message;
  EXPECT_EQ(full.ratio, 2.5);
  EXPECT_FALSE(full.flag);
  EXPECT_EQ(full.inner.n, 3u);
  EXPECT_EQ(full.inner.m, 4u);
}

TEST(ObjectReaderTest, ANonObjectIsAnInvalidType) {
  Parsed p(R"([1])");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kInvalidType);
  EXPECT_EQ(p.ctx().error.message, "invalid type: sequence, expected a map");
  EXPECT_EQ(p.ctx().error_node, 0u);
}

TEST(ObjectReaderTest, NullForADefaultedFieldIsAnErrorOfItsReader) {
  Parsed p(R"({"name":"a","count":1,"ratio":1,"flag":null})");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kInvalidType);
  EXPECT_EQ(p.ctx().error.field, "flag");
  EXPECT_EQ(p.ctx().error.message, "invalid type: null, expected a boolean");
  EXPECT_EQ(p.ctx().error_node, 8u);
}

TEST(ObjectReaderTest, AMissingFieldIsReportedAtTheObjectUnderItsPath) {
  Parsed p(R"({"name":"a","ratio":1})");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kMissingField);
  EXPECT_EQ(p.ctx().error.message, "missing field `count`");
  EXPECT_EQ(p.ctx().error.field, "count");
  EXPECT_EQ(p.ctx().error_node, 0u);

  // In an array element: the element's node, and the path through the array.
  Parsed q(R"([{"name":"a","count":1,"ratio":1},{"name":"b","count":2}])");
  const PathStep element{nullptr, {}, 1};
  q.ctx().path = &element;
  const std::uint32_t second = q.tape().node(1).end;
  Rec other;
  EXPECT_FALSE(q.Read(RecFields(), other, {}, nullptr, {}, second));
  EXPECT_EQ(q.ctx().error.code, ErrorCode::kMissingField);
  EXPECT_EQ(q.ctx().error.field, "[1].ratio");
  EXPECT_EQ(q.ctx().error_node, second);
}

TEST(ObjectReaderTest, MissingFieldsAreReportedInTableOrder) {
  Parsed p(R"({"ratio":1})");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.message, "missing field `name`");
}

TEST(ObjectReaderTest, AnOptionalMemberIsStillARequiredKey) {
  Parsed p(R"({"name":"a","count":1})");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kMissingField);
  EXPECT_EQ(p.ctx().error.field, "ratio");
}

TEST(ObjectReaderTest, ADuplicateKnownKeyIsReportedAtTheSecondKey) {
  // 0 {, 1 name, 2 "a", 3 count, 4 1, 5 ratio, 6 null, 7 name, 8 "b"
  Parsed p(R"({"name":"a","count":1,"ratio":null,"name":"b"})");
  for (const ObjectPolicy policy : {ObjectPolicy{}, ObjectPolicy{.table_order = true}}) {
    SCOPED_TRACE(policy.table_order);
    Rec rec;
    EXPECT_FALSE(p.Read(RecFields(), rec, policy));
    EXPECT_EQ(p.ctx().error.code, ErrorCode::kDuplicateKey);
    EXPECT_EQ(p.ctx().error.message, "duplicate field `name`");
    EXPECT_EQ(p.ctx().error.field, "name");
    EXPECT_EQ(p.ctx().error_node, 7u);
  }
}

TEST(ObjectReaderTest, MembersAreReadAsWrittenUnlessInTableOrder) {
  // Both fields are wrong: the one written first fails first, unless the table's order rules.
  Parsed p(R"({"count":"x","name":5,"ratio":1})");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.field, "count");
  EXPECT_EQ(p.ctx().error.message, "invalid type: string \"x\", expected u64");
  EXPECT_EQ(p.ctx().error_node, 2u);

  Rec ordered;
  EXPECT_FALSE(p.Read(RecFields(), ordered, {.table_order = true}));
  EXPECT_EQ(p.ctx().error.field, "name");
  EXPECT_EQ(p.ctx().error.message, "invalid type: integer `5`, expected a string");
  EXPECT_EQ(p.ctx().error_node, 4u);
}

TEST(ObjectReaderTest, InTableOrderACustomReaderSeesTheFieldsBeforeIt) {
  Parsed p(R"({"high":1,"low":5})");
  Range as_written;
  // As written, `high` is read while `low` is still 0: the rule cannot see the fault.
  EXPECT_TRUE(p.Read(std::span<const FieldSpec<Range>>(kRangeFields), as_written));
  Range ordered;
  EXPECT_FALSE(
      p.Read(std::span<const FieldSpec<Range>>(kRangeFields), ordered, {.table_order = true}));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kInvalidValue);
  EXPECT_EQ(p.ctx().error.message, "high 1 is below low 5");
  EXPECT_EQ(p.ctx().error.field, "high");
  EXPECT_EQ(p.ctx().error_node, 2u);
}

TEST(ObjectReaderTest, ObjectMembersSaysWhichFieldsWereThereAndWhere) {
  // 0 {, 1 count, 2 1, 3 name, 4 "a", 5 ratio, 6 null
  Parsed p(R"({"count":1,"name":"a","ratio":null})");
  for (const bool table_order : {false, true}) {
    SCOPED_TRACE(table_order);
    Rec rec;
    ObjectMembers members;
    ASSERT_TRUE(p.Read(RecFields(), rec, {.table_order = table_order}, &members));
    EXPECT_EQ(members.seen, 0b111u);
    EXPECT_EQ(members.nodes[0], 4u);
    EXPECT_EQ(members.nodes[1], 2u);
    EXPECT_EQ(members.nodes[2], 6u);
  }
}

TEST(ObjectReaderTest, ErrorsCarryThePathOfTheObject) {
  Parsed p(R"({"name":"a","count":-1,"ratio":1})");
  const PathStep record{nullptr, "records"};
  const PathStep element{&record, {}, 4};
  p.ctx().path = &element;
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kOutOfRange);
  EXPECT_EQ(p.ctx().error.field, "records[4].count");
  EXPECT_EQ(p.ctx().error.message, "invalid value: integer `-1`, expected u64");
  // The path is restored after the read.
  EXPECT_EQ(p.ctx().path, &element);
}

TEST(ObjectReaderTest, AFieldsCustomReaderFailsUnderTheFieldsPath) {
  Parsed p(R"({"name":"a","count":1,"ratio":1,"inner":{"m":1}})");
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kMissingField);
  EXPECT_EQ(p.ctx().error.field, "inner.n");
  EXPECT_EQ(p.ctx().error_node, 8u);
}

// ---- Unknown members --------------------------------------------------------------------------

TEST(ObjectReaderTest, UnknownMembersAreKeptInOrderAsCompactJson) {
  Parsed p(R"({"name":"a", "zz" : [1, 2.50,{ }],"count":1,"ratio":0.5,"yy":{"k":"v\n\u00e9"}})");
  Rec rec;
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  ASSERT_TRUE(p.Read(RecFields(), rec)) << p.ctx().error.message;
  EXPECT_EQ(Members(rec.unknown),
            (MemberList{{"zz", "[1,2.50,{}]"}, {"yy", "{\"k\":\"v\\n\xC3\xA9\"}"}}));
  EXPECT_EQ(rec.unknown.size(), 2u);
  // Each kept one is reported with its path and key.
  EXPECT_EQ(warnings.unknown, (std::vector<RecordingWarnings::Unknown>{{"zz", 3}, {"yy", 11}}));
  EXPECT_TRUE(warnings.order.empty());
  // The context's stack of unknown members is empty again.
  EXPECT_TRUE(p.ctx().unknown_members.empty());
}

TEST(ObjectReaderTest, StrictRefusesTheFirstUnknownKeyAtTheKey) {
  // 0 {, 1 name, 2 "a", 3 zz, 4 1
  Parsed p(R"({"name":"a","zz":1,"count":1,"ratio":0,"yy":2})");
  p.ctx().strict_unknown_fields = true;
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kUnknownField);
  EXPECT_EQ(p.ctx().error.message, "unknown field `zz`");
  EXPECT_EQ(p.ctx().error.field, "zz");
  EXPECT_EQ(p.ctx().error_node, 3u);
}

TEST(ObjectReaderTest, ReservedKeysAreNeitherFieldsNorUnknown) {
  Parsed p(R"({"kind":"x","name":"a","count":1,"ratio":0,"kind":"again"})");
  p.ctx().strict_unknown_fields = true;
  const std::string_view reserved[] = {"kind"};
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields(), rec, {}, nullptr, reserved)) << p.ctx().error.message;
  EXPECT_TRUE(rec.unknown.empty());
}

TEST(ObjectReaderTest, UnknownKeysMayRepeatUnlessTheyMustBeUnique) {
  // 0 {, 1 name, 2 "a", 3 count, 4 1, 5 ratio, 6 0, 7 x, 8 1, 9 y, 10 2, 11 x, 12 3
  Parsed p(R"({"name":"a","count":1,"ratio":0,"x":1,"y":2,"x":3})");
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields(), rec));
  EXPECT_EQ(Members(rec.unknown), (MemberList{{"x", "1"}, {"y", "2"}, {"x", "3"}}));

  Rec unique;
  EXPECT_FALSE(p.Read(RecFields(), unique, {.unknown_keys_unique = true}));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(p.ctx().error.message, "duplicate field `x`");
  EXPECT_EQ(p.ctx().error.field, "x");
  EXPECT_EQ(p.ctx().error_node, 11u);
}

TEST(ObjectReaderTest, DroppedUnknownMembersAreNeitherKeptNorReported) {
  Parsed p(R"({"name":"a","x":{"deep":[1]},"count":1,"ratio":0})");
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields(), rec, {.drop_unknown = true}));
  EXPECT_TRUE(rec.unknown.empty());
  EXPECT_TRUE(warnings.unknown.empty());
  EXPECT_TRUE(p.ctx().unknown_members.empty());
}

TEST(ObjectReaderTest, AStrictReadRefusesAnUnknownKeyEvenWhereItWouldBeDropped) {
  // Pins what the reader does: strict comes before drop_unknown, so a Cirron snapshot's stats
  // (read with drop_unknown) refuse extra keys under CirronReadOptions::strict.
  Parsed p(R"({"name":"a","x":1,"count":1,"ratio":0})");
  p.ctx().strict_unknown_fields = true;
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec, {.drop_unknown = true}));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kUnknownField);
  EXPECT_EQ(p.ctx().error.field, "x");
}

TEST(ObjectReaderTest, ANestedObjectKeepsItsOwnUnknownMembersByDefault) {
  Parsed p(R"({"name":"a","u1":1,"inner":{"n":2,"extra":[true],"more":"m"},"u2":2,)"
           R"("count":1,"ratio":0})");
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields<kKeep>(), rec)) << p.ctx().error.message;
  EXPECT_EQ(Members(rec.unknown), (MemberList{{"u1", "1"}, {"u2", "2"}}));
  EXPECT_EQ(Members(rec.inner.unknown), (MemberList{{"extra", "[true]"}, {"more", "\"m\""}}));
}

TEST(ObjectReaderTest, HoistedUnknownMembersGoToTheEnclosingObjectUnderTheirPath) {
  Parsed p(R"({"name":"a","u1":1,"inner":{"n":2,"extra":[true],"more":"m"},"u2":2,)"
           R"("count":1,"ratio":0})");
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields<kHoist>(), rec)) << p.ctx().error.message;
  // In the order they were met, the nested ones under their path from the record.
  EXPECT_EQ(
      Members(rec.unknown),
      (MemberList{{"u1", "1"}, {"inner.extra", "[true]"}, {"inner.more", "\"m\""}, {"u2", "2"}}));
  EXPECT_TRUE(rec.inner.unknown.empty());
  ASSERT_EQ(warnings.unknown.size(), 4u);
  EXPECT_EQ(warnings.unknown[1].field, "inner.extra");
  EXPECT_TRUE(p.ctx().unknown_members.empty());
  EXPECT_TRUE(p.ctx().hoisted.empty());
}

TEST(ObjectReaderTest, HoistedPathsAreFromTheEnclosingObjectWhereverItIs) {
  // The hoisted key is the member's path from the object that keeps it (`inner.extra`), not from
  // the root of the read (`records[2]` here).
  Parsed p(R"({"name":"a","inner":{"n":2,"extra":1},"count":1,"ratio":0})");
  const PathStep records{nullptr, "records"};
  const PathStep element{&records, {}, 2};
  p.ctx().path = &element;
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields<kHoist>(), rec)) << p.ctx().error.message;
  EXPECT_EQ(Members(rec.unknown), (MemberList{{"inner.extra", "1"}}));
}

TEST(ObjectReaderTest, NonFiniteValuesOfUnknownMembersAreStringsWhenAsked) {
  const std::string text =
      R"({"name":"a","count":1,"ratio":NaN,"x":NaN,"y":[Infinity, -Infinity,1.0],"z":"NaN"})";
  {
    Parsed p(text, /*non_finite=*/true);
    ASSERT_TRUE(p.ok());
    Rec rec;
    ASSERT_TRUE(p.Read(RecFields(), rec)) << p.ctx().error.message;
    ASSERT_TRUE(rec.ratio.has_value());
    EXPECT_TRUE(std::isnan(*rec.ratio));
    EXPECT_EQ(Members(rec.unknown),
              (MemberList{{"x", "NaN"}, {"y", "[Infinity,-Infinity,1.0]"}, {"z", "\"NaN\""}}));
  }
  {
    Parsed p(text, /*non_finite=*/true);
    p.ctx().non_finite_as_strings = true;
    Rec rec;
    ASSERT_TRUE(p.Read(RecFields(), rec)) << p.ctx().error.message;
    EXPECT_EQ(Members(rec.unknown),
              (MemberList{
                  {"x", "\"NaN\""}, {"y", "[\"Infinity\",\"-Infinity\",1.0]"}, {"z", "\"NaN\""}}));
  }
}

TEST(ObjectReaderTest, ALargeUnknownValueIsKeptWhole) {
  const std::string big(200000, 'v');
  Parsed p(R"({"name":"a","count":1,"ratio":0,"big":")" + big + R"(","after":2})");
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields(), rec));
  const MemberList members = Members(rec.unknown);
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members[0].first, "big");
  EXPECT_TRUE(members[0].second == "\"" + big + "\"");
  EXPECT_EQ(members[1], (std::pair<std::string, std::string>{"after", "2"}));
}

// ---- The order check --------------------------------------------------------------------------

TEST(ObjectReaderTest, MembersOutOfTableOrderGiveOneWarningPerObject) {
  // 0 {, 1 count, 2 1, 3 name, 4 "a", 5 flag, 6 true, 7 ratio, 8 1, 9 inner, 10 {, 11 m, 12 1,
  // 13 n, 14 2
  Parsed p(R"({"count":1,"name":"a","flag":true,"ratio":1,"inner":{"m":1,"n":2}})");
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields<kOrdered>(), rec, {.check_order = true})) << p.ctx().error.message;
  // `ratio` after `flag` is a second departure in the record: not reported again. The nested
  // object has its own warning, its fields named by their path.
  EXPECT_EQ(warnings.order, (std::vector<RecordingWarnings::Order>{{"name", "count", 3},
                                                                   {"inner.n", "inner.m", 13}}));
  EXPECT_EQ(rec.count, 1u);
  EXPECT_EQ(rec.inner.n, 2u);
}

TEST(ObjectReaderTest, MembersInTableOrderGiveNoWarning) {
  Parsed p(R"({"name":"a","zz":0,"count":1,"ratio":1,"inner":{"n":2}})");
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields<kOrdered>(), rec, {.check_order = true}));
  EXPECT_TRUE(warnings.order.empty());
}

TEST(ObjectReaderTest, UnderStrictAMemberOutOfOrderIsTheErrorFieldOrder) {
  Parsed p(R"({"count":1,"name":"a","ratio":1})");
  p.ctx().strict_unknown_fields = true;
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  Rec rec;
  EXPECT_FALSE(p.Read(RecFields(), rec, {.check_order = true}));
  EXPECT_EQ(p.ctx().error.code, ErrorCode::kTraceMLFieldOrder);
  EXPECT_EQ(p.ctx().error.message, "`name` after `count`, out of column order");
  EXPECT_EQ(p.ctx().error.field, "name");
  EXPECT_EQ(p.ctx().error_node, 3u);
  EXPECT_TRUE(warnings.order.empty());
}

TEST(ObjectReaderTest, WithoutTheCheckOrderIsFree) {
  Parsed p(R"({"count":1,"name":"a","ratio":1})");
  p.ctx().strict_unknown_fields = true;
  RecordingWarnings warnings;
  p.ctx().warnings = &warnings;
  Rec rec;
  EXPECT_TRUE(p.Read(RecFields(), rec));
  EXPECT_TRUE(warnings.order.empty());
}

// ---- Writing ----------------------------------------------------------------------------------

TEST(ObjectReaderTest, WriteFieldsWritesTheTableThenTheUnknownMembersSkippingUnwritable) {
  // `inner` has no WriteValue: its field has no writer, and is left out.
  EXPECT_EQ(RecFields()[4].write, nullptr);
  EXPECT_NE(RecFields()[0].write, nullptr);
  Parsed p(R"({"zz":[1, 2],"ratio":null,"count":3,"name":"a\"b","inner":{"n":1}})");
  Rec rec;
  ASSERT_TRUE(p.Read(RecFields(), rec)) << p.ctx().error.message;
  const std::string written = emit::EmitJsonString(false, [&](emit::JsonEmitter& json) {
    json.BeginObject();
    WriteFields(json, RecFields(), rec, rec.unknown);
    json.EndObject();
  });
  EXPECT_EQ(written, R"({"name":"a\"b","count":3,"ratio":null,"flag":false,"zz":[1,2]})");

  rec.ratio = 0.25;
  const std::string with_ratio = emit::EmitJsonString(false, [&](emit::JsonEmitter& json) {
    json.BeginObject();
    WriteFields(json, RecFields(), rec, UnknownFields());
    json.EndObject();
  });
  EXPECT_EQ(with_ratio, R"({"name":"a\"b","count":3,"ratio":0.25,"flag":false})");
}

}  // namespace
}  // namespace tracedoc::format

// ---- AppendCompactJson ------------------------------------------------------------------------
namespace tracedoc::format {
namespace {

std::string Compact(std::string_view text, const CompactJsonOptions& options = {},
                    std::uint32_t node = 0, bool non_finite = false) {
  json::Tape tape;
  json::ParseOptions parse;
  parse.allow_non_finite = non_finite;
  const json::SyntaxStatus status = tape.Parse(text, parse).status;
  EXPECT_EQ(status, json::SyntaxStatus::kOk) << text;
  std::string out = "prefix:";
  AppendCompactJson(tape, node, out, options);
  EXPECT_EQ(out.substr(0, 7), "prefix:");  // appended to what was there
  return out.substr(7);
}

TEST(CompactJsonTest, NumbersAsWrittenStringsReEscapedNoWhiteSpace) {
  EXPECT_EQ(Compact(R"( { "a" : [ 1 , 2.50 ,1E2, -0 ], "b":"\u00e9\/\u0001\"" , "c" : { } ,)"
                    R"( "d":[ ], "e":null,"f":true,"g":false, "h":[[],{"x":[]}] } )"),
            R"({"a":[1,2.50,1E2,-0],"b":"é/\u0001\"","c":{},"d":[],"e":null,"f":true,)"
            R"("g":false,"h":[[],{"x":[]}]})");
  EXPECT_EQ(Compact("\t\"s\" "), "\"s\"");
  EXPECT_EQ(Compact("12"), "12");
}

TEST(CompactJsonTest, AValueInsideIsWrittenAlone) {
  // 0 {, 1 a, 2 [, 3 run(1,2), 4 {, 5 k, 6 "v", 7 b, 8 3
  const std::string text = R"({"a":[1, 2,{"k":"v"}],"b":3})";
  EXPECT_EQ(Compact(text, {}, 2), R"([1,2,{"k":"v"}])");
  EXPECT_EQ(Compact(text, {}, 4), R"({"k":"v"})");
  EXPECT_EQ(Compact(text, {}, 8), "3");
}

TEST(CompactJsonTest, NonFiniteLiteralsAsWrittenOrAsStrings) {
  const std::string text = R"([NaN,{"x":-Infinity},Infinity,1.5,"NaN"])";
  EXPECT_EQ(Compact(text, {}, 0, true), R"([NaN,{"x":-Infinity},Infinity,1.5,"NaN"])");
  CompactJsonOptions as_strings;
  as_strings.non_finite_as_strings = true;
  EXPECT_EQ(Compact(text, as_strings, 0, true),
            R"(["NaN",{"x":"-Infinity"},"Infinity",1.5,"NaN"])");
}

TEST(CompactJsonTest, ASkippedMemberLeavesOutItsKeyAndWholeValue) {
  const CompactJsonOptions skip{.skip_member = "skip"};
  struct Case {
    std::string text;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {R"({"skip":[1,{"a":2}],"k":1,"n":{"skip":3}})", R"({"k":1,"n":{"skip":3}})"},
      {R"({"a":1,"skip":{"x":[1,2]},"b":2})", R"({"a":1,"b":2})"},
      {R"({"a":1,"skip":2})", R"({"a":1})"},
      {R"({"skip":1})", R"({})"},
      {R"({"skip":1,"skip":{}})", R"({})"},
      {R"({"a":1,"b":"skip"})", R"({"a":1,"b":"skip"})"},
      {R"(["skip",1])", R"(["skip",1])"},
      {R"({"a":{"skip":[]},"skip":[[1],[2]],"c":[3, 4]})", R"({"a":{"skip":[]},"c":[3,4]})"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(Compact(c.text, skip), c.expected);
  }
}

TEST(CompactJsonTest, AStreamedArrayIsWrittenEmpty) {
  class Streams : public json::ElementVisitor {
   public:
    bool StreamsMember(std::string_view key) override { return key == "s"; }
    bool OnElement(json::Tape&, std::string_view, std::uint32_t, std::uint32_t) override {
      return true;
    }
  } visitor;
  const std::string text = R"({"s":[1,{"a":2}],"t":[3]})";
  json::Tape tape;
  ASSERT_EQ(tape.Parse(text, json::ParseOptions{}, &visitor).status, json::SyntaxStatus::kOk);
  std::string out;
  AppendCompactJson(tape, 0, out);
  EXPECT_EQ(out, R"({"s":[],"t":[3]})");
}

TEST(CompactJsonTest, ALongEscapedStringIsReEscapedAsTheWriterDoes) {
  std::string raw;
  while (raw.size() < 300000) raw += R"(a\/b\u00e9\n\"\\\u001f\ud83d\ude00)";
  const std::string text = R"({"k":")" + raw + R"(","z":1})";
  json::Tape tape;
  ASSERT_EQ(tape.Parse(text, json::ParseOptions{}).status, json::SyntaxStatus::kOk);
  ASSERT_TRUE(tape.node(2).raw_escaped);
  std::string unescaped(raw.size(), '\0');
  unescaped.resize(json::UnescapeJsonString(raw, unescaped.data()));
  std::string expected = "{\"k\":";
  emit::AppendJsonString(expected, unescaped);
  expected += ",\"z\":1}";
  std::string out;
  AppendCompactJson(tape, 0, out);
  EXPECT_TRUE(out == expected);  // not EXPECT_EQ: it would print 300 KB
  EXPECT_EQ(out.size(), expected.size());
}

}  // namespace
}  // namespace tracedoc::format
