// Every JSON writer (document, summary, memory profile, health, validation report) gives the
// same bytes as a string and on a std::ostream, its pretty form is the compact one re-indented
// (PrettyJson, the re-indenter the writers used on the whole text before), and a stream that
// fails is left failed and written to no further. On the golden inputs and on a document whose
// text spans several of the sink's chunks.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "support/failing_stream.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/validation_report.hpp"
#include "tracedoc/writer.hpp"
#include "emit/json_sink.hpp"
#include "emit/pretty_json.hpp"

namespace tracedoc {
namespace {

// One writer, both ways.
struct JsonWriter {
  std::string name;
  std::function<std::string(const WriteOptions&)> to_string;
  std::function<void(std::ostream&, const WriteOptions&)> to_stream;
};

// Every writer over one trace's text; the ones that need a document only when it folds.
std::vector<JsonWriter> WritersFor(const std::string& text) {
  const Result<void> verdict = ValidateTrace(TraceInput::FromString(text));
  std::vector<JsonWriter> writers = {
      {"validation report",
       [verdict](const WriteOptions& o) { return WriteValidationReportJson("in.jsonl", verdict, o); },
       [verdict](std::ostream& out, const WriteOptions& o) {
         WriteValidationReportJson("in.jsonl", verdict, out, o);
       }},
  };
  Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  if (!read) return writers;
  const TraceDocument document = read.value();
  const TraceSummary summary = Summarize(document);
  const MemoryProfile memory = AnalyzeMemory(document);
  const TraceHealth health = AnalyzeHealth(document);
  writers.push_back(
      {"document", [document](const WriteOptions& o) { return WriteDocumentJson(document, o); },
       [document](std::ostream& out, const WriteOptions& o) { WriteDocumentJson(document, out, o); }});
  writers.push_back(
      {"summary", [summary](const WriteOptions& o) { return WriteSummaryJson(summary, o); },
       [summary](std::ostream& out, const WriteOptions& o) { WriteSummaryJson(summary, out, o); }});
  writers.push_back(
      {"memory profile",
       [memory](const WriteOptions& o) { return WriteMemoryProfileJson(memory, o); },
       [memory](std::ostream& out, const WriteOptions& o) {
         WriteMemoryProfileJson(memory, out, o);
       }});
  writers.push_back({"memory from the document",
                     [memory](const WriteOptions& o) { return WriteMemoryProfileJson(memory, o); },
                     [document](std::ostream& out, const WriteOptions& o) {
                       WriteMemoryProfileJson(document, out, o);
                     }});
  writers.push_back(
      {"health", [health](const WriteOptions& o) { return WriteHealthJson(health, o); },
       [health](std::ostream& out, const WriteOptions& o) { WriteHealthJson(health, out, o); }});
  return writers;
}

std::string ReadBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The golden inputs, folding or not.
std::vector<std::string> GoldenInputs() {
  std::vector<std::string> inputs;
  const std::filesystem::path root = std::filesystem::path(TRACEDOC_SOURCE_DIR) / "tests/golden";
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    const std::filesystem::path input = entry.path() / "input.jsonl";
    if (std::filesystem::exists(input)) inputs.push_back(ReadBytes(input));
  }
  return inputs;
}

// The sample stream with `count` more ops and allocations, some with unknown members that need
// escaping: its document and memory texts are several sink chunks long.
std::string LargeTrace(std::size_t count) {
  const std::string_view sample = testdata::kSample;
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < sample.size();) {
    const std::size_t end = sample.find('\n', start);
    lines.push_back(sample.substr(start, end - start));
    start = end + 1;
  }
  std::string text;
  for (std::size_t i = 0; i < 5; ++i) (text += lines[i]) += '\n';
  for (std::size_t i = 0; i < count; ++i) {
    const std::string n = std::to_string(i);
    text += R"({"kind":"op","span_id":"span-op","op_name":"matmul","inputs":["t0","t1"],)"
            R"("output":"t2","shape":[32,32],"dtype":"f32","device":"cpu","duration_ns":1200,)"
            R"("timestamp_ns":)" + std::to_string(10 + i % 1000) + R"(,"input_dense_bytes":0})" "\n";
    text += R"({"kind":"memory","timestamp_ns":)" + std::to_string(1200 + i % 1000) +
            R"(,"storage_id":"s)" + n + R"(","tensor_id":"t)" + n +
            R"(","span_id":"span-op","op_name":"matmul","device":"cpu","bytes":4096,)"
            R"("action":"alloc","shape":[32,32],"dtype":"f32","category":"activation",)"
            R"("note\n":"a \"quoted\" {value}"})" "\n";
  }
  for (std::size_t i = 5; i < lines.size(); ++i) (text += lines[i]) += '\n';
  return text;
}

void ExpectEveryRouteAgrees(const std::string& text) {
  const std::vector<JsonWriter> writers = WritersFor(text);
  for (const JsonWriter& writer : writers) {
    for (const bool drop_unknown : {false, true}) {
      const std::string compact = writer.to_string({.drop_unknown = drop_unknown});
      const std::string pretty = writer.to_string({.pretty = true, .drop_unknown = drop_unknown});
      // Compared with ASSERT_TRUE, not EXPECT_EQ: the texts can be megabytes long.
      ASSERT_TRUE(pretty == emit::PrettyJson(compact)) << writer.name;
      std::ostringstream compact_stream;
      writer.to_stream(compact_stream, {.drop_unknown = drop_unknown});
      ASSERT_TRUE(compact_stream.good()) << writer.name;
      ASSERT_TRUE(compact_stream.str() == compact) << writer.name;
      std::ostringstream pretty_stream;
      writer.to_stream(pretty_stream, {.pretty = true, .drop_unknown = drop_unknown});
      ASSERT_TRUE(pretty_stream.str() == pretty) << writer.name;
    }
  }
}

TEST(JsonWritersTest, StringStreamAndPrettyAgreeOnTheGoldenInputs) {
  const std::vector<std::string> inputs = GoldenInputs();
  ASSERT_GT(inputs.size(), std::size_t{50});
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input.substr(0, 160));
    ExpectEveryRouteAgrees(input);
  }
}

TEST(JsonWritersTest, StringStreamAndPrettyAgreeAcrossChunks) {
  const std::string text = LargeTrace(1000);
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  ASSERT_TRUE(read) << FormatError("large", read.error());
  ASSERT_GT(WriteDocumentJson(read.value()).size(), 2 * emit::JsonSink::kChunkBytes);
  ASSERT_GT(WriteMemoryProfileJson(AnalyzeMemory(read.value())).size(),
            2 * emit::JsonSink::kChunkBytes);
  ExpectEveryRouteAgrees(text);
}

constexpr std::size_t kWriterCount = 6;  // what WritersFor gives for a trace that folds

// drop_unknown is the document's alone: it changes the document and nothing else. trace6 is
// AppendEventJson's alone (the document follows its revision): it changes none of these.
TEST(JsonWritersTest, DropUnknownChangesOnlyTheDocument) {
  const std::vector<JsonWriter> writers = WritersFor(LargeTrace(3));
  ASSERT_EQ(writers.size(), kWriterCount);
  for (const JsonWriter& writer : writers) {
    const bool differs = writer.to_string({}) != writer.to_string({.drop_unknown = true});
    EXPECT_EQ(differs, writer.name == "document") << writer.name;
    EXPECT_TRUE(writer.to_string({}) == writer.to_string({.trace6 = true})) << writer.name;
  }
}

// A stream that fails part way: its state says so, it holds the start of the text, and the
// writer stops writing to it (the document's text here is several chunks long).
TEST(JsonWritersTest, AFailingStreamIsLeftFailedAndNotWrittenAgain) {
  const std::vector<JsonWriter> writers = WritersFor(LargeTrace(1000));
  ASSERT_EQ(writers.size(), kWriterCount);
  for (const JsonWriter& writer : writers) {
    for (const bool pretty : {false, true}) {
      const std::string whole = writer.to_string({.pretty = pretty});
      testdata::FailingStreamBuffer buffer(40);
      std::ostream out(&buffer);
      writer.to_stream(out, {.pretty = pretty});
      EXPECT_TRUE(out.bad()) << writer.name;
      EXPECT_EQ(buffer.received(), whole.substr(0, 40)) << writer.name;
      EXPECT_EQ(buffer.writes_after_failure(), 0) << writer.name;
    }
  }
}

// The JSONL goes through the same emitter and sink: a stream and a file get the string's bytes
// in more than one piece, and a stream that fails is left failed and not written again.
TEST(JsonWritersTest, JsonlRoutesAgreeAcrossChunks) {
  const Result<TraceDocument> read = ReadTrace(TraceInput::FromString(LargeTrace(1000)));
  ASSERT_TRUE(read) << FormatError("large", read.error());
  const std::filesystem::path path =
      std::filesystem::path(::testing::TempDir()) / "json_writers_jsonl_routes.jsonl";
  for (const bool drop_unknown : {false, true}) {
    SCOPED_TRACE(drop_unknown);
    const WriteOptions options{.drop_unknown = drop_unknown};
    const std::string written = WriteJsonl(read.value(), options);
    ASSERT_GT(written.size(), 2 * emit::JsonSink::kChunkBytes);
    ASSERT_EQ(written.back(), '\n');
    // A record is one line: the JSONL ignores pretty.
    EXPECT_TRUE(WriteJsonl(read.value(), {.pretty = true, .drop_unknown = drop_unknown}) ==
                written);

    testdata::FailingStreamBuffer whole_buffer(written.size());
    std::ostream whole(&whole_buffer);
    WriteJsonl(read.value(), whole, options);
    EXPECT_TRUE(whole.good());
    EXPECT_GT(whole_buffer.writes(), 1);
    EXPECT_TRUE(whole_buffer.received() == written);

    ASSERT_TRUE(WriteJsonlFile(read.value(), path, options));
    EXPECT_TRUE(ReadBytes(path) == written);

    testdata::FailingStreamBuffer failing_buffer(40);
    std::ostream failing(&failing_buffer);
    WriteJsonl(read.value(), failing, options);
    EXPECT_TRUE(failing.bad());
    EXPECT_EQ(failing_buffer.received(), written.substr(0, 40));
    EXPECT_EQ(failing_buffer.writes_after_failure(), 0);
  }
  std::filesystem::remove(path);
}

TEST(JsonWritersTest, ValidationReportLayout) {
  EXPECT_EQ(WriteValidationReportJson("a \"b\".jsonl", boost::outcome_v2::success()),
            R"({"file":"a \"b\".jsonl","ok":true,"error":null})");
  const Error stream_error{ErrorCode::kMissingTerminal, 0, std::nullopt, std::nullopt, {}, "m"};
  EXPECT_EQ(WriteValidationReportJson("-", stream_error),
            R"({"file":"-","ok":false,"error":{"code":"missing_terminal","line":0,)"
            R"("index":null,"column":null,"field":null,"message":"m"}})");
  const Error syntax{ErrorCode::kInvalidJson, 3, 2, 17, "run_id", "bad\n"};
  EXPECT_EQ(WriteValidationReportJson("x", syntax, {.pretty = true}),
            "{\n  \"file\": \"x\",\n  \"ok\": false,\n  \"error\": {\n    \"code\": "
            "\"invalid_json\",\n    \"line\": 3,\n    \"index\": 2,\n    \"column\": 17,\n"
            "    \"field\": \"run_id\",\n    \"message\": \"bad\\n\"\n  }\n}");
}

}  // namespace
}  // namespace tracedoc
