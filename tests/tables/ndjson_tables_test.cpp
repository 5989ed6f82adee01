// WriteNdjsonTables: one line per row in each table's partition file, for each format at 10^5
// events or more; exact u64 extremes; hostile run ids inside DIR; a run exported again replaces
// its partition; links and foreign directories refused.
#include "tracedoc/ndjson_tables.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/converted_traceml.hpp"
#include "support/fold_trace.hpp"
#include "support/table_rows_recorder.hpp"
#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "tables/partition_name.hpp"
#include "tracedoc/open.hpp"

namespace tracedoc {
namespace {

namespace fs = std::filesystem;

fs::path PartFile(const fs::path& dir, std::string_view table, std::string_view run_id) {
  return dir / table / tables::PartitionDirectoryName(run_id) / "part-0.ndjson";
}

std::vector<std::string> FileLines(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Writes `document` into a prepared `dir`; fails the test when it cannot.
NdjsonTablesWritten Export(const fs::path& dir, const TraceDocument& document,
                           InputFormat format = InputFormat::kTrace) {
  EXPECT_TRUE(PrepareNdjsonTables(dir));
  const Result<NdjsonTablesWritten> written =
      WriteNdjsonTables(dir, document, {"in.jsonl", std::nullopt, format});
  EXPECT_TRUE(written) << written.error().message;
  return written ? written.value() : NdjsonTablesWritten{};
}

// Every table's file has one line per row the row source gives, each line an object with the
// table's columns in order; the record tables' counts are the document's.
void ExpectOneLinePerRow(const TraceDocument& document, InputFormat format) {
  const testing_support::TestTempDir dir;
  const NdjsonTablesWritten written = Export(dir.path(), document, format);
  testing_support::TableRowsRecorder recorder;
  ASSERT_TRUE(EmitTableRows(document, {"in.jsonl", std::nullopt, format}, recorder));
  std::uint64_t rows = 0;
  for (const TableDefinition& table : TableDefinitions()) {
    SCOPED_TRACE(std::string(table.name));
    const std::vector<std::string> lines =
        FileLines(PartFile(dir.path(), table.name, document.run().run_id));
    EXPECT_EQ(lines.size(), recorder.counts.at(std::string(table.name)));
    rows += lines.size();
    // The first and the last line: the keys are the columns, in order.
    for (const std::string* line : {lines.empty() ? nullptr : &lines.front(),
                                    lines.empty() ? nullptr : &lines.back()}) {
      if (line == nullptr) continue;
      const boost::json::object row = boost::json::parse(*line).as_object();
      ASSERT_EQ(row.size(), table.columns.size());
      std::size_t i = 0;
      for (const auto& member : row) EXPECT_EQ(member.key(), table.columns[i++].name);
      EXPECT_EQ(row.at("run_id").as_string(), document.run().run_id);
    }
  }
  EXPECT_EQ(written.rows, rows);
  EXPECT_EQ(FileLines(PartFile(dir.path(), "spans", document.run().run_id)).size(),
            document.spans().size());
  EXPECT_EQ(FileLines(PartFile(dir.path(), "ops", document.run().run_id)).size(),
            document.ops().size());
  EXPECT_EQ(FileLines(PartFile(dir.path(), "memory", document.run().run_id)).size(),
            document.memory().size());
  EXPECT_EQ(written.partition, tables::PartitionDirectoryName(document.run().run_id));
}

TEST(NdjsonTables, GeneratedTraceOf100kEventsIsOneLinePerRecord) {
  const TraceDocument document = testing::FoldTrace(generator::GenerateTrace(100'000, 11));
  ASSERT_GT(document.memory().size(), 10'000u);
  ExpectOneLinePerRow(document, InputFormat::kTrace);
}

TEST(NdjsonTables, ConvertedCirronSpoolOver100kRecordsIsOneLinePerRecord) {
  testing_support::CirronSpoolPlan plan;
  plan.epochs = 2;
  plan.steps_per_epoch = 9000;  // 6 records a step: 108,000 and more
  plan.records_per_batch = 500;
  const testing_support::TestTempDir spool_dir;
  const fs::path spool =
      WriteCirronSpool(testing_support::GenerateCirronSpool(plan), spool_dir.path());
  OpenOptions options;
  options.format = InputFormat::kCirronSpool;
  const Result<TraceDocument> document = ReadDocument(TraceInput::FromFile(spool), options);
  ASSERT_TRUE(document) << document.error().message;
  ASSERT_GE(document.value().spans().size() + document.value().converted_facts().marks.size(),
            100'000u);
  ExpectOneLinePerRow(document.value(), InputFormat::kCirronSpool);
}

TEST(NdjsonTables, ConvertedTraceMLExportOver100kRecordsIsOneLinePerRecord) {
  testing_support::TraceMLExportPlan plan;
  plan.seed = 5;
  plan.nodes = 2;
  plan.gpus_per_node = 4;
  plan.steps = 4000;
  const testing_support::GeneratedTraceMLExport generated = GenerateTraceMLExport(plan);
  ASSERT_GE(static_cast<std::size_t>(std::count(generated.text.begin(), generated.text.end(), '\n')),
            100'000u);
  OpenOptions options;
  options.format = InputFormat::kTraceMLExport;
  const Result<TraceDocument> document =
      ReadDocument(TraceInput::FromString(generated.text), options);
  ASSERT_TRUE(document) << document.error().message;
  ExpectOneLinePerRow(document.value(), InputFormat::kTraceMLExport);
}

TEST(NdjsonTables, U64ExtremesAreExactIntegers) {
  const std::string max = std::to_string(std::numeric_limits<std::uint64_t>::max());
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10,
       R"({"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function","measured":true})",
       R"({"kind":"op","span_id":"s","op_name":"big","inputs":[],"shape":[1],"dtype":"u8","device":"cpu","duration_ns":)" +
           max + R"(,"timestamp_ns":)" + max + R"(,"input_dense_bytes":0})",
       R"({"kind":"span_end","id":"s","duration_ns":0})",
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + max + "}"}));
  const testing_support::TestTempDir dir;
  Export(dir.path(), document);
  const std::vector<std::string> ops = FileLines(PartFile(dir.path(), "ops", "run-1"));
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_NE(ops[0].find("\"duration_ns\":" + max + ","), std::string::npos) << ops[0];
  const boost::json::object op = boost::json::parse(ops[0]).as_object();
  EXPECT_EQ(op.at("duration_ns").as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(op.at("timestamp_ns").as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(op.at("seq").as_int64(), 0);
}

std::string TraceOfRun(std::string_view run_id_json, int spans) {
  std::string meta(testdata::kMeta10);
  meta.replace(meta.find("\"run-1\""), 7, run_id_json);
  std::string text = meta + "\n";
  for (int i = 0; i < spans; ++i) {
    const std::string id = "s" + std::to_string(i);
    text += R"({"kind":"span_start","id":")" + id +
            R"(","name":"n","start_ns":0,"span_kind":"function","measured":false})" "\n";
    text += R"({"kind":"span_end","id":")" + id + R"(","duration_ns":1})" "\n";
  }
  return text + R"({"kind":"terminal","outcome":"complete","timestamp_ns":1})" "\n";
}

TEST(NdjsonTables, HostileRunIdsStayInsideDirAndApart) {
  const testing_support::TestTempDir dir;
  const std::map<std::string, std::string> ids = {
      {R"("../x")", "../x"},
      {R"("/")", "/"},
      {R"("")", ""},
      {R"("a\u0000b")", std::string("a\0b", 3)},
      {R"("\u00e9\ud83d\ude00 run")", "\xC3\xA9\xF0\x9F\x98\x80 run"},
      {"\"" + std::string(5000, 'x') + "\"", std::string(5000, 'x')},
  };
  for (const auto& [json, id] : ids) {
    const TraceDocument document = testing::FoldTrace(TraceOfRun(json, 1));
    ASSERT_EQ(document.run().run_id, id);
    const NdjsonTablesWritten written = Export(dir.path(), document);
    EXPECT_LE(written.partition.size(), 168u);
    const fs::path file = PartFile(dir.path(), "spans", id);
    ASSERT_TRUE(fs::is_regular_file(file)) << file;
    EXPECT_EQ(fs::canonical(file).parent_path().parent_path(),
              fs::canonical(dir.path() / "spans"));
    const std::vector<std::string> lines = FileLines(file);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(boost::json::parse(lines[0]).as_object().at("run_id").as_string(), id);
  }
  // Nothing but the tables and the manifest at DIR's root; one partition per id in each table.
  std::size_t entries = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir.path())) {
    ++entries;
    const std::string name = entry.path().filename().string();
    if (name == kNdjsonTablesManifestName) continue;
    EXPECT_NE(FindTable(name), nullptr) << name;
    EXPECT_EQ(static_cast<std::size_t>(std::distance(fs::directory_iterator(entry.path()),
                                                     fs::directory_iterator())),
              ids.size());
  }
  EXPECT_EQ(entries, TableDefinitions().size() + 1);
}

TEST(NdjsonTables, ExportingARunAgainReplacesItsPartitionOnly) {
  const testing_support::TestTempDir dir;
  Export(dir.path(), testing::FoldTrace(TraceOfRun(R"("a")", 5)));
  Export(dir.path(), testing::FoldTrace(TraceOfRun(R"("b")", 3)));
  Export(dir.path(), testing::FoldTrace(TraceOfRun(R"("a")", 2)));
  EXPECT_EQ(FileLines(PartFile(dir.path(), "spans", "a")).size(), 2u);
  EXPECT_EQ(FileLines(PartFile(dir.path(), "spans", "b")).size(), 3u);
  // No temporaries left beside the files.
  for (const fs::directory_entry& entry :
       fs::directory_iterator(PartFile(dir.path(), "spans", "a").parent_path())) {
    EXPECT_EQ(entry.path().filename(), "part-0.ndjson");
  }
  // A table without rows still has its file, empty: no old rows survive.
  EXPECT_TRUE(fs::is_regular_file(PartFile(dir.path(), "ops", "a")));
  EXPECT_EQ(fs::file_size(PartFile(dir.path(), "ops", "a")), 0u);
}

TEST(NdjsonTables, ManifestSaysTheSchemaVersionAndEveryColumn) {
  const boost::json::object manifest = boost::json::parse(NdjsonTablesManifest()).as_object();
  EXPECT_EQ(manifest.at("format").as_string(), "tracedoc-tables");
  EXPECT_EQ(manifest.at("schema_version").as_int64(), kTablesSchemaVersion);
  const boost::json::array& tables = manifest.at("tables").as_array();
  ASSERT_EQ(tables.size(), TableDefinitions().size());
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const TableDefinition& table = TableDefinitions()[t];
    EXPECT_EQ(tables[t].at("name").as_string(), table.name);
    const boost::json::array& columns = tables[t].at("columns").as_array();
    ASSERT_EQ(columns.size(), table.columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
      EXPECT_EQ(columns[c].at("name").as_string(), table.columns[c].name);
      EXPECT_EQ(columns[c].at("type").as_string(), ColumnTypeName(table.columns[c].type));
      EXPECT_EQ(columns[c].at("nullable").as_bool(), table.columns[c].nullable);
    }
  }
}

TEST(NdjsonTables, ForeignDirectoriesAndOtherVersionsAreRefused) {
  const testing_support::TestTempDir dir;
  // A directory of something else.
  dir.Write("home/notes.txt", "mine");
  Result<void> prepared = PrepareNdjsonTables(dir.path() / "home");
  ASSERT_FALSE(prepared);
  EXPECT_EQ(prepared.error().code, ErrorCode::kIoError);
  EXPECT_NE(prepared.error().message.find("not a tracedoc tables directory"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir.path() / "home" / kNdjsonTablesManifestName));
  // Another schema version's tables.
  dir.Write(fs::path("old") / kNdjsonTablesManifestName,
            R"({"format":"tracedoc-tables","schema_version":0})");
  prepared = PrepareNdjsonTables(dir.path() / "old");
  ASSERT_FALSE(prepared);
  EXPECT_EQ(prepared.error().code, ErrorCode::kIoError);
  EXPECT_NE(prepared.error().message.find("schema version 0"), std::string::npos);
  // A file, not a directory.
  dir.Write("file", "x");
  EXPECT_EQ(PrepareNdjsonTables(dir.path() / "file").error().code, ErrorCode::kIoError);
  // Hidden files alone (another export's temporary) and a new path are fine, and twice too.
  dir.Write("hidden/.tmp", "x");
  EXPECT_TRUE(PrepareNdjsonTables(dir.path() / "hidden"));
  EXPECT_TRUE(PrepareNdjsonTables(dir.path() / "new" / "deeper"));
  EXPECT_TRUE(PrepareNdjsonTables(dir.path() / "new" / "deeper"));
}

TEST(NdjsonTables, PlantedLinksAreRefusedNeverFollowed) {
  const testing_support::TestTempDir dir;
  const fs::path tables = dir.path() / "tables";
  const fs::path elsewhere = dir.path() / "elsewhere";
  fs::create_directories(elsewhere);
  const fs::path victim = dir.Write("victim.txt", "keep me");
  ASSERT_TRUE(PrepareNdjsonTables(tables));
  const TraceDocument document = testing::FoldTrace(TraceOfRun(R"("r")", 1));
  // A partition directory that is a link.
  fs::create_directories(tables / "runs");
  fs::create_directory_symlink(elsewhere, tables / "runs" / "run_id=r");
  Result<NdjsonTablesWritten> written = WriteNdjsonTables(tables, document, {"in", {}, {}});
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, ErrorCode::kIoError);
  EXPECT_TRUE(fs::is_empty(elsewhere));
  fs::remove(tables / "runs" / "run_id=r");
  // A part file that is a link to someone's file.
  fs::create_directories(tables / "runs" / "run_id=r");
  fs::create_symlink(victim, tables / "runs" / "run_id=r" / "part-0.ndjson");
  written = WriteNdjsonTables(tables, document, {"in", {}, {}});
  ASSERT_FALSE(written);
  EXPECT_EQ(written.error().code, ErrorCode::kIoError);
  std::ifstream in(victim);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "keep me");
  // A table directory that is a link.
  fs::remove_all(tables / "runs");
  fs::create_directory_symlink(elsewhere, tables / "runs");
  const auto through_link = WriteNdjsonTables(tables, document, {"in", {}, {}});
  ASSERT_FALSE(through_link);
  EXPECT_EQ(through_link.error().code, ErrorCode::kIoError);
  EXPECT_TRUE(fs::is_empty(elsewhere));
}

}  // namespace
}  // namespace tracedoc
