// One batch file read through a SpoolSink (src/cirron/batch_reader.hpp): a recording sink
// checks which calls the reader makes, in which order, with which values and positions
// (spool_sink.hpp, spool_records.hpp), and each broken rule gives its code at its place, with
// the records after a broken one handed to no one.
#include "cirron/batch_reader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "cirron/spool_records.hpp"
#include "cirron/spool_sink.hpp"
#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"

namespace tracedoc::cirron {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing_support::CirronBatchFileName;
using testing_support::CirronBatchJson;
using testing_support::CirronHexId;
using testing_support::CirronMarkOf;
using testing_support::CirronSpanOf;

constexpr std::uint64_t kCreated = 1'764'000'000'000'000'500;

std::string Hex(char c) { return CirronHexId(c); }

CirronSpan Span(char id, std::optional<char> parent, std::uint64_t start, std::uint64_t end) {
  return CirronSpanOf(id, std::string("span-") + id, parent, start, end);
}

CirronMark Mark(char id, std::string span_id, CirronMarkValue value) {
  return CirronMarkOf(id, std::move(span_id), std::move(value), 20);
}

CirronSnapshot Snapshot(char id, char span, double mean) {
  CirronSnapshot snapshot;
  snapshot.id = Hex(id);
  snapshot.span_id = Hex(span);
  snapshot.tensor_name = "w";
  snapshot.shape = {4};
  snapshot.dtype = "float32";
  CirronTensorStats stats;
  stats.mean = mean;
  for (std::size_t i = 0; i < stats.histogram.bins.size(); ++i) {
    stats.histogram.bins[i] = static_cast<double>(i);
  }
  stats.histogram.counts[3] = 4;
  snapshot.stats = stats;
  snapshot.ts_ns = 30;
  snapshot.attrs_json = "{}";
  return snapshot;
}

// A batch named after its created_ns and id, holding `spans`.
CirronBatch Batch(std::vector<CirronSpan> spans, char id = 'b', std::uint64_t created = kCreated) {
  CirronBatch batch;
  batch.batch_id = Hex(id);
  batch.created_ns = created;
  batch.sdk_version = "0.4.2";
  batch.file_name = CirronBatchFileName(created, batch.batch_id);
  batch.spans = std::move(spans);
  return batch;
}

// Records each call the reader makes, with the values a test checks.
class RecordingSink final : public SpoolSink {
 public:
  std::vector<std::string> calls;
  std::vector<CirronMarkValue> mark_values;
  std::vector<std::uint64_t> columns;
  std::uint64_t last_created_ns = 0;
  std::string last_sdk_version;
  std::uint64_t last_non_finite = 0;
  std::size_t last_unknown = 0;

  void OnSpan(const SpanView& span, const RecordSource& source) override {
    Called("span " + std::string(span.name) + " parent " +
               (span.parent_id ? std::string(span.parent_id->text.substr(0, 1)) : "-") + " marks " +
               std::to_string(span.mark_ids.size()),
           source);
  }
  void OnMark(const MarkView& mark, const RecordSource& source) override {
    Called("mark " + std::string(mark.id.text.substr(0, 1)) + " on " +
               std::string(mark.span_id.root() ? "root" : mark.span_id.text.substr(0, 1)),
           source);
    std::visit(
        [this](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string_view>) {
            mark_values.emplace_back(std::string(v));
          } else {
            mark_values.emplace_back(v);
          }
        },
        mark.value.typed);
  }
  void OnSnapshot(const SnapshotView& snapshot, const RecordSource& source) override {
    Called("snapshot " + std::string(snapshot.id.text.substr(0, 1)) + " counts[3] " +
               std::to_string(snapshot.stats ? snapshot.stats->histogram.counts.counts[3] : 0),
           source);
  }
  void OnBatch(const BatchView& batch, const BatchSource& source) override {
    calls.push_back("batch " + std::to_string(source.batch) + " " + std::string(source.file_name) +
                    " at " + std::string(source.path));
    EXPECT_EQ(source.tape.node(0).type, json::NodeType::kObject);
    last_created_ns = batch.created_ns;
    last_sdk_version = std::string(batch.sdk_version);
    last_non_finite = source.non_finite_numbers;
    last_unknown = batch.unknown.size();
  }

 private:
  void Called(std::string call, const RecordSource& source) {
    // The record's node is its object on the tape, whatever the sink wants to keep of it.
    EXPECT_EQ(source.tape.node(source.node).type, json::NodeType::kObject);
    calls.push_back(call + " [" + std::to_string(source.place.batch) + "." +
                    std::to_string(source.place.index) + "] " +
                    std::to_string(source.position.line) + ":" +
                    std::to_string(source.position.column));
    columns.push_back(source.position.column);
  }
};

struct Reading {
  RecordingSink sink;
  BatchReader reader;
  explicit Reading(BatchReadOptions options = {}) : reader(options, sink) {}
  Result<void> Read(const CirronBatch& batch, std::uint32_t number = 0) {
    return reader.Read(number, batch.file_name, "spool/" + batch.file_name, CirronBatchJson(batch));
  }
  Result<void> ReadText(const CirronBatch& batch, const std::string& text) {
    return reader.Read(0, batch.file_name, "spool/" + batch.file_name, text);
  }
};

// Where `needle` starts in `text`, as a 1-based column of a one-line batch.
std::uint64_t ColumnOf(const std::string& text, const std::string& needle) {
  const std::size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  return at + 1;
}

TEST(BatchReaderTest, HandsEachRecordInArrayOrderThenTheBatch) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90), Span('c', 'a', 20, 30)});
  batch.spans[1].mark_ids = {Hex('d')};
  batch.marks = {Mark('d', Hex('c'), 0.5)};
  batch.snapshots = {Snapshot('e', 'c', 1.0)};
  batch.unknown = {{"hostname", "\"node-7\""}};
  Reading reading;
  ASSERT_THAT(reading.Read(batch), Succeeds());
  const std::string path = "spool/" + batch.file_name;
  EXPECT_THAT(
      reading.sink.calls,
      ElementsAre("span span-a parent - marks 0 [0.0] 1:" + std::to_string(reading.sink.columns[0]),
                  "span span-c parent a marks 1 [0.1] 1:" + std::to_string(reading.sink.columns[1]),
                  "mark d on c [0.0] 1:" + std::to_string(reading.sink.columns[2]),
                  "snapshot e counts[3] 4 [0.0] 1:" + std::to_string(reading.sink.columns[3]),
                  "batch 0 " + batch.file_name + " at " + path));
  EXPECT_EQ(reading.sink.last_created_ns, kCreated);
  EXPECT_EQ(reading.sink.last_sdk_version, "0.4.2");
  EXPECT_EQ(reading.sink.last_unknown, 1u);
  EXPECT_EQ(reading.sink.last_non_finite, 0u);
}

TEST(BatchReaderTest, EachRecordsPositionIsWhereItsObjectStarts) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90), Span('c', 'a', 20, 30)});
  const std::string text = CirronBatchJson(batch);
  Reading reading;
  ASSERT_THAT(reading.ReadText(batch, text), Succeeds());
  EXPECT_THAT(reading.sink.columns, ElementsAre(ColumnOf(text, "{\"id\": \"" + Hex('a')),
                                                ColumnOf(text, "{\"id\": \"" + Hex('c'))));
}

TEST(BatchReaderTest, AByteOrderMarkIsSkippedAndCountsInTheColumns) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90)});
  const std::string text = CirronBatchJson(batch);
  Reading plain;
  ASSERT_THAT(plain.ReadText(batch, text), Succeeds());
  Reading marked;
  ASSERT_THAT(marked.ReadText(batch, "\xEF\xBB\xBF" + text), Succeeds());
  ASSERT_EQ(marked.sink.columns.size(), 1u);
  EXPECT_EQ(marked.sink.columns[0], plain.sink.columns[0] + 3);
}

TEST(BatchReaderTest, PositionsCountLinesOfAPrettyPrintedBatch) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90), Span('c', 'a', 20, 30)});
  std::string text = CirronBatchJson(batch);
  // One span to a line, indented by two spaces, as `json.dump(indent=...)` would place them.
  const std::string second = "{\"id\": \"" + Hex('c');
  text.replace(text.find(second), 0, "\n  ");
  Reading reading;
  ASSERT_THAT(reading.ReadText(batch, text), Succeeds());
  EXPECT_THAT(reading.sink.calls[1], HasSubstr("[0.1] 2:3"));
}

TEST(BatchReaderTest, MarkValuesAreTypedByTheirValueType) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90)});
  batch.marks = {Mark('1', Hex('a'), 0.25), Mark('2', Hex('a'), std::int64_t{-7}),
                 Mark('3', "root", std::string("warm")), Mark('4', Hex('a'), true)};
  Reading reading;
  ASSERT_THAT(reading.Read(batch), Succeeds());
  EXPECT_THAT(reading.sink.mark_values,
              ElementsAre(CirronMarkValue(0.25), CirronMarkValue(std::int64_t{-7}),
                          CirronMarkValue(std::string("warm")), CirronMarkValue(true)));
  EXPECT_THAT(reading.sink.calls[3], HasSubstr("mark 3 on root"));
}

TEST(BatchReaderTest, BareNonFiniteLiteralsAreCountedForTheBatch) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90)});
  batch.snapshots = {Snapshot('e', 'a', std::numeric_limits<double>::quiet_NaN())};
  batch.marks = {Mark('d', Hex('a'), -std::numeric_limits<double>::infinity())};
  Reading reading;
  ASSERT_THAT(reading.Read(batch), Succeeds());
  EXPECT_EQ(reading.sink.last_non_finite, 2u);
  ASSERT_EQ(reading.sink.mark_values.size(), 1u);
  EXPECT_EQ(std::get<double>(reading.sink.mark_values[0]),
            -std::numeric_limits<double>::infinity());
  EXPECT_EQ(reading.reader.non_finite_numbers(), 2u);  // the spool's running total
  // A batch that fails adds none of its literals to the total.
  CirronBatch failing = Batch({Span('c', std::nullopt, 10, 90)}, 'f');
  failing.marks = {Mark('e', Hex('c'), std::numeric_limits<double>::infinity())};
  failing.created_ns = kCreated + 1;  // no longer its file name's
  EXPECT_THAT(reading.ReadText(batch, CirronBatchJson(failing)),
              FailsWith(ErrorCode::kCirronNameMismatch));
  EXPECT_EQ(reading.reader.non_finite_numbers(), 2u);
}

TEST(BatchReaderTest, StrictJsonRefusesNaNSayingWhy) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90)});
  batch.snapshots = {Snapshot('e', 'a', std::numeric_limits<double>::quiet_NaN())};
  BatchReadOptions options;
  options.spool.refuse_nonfinite_literals = true;
  Reading reading(options);
  const std::string text = CirronBatchJson(batch);
  const Result<void> read = reading.ReadText(batch, text);
  EXPECT_THAT(read,
              FailsWithMessage(ErrorCode::kInvalidJson, "not JSON: NaN is not a JSON number"));
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().column, std::optional<std::uint64_t>(ColumnOf(text, "NaN")));
  // The span before the NaN was handed over as it completed; the batch never was.
  EXPECT_THAT(reading.sink.calls, ElementsAre(HasSubstr("span span-a")));
}

TEST(BatchReaderTest, AFileNameThatIsNoBatchNameFailsFirst) {
  Reading reading;
  const Result<void> read = reading.reader.Read(0, "batch.json", "dir/batch.json", "not json");
  EXPECT_THAT(read, FailsWith(ErrorCode::kCirronFileName));
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().file, "dir/batch.json");
  EXPECT_TRUE(reading.sink.calls.empty());
}

TEST(BatchReaderTest, TheBatchMustSayWhatItsNameSays) {
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90)});
  CirronBatch renamed = batch;
  renamed.created_ns = kCreated + 1;
  Reading reading;
  const Result<void> read = reading.ReadText(batch, CirronBatchJson(renamed));
  EXPECT_THAT(read, FailsWithMessage(ErrorCode::kCirronNameMismatch,
                                     "created_ns: created_ns " + std::to_string(kCreated + 1) +
                                         " is not the file name's"));
  CirronBatch other_id = batch;
  other_id.batch_id = Hex('9');
  Reading second;
  EXPECT_THAT(second.ReadText(batch, CirronBatchJson(other_id)),
              FailsWithMessage(ErrorCode::kCirronNameMismatch,
                               "batch_id: batch_id " + Hex('9') + " is not the file name's"));
  // The records came before the batch object failed; OnBatch never did.
  EXPECT_THAT(second.sink.calls, ElementsAre(HasSubstr("span span-a")));
}

TEST(BatchReaderTest, ARecordBreakingARuleStopsTheRecordsAfterIt) {
  CirronBatch batch =
      Batch({Span('a', std::nullopt, 10, 90), Span('c', 'a', 50, 40), Span('e', 'a', 60, 70)});
  Reading reading;
  const Result<void> read = reading.Read(batch);
  EXPECT_THAT(read, FailsWithMessage(ErrorCode::kCirronEndBeforeStart,
                                     "spans[1].end_ns: end_ns 40 is before start_ns 50"));
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().field, "spans[1].end_ns");
  EXPECT_THAT(reading.sink.calls, ElementsAre(HasSubstr("span span-a")));
}

TEST(BatchReaderTest, EachRecordRuleHasItsCode) {
  struct Case {
    const char* what;
    std::string from;
    std::string to;
    ErrorCode code;
  };
  CirronBatch batch = Batch({Span('a', std::nullopt, 10, 90)});
  batch.marks = {Mark('d', Hex('a'), std::int64_t{7})};
  batch.snapshots = {Snapshot('e', 'a', 1.0)};
  const std::string text = CirronBatchJson(batch);
  const Case cases[] = {
      {"a float for an int", "\"value\": 7", "\"value\": 7.5", ErrorCode::kCirronValueTypeMismatch},
      {"an int past 2^63 - 1", "\"value\": 7", "\"value\": 9223372036854775808",
       ErrorCode::kOutOfRange},
      {"a blob in mode stats", "\"blob_uri\": null", "\"blob_uri\": \"blobs/e\"",
       ErrorCode::kCirronBlobUriMismatch},
      {"an upper-case id", "\"id\": \"" + Hex('e'), "\"id\": \"" + std::string(32, 'E'),
       ErrorCode::kCirronInvalidId},
      {"schema 2", "\"schema_version\": 1", "\"schema_version\": 2",
       ErrorCode::kCirronUnsupportedSchema},
      {"a falling bin", "\"bins\": [0.0, 1.0", "\"bins\": [2.0, 1.0",
       ErrorCode::kCirronInvalidHistogram},
      {"a missing key", "\"rank\": 0, ", "", ErrorCode::kMissingField},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    std::string broken = text;
    const std::size_t at = broken.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from << " in " << text;
    broken.replace(at, c.from.size(), c.to);
    Reading reading;
    EXPECT_THAT(reading.ReadText(batch, broken), FailsWith(c.code, 1));
    EXPECT_TRUE(reading.sink.calls.empty() || reading.sink.calls.back().rfind("batch", 0) != 0);
  }
  Reading intact;
  EXPECT_THAT(intact.ReadText(batch, text), Succeeds());
}

TEST(BatchReaderTest, AnIdGivenTwiceNamesTheFirstRecordsFile) {
  const CirronBatch first = Batch({Span('a', std::nullopt, 10, 90)}, '1', kCreated);
  const CirronBatch second =
      Batch({Span('c', std::nullopt, 10, 90), Span('a', std::nullopt, 1, 2)}, '2', kCreated + 100);
  Reading reading;
  ASSERT_THAT(reading.Read(first, 0), Succeeds());
  EXPECT_TRUE(reading.reader.ids().Has(RecordArray::kSpans, ParseId(Hex('a'))));
  EXPECT_FALSE(reading.reader.ids().Has(RecordArray::kMarks, ParseId(Hex('a'))));
  const Result<void> read = reading.Read(second, 1);
  EXPECT_THAT(read, FailsWithMessage(ErrorCode::kCirronDuplicateId,
                                     "spans[1].id: id " + Hex('a') + " already given at " +
                                         first.file_name + " spans[0].id"));
  // Found as the records arrive, reported after the batch's own rules: both spans went on.
  EXPECT_EQ(reading.sink.calls.size(), 4u);
}

TEST(BatchReaderTest, ReferencesAreResolvedAcrossBatches) {
  // The child comes first; its parent is in the next batch. The other parent is nowhere.
  const CirronBatch first = Batch({Span('c', 'a', 20, 30), Span('e', 'f', 20, 30)}, '1');
  const CirronBatch second = Batch({Span('a', std::nullopt, 10, 90)}, '2', kCreated + 100);
  Reading reading;
  ASSERT_THAT(reading.Read(first, 0), Succeeds());
  ASSERT_THAT(reading.Read(second, 1), Succeeds());
  DiagnosticLog log;
  const std::vector<std::string> paths = {"p/first.json", "p/second.json"};
  EXPECT_EQ(reading.reader.references().Resolve(reading.reader.ids(), paths, log), 1u);
  ASSERT_EQ(log.kept.size(), 1u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kCirronMissingParent);
  EXPECT_EQ(log.kept[0].file, "p/first.json");
  EXPECT_EQ(log.kept[0].field, "spans[1].parent_id");
  EXPECT_EQ(log.kept[0].line, 1u);
}

}  // namespace
}  // namespace tracedoc::cirron
