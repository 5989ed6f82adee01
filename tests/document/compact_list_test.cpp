// A list of compact rows (document/compact_list.hpp) and the field encodings of its rows
// (document/row_fields.hpp): records read back as they were pushed, through the list's records()
// and after an append from another pool of the directory; a full directory refuses a record and
// keeps the list as it was; an op's inputs read back as a list of views.
#include "document/compact_list.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "document/row_fields.hpp"
#include "util/chunk_directory.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {
namespace {

constexpr std::uint64_t kShape[] = {4, 1024};
constexpr std::string_view kInputs[] = {"x", "weight", ""};

OpRecord Op(std::string_view name) {
  OpRecord op;
  op.span_id = "s-1";
  op.op_name = name;
  op.inputs = ArrayView<std::string_view>(kInputs, 3);
  op.output = "y";
  op.shape = ArrayView<std::uint64_t>(kShape, 2);
  op.dtype = "bf16";
  op.device = "cuda:0";
  op.duration_ns = 7;
  op.timestamp_ns = 1'000'000'007;
  op.output_dense_bytes = 8192;
  op.input_dense_bytes = 3;
  return op;
}

TEST(CompactListTest, AnOpReadsBackWithItsInputsOutputAndDenseBytes) {
  util::StringPool pool;
  CompactList<OpRecord> list;
  OpRecord without = Op("add");
  without.output.reset();
  without.output_dense_bytes.reset();
  without.inputs = {};
  ASSERT_TRUE(list.Push(Op("matmul"), pool));
  ASSERT_TRUE(list.Push(without, pool));
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0], Op("matmul"));
  EXPECT_EQ(list[1], without);
  EXPECT_FALSE(list[1].output.has_value());
  EXPECT_FALSE(list[1].output_dense_bytes.has_value());
  ASSERT_EQ(list[0].inputs.size(), 3u);
  EXPECT_EQ(list[0].inputs[1], "weight");
  EXPECT_NE(list[0].inputs[1].data(), kInputs[1].data()) << "the pool's copy";
  // Each op's list is a copy of its own (rarely two ops share one), of the shared strings.
  ASSERT_TRUE(list.Push(Op("matmul"), pool));
  EXPECT_NE(list[2].inputs.data(), list[0].inputs.data());
  EXPECT_EQ(list[2].inputs[1].data(), list[0].inputs[1].data());
}

TEST(CompactListTest, RecordsAreTheRowsDecodedAndAnAppendKeepsTheRefs) {
  const auto directory = std::make_shared<util::ChunkDirectory>();
  util::StringPool own(util::PoolMode::kIntern, directory);
  util::StringPool shard(util::PoolMode::kIntern, directory);
  CompactList<OpRecord> document;
  CompactList<OpRecord> block;
  ASSERT_TRUE(document.Push(Op("first"), own));
  ASSERT_TRUE(block.Push(Op("second"), shard));
  document.Append(block);
  const RecordList<OpRecord> records = document.records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].op_name, "first");
  EXPECT_EQ(records[1].op_name, "second");
  EXPECT_EQ(records.back(), Op("second"));
  std::vector<std::string> names;
  for (const OpRecord& op : records) names.emplace_back(op.op_name);
  EXPECT_EQ(names, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(document.memory_bytes(), document.capacity() * sizeof(RowCodec<OpRecord>::Row));
  document.clear();
  EXPECT_TRUE(document.empty());
}

TEST(CompactListTest, AListFilledOnlyByAppendsReadsThroughTheirDirectory) {
  // A document whose records of a kind all came from decoding threads' blocks.
  const auto directory = std::make_shared<util::ChunkDirectory>();
  util::StringPool shard(util::PoolMode::kIntern, directory);
  CompactList<OpRecord> block;
  ASSERT_TRUE(block.Push(Op("gathered"), shard));
  CompactList<OpRecord> document;
  document.Append(block);
  ASSERT_EQ(document.size(), 1u);
  EXPECT_EQ(document[0], Op("gathered"));
}

TEST(CompactListTest, AFullDirectoryRefusesTheRecordAndKeepsTheList) {
  const auto directory = std::make_shared<util::ChunkDirectory>(1);
  util::StringPool pool(util::PoolMode::kIntern, directory);
  CompactList<OpRecord> list;
  ASSERT_TRUE(list.Push(Op("fits"), pool));
  const std::string large(400'000, 'n');
  EXPECT_FALSE(list.Push(Op(large), pool));
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].op_name, "fits");
}

TEST(CompactListTest, AFullDirectoryRefusesAMemberEncodedInPlaceAndKeepsTheRow) {
  const auto directory = std::make_shared<util::ChunkDirectory>(1);
  util::StringPool pool(util::PoolMode::kIntern, directory);
  CompactList<SpanRecord> spans;
  SpanRecord span;
  span.id = "s";
  span.start_ns = 7;
  ASSERT_TRUE(spans.Push(span, pool));
  std::string encoded;
  AppendUnknownField(encoded, "big", std::string(400'000, 'n'));
  SpanRecord ended;
  ended.end_unknown = UnknownFields(encoded, 1);
  EXPECT_FALSE(spans.Set<&SpanRecord::end_unknown>(0, ended, pool));
  EXPECT_EQ(spans[0], span) << "the row as it was";
}

TEST(RowFieldsTest, UnknownMembersAndAbsentOptionalsRoundTrip) {
  util::StringPool pool;
  std::string encoded;
  AppendUnknownField(encoded, "x_a", "1");
  AppendUnknownField(encoded, "x_b", "\"two\"");
  const UnknownFields unknown(encoded, 2);
  row_fields::Encoder put(pool);
  const util::StringRef unknown_ref = put.Unknown(unknown);
  const util::StringRef none = put.Unknown(UnknownFields());
  const util::StringRef absent = put.Optional(std::nullopt).ref;
  ASSERT_TRUE(put.ok());
  const util::ChunkDirectory& directory = *pool.directory();
  EXPECT_EQ(row_fields::Unknown(directory, unknown_ref, put.UnknownCount(unknown)), unknown);
  EXPECT_EQ(put.UnknownCount(unknown), 2u);
  EXPECT_EQ(none, util::kNoString);
  EXPECT_TRUE(row_fields::Unknown(directory, none, 0).empty());
  EXPECT_EQ(absent, util::kNoString);
  EXPECT_FALSE(row_fields::Optional(directory, absent, 0).has_value());
  // The size kept beside a ref: a short string's own, or "read the prefix" for a long one.
  const row_fields::Stored short_one = put.String("cuda:0");
  const row_fields::Stored long_one = put.String(std::string(300, 'l'));
  EXPECT_EQ(short_one.size, 6u);
  EXPECT_EQ(long_one.size, row_fields::kSizeInPool);
  EXPECT_EQ(row_fields::View(directory, short_one.ref, short_one.size), "cuda:0");
  EXPECT_EQ(row_fields::View(directory, long_one.ref, long_one.size).size(), 300u);
}

}  // namespace
}  // namespace tracedoc::detail
