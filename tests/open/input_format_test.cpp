// DetectFormat and the formats' names (include/tracedoc/input_format.hpp): what each kind of input
// is taken for, from a look at its path and at most its first 1 MiB.
#include "tracedoc/input_format.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"

namespace tracedoc {
namespace {

using testing_support::TestTempDir;

constexpr std::size_t kMiB = std::size_t{1} << 20;

// A batch as the SDK's own tests write it: an id that is no 32-hex id, in a file named after it.
constexpr std::string_view kBatchB0 =
    R"({"schema_version": 1, "sdk_version": "0.4.2", "batch_id": "b0", "created_ns": 1, )"
    R"("spans": [], "marks": [], "snapshots": []})";
const std::string kBatchB0Name = "00000000000000000001-b0.json";

// A well-formed batch file name: 20 digits, a dash, 32 lower-case hex digits, `.json`.
const std::string kBatchName = "01764000000000525677-2211741b9ac6fd2b8d894187c75a49b3.json";

constexpr std::string_view kExportRecord =
    R"({"stream": "step_time", "rank": 0, "step": 1, "events": {}})";
constexpr std::string_view kClosingLine = R"({"written_records": 12, "dropped_batches": 0})";

InputFormat OfFile(const std::filesystem::path& path) {
  return DetectFormat(TraceInput::FromFile(path));
}

InputFormat OfString(std::string_view text) { return DetectFormat(TraceInput::FromString(text)); }

TEST(InputFormatNameTest, EachFormatIsSpelledAndReadBack) {
  EXPECT_EQ(InputFormatName(InputFormat::kTrace), "trace");
  EXPECT_EQ(InputFormatName(InputFormat::kCirronSpool), "cirron");
  EXPECT_EQ(InputFormatName(InputFormat::kTraceMLExport), "traceml");
  for (const InputFormat format :
       {InputFormat::kTrace, InputFormat::kCirronSpool, InputFormat::kTraceMLExport}) {
    EXPECT_EQ(InputFormatFromName(InputFormatName(format)), format);
  }
  for (const std::string_view name : {"", "Trace", "cirron ", "spool", "TraceML", "jsonl"}) {
    EXPECT_EQ(InputFormatFromName(name), std::nullopt) << name;
  }
}

TEST(DetectFormatTest, ACirronDirectoryIsASpoolEvenEmpty) {
  TestTempDir dir;
  std::filesystem::create_directories(dir.path() / ".cirron" / "spool");
  EXPECT_EQ(OfFile(dir.path() / ".cirron"), InputFormat::kCirronSpool);
}

TEST(DetectFormatTest, ADirectoryHoldingABatchIsASpool) {
  TestTempDir dir;
  dir.Write("spool/" + kBatchName, "{}");
  dir.Write("spool/notes.txt", "x");
  EXPECT_EQ(OfFile(dir.path() / "spool"), InputFormat::kCirronSpool);
}

TEST(DetectFormatTest, ADirectoryHoldingOnlyABatchBeingWrittenIsASpool) {
  TestTempDir dir;
  dir.Write("spool/" + kBatchName + ".tmp", "{\"sche");
  EXPECT_EQ(OfFile(dir.path() / "spool"), InputFormat::kCirronSpool);
}

TEST(DetectFormatTest, OtherDirectoriesAreTraces) {
  TestTempDir dir;
  std::filesystem::create_directories(dir.path() / "empty");
  EXPECT_EQ(OfFile(dir.path() / "empty"), InputFormat::kTrace);
  // Names close to a batch's are not one.
  dir.Write("near/notes.json.tmp", "x");
  dir.Write("near/01764000000000525677-2211741B9AC6FD2B8D894187C75A49B3.json", "{}");
  dir.Write("near/1764000000000525677-2211741b9ac6fd2b8d894187c75a49b3.json", "{}");
  dir.Write("near/" + kBatchName + ".bak", "{}");
  EXPECT_EQ(OfFile(dir.path() / "near"), InputFormat::kTrace);
  // A `spool` that is a file, not a directory.
  dir.Write("file/spool", "x");
  EXPECT_EQ(OfFile(dir.path() / "file"), InputFormat::kTrace);
}

TEST(DetectFormatTest, AFileNamedLikeABatchIsASpool) {
  TestTempDir dir;
  // By its name alone: its content is not looked at.
  EXPECT_EQ(OfFile(dir.Write(kBatchName, testdata::kSample)), InputFormat::kCirronSpool);
  EXPECT_EQ(OfFile(dir.Write("x/" + kBatchName, std::string(kExportRecord) + "\n")),
            InputFormat::kCirronSpool);
  // A leftover of a batch being written, given as a file, is not a batch.
  EXPECT_EQ(OfFile(dir.Write(kBatchName + ".tmp", "{")), InputFormat::kTrace);
}

TEST(DetectFormatTest, AnObjectWithABatchsKeysIsASpoolWhateverItsName) {
  TestTempDir dir;
  EXPECT_EQ(OfFile(dir.Write(kBatchB0Name, kBatchB0)), InputFormat::kCirronSpool);
  EXPECT_EQ(OfFile(dir.Write("batch.json", kBatchB0)), InputFormat::kCirronSpool);
  EXPECT_EQ(OfFile(dir.Write("batch", kBatchB0)), InputFormat::kCirronSpool);
  EXPECT_EQ(OfString(kBatchB0), InputFormat::kCirronSpool);
  // schema_version and two of the others, in any order, pretty-printed, after a byte-order mark.
  for (const std::string_view text : {
           std::string_view(R"({"spans":[{"x":"}"}],"schema_version":1,"marks":[]})"),
           std::string_view("\xEF\xBB\xBF\n{\n  \"schema_version\": 1,\n  \"batch_id\": \"b\",\n"
                            "  \"created_ns\": 2"),  // cut short: the prefix decides
       }) {
    EXPECT_EQ(OfString(text), InputFormat::kCirronSpool) << text;
  }
  // Not enough of a batch's keys at the top level.
  for (const std::string_view text : {
           std::string_view(R"({"schema_version":1,"spans":[]})"),
           std::string_view(R"({"batch_id":"b","spans":[],"marks":[]})"),
           std::string_view(R"({"x":{"schema_version":1,"batch_id":"b","spans":[]}})"),
           std::string_view(R"({"x":"schema_version","y":"batch_id","z":"spans"})"),
           std::string_view(R"({"x":""","schema_version":1,"spans":[],"marks":[]})"),
           std::string_view(R"([{"schema_version":1,"batch_id":"b","spans":[]}])"),
       }) {
    EXPECT_EQ(OfString(text), InputFormat::kTrace) << text;
  }
}

TEST(DetectFormatTest, ABatchsKeysPastTheProbeAreNotLookedAt) {
  std::string late = R"({"pad": ")" + std::string(kMiB, 'x') + R"(", )";
  late += std::string(kBatchB0.substr(1));
  EXPECT_EQ(OfString(late), InputFormat::kTrace);
  TestTempDir dir;
  EXPECT_EQ(OfFile(dir.Write("late.json", late)), InputFormat::kTrace);
}

TEST(DetectFormatTest, AHugeFileIsRecognizedFromItsFirstBytes) {
  // 64 GiB, sparse: reading it whole would take minutes, the look takes its first MiB.
  TestTempDir dir;
  const std::filesystem::path path = dir.Write("huge.json", kBatchB0.substr(0, 80));
  std::filesystem::resize_file(path, std::uintmax_t{64} << 30);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(OfFile(path), InputFormat::kCirronSpool);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(DetectFormatTest, ADirectoryOfBatchesIsASpoolWhateverTheirNamesAndItsName) {
  TestTempDir dir;
  dir.Write("spool/" + kBatchB0Name, kBatchB0);
  dir.Write("out/anything.json", kBatchB0);
  dir.Write("writing/" + kBatchB0Name + ".tmp", kBatchB0);
  for (const char* name : {"spool", "out", "writing"}) {
    EXPECT_EQ(OfFile(dir.path() / name), InputFormat::kCirronSpool) << name;
  }
  // A .json file that is no batch, or a batch not named .json, does not make a spool.
  dir.Write("other/a.json", R"({"kind":"meta","schema":"candle-graph/trace/10"})");
  dir.Write("other/b.txt", kBatchB0);
  EXPECT_EQ(OfFile(dir.path() / "other"), InputFormat::kTrace);
}

TEST(DetectFormatTest, ADirectoryOfManyOtherFilesIsJudgedInBoundedTime) {
  // 10^4 files of 1 MiB each (sparse), all `.json` and none a batch: a look at each would open
  // them all and read 640 MiB. (10^5 take 15 s to create on a slow disk, and prove no more:
  // the look stops after 256 entries.)
  TestTempDir dir;
  const std::filesystem::path many = dir.path() / "many";
  std::filesystem::create_directories(many);
  for (int i = 0; i < 10000; ++i) {
    const std::filesystem::path file = many / (std::to_string(i) + ".json");
    std::ofstream(file) << "{}";
    std::filesystem::resize_file(file, kMiB);
  }
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(OfFile(many), InputFormat::kTrace);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(DetectFormatTest, AnExportFileByItsFirstRecordOrItsClosingLine) {
  TestTempDir dir;
  EXPECT_EQ(OfFile(dir.Write("a.jsonl", std::string(kExportRecord) + "\n{\"stream\": \"x\"}\n")),
            InputFormat::kTraceMLExport);
  // After blank lines, and without a final newline.
  EXPECT_EQ(OfFile(dir.Write("b.jsonl", "\n  \t\r\n" + std::string(kExportRecord))),
            InputFormat::kTraceMLExport);
  // An export of nothing: the closing line alone.
  EXPECT_EQ(OfFile(dir.Write("c.jsonl", std::string(kClosingLine) + "\n")),
            InputFormat::kTraceMLExport);
  EXPECT_EQ(OfFile(dir.Write("d.jsonl", R"({"dropped_batches":1,"x":[],"written_records":0})")),
            InputFormat::kTraceMLExport);
}

TEST(DetectFormatTest, AnythingElseIsATrace) {
  TestTempDir dir;
  struct Case {
    const char* name;
    std::string text;
  };
  const Case cases[] = {
      {"trace", std::string(testdata::kSample)},
      {"empty", ""},
      {"blank", "\n \n"},
      {"stream_not_first", R"({"rank":0,"stream":"step_time"})"},
      {"closing_with_stream", R"({"written_records":0,"dropped_batches":0,"stream":"x"})"},
      {"closing_half", R"({"written_records":0})"},
      {"not_json", "{\"stream\": \n"},
      {"array", "[\"stream\"]\n"},
      {"empty_object", "{}\n"},
      {"stream_on_second_line", "{\"kind\":\"meta\"}\n" + std::string(kExportRecord) + "\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(OfFile(dir.Write(std::string(c.name) + ".jsonl", c.text)), InputFormat::kTrace);
    EXPECT_EQ(OfString(c.text), InputFormat::kTrace);
  }
}

TEST(DetectFormatTest, AnExportString) {
  EXPECT_EQ(OfString(std::string(kExportRecord) + "\n"), InputFormat::kTraceMLExport);
  EXPECT_EQ(OfString(std::string("\n") + std::string(kClosingLine)), InputFormat::kTraceMLExport);
  // A long string whose first line is short: that line decides.
  std::string long_text = std::string(kExportRecord) + "\n";
  while (long_text.size() < 2 * kMiB) long_text += std::string(kExportRecord) + "\n";
  EXPECT_EQ(OfString(long_text), InputFormat::kTraceMLExport);
}

// A record whose events map makes its line longer than the probe.
std::string HugeFirstLine(std::string_view opening) {
  std::string line(opening);
  line += R"("events": {"a": [)";
  while (line.size() < kMiB + 1000) line += "1.5, ";
  line += "1]}}\n";
  return line;
}

TEST(DetectFormatTest, AFirstLineLongerThanTheProbeIsAnExportWhenItOpensWithStream) {
  TestTempDir dir;
  const std::string exported = HugeFirstLine(R"(  { "stream" : "step_time", )");
  EXPECT_EQ(OfFile(dir.Write("export.jsonl", exported)), InputFormat::kTraceMLExport);
  EXPECT_EQ(OfString(exported), InputFormat::kTraceMLExport);
  const std::string trace = HugeFirstLine(R"({"kind":"meta","stream":"x",)");
  EXPECT_EQ(OfFile(dir.Write("trace.jsonl", trace)), InputFormat::kTrace);
  EXPECT_EQ(OfString(trace), InputFormat::kTrace);
  // `"stream"` must be a key: followed by its colon.
  const std::string not_a_key = HugeFirstLine(R"({"stream" "x", )");
  EXPECT_EQ(OfFile(dir.Write("bad.jsonl", not_a_key)), InputFormat::kTrace);
}

TEST(DetectFormatTest, AFileAndAStringOfTheSameBytesAgreeAtTheProbesBound) {
  // A text of exactly 1 MiB without a newline is whole for a string and for a file alike (the
  // file is read one byte past the probe to know): the same padded closing line is an export.
  std::string closing(kClosingLine);
  closing.insert(1, kMiB - closing.size(), ' ');
  ASSERT_EQ(closing.size(), kMiB);
  TestTempDir dir;
  EXPECT_EQ(OfString(closing), InputFormat::kTraceMLExport);
  EXPECT_EQ(OfFile(dir.Write("closing.jsonl", closing)), InputFormat::kTraceMLExport);
}

TEST(DetectFormatTest, StandardInputAndPathsThatCannotBeReadAreTraces) {
  EXPECT_EQ(DetectFormat(TraceInput::FromStandardInput()), InputFormat::kTrace);
  TestTempDir dir;
  EXPECT_EQ(OfFile(dir.path() / "absent.jsonl"), InputFormat::kTrace);
  EXPECT_EQ(OfFile(dir.path() / "absent" / "deeper"), InputFormat::kTrace);
}

}  // namespace
}  // namespace tracedoc
