// Issue 43, item 1: a record kept as a compact row reads back as exactly the record it was,
// every field, unknown members included, whichever of a document's pools interned it: rows made
// in two pools of one directory (the folding thread's and a decoding thread's shard) and appended
// into one list decode through the directory alone.
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "document/compact_list.hpp"
#include "property/property_case_count.hpp"
#include "tracedoc/event.hpp"
#include "util/chunk_directory.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::property {
namespace {

// Text of 0 to 300 bytes (both sides of the one-byte length prefix), often one of a few values
// so that interning shares copies.
std::string DrawText() {
  if (*rc::gen::inRange(0, 3) == 0) {
    return *rc::gen::element<std::string>("cuda:0", "f32", "", "span-1", "alloc");
  }
  const int size = *rc::gen::element(0, 1, 7, 8, 9, 254, 255, 300);
  return std::string(static_cast<std::size_t>(size),
                     static_cast<char>('a' + *rc::gen::inRange(0, 26)));
}

// A record's strings, arrays and unknown members, owned by the case; the record's views point
// into them, so a Drawn is filled where it stays.
struct Drawn {
  std::vector<std::string> texts;
  std::vector<std::uint64_t> shape;
  std::string unknown;
  MemoryRecord record;
};

void DrawMemoryRecord(Drawn& drawn) {
  drawn.texts.reserve(6);
  for (int i = 0; i < 6; ++i) drawn.texts.push_back(DrawText());
  drawn.shape = *rc::gen::container<std::vector<std::uint64_t>>(
      rc::gen::inRange<std::uint64_t>(0, 1ull << 40));
  const int unknown_count = *rc::gen::inRange(0, 3);
  for (int i = 0; i < unknown_count; ++i) {
    AppendUnknownField(drawn.unknown, "x_" + std::to_string(i), "\"" + DrawText() + "\"");
  }
  MemoryRecord& r = drawn.record;
  r.timestamp_ns = *rc::gen::arbitrary<std::uint64_t>();
  r.storage_id = drawn.texts[0];
  r.tensor_id = drawn.texts[1];
  r.span_id = drawn.texts[2];
  if (*rc::gen::arbitrary<bool>()) r.op_name = drawn.texts[3];
  r.device = drawn.texts[4];
  r.bytes = *rc::gen::arbitrary<std::uint64_t>();
  r.action = *rc::gen::element(MemoryAction::kAlloc, MemoryAction::kFree);
  r.shape = ArrayView<std::uint64_t>(drawn.shape.data(), drawn.shape.size());
  r.dtype = drawn.texts[5];
  r.category = *rc::gen::element(MemoryCategory::kOther, MemoryCategory::kActivation,
                                 MemoryCategory::kParameter);
  r.unknown = UnknownFields(drawn.unknown, static_cast<std::size_t>(unknown_count));
}

RC_GTEST_PROP(CompactRowsProperty, AMemoryRowReadsBackAsTheRecordFromEitherPool, ()) {
  const auto directory = std::make_shared<util::ChunkDirectory>();
  util::StringPool own(util::PoolMode::kIntern, directory);
  util::StringPool shard(util::PoolMode::kIntern, directory);
  detail::CompactList<MemoryRecord> document;
  detail::CompactList<MemoryRecord> block;

  const int count = *rc::gen::inRange(1, 60);
  std::deque<Drawn> drawn;  // stays where it was put
  std::vector<bool> in_block;
  for (int i = 0; i < count; ++i) {
    DrawMemoryRecord(drawn.emplace_back());
    in_block.push_back(*rc::gen::arbitrary<bool>());
  }
  // The document's own records first, then the block's appended after them, as the fold does.
  std::vector<const MemoryRecord*> expected;
  for (int i = 0; i < count; ++i) {
    if (in_block[static_cast<std::size_t>(i)]) continue;
    RC_ASSERT(document.Push(drawn[static_cast<std::size_t>(i)].record, own));
    expected.push_back(&drawn[static_cast<std::size_t>(i)].record);
  }
  for (int i = 0; i < count; ++i) {
    if (!in_block[static_cast<std::size_t>(i)]) continue;
    RC_ASSERT(block.Push(drawn[static_cast<std::size_t>(i)].record, shard));
    expected.push_back(&drawn[static_cast<std::size_t>(i)].record);
  }
  if (*rc::gen::arbitrary<bool>()) shard.ForgetIndex();  // a shard between blocks
  document.Append(block);

  const RecordList<MemoryRecord> records = document.records();
  RC_ASSERT(records.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const MemoryRecord back = records[i];
    RC_ASSERT(back == *expected[i]);
    RC_ASSERT(back.op_name.has_value() == expected[i]->op_name.has_value());
    RC_ASSERT(back.unknown.size() == expected[i]->unknown.size());
    // The views are the pools', not the case's.
    RC_ASSERT(back.device.data() != expected[i]->device.data());
  }
}

}  // namespace
}  // namespace tracedoc::property
