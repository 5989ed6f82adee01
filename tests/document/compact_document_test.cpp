// Issue 43, item 1, at scale: the memory events and ops of a generated 10^5-event trace, read on one
// thread (interned by the fold) and on two (interned by a decoding thread's shard, then adopted),
// are exactly the records each line decodes to, field by field, unknown members included; and
// a record handed out stays valid after the list that gave it is gone.
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include <gtest/gtest.h>

#include "document/record_rows.hpp"
#include "fold/block_records.hpp"
#include "format/revision_rules.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc {
namespace {

constexpr std::size_t kEvents = 100'000;

// `text` with a few unknown members added to every tenth memory or op line, so that the side of
// the row that holds them is read too.
std::string WithUnknownMembers(const std::string& text) {
  std::string out;
  std::size_t line_number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    const bool memory = line.find("\"kind\":\"memory\"") != std::string::npos;
    const bool op = line.find("\"kind\":\"op\"") != std::string::npos;
    if ((memory || op) && ++line_number % 10 == 0) {
      line.insert(line.size() - 1, ",\"x_note\":\"n" + std::to_string(line_number) +
                                       "\",\"x_list\":[1,2.5,null]");
    }
    out += line;
    out += '\n';
    start = end + 1;
  }
  return out;
}

// Calls `visit(line)` for each line of `text` whose kind is `kind`.
template <class Visit>
void ForEachLineOfKind(const std::string& text, std::string_view kind, Visit&& visit) {
  const std::string marker = "\"kind\":\"" + std::string(kind) + "\"";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    if (line.find(marker) != std::string_view::npos) visit(line);
    start = end + 1;
  }
}

// Whether the records of `list` are, in order, those the lines of `kind` decode to, as the fold
// keeps them (`kept`); counts those with unknown members into `with_unknown`.
template <class Record, class Kept>
void ExpectEachLinesRecord(const std::string& text, std::string_view kind,
                           RecordList<Record> list, Kept kept, std::size_t& with_unknown) {
  // A decoded record is valid until the next Decode: each is compared as it comes.
  RecordDecoder decoder;
  std::size_t compared = 0;
  ForEachLineOfKind(text, kind, [&](std::string_view line) {
    Result<Event> event = decoder.Decode(line);
    ASSERT_TRUE(event.has_value());
    ASSERT_LT(compared, list.size());
    const Record expected = kept(std::get<Record>(event.value()));
    ASSERT_EQ(list[compared], expected) << kind << " " << compared;
    with_unknown += expected.unknown.empty() ? 0 : 1;
    ++compared;
  });
  EXPECT_EQ(compared, list.size());
  EXPECT_GT(compared, 20'000u) << kind;
}

class CompactDocumentTest : public ::testing::TestWithParam<unsigned> {};

TEST_P(CompactDocumentTest, MemoryEventsAndOpsReadBackAsEachLineDecodes) {
  const std::string text = WithUnknownMembers(generator::GenerateTrace(kEvents, 11));
  ReadOptions options;
  options.threads = GetParam();
  const Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text), options);
  ASSERT_TRUE(document.has_value()) << document.error().message;

  std::size_t with_unknown = 0;
  ExpectEachLinesRecord<MemoryRecord>(
      text, "memory", document.value().memory(), [](const MemoryRecord& r) { return r; },
      with_unknown);
  EXPECT_GT(with_unknown, document.value().memory().size() / 20);
  std::size_t ops_with_unknown = 0;
  ExpectEachLinesRecord<OpRecord>(
      text, "op", document.value().ops(),
      [](const OpRecord& op) { return detail::KeptOp(op, format::kTrace10Rules); },
      ops_with_unknown);
}

INSTANTIATE_TEST_SUITE_P(Threads, CompactDocumentTest, ::testing::Values(1u, 2u));

TEST(CompactRecordTest, ARecordOutlivesTheListThatGaveIt) {
  const std::string text = generator::GenerateTrace(2'000, 3);
  const Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  ASSERT_TRUE(document.has_value());
  MemoryRecord kept;
  {
    const RecordList<MemoryRecord> memory = document.value().memory();
    ASSERT_FALSE(memory.empty());
    kept = memory.back();
  }
  EXPECT_FALSE(kept.storage_id.empty());
  EXPECT_EQ(kept, document.value().memory().back());
}

TEST(CompactRowSizeTest, RowsTakeTheBytesTheArchitecturePageGives) {
  EXPECT_EQ(sizeof(detail::RowCodec<OpRecord>::Row), 76u);
  EXPECT_EQ(sizeof(detail::RowCodec<TensorRecord>::Row), 49u);
  EXPECT_EQ(sizeof(detail::RowCodec<TensorStatsRecord>::Row), 68u);
  EXPECT_EQ(sizeof(detail::RowCodec<MemoryRecord>::Row), 61u);
  EXPECT_EQ(sizeof(detail::RowCodec<DeviceMemoryRecord>::Row), 54u);
  EXPECT_EQ(sizeof(detail::RowCodec<DeviceIntervalRecord>::Row), 49u);
  EXPECT_EQ(sizeof(detail::RowCodec<GradientRecord>::Row), 33u);
  EXPECT_EQ(sizeof(detail::RowCodec<EdgeRecord>::Row), 27u);
}

}  // namespace
}  // namespace tracedoc
