// ReadTraceMLExport (docs/traceml-export.md): a valid export of every stream read into exactly
// the expected records, then one single-fault case per rule, each with its code, line and field
// (and, for the warning rules, the warning, which --strict turns into an error). Errors name the
// input and carry the column of what is at fault; warnings carry theirs too.
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracedoc/open.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc {
namespace {

// Two ranks interleaved, every stream, nulls and measured zeros, a duplicate step_time key
// (rank 0, step 1, line 9), a blank line and a closing line. Physical lines, from 1.
const std::vector<std::string> kLines = {
    // 1
    R"({"stream":"runtime_environment","schema_version":1,"observed_timestamp_unix_ns":1000,"rank":0,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","pid":4242,"timestamp_unix_ns":990,"seq":0,"topology":"single_node","distributed_initialized":1,"distributed_backend":"nccl","training_strategy":"ddp","strategy_source":"detected","strategy_confidence":"high"})",
    // 2
    R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":2000,"rank":0,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","timestamp_unix_ns":1990,"seq":1,"step":1,"events":{"forward":{"cuda:0":{"is_gpu":true,"duration_ms":12.5,"cpu_ms":3.25,"gpu_ms":12.5,"n_calls":1}},"backward":{"cuda:0":{"is_gpu":false,"duration_ms":0.0,"cpu_ms":0,"gpu_ms":null,"n_calls":null}}}})",
    // 3
    R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":2001,"rank":1,"global_rank":1,"local_rank":1,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":null,"timestamp_unix_ns":null,"seq":1,"step":1,"events":{}})",
    // 4
    "   ",
    // 5
    R"({"stream":"step_memory","schema_version":1,"observed_timestamp_unix_ns":2002,"rank":0,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","timestamp_unix_ns":1995,"seq":1,"device":"cuda:0","step":1,"peak_alloc_bytes":1048576.0,"peak_reserved_bytes":0})",
    // 6
    R"({"stream":"system","schema_version":1,"observed_timestamp_unix_ns":3000,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","timestamp_unix_ns":2990,"seq":7,"cpu_percent":0.0,"ram_used_bytes":8589934592,"ram_total_bytes":17179869184,"gpu_available":1,"gpu_count":2})",
    // 7
    R"({"stream":"system_gpu","schema_version":1,"observed_timestamp_unix_ns":3000,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","timestamp_unix_ns":2990,"seq":7,"gpu_idx":0,"util":97.5,"mem_used_bytes":1024,"mem_total_bytes":2048,"temperature_c":-5.5,"power_usage_w":250.0,"power_limit_w":null})",
    // 8
    R"({"stream":"process","schema_version":1,"observed_timestamp_unix_ns":3001,"rank":1,"global_rank":1,"local_rank":1,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-b","timestamp_unix_ns":2995,"seq":3,"cpu_percent":150.5,"cpu_logical_core_count":8,"ram_used_bytes":1000,"ram_total_bytes":null,"gpu_available":0,"gpu_count":0,"gpu_device_index":null,"gpu_mem_used_bytes":null,"gpu_mem_reserved_bytes":null,"gpu_mem_total_bytes":null})",
    // 9
    R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":2100,"rank":0,"global_rank":0,"local_rank":0,"world_size":2,"local_world_size":2,"node_rank":0,"hostname":"node-a","timestamp_unix_ns":2090,"seq":2,"step":1,"events":{}})",
    // 10
    R"({"stream":"stdout_stderr","schema_version":1,"observed_timestamp_unix_ns":4000,"rank":1,"timestamp_unix_ns":3999,"line":"epoch 1 done"})",
    // 11
    R"({"written_records":9,"dropped_batches":0})",
};

std::string Join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// The export with `from` replaced by `to` on physical line `line` (which must contain it).
std::string WithEdit(std::size_t line, const std::string& from, const std::string& to) {
  std::vector<std::string> lines = kLines;
  std::string& text = lines.at(line - 1);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return Join(lines);
}

// `text` with each `from` replaced by its `to`, in turn (each must be there).
std::string Edited(std::string text,
                   std::initializer_list<std::pair<std::string, std::string>> edits) {
  for (const auto& [from, to] : edits) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

// The export with physical line `line` replaced by `text`.
std::string WithLine(std::size_t line, const std::string& text) {
  std::vector<std::string> lines = kLines;
  lines.at(line - 1) = text;
  return Join(lines);
}

std::string WithoutHostnames(const std::string& text) {
  return std::regex_replace(text, std::regex(R"("hostname":(null|"[^"]*"),)"), "");
}

Result<TraceMLExport> Read(const std::string& text, bool strict = false) {
  TraceMLReadOptions options;
  options.strict = strict;
  return ReadTraceMLExport(TraceInput::FromString(text), options);
}

void ExpectError(const std::string& text, ErrorCode code, std::uint64_t line,
                 const std::string& field, bool strict = false) {
  const Result<TraceMLExport> read = Read(text, strict);
  ASSERT_FALSE(read) << "expected " << ErrorCodeName(code);
  EXPECT_EQ(ErrorCodeName(read.error().code), ErrorCodeName(code)) << read.error().message;
  EXPECT_EQ(read.error().line, line) << read.error().message;
  EXPECT_EQ(read.error().field, field) << read.error().message;
  EXPECT_FALSE(read.error().message.empty());
  EXPECT_EQ(read.error().file, "<string>");
}

// The 1-based byte column where `needle` starts on physical line `line` of `text`.
std::uint64_t ColumnOf(const std::string& text, std::size_t line, const std::string& needle) {
  std::size_t start = 0;
  for (std::size_t i = 1; i < line; ++i) start = text.find('\n', start) + 1;
  const std::size_t at = text.find(needle, start);
  EXPECT_NE(at, std::string::npos) << needle;
  return at - start + 1;
}

// An error at the column where `needle` starts on its line.
void ExpectErrorAt(const std::string& text, ErrorCode code, std::uint64_t line,
                   const std::string& field, const std::string& needle, bool strict = false) {
  ExpectError(text, code, line, field, strict);
  const Result<TraceMLExport> read = Read(text, strict);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().column, ColumnOf(text, line, needle)) << read.error().message;
}

// A rule that is a warning: the read passes with the warning at `line` about `field`; under
// strict, it fails with `strict_code` there.
void ExpectWarning(const std::string& text, DiagnosticCode warning, std::uint64_t line,
                   const std::string& field, std::optional<ErrorCode> strict_code) {
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read) << read.error().message;
  bool found = false;
  for (const Diagnostic& w : read.value().warnings.kept) {
    if (w.code == warning && w.line == line && w.field == field) {
      found = true;
      EXPECT_EQ(w.severity, Severity::kWarning);
      EXPECT_TRUE(w.column.has_value());
      EXPECT_TRUE(w.file.empty());
    }
  }
  EXPECT_TRUE(found) << DiagnosticCodeName(warning) << " at " << line << " " << field;
  if (strict_code) ExpectError(text, *strict_code, line, field, /*strict=*/true);
}

TraceMLRankIdentity Identity(std::optional<std::uint64_t> rank, std::optional<std::string> host,
                             std::optional<std::uint64_t> seq) {
  return TraceMLRankIdentity{rank, rank, 2, 2, 0, std::move(host), seq};
}

TraceMLRecordBase Base(std::uint64_t line, std::uint64_t observed,
                       std::optional<std::uint64_t> timestamp) {
  return TraceMLRecordBase{line, observed, timestamp, {}};
}

TEST(TraceMLExportTest, ReadsEveryStreamIntoItsRecords) {
  const Result<TraceMLExport> read = Read(Join(kLines));
  ASSERT_TRUE(read) << read.error().message;
  const TraceMLExport& e = read.value();
  EXPECT_TRUE(e.has_hostname);
  EXPECT_EQ(e.record_count(), 9u);

  ASSERT_EQ(e.runtime_environment.size(), 1u);
  EXPECT_EQ(e.runtime_environment[0],
            (TraceMLRuntimeEnvironment{Base(1, 1000, 990), Identity(0, "node-a", 0), 4242,
                                       "single_node", true, "nccl", "ddp", "detected", "high"}));

  ASSERT_EQ(e.step_time.size(), 3u);
  EXPECT_EQ(
      e.step_time[0],
      (TraceMLStepTime{Base(2, 2000, 1990),
                       Identity(0, "node-a", 1),
                       1,
                       {{"forward", "cuda:0", true, 12.5, 3.25, 12.5, 1, {}},
                        {"backward", "cuda:0", false, 0.0, 0.0, std::nullopt, std::nullopt, {}}}}));
  EXPECT_EQ(e.step_time[1],
            (TraceMLStepTime{Base(3, 2001, std::nullopt), Identity(1, std::nullopt, 1), 1, {}}));
  EXPECT_EQ(e.step_time[2],
            (TraceMLStepTime{Base(9, 2100, 2090), Identity(0, "node-a", 2), 1, {}}));

  ASSERT_EQ(e.step_memory.size(), 1u);
  EXPECT_EQ(e.step_memory[0], (TraceMLStepMemory{Base(5, 2002, 1995), Identity(0, "node-a", 1),
                                                 "cuda:0", 1, 1048576.0, 0.0}));
  ASSERT_EQ(e.system.size(), 1u);
  EXPECT_EQ(e.system[0], (TraceMLSystem{Base(6, 3000, 2990), Identity(0, "node-a", 7), 0.0,
                                        8589934592.0, 17179869184.0, true, 2}));
  ASSERT_EQ(e.system_gpu.size(), 1u);
  EXPECT_EQ(e.system_gpu[0], (TraceMLSystemGpu{Base(7, 3000, 2990), Identity(0, "node-a", 7), 0,
                                               97.5, 1024.0, 2048.0, -5.5, 250.0, std::nullopt}));
  ASSERT_EQ(e.process.size(), 1u);
  EXPECT_EQ(e.process[0], (TraceMLProcess{Base(8, 3001, 2995), Identity(1, "node-b", 3), 150.5, 8,
                                          1000.0, std::nullopt, false, 0, std::nullopt,
                                          std::nullopt, std::nullopt, std::nullopt}));
  ASSERT_EQ(e.stdout_stderr.size(), 1u);
  EXPECT_EQ(e.stdout_stderr[0], (TraceMLOutputLine{Base(10, 4000, 3999), 1, "epoch 1 done"}));

  ASSERT_TRUE(e.closing.has_value());
  EXPECT_EQ(*e.closing, (TraceMLClosingLine{11, 9, 0, {}}));

  // The one duplicate: step_time (global_rank 0, step 1) again on line 9, counted and kept.
  EXPECT_EQ(e.duplicates[static_cast<std::size_t>(TraceMLStream::kStepTime)], 1u);
  std::uint64_t duplicates = 0;
  for (const std::uint64_t d : e.duplicates) duplicates += d;
  EXPECT_EQ(duplicates, 1u);
  ASSERT_EQ(e.warnings.kept.size(), 1u);
  EXPECT_EQ(e.warnings.kept[0].code, DiagnosticCode::kTraceMLDuplicateKey);
  EXPECT_EQ(e.warnings.kept[0].line, 9u);
  EXPECT_EQ(e.warnings.kept[0].column, 1u);  // the record
  EXPECT_EQ(e.warnings.kept[0].field, "");
  EXPECT_EQ(e.warnings.kept[0].message,
            "step_time record repeats the key (global_rank 0, step 1) of line 2; kept");
  EXPECT_EQ(e.warnings.total, 1u);
}

TEST(TraceMLExportTest, ReadsAnExportWithoutHostnames) {
  const Result<TraceMLExport> read = Read(WithoutHostnames(Join(kLines)));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_FALSE(read.value().has_hostname);
  EXPECT_EQ(read.value().record_count(), 9u);
  for (const TraceMLStepTime& r : read.value().step_time)
    EXPECT_EQ(r.identity.hostname, std::nullopt);
  EXPECT_EQ(read.value().process[0].identity.global_rank, 1u);
}

TEST(TraceMLExportTest, AnExportWithoutAClosingLineIsValid) {
  std::vector<std::string> lines = kLines;
  lines.pop_back();
  const Result<TraceMLExport> read = Read(Join(lines));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_FALSE(read.value().closing.has_value());
  EXPECT_EQ(read.value().record_count(), 9u);
  const Result<TraceMLExport> empty = Read("\n  \n");
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty.value().record_count(), 0u);
}

TEST(TraceMLExportTest, ReadsAFileLikeAString) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "tracedoc_traceml_export_test.jsonl";
  {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    const std::string text = Join(kLines);
    std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
  }
  const Result<TraceMLExport> from_file = ReadTraceMLExport(TraceInput::FromFile(path));
  const Result<TraceMLExport> from_string = Read(Join(kLines));
  std::filesystem::remove(path);
  ASSERT_TRUE(from_file) << from_file.error().message;
  EXPECT_EQ(from_file.value().step_time, from_string.value().step_time);
  EXPECT_EQ(from_file.value().closing, from_string.value().closing);
  const Result<TraceMLExport> missing = ReadTraceMLExport(TraceInput::FromFile(path));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kIoError);
}

// --- line rules, shared with a trace line ---

TEST(TraceMLExportTest, InvalidJsonHasTheTraceLineColumn) {
  const std::string text = WithEdit(3, R"("events":{}})", R"("events":{})");
  const Result<TraceMLExport> read = Read(text);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, ErrorCode::kInvalidJson);
  EXPECT_EQ(read.error().line, 3u);
  EXPECT_EQ(read.error().column, kLines[2].size());
}

TEST(TraceMLExportTest, BareNaNIsInvalidJson) {
  ExpectError(WithEdit(2, R"("cpu_ms":3.25)", R"("cpu_ms":NaN)"), ErrorCode::kInvalidJson, 2, "");
  ExpectError(WithEdit(7, R"("util":97.5)", R"("util":Infinity)"), ErrorCode::kInvalidJson, 7, "");
}

TEST(TraceMLExportTest, ALineThatIsNotAnObjectFails) {
  ExpectError(WithEdit(10, kLines[9], "[1,2]"), ErrorCode::kNotAnObject, 10, "");
}

TEST(TraceMLExportTest, InvalidUtf8Fails) {
  ExpectError(WithEdit(10, "epoch", "ep\xC3och"), ErrorCode::kInvalidUtf8, 10, "");
}

TEST(TraceMLExportTest, BoundsAreLimitExceeded) {
  TraceMLReadOptions options;
  options.max_line_bytes = 200;
  const std::string text = Join(kLines);
  Result<TraceMLExport> read = ReadTraceMLExport(TraceInput::FromString(text), options);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, ErrorCode::kLimitExceeded);
  EXPECT_EQ(read.error().line, 1u);
  options = {};
  options.max_records = 2;
  read = ReadTraceMLExport(TraceInput::FromString(text), options);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, ErrorCode::kLimitExceeded);
  EXPECT_EQ(read.error().line, 3u);
  // The closing line is not a record: nine records pass a bound of nine.
  options.max_records = 9;
  EXPECT_TRUE(ReadTraceMLExport(TraceInput::FromString(text), options));
}

// --- record rules ---

TEST(TraceMLExportTest, ADuplicateJsonKeyFails) {
  ExpectError(WithEdit(3, R"("seq":1,)", R"("seq":1,"seq":1,)"), ErrorCode::kDuplicateKey, 3,
              "seq");
  ExpectError(WithEdit(3, R"("events":{})", R"("x":1,"x":2,"events":{})"), ErrorCode::kDuplicateKey,
              3, "x");
  ExpectError(WithEdit(2, R"("n_calls":1})", R"("n_calls":1},"cuda:0":{})"),
              ErrorCode::kDuplicateKey, 2, "events.forward.cuda:0");
  ExpectError(WithEdit(11, "}", R"(,"dropped_batches":0})"), ErrorCode::kDuplicateKey, 11,
              "dropped_batches");
}

TEST(TraceMLExportTest, AMissingColumnFails) {
  ExpectError(WithEdit(3, R"("seq":1,)", ""), ErrorCode::kMissingField, 3, "seq");
  ExpectError(WithEdit(2, R"("gpu_ms":12.5,)", ""), ErrorCode::kMissingField, 2,
              "events.forward.cuda:0.gpu_ms");
  ExpectError(WithEdit(10, R"("stream":"stdout_stderr",)", ""), ErrorCode::kMissingField, 10,
              "stream");
  ExpectError(WithEdit(6, R"("schema_version":1,)", ""), ErrorCode::kMissingField, 6,
              "schema_version");
}

TEST(TraceMLExportTest, AnUnknownColumnIsAWarningKeptOrUnderStrictAnError) {
  const std::string text = WithEdit(10, R"("line":)", R"("extra":[1,{"a":null}],"line":)");
  ExpectWarning(text, DiagnosticCode::kTraceMLUnknownField, 10, "extra", ErrorCode::kUnknownField);
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read);
  EXPECT_EQ(read.value().stdout_stderr[0].base.unknown,
            (std::vector<TraceMLUnknownField>{{"extra", R"([1,{"a":null}])"}}));
  // hostname on stdout_stderr is unknown there: the stream has no such column.
  ExpectWarning(WithEdit(10, R"("line":)", R"("hostname":"h","line":)"),
                DiagnosticCode::kTraceMLUnknownField, 10, "hostname", ErrorCode::kUnknownField);
  ExpectWarning(WithEdit(2, R"("n_calls":1})", R"("n_calls":1,"x":0})"),
                DiagnosticCode::kTraceMLUnknownField, 2, "events.forward.cuda:0.x",
                ErrorCode::kUnknownField);
  ExpectWarning(WithEdit(11, "}", R"(,"exporter":"jsonl"})"), DiagnosticCode::kTraceMLUnknownField, 11,
                "exporter", ErrorCode::kUnknownField);
}

TEST(TraceMLExportTest, ColumnsOutOfOrderAreAWarningOrUnderStrictAnError) {
  ExpectWarning(
      WithEdit(10, R"("rank":1,"timestamp_unix_ns":3999)", R"("timestamp_unix_ns":3999,"rank":1)"),
      DiagnosticCode::kTraceMLFieldOrder, 10, "rank", ErrorCode::kTraceMLFieldOrder);
  ExpectWarning(WithEdit(2, R"("cpu_ms":3.25,"gpu_ms":12.5)", R"("gpu_ms":12.5,"cpu_ms":3.25)"),
                DiagnosticCode::kTraceMLFieldOrder, 2, "events.forward.cuda:0.cpu_ms",
                ErrorCode::kTraceMLFieldOrder);
}

TEST(TraceMLExportTest, IntegersMustBeIntegerLiterals) {
  ExpectError(WithEdit(3, R"("step":1,)", R"("step":1.0,)"), ErrorCode::kInvalidType, 3, "step");
  ExpectError(WithEdit(3, R"("step":1,)", R"("step":"1",)"), ErrorCode::kInvalidType, 3, "step");
  ExpectError(WithEdit(3, R"("step":1,)", R"("step":-1,)"), ErrorCode::kOutOfRange, 3, "step");
  ExpectError(WithEdit(3, R"("step":1,)", R"("step":18446744073709551616,)"),
              ErrorCode::kOutOfRange, 3, "step");
  ExpectError(WithEdit(2, R"("n_calls":1})", R"("n_calls":1.5})"), ErrorCode::kInvalidType, 2,
              "events.forward.cuda:0.n_calls");
}

TEST(TraceMLExportTest, NullOnlyWhereTheValueMayBeNone) {
  ExpectError(
      WithEdit(3, R"("observed_timestamp_unix_ns":2001)", R"("observed_timestamp_unix_ns":null)"),
      ErrorCode::kInvalidType, 3, "observed_timestamp_unix_ns");
  ExpectError(WithEdit(7, R"("gpu_idx":0)", R"("gpu_idx":null)"), ErrorCode::kInvalidType, 7,
              "gpu_idx");
  ExpectError(WithEdit(3, R"("events":{})", R"("events":null)"), ErrorCode::kInvalidType, 3,
              "events");
  ExpectError(WithEdit(10, R"("line":"epoch 1 done")", R"("line":null)"), ErrorCode::kInvalidType,
              10, "line");
  ExpectError(WithEdit(11, R"("written_records":9)", R"("written_records":null)"),
              ErrorCode::kInvalidType, 11, "written_records");
}

TEST(TraceMLExportTest, TheEventsMapHoldsMapsOfMaps) {
  ExpectError(WithEdit(3, R"("events":{})", R"("events":[])"), ErrorCode::kInvalidType, 3,
              "events");
  ExpectError(WithEdit(3, R"("events":{})", R"("events":{"f":1})"), ErrorCode::kInvalidType, 3,
              "events.f");
  ExpectError(WithEdit(3, R"("events":{})", R"("events":{"f":{"cpu":null}})"),
              ErrorCode::kInvalidType, 3, "events.f.cpu");
  ExpectError(WithEdit(2, R"("is_gpu":true)", R"("is_gpu":1)"), ErrorCode::kInvalidType, 2,
              "events.forward.cuda:0.is_gpu");
  ExpectError(WithEdit(2, R"("duration_ms":12.5)", R"("duration_ms":-0.5)"), ErrorCode::kOutOfRange,
              2, "events.forward.cuda:0.duration_ms");
}

TEST(TraceMLExportTest, ByteCountsAreWholeAndNonNegative) {
  ExpectError(WithEdit(5, R"("peak_alloc_bytes":1048576.0)", R"("peak_alloc_bytes":1.5)"),
              ErrorCode::kInvalidValue, 5, "peak_alloc_bytes");
  ExpectError(WithEdit(5, R"("peak_alloc_bytes":1048576.0)", R"("peak_alloc_bytes":-1)"),
              ErrorCode::kOutOfRange, 5, "peak_alloc_bytes");
  ExpectError(WithEdit(7, R"("mem_used_bytes":1024)", R"("mem_used_bytes":"1024")"),
              ErrorCode::kInvalidType, 7, "mem_used_bytes");
}

TEST(TraceMLExportTest, PercentagesAndWattsAreNonNegative) {
  ExpectError(WithEdit(6, R"("cpu_percent":0.0)", R"("cpu_percent":-1.0)"), ErrorCode::kOutOfRange,
              6, "cpu_percent");
  ExpectError(WithEdit(7, R"("power_usage_w":250.0)", R"("power_usage_w":-250)"),
              ErrorCode::kOutOfRange, 7, "power_usage_w");
}

TEST(TraceMLExportTest, IntegerBooleansAreZeroOrOne) {
  ExpectError(WithEdit(6, R"("gpu_available":1)", R"("gpu_available":2)"), ErrorCode::kInvalidValue,
              6, "gpu_available");
  ExpectError(WithEdit(6, R"("gpu_available":1)", R"("gpu_available":true)"),
              ErrorCode::kInvalidType, 6, "gpu_available");
  ExpectError(WithEdit(1, R"("distributed_initialized":1)", R"("distributed_initialized":1.0)"),
              ErrorCode::kInvalidType, 1, "distributed_initialized");
}

TEST(TraceMLExportTest, AnOutputLineIsANonEmptyString) {
  ExpectError(WithEdit(10, R"("line":"epoch 1 done")", R"("line":"")"), ErrorCode::kInvalidValue,
              10, "line");
}

TEST(TraceMLExportTest, StringColumnsAreStringsOrNull) {
  ExpectError(WithEdit(5, R"("device":"cuda:0")", R"("device":0)"), ErrorCode::kInvalidType, 5,
              "device");
  ExpectError(WithEdit(1, R"("hostname":"node-a")", R"("hostname":1)"), ErrorCode::kInvalidType, 1,
              "hostname");
}

// --- export rules ---

TEST(TraceMLExportTest, RankMustEqualGlobalRank) {
  ExpectError(WithEdit(8, R"("rank":1,)", R"("rank":0,)"), ErrorCode::kTraceMLRankMismatch, 8,
              "rank");
  ExpectError(WithEdit(3, R"("rank":1,)", R"("rank":null,)"), ErrorCode::kTraceMLRankMismatch, 3,
              "rank");
}

TEST(TraceMLExportTest, SchemaVersionMustBeOne) {
  ExpectError(WithEdit(6, R"("schema_version":1)", R"("schema_version":2)"),
              ErrorCode::kTraceMLUnsupportedSchema, 6, "schema_version");
  ExpectError(WithEdit(6, R"("schema_version":1)", R"("schema_version":1.0)"),
              ErrorCode::kInvalidType, 6, "schema_version");
}

TEST(TraceMLExportTest, AnUnknownStreamFailsNamingIt) {
  const std::string text = WithEdit(6, R"("stream":"system")", R"("stream":"systems")");
  ExpectError(text, ErrorCode::kTraceMLUnknownStream, 6, "stream");
  EXPECT_THAT(Read(text).error().message, ::testing::HasSubstr("`systems`"));
  ExpectError(WithEdit(6, R"("stream":"system")", R"("stream":7)"), ErrorCode::kInvalidType, 6,
              "stream");
}

TEST(TraceMLExportTest, HostnameIsOnEveryRecordOrOnNone) {
  ExpectError(WithEdit(5, R"("hostname":"node-a",)", ""), ErrorCode::kTraceMLHostnameInconsistent,
              5, "hostname");
  // Absent on the first record, present later.
  const std::string text = WithoutHostnames(Join(kLines));
  const std::string with_one = std::regex_replace(
      text, std::regex(R"("node_rank":0,"timestamp_unix_ns":2990,"seq":7,"gpu_idx")"),
      R"("node_rank":0,"hostname":null,"timestamp_unix_ns":2990,"seq":7,"gpu_idx")");
  ExpectError(with_one, ErrorCode::kTraceMLHostnameInconsistent, 7, "hostname");
}

TEST(TraceMLExportTest, WrittenRecordsMustCountTheRecords) {
  ExpectError(WithEdit(11, R"("written_records":9)", R"("written_records":8)"),
              ErrorCode::kTraceMLWrittenRecordsMismatch, 11, "written_records");
  ExpectError(WithEdit(11, R"("written_records":9)", R"("written_records":-9)"),
              ErrorCode::kOutOfRange, 11, "written_records");
}

TEST(TraceMLExportTest, TheClosingLineMustBeLast) {
  std::vector<std::string> lines = kLines;
  lines.push_back("");
  lines.push_back(kLines[9]);
  ExpectError(Join(lines), ErrorCode::kTraceMLClosingLineNotLast, 11, "");
  // Blank lines after it are fine.
  lines.pop_back();
  EXPECT_TRUE(Read(Join(lines)));
}

TEST(TraceMLExportTest, ALineWithoutStreamNeedsBothClosingMembers) {
  ExpectError(WithEdit(11, R"(,"dropped_batches":0)", ""), ErrorCode::kMissingField, 11, "stream");
}

TEST(TraceMLExportTest, DroppedBatchesAreAWarningEvenUnderStrict) {
  const std::string text = WithEdit(11, R"("dropped_batches":0)", R"("dropped_batches":3)");
  ExpectWarning(text, DiagnosticCode::kTraceMLDroppedBatches, 11, "dropped_batches", std::nullopt);
  const Result<TraceMLExport> strict = Read(text, /*strict=*/true);
  ASSERT_TRUE(strict);
  EXPECT_EQ(strict.value().closing->dropped_batches, 3u);
}

TEST(TraceMLExportTest, DuplicateKeysOfEveryStreamAreCountedNotRemoved) {
  std::vector<std::string> lines = kLines;
  lines.pop_back();
  for (const std::size_t i : {0u, 1u, 4u, 5u, 6u, 7u, 9u}) lines.push_back(kLines[i]);
  const Result<TraceMLExport> read = Read(Join(lines));
  ASSERT_TRUE(read) << read.error().message;
  const TraceMLExport& e = read.value();
  // stdout_stderr has no key: its lines are never duplicates.
  EXPECT_EQ(e.duplicates, (std::array<std::uint64_t, kTraceMLStreamCount>{2, 1, 1, 1, 1, 1, 0}));
  EXPECT_EQ(e.record_count(), 16u);
  EXPECT_EQ(e.warnings.total, 7u);
  // Each names its key's values and the line of the first record with them.
  std::vector<std::string> messages;
  for (const Diagnostic& w : e.warnings.kept) {
    messages.push_back(std::to_string(w.line) + ": " + w.message);
  }
  EXPECT_THAT(
      messages,
      ::testing::ElementsAre(
          "9: step_time record repeats the key (global_rank 0, step 1) of line 2; kept",
          "11: runtime_environment record repeats the key (global_rank 0) of line 1; kept",
          "12: step_time record repeats the key (global_rank 0, step 1) of line 2; kept",
          "13: step_memory record repeats the key (global_rank 0, device `cuda:0`, step 1) of "
          "line 5; kept",
          "14: system record repeats the key (global_rank 0, seq 7) of line 6; kept",
          "15: system_gpu record repeats the key (global_rank 0, seq 7, gpu_idx 0) of line 7; kept",
          "16: process record repeats the key (global_rank 1, seq 3) of line 8; kept"));
}

// A key part may be null (a value of its own) or a device of any length and bytes: the message
// shows null, and the device quoted with its control characters escaped and cut after 64 bytes
// at the start of a code point (here the 2-byte é at bytes 63 and 64), with its full length, so
// that it stays short.
TEST(TraceMLExportTest, ADuplicateMessageShowsNullsAndABoundedDevice) {
  std::string line = kLines[4];
  const std::string key = R"("device":"cuda:0","step":1)";
  const std::string device =
      R"(gpu\n)" + std::string(59, 'x') + "\xC3\xA9" + std::string(1000, 'y');
  line.replace(line.find(key), key.size(), R"("device":")" + device + R"(","step":null)");
  const Result<TraceMLExport> read = Read(line + "\n" + line + "\n");
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read.value().warnings.kept.size(), 1u);
  const Diagnostic& warning = read.value().warnings.kept[0];
  EXPECT_EQ(warning.line, 2u);
  EXPECT_EQ(warning.message, R"(step_memory record repeats the key (global_rank 0, device `gpu\n)" +
                                 std::string(59, 'x') +
                                 R"(…` (1065 bytes), step null) of line 1; kept)");
}

TEST(TraceMLExportTest, WarningsPastTheBoundAreCounted) {
  std::string many =
      R"({"stream":"stdout_stderr","schema_version":1,"observed_timestamp_unix_ns":1,"rank":0,"timestamp_unix_ns":1,"line":"x")";
  constexpr int kUnknown = 100000;
  for (int i = 0; i < kUnknown; ++i) many += ",\"u" + std::to_string(i) + "\":0";
  many += "}\n";
  const Result<TraceMLExport> read = Read(many);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value().warnings.total, static_cast<std::uint64_t>(kUnknown));
  EXPECT_EQ(read.value().warnings.kept.size(), DiagnosticLog{}.max_kept);
  EXPECT_EQ(read.value().stdout_stderr[0].base.unknown.size(), static_cast<std::size_t>(kUnknown));
  // The last unknown key written twice is still found among 10^5.
  const std::string twice = many.substr(0, many.size() - 2) + ",\"u99999\":1}\n";
  ExpectError(twice, ErrorCode::kDuplicateKey, 1, "u99999");
}

// One phase of many devices, then many phases of one: each map's own key set, so the read
// stays linear (a set reused and cleared would cost its largest size for every phase).
TEST(TraceMLExportTest, AHugeEventsMapIsReadInFull) {
  constexpr int kMany = 50000;
  const std::string sample =
      R"({"is_gpu":null,"duration_ms":null,"cpu_ms":null,"gpu_ms":null,"n_calls":null})";
  std::string events = R"("big":{)";
  for (int i = 0; i < kMany; ++i) {
    if (i != 0) events += ',';
    events += "\"d" + std::to_string(i) + "\":" + sample;
  }
  events += '}';
  for (int i = 0; i < kMany; ++i)
    events += ",\"p" + std::to_string(i) + "\":{\"d\":" + sample + "}";
  const std::string text = WithEdit(3, R"("events":{})", "\"events\":{" + events + "}");
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read) << read.error().message;
  const std::vector<TraceMLPhaseSample>& samples = read.value().step_time[1].events;
  ASSERT_EQ(samples.size(), static_cast<std::size_t>(2 * kMany));
  EXPECT_EQ(samples.front().name, "big");
  EXPECT_EQ(samples.back().name, "p49999");
  EXPECT_EQ(samples.back().device, "d");
}

// --- where errors and warnings point ---

TEST(TraceMLExportTest, ErrorsCarryTheColumnOfWhatIsAtFault) {
  // A value breaking its rule: the value.
  ExpectErrorAt(WithEdit(3, R"("step":1,)", R"("step":-1,)"), ErrorCode::kOutOfRange, 3, "step",
                "-1,");
  ExpectErrorAt(WithEdit(2, R"("duration_ms":12.5)", R"("duration_ms":-0.5)"),
                ErrorCode::kOutOfRange, 2, "events.forward.cuda:0.duration_ms", "-0.5");
  ExpectErrorAt(WithEdit(6, R"("stream":"system")", R"("stream":"systems")"),
                ErrorCode::kTraceMLUnknownStream, 6, "stream", R"("systems")");
  ExpectErrorAt(WithEdit(8, R"("rank":1,)", R"("rank":0,)"), ErrorCode::kTraceMLRankMismatch, 8,
                "rank", R"(0,"global_rank")");
  // A key given twice: the second one.
  ExpectErrorAt(WithEdit(3, R"("seq":1,)", R"("seq":1,"seq":2,)"), ErrorCode::kDuplicateKey, 3,
                "seq", R"("seq":2)");
  // Something missing: the object it is missing from.
  ExpectErrorAt(WithEdit(3, R"("seq":1,)", ""), ErrorCode::kMissingField, 3, "seq", "{");
  ExpectErrorAt(WithEdit(2, R"("gpu_ms":12.5,)", ""), ErrorCode::kMissingField, 2,
                "events.forward.cuda:0.gpu_ms", R"({"is_gpu":true,"duration_ms":12.5)");
  ExpectErrorAt(WithEdit(5, R"("hostname":"node-a",)", ""),
                ErrorCode::kTraceMLHostnameInconsistent, 5, "hostname", "{");
  // The closing line's count: its value, found once the file is read.
  ExpectErrorAt(WithEdit(11, R"("written_records":9)", R"("written_records":8)"),
                ErrorCode::kTraceMLWrittenRecordsMismatch, 11, "written_records", "8,");
  // Columns count the line's leading white space.
  ExpectErrorAt(WithLine(3, "   " + Edited(kLines[2], {{R"("step":1,)", R"("step":-1,)"}})),
                ErrorCode::kOutOfRange, 3, "step", "-1,");
}

TEST(TraceMLExportTest, ASyntaxErrorNamesTheInputAndItsColumn) {
  const std::string text = WithEdit(3, R"("events":{}})", R"("events":{})");
  const Result<TraceMLExport> read = Read(text);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().file, "<string>");
  EXPECT_EQ(FormatError("cli-name", read.error()).rfind("<string>:3:" +
                                                        std::to_string(kLines[2].size()) + ":",
                                                        0),
            0u);
}

TEST(TraceMLExportTest, WarningsCarryTheColumnOfTheirKeyOrRecord) {
  const std::string text = WithEdit(10, R"("line":)", R"("extra":1,"line":)");
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read.value().warnings.kept.size(), 2u);
  const Diagnostic& duplicate = read.value().warnings.kept[0];
  EXPECT_EQ(duplicate.line, 9u);
  EXPECT_EQ(duplicate.column, 1u);
  const Diagnostic& unknown = read.value().warnings.kept[1];
  EXPECT_EQ(unknown.line, 10u);
  EXPECT_EQ(unknown.column, ColumnOf(text, 10, R"("extra")"));
  EXPECT_EQ(unknown.message, "unknown field `extra`, kept");
  EXPECT_EQ(FormatDiagnostic("in.jsonl", unknown),
            "in.jsonl:10:" + std::to_string(*unknown.column) +
                ": warning[traceml_unknown_field]: unknown field `extra`, kept");
}

// A sample's unknown members stay with the sample (its record's path to them would repeat the
// phase's name once per device); the warning names their whole path.
TEST(TraceMLExportTest, ASamplesUnknownMembersAreKeptWithTheSample) {
  const std::string line = Edited(kLines[1], {{R"("seq":1,)", R"("a":"first","seq":1,)"},
                                              {R"("n_calls":1})", R"("n_calls":1,"x":[0]})"},
                                              {R"(null}}}})", R"(null}}},"z":2})"}});
  const std::string text = WithLine(2, line);
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value().step_time[0].base.unknown,
            (std::vector<TraceMLUnknownField>{{"a", R"("first")"}, {"z", "2"}}));
  EXPECT_EQ(read.value().step_time[0].events[0].unknown,
            (std::vector<TraceMLUnknownField>{{"x", "[0]"}}));
  EXPECT_TRUE(read.value().step_time[0].events[1].unknown.empty());
  // The sample itself is read in full.
  EXPECT_EQ(read.value().step_time[0].events[0].n_calls, 1u);
  std::vector<std::string> fields;
  for (const Diagnostic& w : read.value().warnings.kept) {
    if (w.code == DiagnosticCode::kTraceMLUnknownField) fields.push_back(w.field);
  }
  EXPECT_THAT(fields, ::testing::ElementsAre("a", "events.forward.cuda:0.x", "z"));
  // Under strict the first one is the error.
  ExpectError(text, ErrorCode::kUnknownField, 2, "a", /*strict=*/true);
  // An unknown key given twice in a sample is duplicate_key, as anywhere.
  ExpectError(WithLine(2, Edited(kLines[1], {{R"("n_calls":1})", R"("n_calls":1,"x":0,"x":1})"}})),
              ErrorCode::kDuplicateKey, 2, "events.forward.cuda:0.x");
}

// Columns out of order: one warning per object, at the first column that comes after one the
// table puts later, naming both.
TEST(TraceMLExportTest, ColumnsOutOfOrderAreReportedOncePerObject) {
  const std::string line =
      Edited(kLines[1], {{R"("local_rank":0,"world_size":2)", R"("world_size":2,"local_rank":0)"},
                         {R"("seq":1,"step":1,)", R"("step":1,"seq":1,)"},
                         {R"("cpu_ms":3.25,"gpu_ms":12.5)", R"("gpu_ms":12.5,"cpu_ms":3.25)"}});
  const std::string text = WithLine(2, line);
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read) << read.error().message;
  std::vector<std::string> order;
  for (const Diagnostic& w : read.value().warnings.kept) {
    if (w.code != DiagnosticCode::kTraceMLFieldOrder) continue;
    order.push_back(std::to_string(w.line) + " " + w.field + ": " + w.message);
    EXPECT_EQ(w.column, ColumnOf(text, 2, "\"" + w.field.substr(w.field.rfind('.') + 1) + "\""));
  }
  EXPECT_THAT(order, ::testing::ElementsAre(
                         "2 local_rank: `local_rank` after `world_size`, out of column order",
                         "2 events.forward.cuda:0.cpu_ms: `events.forward.cuda:0.cpu_ms` after "
                         "`events.forward.cuda:0.gpu_ms`, out of column order"));
  EXPECT_EQ(read.value().step_time[0].step, 1u);
  EXPECT_EQ(read.value().step_time[0].identity.seq, 1u);
}

// Whatever the export holds, a message quotes it with a bound, and a warning's field is cut.
TEST(TraceMLExportTest, MessagesQuoteWhatTheyEchoWithABound) {
  const std::string long_key(100000, 'k');
  const std::string text = WithEdit(10, R"("line":)", "\"" + long_key + "\":1,\"line\":");
  const Result<TraceMLExport> read = Read(text);
  ASSERT_TRUE(read) << read.error().message;
  const Diagnostic& unknown = read.value().warnings.kept.back();
  EXPECT_EQ(unknown.code, DiagnosticCode::kTraceMLUnknownField);
  EXPECT_LT(unknown.message.size(), 120u);
  EXPECT_THAT(unknown.message, ::testing::HasSubstr("(100000 bytes)"));
  EXPECT_LE(unknown.field.size(), 256u + 3);
  // The record keeps the key whole.
  EXPECT_EQ(read.value().stdout_stderr[0].base.unknown[0].key, long_key);

  const auto bounded = [](const std::string& edited) {
    const Result<TraceMLExport> failed = Read(edited);
    EXPECT_FALSE(failed);
    if (!failed) return;
    EXPECT_LT(failed.error().message.size(), 300u) << failed.error().message.substr(0, 300);
  };
  bounded(WithEdit(6, R"("stream":"system")", "\"stream\":\"" + long_key + "\""));
  bounded(WithEdit(3, R"("step":1,)", "\"step\":" + std::string(5000, '9') + ","));
  bounded(WithEdit(5, R"("peak_alloc_bytes":1048576.0)",
                   "\"peak_alloc_bytes\":0." + std::string(5000, '5')));
  bounded(WithEdit(3, R"("step":1,)", "\"step\":\"" + long_key + "\","));

  // A sample's member under a phase of 100 kB: the warning's field keeps 256 bytes of the path,
  // its message 64 and the path's whole length.
  const std::string long_phase = WithLine(
      2, Edited(kLines[1], {{R"("forward")", "\"" + long_key + "\""},
                            {R"("n_calls":1})", R"("n_calls":1,"x":0})"}}));
  const Result<TraceMLExport> sample = Read(long_phase);
  ASSERT_TRUE(sample) << sample.error().message;
  const Diagnostic& member = sample.value().warnings.kept[0];
  EXPECT_EQ(member.code, DiagnosticCode::kTraceMLUnknownField);
  EXPECT_EQ(member.field, "events." + std::string(256 - 7, 'k') + "…");
  EXPECT_EQ(member.message, "unknown field `events." + std::string(64 - 7, 'k') +
                                "…` (" + std::to_string(7 + 100000 + 9) + " bytes), kept");
}

// A rejected export reports its error alone: the warnings met before it are not reported.
TEST(TraceMLExportTest, ARejectedReadLeavesNoWarnings) {
  DiagnosticLog log;
  OpenOptions options;
  options.format = InputFormat::kTraceMLExport;
  options.diagnostics = &log;
  ASSERT_TRUE(ValidateInput(TraceInput::FromString(Join(kLines)), options));
  EXPECT_EQ(log.total, 1u);
  const std::string rejected =
      WithEdit(11, R"("written_records":9)", R"("written_records":8)");
  ASSERT_FALSE(ValidateInput(TraceInput::FromString(rejected), options));
  EXPECT_EQ(log.total, 1u);
  EXPECT_EQ(log.kept.size(), 1u);
}

TEST(TraceMLExportTest, WarningCodesHaveTheirSpellings) {
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kTraceMLUnknownField), "traceml_unknown_field");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kTraceMLFieldOrder), "traceml_field_order");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kTraceMLDuplicateKey), "traceml_duplicate_key");
  EXPECT_EQ(DiagnosticCodeName(DiagnosticCode::kTraceMLDroppedBatches),
            "traceml_dropped_batches");
}

}  // namespace
}  // namespace tracedoc
