// ReadCirronSpool and ReadCirronBatch (docs/cirron-spool.md): a generated spool reads back value
// for value; evicted batches give warnings at their references; one single-fault case per rule,
// each with its code, path and position.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc {
namespace {

using testing_support::CirronBatchFileName;
using testing_support::CirronBatchJson;
using testing_support::CirronSpoolPlan;
using testing_support::FailsWithCode;
using testing_support::GenerateCirronSpool;
using testing_support::GeneratedSpool;
using testing_support::WriteCirronSpool;

class TempDir {
 public:
  TempDir() {
    path_ =
        std::filesystem::temp_directory_path() /
        ("tracedoc_cirron_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// One batch holding a whole one-step run: the session, an epoch, a step, its four phases, the
// marks (the "root" one first) and two sampled snapshots.
CirronBatch OneBatch() {
  CirronSpoolPlan plan;
  plan.epochs = 1;
  plan.steps_per_epoch = 1;
  plan.records_per_batch = 1000;
  plan.seed = 7;
  return GenerateCirronSpool(plan).batches.at(0);
}

Result<CirronBatch> Read(const CirronBatch& batch, const CirronReadOptions& options = {}) {
  return ReadCirronBatch(batch.file_name, CirronBatchJson(batch), options);
}

Result<CirronBatch> ReadText(const CirronBatch& batch, const std::string& text) {
  return ReadCirronBatch(batch.file_name, text);
}

// `text` with the first `from` after `anchor` replaced by `to`.
std::string Replace(std::string text, std::string_view anchor, std::string_view from,
                    std::string_view to) {
  const std::size_t at = text.find(from, text.find(anchor));
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The batches with each NaN mark value replaced by a marker: NaN equals nothing, itself included.
std::vector<CirronBatch> WithNaNMarked(std::vector<CirronBatch> batches) {
  for (CirronBatch& batch : batches) {
    for (CirronMark& mark : batch.marks) {
      if (const double* v = std::get_if<double>(&mark.value); v != nullptr && std::isnan(*v)) {
        mark.value = std::string("<NaN>");
      }
    }
  }
  return batches;
}

MATCHER_P2(FailsAtPath, code, path,
           std::string("fails with ") + std::string(ErrorCodeName(code)) + " at " + path) {
  if (arg.has_value()) {
    *result_listener << "which succeeded";
    return false;
  }
  const Error& e = arg.error();
  *result_listener << "which failed with " << ErrorCodeName(e.code) << " at `" << e.field
                   << "`: " << e.message;
  return e.code == code && e.field == path && e.line >= 1 && e.column.has_value();
}

TEST(CirronSpoolTest, GeneratedSpoolReadsBackValueForValue) {
  CirronSpoolPlan plan;
  plan.seed = 11;
  plan.epochs = 3;
  plan.steps_per_epoch = 4;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  ASSERT_GE(spool.batches.size(), 5u);
  TempDir dir;
  const std::filesystem::path cirron = WriteCirronSpool(spool, dir.path());
  for (const std::filesystem::path& path : {cirron, cirron / "spool"}) {
    const Result<CirronSpool> read = ReadCirronSpool(path.string());
    ASSERT_TRUE(read.has_value()) << FormatError(path.string(), read.error());
    EXPECT_EQ(read.value().batches.size(), spool.batches.size());
    EXPECT_TRUE(WithNaNMarked(read.value().batches) == WithNaNMarked(spool.batches));
    EXPECT_TRUE(read.value().warnings.kept.empty());
    EXPECT_EQ(read.value().warnings.total, 0u);
    // Every third of 12 losses is NaN, plus one unknown key's NaN.
    EXPECT_EQ(spool.non_finite_numbers, 5u);
    EXPECT_EQ(read.value().non_finite_numbers, 5u);
  }
}

TEST(CirronSpoolTest, CountsAndValuesOfAReadBatch) {
  const CirronBatch batch = OneBatch();
  const Result<CirronBatch> read = Read(batch);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  const CirronBatch& b = read.value();
  EXPECT_EQ(b.spans.size(), 7u);      // session, epoch, step, four phases
  EXPECT_EQ(b.marks.size(), 5u);      // seed (root), loss, tokens, converged, phase
  EXPECT_EQ(b.snapshots.size(), 2u);  // weights and gradients
  EXPECT_EQ(b.spans[0].name, "data_load");
  EXPECT_EQ(b.spans[1].name, "forward");
  EXPECT_TRUE(b.spans[1].gpu_ns.has_value());
  EXPECT_EQ(b.spans[1].unknown, (std::vector<CirronUnknownKey>{{"cuda_stream", "7"}}));
  EXPECT_EQ(b.marks[0].span_id, "root");
  EXPECT_EQ(std::get<std::int64_t>(b.marks[0].value), 7);
  EXPECT_TRUE(std::isfinite(std::get<double>(b.marks[1].value)));
  EXPECT_EQ(b.marks[1].attrs_json, "{\"step\":0}");
  EXPECT_EQ(b.marks[4].kind, CirronMarkKind::kSummary);
  EXPECT_EQ(b.snapshots[0].mode, CirronSnapshotMode::kSampled);
  EXPECT_THAT(*b.snapshots[0].blob_uri, ::testing::EndsWith("/weights.safetensors"));
  EXPECT_THAT(*b.snapshots[1].blob_uri, ::testing::EndsWith("/gradients.safetensors"));
  EXPECT_EQ(b.unknown, (std::vector<CirronUnknownKey>{{"hostname", "\"node-7\""}}));
}

TEST(CirronSpoolTest, NaNIsReadAndCountedByDefaultAndInvalidJsonWhenStrict) {
  CirronBatch batch = OneBatch();
  batch.marks[1].value = std::numeric_limits<double>::quiet_NaN();
  const std::string text = CirronBatchJson(batch);
  std::uint64_t non_finite = 0;
  const Result<CirronBatch> read = ReadCirronBatch(batch.file_name, text, {}, &non_finite);
  ASSERT_TRUE(read.has_value());
  EXPECT_TRUE(std::isnan(std::get<double>(read.value().marks[1].value)));
  EXPECT_EQ(non_finite, 2u);  // the loss and the "ema" unknown key
  CirronReadOptions strict;
  strict.refuse_nonfinite_literals = true;
  const Result<CirronBatch> rejected = ReadCirronBatch(batch.file_name, text, strict);
  ASSERT_THAT(rejected, FailsWithCode(ErrorCode::kInvalidJson));
  EXPECT_EQ(rejected.error().line, 1u);
  EXPECT_EQ(text[*rejected.error().column - 1], 'N');
  EXPECT_EQ(rejected.error().file, batch.file_name);
}

// Zeros with exponents far outside any table of powers (RapidJSON 1.1.0 had undefined behaviour
// on them) read as double zeros, their type (a double, not an integer) and positions kept.
TEST(CirronSpoolTest, ZeroLiteralsWithLargeExponentsReadAsDoubleZeros) {
  CirronBatch batch = OneBatch();
  batch.marks[1].value = 1.5;
  const std::string text = Replace(CirronBatchJson(batch), "\"value_type\": \"float\"", "1.5",
                                   "-0.000000000000000000000000000e-32");
  const Result<CirronBatch> read = ReadText(batch, text);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  const double zero = std::get<double>(read.value().marks[1].value);
  EXPECT_EQ(zero, 0.0);
  EXPECT_TRUE(std::signbit(zero));
  const std::string as_count =
      Replace(text, "\"ts_ns\"", std::to_string(batch.marks[1].ts_ns), "0e-99");
  const Result<CirronBatch> rejected = ReadText(batch, as_count);
  ASSERT_THAT(rejected, FailsAtPath(ErrorCode::kInvalidType, std::string("marks[1].ts_ns")));
  EXPECT_EQ(as_count.substr(*rejected.error().column - 1, 5), "0e-99");
}

// A zero literal followed by junk (found by fuzz_cirron_batch when RapidJSON read spools:
// `0e212` then `e9…`) is invalid JSON at the junk.
TEST(CirronSpoolTest, ZeroLiteralFollowedByJunkIsInvalidJsonAtTheJunk) {
  const CirronBatch batch = OneBatch();
  for (const std::string text : {"[[0e212e99999999999", "[-0.000e-40.5]", "[0.00e]", "[0.e5]", "[0e2e82]", "[-0e5e5]", "[184467440737095516159e5e5]"}) {
    const Result<CirronBatch> read = ReadText(batch, text);
    ASSERT_FALSE(read.has_value()) << text;
    EXPECT_EQ(read.error().code, ErrorCode::kInvalidJson) << text;
  }
  const Result<CirronBatch> read = ReadText(batch, "[[0e212e99999999999");
  ASSERT_FALSE(read.has_value());
  EXPECT_EQ(read.error().column, 8u);
}

// Long significands (RapidJSON's wrapped to 0 on these digits) read as the correctly rounded
// double, and errors after them keep their column.
TEST(CirronSpoolTest, NumbersThatWrapRapidJsonsSignificandReadCorrectlyRounded) {
  CirronBatch batch = OneBatch();
  batch.marks[1].value = 1.5;
  const std::string json = CirronBatchJson(batch);
  for (const std::string literal :
       {"184467440737095516159", "-1.84467440737095516159e-300", "0.000184467440737095516155",
        "18446744073709551615.9", "1844674407370955161599999999999999999999e-3"}) {
    const std::string text = Replace(json, "\"value_type\": \"float\"", "1.5", literal);
    const Result<CirronBatch> read = ReadText(batch, text);
    ASSERT_TRUE(read.has_value()) << literal << ": " << read.error().message;
    EXPECT_EQ(std::get<double>(read.value().marks[1].value), std::strtod(literal.c_str(), nullptr))
        << literal;
  }
  const Result<CirronBatch> too_big = ReadText(batch, "[1.84467440737095516159e308]");
  ASSERT_FALSE(too_big.has_value());
  EXPECT_EQ(too_big.error().code, ErrorCode::kOutOfRange);
  const Result<CirronBatch> junk = ReadText(batch, "[184467440737095516159x]");
  ASSERT_FALSE(junk.has_value());
  EXPECT_EQ(junk.error().code, ErrorCode::kInvalidJson);
  EXPECT_EQ(junk.error().column, 23u);
}

// NaN, Infinity and -Infinity exactly: a fraction or an exponent after one, or the short `Inf`,
// is invalid JSON at the character that makes it so.
TEST(CirronSpoolTest, NonFiniteLiteralsAreExactlyNaNAndInfinity) {
  const CirronBatch batch = OneBatch();
  const std::pair<std::string, std::uint32_t> cases[] = {
      {"[Infinity.5]", 10}, {"[-Infinitye-32]", 11}, {"[NaNE1]", 5}, {"[1, Inf]", 5},
      {"[-Inf]", 3},        {"[NaN.]", 5}};
  for (const auto& [text, column] : cases) {
    const Result<CirronBatch> read = ReadText(batch, text);
    ASSERT_FALSE(read.has_value()) << text;
    EXPECT_EQ(read.error().code, ErrorCode::kInvalidJson) << text;
    EXPECT_EQ(read.error().column, column) << text;
  }
  CirronBatch infinite = OneBatch();
  infinite.marks[1].value = -std::numeric_limits<double>::infinity();
  const Result<CirronBatch> read = ReadText(infinite, CirronBatchJson(infinite));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(std::get<double>(read.value().marks[1].value), -std::numeric_limits<double>::infinity());
}

TEST(CirronSpoolTest, AnErrorNamesFileLineColumnAndPath) {
  CirronBatch batch = OneBatch();
  batch.spans[2].end_ns = batch.spans[2].start_ns - 1;
  std::string text = CirronBatchJson(batch);
  // Spread the records over lines, as a pretty-printer would.
  for (std::size_t at = text.find("}, {"); at != std::string::npos; at = text.find("}, {", at)) {
    text.replace(at, 4, "},\n  {");
  }
  const Result<CirronBatch> read = ReadText(batch, text);
  ASSERT_THAT(read, FailsAtPath(ErrorCode::kCirronEndBeforeStart, "spans[2].end_ns"));
  EXPECT_EQ(read.error().line, 3u);
  std::size_t line_start = 0;
  for (int i = 1; i < 3; ++i) line_start = text.find('\n', line_start) + 1;
  const std::size_t value_at = text.find("\"end_ns\": ", line_start) + 10;
  EXPECT_EQ(*read.error().column, value_at - line_start + 1);
  EXPECT_EQ(read.error().message,
            "spans[2].end_ns: end_ns " + std::to_string(batch.spans[2].end_ns) +
                " is before start_ns " + std::to_string(batch.spans[2].start_ns));
  // The file that holds the line, for FILE:LINE:COLUMN: on the command line.
  EXPECT_EQ(read.error().file, batch.file_name);
  EXPECT_EQ(FormatError("spool", read.error()),
            batch.file_name + ":3:" + std::to_string(*read.error().column) +
                ": error[cirron_end_before_start]: " + read.error().message);
}

// One fault per rule: a change to the valid batch, and the code and path it must fail with.
struct Fault {
  const char* name;
  std::function<std::string(CirronBatch&)> apply;  // returns the text to read
  ErrorCode code;
  const char* path;
};

std::vector<Fault> Faults() {
  const auto json = [](const CirronBatch& b) { return CirronBatchJson(b); };
  return {
      {"SchemaVersion2",
       [&](CirronBatch& b) {
         b.schema_version = 2;
         return json(b);
       },
       ErrorCode::kCirronUnsupportedSchema, "schema_version"},
      {"CreatedNsNotTheNames",
       [&](CirronBatch& b) {
         ++b.created_ns;
         return json(b);
       },
       ErrorCode::kCirronNameMismatch, "created_ns"},
      {"BatchIdNotTheNames",
       [&](CirronBatch& b) {
         b.batch_id = std::string(32, 'a');
         return json(b);
       },
       ErrorCode::kCirronNameMismatch, "batch_id"},
      {"UpperCaseSpanId",
       [&](CirronBatch& b) {
         b.spans[0].id = std::string(32, 'A');
         return json(b);
       },
       ErrorCode::kCirronInvalidId, "spans[0].id"},
      {"ShortParentId",
       [&](CirronBatch& b) {
         b.spans[0].parent_id = "abc";
         return json(b);
       },
       ErrorCode::kCirronInvalidId, "spans[0].parent_id"},
      {"MarkIdsEntryNotHex",
       [&](CirronBatch& b) {
         b.spans[6].mark_ids.push_back("root");
         return json(b);
       },
       ErrorCode::kCirronInvalidId, "spans[6].mark_ids[2]"},
      {"MarkSpanIdRootMiscased",
       [&](CirronBatch& b) {
         b.marks[0].span_id = "ROOT";
         return json(b);
       },
       ErrorCode::kCirronInvalidId, "marks[0].span_id"},
      {"SnapshotSpanIdRoot",
       [&](CirronBatch& b) {
         b.snapshots[1].span_id = "root";
         return json(b);
       },
       ErrorCode::kCirronInvalidId, "snapshots[1].span_id"},
      {"EndBeforeStart",
       [&](CirronBatch& b) {
         b.spans[3].end_ns = b.spans[3].start_ns - 1;
         return json(b);
       },
       ErrorCode::kCirronEndBeforeStart, "spans[3].end_ns"},
      {"CpuNsString",
       [&](CirronBatch& b) { return Replace(json(b), "\"cpu_ns\"", "null", "\"5\""); },
       ErrorCode::kInvalidType, "spans[0].cpu_ns"},
      {"GpuNsNegative",
       [&](CirronBatch& b) { return Replace(json(b), "\"gpu_ns\"", "null", "-5"); },
       ErrorCode::kOutOfRange, "spans[0].gpu_ns"},
      {"MemoryPeakFloat",
       [&](CirronBatch& b) { return Replace(json(b), "\"memory_peak_bytes\"", "null", "1.0"); },
       ErrorCode::kInvalidType, "spans[0].memory_peak_bytes"},
      {"StartNsNull",
       [&](CirronBatch& b) {
         return Replace(json(b), "\"start_ns\"", std::to_string(b.spans[0].start_ns), "null");
       },
       ErrorCode::kInvalidType, "spans[0].start_ns"},
      {"PidMissing",
       [&](CirronBatch& b) { return Replace(json(b), "\"pid\"", "\"pid\": 12345, ", ""); },
       ErrorCode::kMissingField, "spans[0].pid"},
      {"NameTwice",
       [&](CirronBatch& b) {
         return Replace(json(b), "\"name\"", "\"name\": ", "\"name\": \"x\", \"name\": ");
       },
       ErrorCode::kDuplicateKey, "spans[0].name"},
      {"FloatMarkWithString",
       [&](CirronBatch& b) {
         b.marks[1].value = std::string("low");
         return Replace(json(b), "\"value_type\": \"string\"", "\"string\"", "\"float\"");
       },
       ErrorCode::kCirronValueTypeMismatch, "marks[1].value"},
      {"IntMarkWithFloat",
       [&](CirronBatch& b) {
         b.marks[0].value = 7.5;
         return Replace(json(b), "\"value_type\": \"float\"", "\"float\"", "\"int\"");
       },
       ErrorCode::kCirronValueTypeMismatch, "marks[0].value"},
      {"BoolMarkWithInt",
       [&](CirronBatch& b) { return Replace(json(b), "\"value_type\": \"bool\"", "false", "0"); },
       ErrorCode::kCirronValueTypeMismatch, "marks[3].value"},
      {"UnknownValueType",
       [&](CirronBatch& b) { return Replace(json(b), "\"value_type\"", "\"int\"", "\"long\""); },
       ErrorCode::kInvalidValue, "marks[0].value_type"},
      {"UnknownMarkKind",
       [&](CirronBatch& b) { return Replace(json(b), "\"kind\"", "\"point\"", "\"instant\""); },
       ErrorCode::kInvalidValue, "marks[0].kind"},
      {"UnknownSnapshotMode",
       [&](CirronBatch& b) { return Replace(json(b), "\"mode\"", "\"sampled\"", "\"partial\""); },
       ErrorCode::kInvalidValue, "snapshots[0].mode"},
      {"BlobInStatsMode",
       [&](CirronBatch& b) {
         b.snapshots[0].mode = CirronSnapshotMode::kStats;
         return json(b);
       },
       ErrorCode::kCirronBlobUriMismatch, "snapshots[0].blob_uri"},
      {"NoBlobInFullMode",
       [&](CirronBatch& b) {
         b.snapshots[1].mode = CirronSnapshotMode::kFull;
         b.snapshots[1].blob_uri.reset();
         return json(b);
       },
       ErrorCode::kCirronBlobUriMismatch, "snapshots[1].blob_uri"},
      {"SixteenBins",
       [&](CirronBatch& b) {
         return Replace(json(b), "\"bins\"", "[", "[");  // placeholder replaced below
       },
       ErrorCode::kCirronInvalidHistogram, "snapshots[0].stats.histogram.bins"},
      {"DecreasingBin",
       [&](CirronBatch& b) {
         b.snapshots[0].stats->histogram.bins[5] = b.snapshots[0].stats->histogram.bins[3];
         return json(b);
       },
       ErrorCode::kCirronInvalidHistogram, "snapshots[0].stats.histogram.bins[5]"},
      {"NegativeCount",
       [&](CirronBatch& b) {
         const std::string count = std::to_string(b.snapshots[0].stats->histogram.counts[0]);
         return Replace(json(b), "\"counts\": [", "[" + count, "[-1");
       },
       ErrorCode::kCirronInvalidHistogram, "snapshots[0].stats.histogram.counts[0]"},
      {"FifteenCounts",
       [&](CirronBatch& b) {
         const std::string count = std::to_string(b.snapshots[0].stats->histogram.counts[0]);
         return Replace(json(b), "\"counts\": [", "[" + count + ", ", "[");
       },
       ErrorCode::kCirronInvalidHistogram, "snapshots[0].stats.histogram.counts"},
      {"SpansNotAnArray",
       [&](CirronBatch& b) { return Replace(json(b), "\"spans\"", "[", "{\"x\": 1} ,["); },
       ErrorCode::kInvalidJson, ""},
      {"MarksObject",
       [&](CirronBatch& b) {
         b.marks.clear();
         return Replace(json(b), "\"marks\"", "[]", "{}");
       },
       ErrorCode::kInvalidType, "marks"},
      {"SnapshotsMissing",
       [&](CirronBatch& b) {
         b.snapshots.clear();
         return Replace(json(b), "\"marks\"", ", \"snapshots\": []", "");
       },
       ErrorCode::kMissingField, "snapshots"},
      {"NotAnObject", [&](CirronBatch&) { return std::string("[1, 2]"); }, ErrorCode::kNotAnObject,
       ""},
      {"TrailingGarbage", [&](CirronBatch& b) { return json(b) + " x"; }, ErrorCode::kInvalidJson,
       ""},
      {"InvalidUtf8",
       [&](CirronBatch& b) { return Replace(json(b), "\"sdk_version\"", "0.4.2", "0.\xff"); },
       ErrorCode::kInvalidUtf8, ""},
      {"NumberBeyondDouble",
       [&](CirronBatch& b) { return Replace(json(b), "\"cpu_ns\"", "null", "1e999"); },
       ErrorCode::kOutOfRange, ""},
      {"TooDeep",
       [&](CirronBatch& b) {
         return Replace(json(b), "\"attrs\"", "{}", std::string(70, '[') + std::string(70, ']'));
       },
       ErrorCode::kLimitExceeded, ""},
  };
}

TEST(CirronSpoolTest, EachBrokenRuleFailsWithItsCodeAndPath) {
  for (const Fault& fault : Faults()) {
    SCOPED_TRACE(fault.name);
    CirronBatch batch = OneBatch();
    std::string text = fault.apply(batch);
    if (std::string_view(fault.name) == "SixteenBins") {
      // Drop the first bin of the first snapshot.
      const std::size_t bins = text.find("\"bins\": [") + 9;
      text.erase(bins, text.find(", ", bins) + 2 - bins);
    }
    const Result<CirronBatch> read = ReadCirronBatch(OneBatch().file_name, text);
    if (std::string_view(fault.path).empty()) {
      ASSERT_THAT(read, FailsWithCode(fault.code));
      EXPECT_GE(read.error().line, 1u);
      EXPECT_TRUE(read.error().column.has_value());
    } else {
      EXPECT_THAT(read, FailsAtPath(fault.code, std::string(fault.path)));
    }
    if (!read) {
      EXPECT_EQ(read.error().file, OneBatch().file_name);
    }
  }
}

TEST(CirronSpoolTest, BadFileNamesAreRejected) {
  const CirronBatch batch = OneBatch();
  const std::string text = CirronBatchJson(batch);
  const std::string id(batch.batch_id);
  for (const std::string& name :
       {std::string("batch.json"), "1764000000000000000-" + id + ".json",
        "0" + std::to_string(batch.created_ns) + "-" + std::string(31, 'a') + "G.json",
        "0" + std::to_string(batch.created_ns) + "_" + id + ".json",
        "0" + std::to_string(batch.created_ns) + "-" + id + ".JSON",
        "99999999999999999999-" + id + ".json"}) {
    SCOPED_TRACE(name);
    EXPECT_THAT(ReadCirronBatch(name, text), FailsWithCode(ErrorCode::kCirronFileName));
  }
  EXPECT_TRUE(ReadCirronBatch(CirronBatchFileName(batch.created_ns, id), text).has_value());
}

TEST(CirronSpoolTest, EvictedBatchesGiveWarningsAtTheirReferences) {
  CirronSpoolPlan plan;
  plan.seed = 5;
  plan.epochs = 2;
  plan.steps_per_epoch = 3;
  plan.records_per_batch = 4;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  constexpr std::size_t kEvicted = 3;
  TempDir dir;
  const std::filesystem::path cirron = WriteCirronSpool(spool, dir.path(), kEvicted);
  // The references whose targets were in the evicted batches, counted from the model.
  std::set<std::string> spans;
  std::set<std::string> marks;
  for (std::size_t b = kEvicted; b < spool.batches.size(); ++b) {
    for (const CirronSpan& s : spool.batches[b].spans) spans.insert(s.id);
    for (const CirronMark& m : spool.batches[b].marks) marks.insert(m.id);
  }
  std::size_t parents = 0, mark_refs = 0, span_refs = 0;
  for (std::size_t b = kEvicted; b < spool.batches.size(); ++b) {
    for (const CirronSpan& s : spool.batches[b].spans) {
      parents += s.parent_id && !spans.contains(*s.parent_id);
      for (const std::string& m : s.mark_ids) mark_refs += !marks.contains(m);
    }
    for (const CirronMark& m : spool.batches[b].marks) {
      span_refs += m.span_id != "root" && !spans.contains(m.span_id);
    }
    for (const CirronSnapshot& s : spool.batches[b].snapshots) {
      span_refs += !spans.contains(s.span_id);
    }
  }
  ASSERT_GT(mark_refs, 0u);
  const Result<CirronSpool> read = ReadCirronSpool(cirron.string());
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(read.value().batches.size(), spool.batches.size() - kEvicted);
  const std::vector<Diagnostic>& warnings = read.value().warnings.kept;
  const auto count = [&](DiagnosticCode code) {
    return static_cast<std::size_t>(std::count_if(
        warnings.begin(), warnings.end(), [&](const Diagnostic& w) { return w.code == code; }));
  };
  EXPECT_EQ(count(DiagnosticCode::kCirronMissingParent), parents);
  EXPECT_EQ(count(DiagnosticCode::kCirronMissingMark), mark_refs);
  EXPECT_EQ(count(DiagnosticCode::kCirronMissingSpan), span_refs);
  EXPECT_EQ(read.value().warnings.total, warnings.size());
  // Each warning points at the id it names, in the file it names (its path).
  for (const Diagnostic& w : warnings) {
    SCOPED_TRACE(w.field);
    EXPECT_EQ(w.severity, Severity::kWarning);
    ASSERT_TRUE(w.column.has_value());
    std::ifstream in(w.file);
    ASSERT_TRUE(in) << w.file;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_EQ(w.line, 1u);
    const std::string id = text.substr(*w.column, 32);
    EXPECT_EQ(text[*w.column - 1], '"');
    EXPECT_THAT(w.message, ::testing::HasSubstr(id));
    EXPECT_THAT(w.message, ::testing::StartsWith(w.field + ": "));
  }
}

TEST(CirronSpoolTest, DuplicateIdsAcrossBatchesAreErrors) {
  CirronSpoolPlan plan;
  plan.seed = 9;
  plan.records_per_batch = 5;
  GeneratedSpool spool = GenerateCirronSpool(plan);
  ASSERT_GE(spool.batches.size(), 3u);
  spool.batches[2].spans.at(0).id = spool.batches[0].spans.at(0).id;
  spool.texts[2] = CirronBatchJson(spool.batches[2]);
  TempDir dir;
  const Result<CirronSpool> read = ReadCirronSpool(WriteCirronSpool(spool, dir.path()).string());
  ASSERT_THAT(read, FailsAtPath(ErrorCode::kCirronDuplicateId, std::string("spans[0].id")));
  // The error names the file that holds its line; its message, where the first one is.
  EXPECT_EQ(std::filesystem::path(read.error().file).filename(), spool.batches[2].file_name);
  EXPECT_THAT(read.error().message, ::testing::StartsWith("spans[0].id: "));
  EXPECT_THAT(read.error().message, ::testing::HasSubstr(spool.batches[0].file_name));
}

TEST(CirronSpoolTest, BoundsAndFilesystemErrors) {
  const GeneratedSpool spool = GenerateCirronSpool({});
  TempDir dir;
  const std::filesystem::path cirron = WriteCirronSpool(spool, dir.path());
  CirronReadOptions small;
  small.max_batch_bytes = 100;
  EXPECT_THAT(ReadCirronSpool(cirron.string(), small), FailsWithCode(ErrorCode::kLimitExceeded));
  EXPECT_THAT(ReadCirronSpool((dir.path() / "absent").string()),
              FailsWithCode(ErrorCode::kIoError));
  // A stray file in the spool directory is not a batch.
  std::ofstream(cirron / "spool" / "notes.txt") << "x";
  EXPECT_THAT(ReadCirronSpool(cirron.string()), FailsWithCode(ErrorCode::kCirronFileName));
  // A single batch file reads alone.
  const Result<CirronSpool> one =
      ReadCirronSpool((cirron / "spool" / spool.batches[1].file_name).string());
  ASSERT_TRUE(one.has_value());
  EXPECT_EQ(one.value().batches.size(), 1u);
}

TEST(CirronSpoolTest, WarningCodesAreSpelled) {
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kCirronMissingParent), "cirron_missing_parent");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kCirronMissingMark), "cirron_missing_mark");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kCirronMissingSpan), "cirron_missing_span");
}

}  // namespace
}  // namespace tracedoc
