// The one way in (include/tracedoc/open.hpp): ReadDocument and ValidateInput on a trace, a Cirron
// spool (whole, evicted, broken, strict) and, lightly, a TraceML export; the diagnostics they
// fill, bounded; and errors that name the file holding their line.
#include "tracedoc/open.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/cirron_spool_writer.hpp"
#include "support/matchers.hpp"
#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "support/traceml_export_generator.hpp"
#include "tracedoc/cirron_scopes.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using ::testing::HasSubstr;
using testing_support::CirronBatchJson;
using testing_support::CirronSpoolPlan;
using testing_support::FailsWithCode;
using testing_support::GenerateCirronSpool;
using testing_support::GeneratedSpool;
using testing_support::SpanCount;
using testing_support::Succeeds;
using testing_support::TestTempDir;
using testing_support::WriteCirronSpool;

std::string TagOf(const TraceDocument& document, std::string_view key) {
  for (const Tag& tag : document.run().tags) {
    if (tag.key == key) return std::string(tag.value);
  }
  return "<absent " + std::string(key) + ">";
}

bool IsMissingReference(const Diagnostic& d) {
  return d.code == DiagnosticCode::kCirronMissingParent ||
         d.code == DiagnosticCode::kCirronMissingMark ||
         d.code == DiagnosticCode::kCirronMissingSpan;
}

// The error of a failed result, or a placeholder that matches no real one.
template <class T>
Error ErrorOf(const Result<T>& result) {
  return result ? Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, "<succeeded>"}
                : result.error();
}

// ---- Traces -----------------------------------------------------------------------------------

TEST(OpenTraceTest, ATraceReadsAsReadTraceReadsIt) {
  const TraceInput input = TraceInput::FromString(testdata::kSample);
  const Result<TraceDocument> document = ReadDocument(input);
  ASSERT_THAT(document, Succeeds());
  const Result<TraceDocument> reference = ReadTrace(input);
  ASSERT_THAT(reference, Succeeds());
  EXPECT_TRUE(document.value() == reference.value());
  EXPECT_EQ(document.value().spans().size(), 2u);
  EXPECT_THAT(ValidateInput(input), Succeeds());

  TestTempDir dir;
  const TraceInput file = TraceInput::FromFile(dir.Write("t.jsonl", testdata::kSample));
  const Result<TraceDocument> from_file = ReadDocument(file);
  ASSERT_THAT(from_file, Succeeds());
  EXPECT_TRUE(from_file.value() == reference.value());
}

TEST(OpenTraceTest, ATracesErrorIsReadTracesError) {
  const std::string text = testdata::Lines({testdata::kMeta10});  // no terminal
  const TraceInput input = TraceInput::FromString(text);
  const Result<TraceDocument> document = ReadDocument(input);
  EXPECT_THAT(document, FailsWithCode(ErrorCode::kMissingTerminal));
  EXPECT_EQ(ErrorOf(document), ErrorOf(ReadTrace(input)));
  EXPECT_EQ(ErrorOf(ValidateInput(input)), ErrorOf(document));
}

TEST(OpenTraceTest, ATracesReadOptionsApply) {
  std::string text(testdata::kSample);
  text.insert(text.find(R"("kind":"span_end")"), R"("extra":1,)");
  const TraceInput input = TraceInput::FromString(text);
  EXPECT_THAT(ReadDocument(input), Succeeds());
  OpenOptions strict;
  strict.read.decode.strict = true;
  const Result<TraceDocument> document = ReadDocument(input, strict);
  EXPECT_THAT(document, FailsWith(ErrorCode::kUnknownField, 8));
  EXPECT_EQ(ErrorOf(ValidateInput(input, strict)), ErrorOf(document));
  // A trace's errors name no file of their own.
  EXPECT_EQ(ErrorOf(document).file, "");
}

// ---- Spools -----------------------------------------------------------------------------------

CirronSpoolPlan Plan(std::uint64_t seed) {
  CirronSpoolPlan plan;
  plan.seed = seed;
  plan.epochs = 2;
  plan.steps_per_epoch = 3;
  plan.records_per_batch = 4;
  return plan;
}

TEST(OpenSpoolTest, ASpoolReadsIntoADocumentWhicheverPathNamesIt) {
  const GeneratedSpool spool = GenerateCirronSpool(Plan(3));
  TestTempDir dir;
  const std::filesystem::path cirron = WriteCirronSpool(spool, dir.path());
  const Result<TraceDocument> document = ReadDocument(TraceInput::FromFile(cirron));
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().spans().size(), SpanCount(spool));
  EXPECT_EQ(TagOf(document.value(), "cirron.batches"), std::to_string(spool.batches.size()));
  EXPECT_EQ(TagOf(document.value(), "cirron.non_finite_numbers"),
            std::to_string(spool.non_finite_numbers));
  EXPECT_EQ(TagOf(document.value(), "cirron.unresolved_references"), "0");
  // The spool directory itself gives the same document.
  const Result<TraceDocument> from_spool = ReadDocument(TraceInput::FromFile(cirron / "spool"));
  ASSERT_THAT(from_spool, Succeeds());
  EXPECT_TRUE(from_spool.value() == document.value());
  EXPECT_THAT(ValidateInput(TraceInput::FromFile(cirron)), Succeeds());
  // One batch file alone.
  const Result<TraceDocument> one =
      ReadDocument(TraceInput::FromFile(cirron / "spool" / spool.batches.front().file_name));
  ASSERT_THAT(one, Succeeds());
  EXPECT_EQ(one.value().spans().size(), spool.batches.front().spans.size());
  EXPECT_EQ(TagOf(one.value(), "cirron.batches"), "1");
}

TEST(OpenSpoolTest, ATypedSpoolConvertsAsItsFilesRead) {
  const GeneratedSpool spool = GenerateCirronSpool(Plan(4));
  TestTempDir dir;
  const Result<TraceDocument> read =
      ReadDocument(TraceInput::FromFile(WriteCirronSpool(spool, dir.path())));
  ASSERT_THAT(read, Succeeds());
  CirronSpool typed;
  typed.batches = spool.batches;
  const Result<TraceDocument> converted = testing_support::ConvertTypedSpool(typed);
  ASSERT_THAT(converted, Succeeds());
  EXPECT_TRUE(converted.value() == read.value());
}

TEST(OpenSpoolTest, EvictedBatchesGiveBoundedWarningsAtTheirReferences) {
  GeneratedSpool spool = GenerateCirronSpool(Plan(5));
  constexpr std::size_t kEvicted = 3;
  ASSERT_GT(spool.batches.size(), kEvicted + 1);
  // The SDK seals a span when it ends, so few references point back at the first batches: point
  // every mark and snapshot of the batches kept at a span of the evicted ones.
  std::vector<std::string> evicted_spans;
  for (std::size_t b = 0; b < kEvicted; ++b) {
    for (const CirronSpan& span : spool.batches[b].spans) evicted_spans.push_back(span.id);
  }
  ASSERT_FALSE(evicted_spans.empty());
  std::size_t next = 0;
  for (std::size_t b = kEvicted; b < spool.batches.size(); ++b) {
    for (CirronMark& mark : spool.batches[b].marks) {
      if (mark.span_id != "root") mark.span_id = evicted_spans[next++ % evicted_spans.size()];
    }
    for (CirronSnapshot& snapshot : spool.batches[b].snapshots) {
      snapshot.span_id = evicted_spans[next++ % evicted_spans.size()];
    }
    spool.texts[b] = CirronBatchJson(spool.batches[b]);
  }
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path(), kEvicted));

  DiagnosticLog all;
  OpenOptions options;
  options.diagnostics = &all;
  const Result<TraceDocument> document = ReadDocument(input, options);
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().spans().size(), SpanCount(spool, kEvicted));
  const std::size_t missing =
      static_cast<std::size_t>(std::count_if(all.kept.begin(), all.kept.end(), IsMissingReference));
  ASSERT_GT(missing, 2u);
  EXPECT_EQ(all.total, all.kept.size());
  EXPECT_EQ(TagOf(document.value(), "cirron.unresolved_references"), std::to_string(missing));
  for (const Diagnostic& d : all.kept) {
    if (!IsMissingReference(d)) continue;
    SCOPED_TRACE(d.field);
    // The file is the batch that holds the reference; the place, the id in it.
    EXPECT_TRUE(std::filesystem::exists(d.file)) << d.file;
    EXPECT_THAT(d.file, ::testing::EndsWith(".json"));
    EXPECT_EQ(d.line, 1u);
    ASSERT_TRUE(d.column.has_value());
    std::ifstream in(d.file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_LT(*d.column + 32, text.size());
    EXPECT_EQ(text[*d.column - 1], '"');
    EXPECT_THAT(d.message, HasSubstr(text.substr(*d.column, 32)));
  }

  // The same read with a bound: the first ones kept, all counted.
  DiagnosticLog bounded;
  bounded.max_kept = 2;
  options.diagnostics = &bounded;
  ASSERT_THAT(ReadDocument(input, options), Succeeds());
  ASSERT_EQ(bounded.kept.size(), 2u);
  EXPECT_EQ(bounded.kept[0], all.kept[0]);
  EXPECT_EQ(bounded.kept[1], all.kept[1]);
  EXPECT_EQ(bounded.total, all.total);
  EXPECT_EQ(bounded.errors, all.errors);

  // ValidateInput fills the log the same way.
  DiagnosticLog validated;
  options.diagnostics = &validated;
  ASSERT_THAT(ValidateInput(input, options), Succeeds());
  EXPECT_EQ(validated.kept, all.kept);
  EXPECT_EQ(validated.total, all.total);

  // Without a log the read succeeds all the same.
  EXPECT_THAT(ReadDocument(input), Succeeds());
}

TEST(OpenSpoolTest, ScopeFindingsComeWithTheirLineAndColumn) {
  GeneratedSpool spool = GenerateCirronSpool(Plan(6));
  for (CirronBatch& batch : spool.batches) {
    for (CirronSpan& span : batch.spans) {
      if (span.name == "cirron.session") span.name = "main";
    }
  }
  for (std::size_t b = 0; b < spool.batches.size(); ++b) {
    spool.texts[b] = CirronBatchJson(spool.batches[b]);
  }
  TestTempDir dir;
  DiagnosticLog log;
  OpenOptions options;
  options.diagnostics = &log;
  ASSERT_THAT(ReadDocument(TraceInput::FromFile(WriteCirronSpool(spool, dir.path())), options),
              Succeeds());
  CirronSpool typed;
  typed.batches = spool.batches;
  std::vector<std::string> expected;
  for (const Diagnostic& d : AnalyzeCirronScopes(typed)) {
    expected.emplace_back(DiagnosticCodeName(d.code));
  }
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(expected.front(), "cirron_no_session");
  std::vector<std::string> codes;
  for (const Diagnostic& d : log.kept) {
    if (IsMissingReference(d)) continue;
    codes.emplace_back(DiagnosticCodeName(d.code));
    if (d.code == DiagnosticCode::kCirronNoSession) continue;
    EXPECT_EQ(d.line, 1u) << d.message;
    EXPECT_TRUE(d.column.has_value()) << d.message;
  }
  EXPECT_EQ(codes, expected);
}

// A spool whose batch `b` has its span `s` end before it starts; the batch's text, written.
struct BrokenSpool {
  GeneratedSpool spool;
  std::filesystem::path cirron;
  std::size_t batch;
  std::size_t span;
};

BrokenSpool EndBeforeStart(const TestTempDir& dir) {
  BrokenSpool broken{GenerateCirronSpool(Plan(7)), {}, 1, 1};
  // A batch after the first with two spans at least.
  while (broken.batch < broken.spool.batches.size() &&
         broken.spool.batches[broken.batch].spans.size() < 2) {
    ++broken.batch;
  }
  CirronBatch& batch = broken.spool.batches.at(broken.batch);
  CirronSpan& span = batch.spans.at(broken.span);
  span.start_ns = 1000;
  span.end_ns = 999;
  broken.spool.texts[broken.batch] = CirronBatchJson(batch);
  broken.cirron = WriteCirronSpool(broken.spool, dir.path());
  return broken;
}

TEST(OpenSpoolTest, AnErrorNamesItsBatchFileLineAndColumn) {
  TestTempDir dir;
  const BrokenSpool broken = EndBeforeStart(dir);
  const CirronBatch& batch = broken.spool.batches[broken.batch];
  const Result<TraceDocument> document = ReadDocument(TraceInput::FromFile(broken.cirron));
  ASSERT_THAT(document, FailsWithCode(ErrorCode::kCirronEndBeforeStart));
  const Error& e = document.error();
  EXPECT_TRUE(std::filesystem::equivalent(e.file, broken.cirron / "spool" / batch.file_name))
      << e.file;
  EXPECT_EQ(e.field, "spans[1].end_ns");
  // The message starts with the path: the file is Error::file's. (docs/cirron-spool.md, "Errors",
  // still says it starts with the batch file's name.)
  EXPECT_EQ(e.message, "spans[1].end_ns: end_ns 999 is before start_ns 1000");
  // The value of the second span's end_ns, on the batch's one line.
  const std::string& text = broken.spool.texts[broken.batch];
  const std::size_t first = text.find("\"end_ns\": ");
  const std::size_t value = text.find("\"end_ns\": ", first + 1) + 10;
  EXPECT_EQ(text.substr(value, 3), "999");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, value + 1);
  EXPECT_EQ(FormatError(broken.cirron.string(), e),
            e.file + ":1:" + std::to_string(value + 1) +
                ": error[cirron_end_before_start]: " + e.message);
  EXPECT_EQ(ErrorOf(ValidateInput(TraceInput::FromFile(broken.cirron))), e);
}

TEST(OpenSpoolTest, StrictRefusesUnknownKeysThroughTheSpoolOptions) {
  CirronSpoolPlan plan = Plan(8);
  plan.unknown_keys = true;
  plan.nan_losses = false;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  EXPECT_THAT(ReadDocument(input), Succeeds());
  OpenOptions options;
  options.spool.strict = true;
  const Result<TraceDocument> document = ReadDocument(input, options);
  ASSERT_THAT(document, FailsWithCode(ErrorCode::kUnknownField));
  EXPECT_THAT(document.error().file, ::testing::EndsWith(spool.batches.front().file_name));
  EXPECT_EQ(document.error().line, 1u);
  EXPECT_TRUE(document.error().column.has_value());
  EXPECT_EQ(ErrorOf(ValidateInput(input, options)), document.error());
  // A trace's strictness does not reach a spool.
  OpenOptions trace_strict;
  trace_strict.read.decode.strict = true;
  EXPECT_THAT(ReadDocument(input, trace_strict), Succeeds());
}

TEST(OpenSpoolTest, StrictJsonRefusesNaNAtTheLiteral) {
  CirronSpoolPlan plan = Plan(9);
  plan.nan_losses = true;
  const GeneratedSpool spool = GenerateCirronSpool(plan);
  ASSERT_GT(spool.non_finite_numbers, 0u);
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  EXPECT_THAT(ReadDocument(input), Succeeds());
  OpenOptions options;
  options.spool.refuse_nonfinite_literals = true;
  const Result<TraceDocument> document = ReadDocument(input, options);
  ASSERT_THAT(document, FailsWithCode(ErrorCode::kInvalidJson));
  const Error& e = document.error();
  // The first batch with a NaN, at the NaN.
  std::size_t b = 0;
  while (b < spool.texts.size() && spool.texts[b].find("NaN") == std::string::npos) ++b;
  ASSERT_LT(b, spool.texts.size());
  EXPECT_THAT(e.file, ::testing::EndsWith(spool.batches[b].file_name));
  EXPECT_EQ(e.line, 1u);
  ASSERT_TRUE(e.column.has_value());
  EXPECT_EQ(spool.texts[b].substr(*e.column - 1, 3), "NaN");
  EXPECT_EQ(ErrorOf(ValidateInput(input, options)), e);
}

TEST(OpenSpoolTest, AnEmptySpoolIsAnError) {
  TestTempDir dir;
  std::filesystem::create_directories(dir.path() / ".cirron" / "spool");
  const TraceInput input = TraceInput::FromFile(dir.path() / ".cirron");
  const Result<TraceDocument> document = ReadDocument(input);
  EXPECT_THAT(document, FailsWithCode(ErrorCode::kCirronEmptySpool));
  EXPECT_EQ(ErrorOf(ValidateInput(input)), ErrorOf(document));
}

// A batch given as a string (standard input is read the same way) is one batch, recognized by
// its keys: it has no file name to check, and the batch bound holds for it too.
TEST(OpenSpoolTest, ABatchFromAStringIsReadAsOneBatch) {
  const GeneratedSpool spool = GenerateCirronSpool(Plan(10));
  const std::string text = CirronBatchJson(spool.batches.front());
  const TraceInput input = TraceInput::FromString(text);
  const Result<TraceDocument> document = ReadDocument(input);
  ASSERT_THAT(document, Succeeds());
  EXPECT_EQ(document.value().spans().size(), spool.batches.front().spans.size());
  EXPECT_EQ(TagOf(document.value(), "cirron.batches"), "1");
  EXPECT_THAT(ValidateInput(input), Succeeds());
  OpenOptions bounded;
  bounded.spool.max_batch_bytes = text.size() - 1;
  EXPECT_THAT(ReadDocument(input, bounded), FailsWithCode(ErrorCode::kLimitExceeded));
  bounded.spool.max_batch_bytes = text.size();
  EXPECT_THAT(ReadDocument(input, bounded), Succeeds());
  // Named a spool by --from, a string that is no batch gets the batch reader's error.
  OpenOptions cirron;
  cirron.format = InputFormat::kCirronSpool;
  EXPECT_THAT(ReadDocument(TraceInput::FromString("{}"), cirron),
              FailsWithCode(ErrorCode::kMissingField));
  EXPECT_THAT(ValidateInput(TraceInput::FromString("[]"), cirron),
              FailsWithCode(ErrorCode::kNotAnObject));
}

TEST(OpenSpoolTest, TheBatchBoundAppliesThroughTheSpoolOptions) {
  const GeneratedSpool spool = GenerateCirronSpool(Plan(10));
  TestTempDir dir;
  const TraceInput input = TraceInput::FromFile(WriteCirronSpool(spool, dir.path()));
  OpenOptions options;
  options.spool.max_batch_bytes = 100;
  const Result<TraceDocument> document = ReadDocument(input, options);
  EXPECT_THAT(document, FailsWithCode(ErrorCode::kLimitExceeded));
  EXPECT_EQ(ErrorOf(ValidateInput(input, options)), ErrorOf(document));
}

TEST(OpenSpoolTest, AFormatGivenIsNotDetected) {
  const GeneratedSpool spool = GenerateCirronSpool(Plan(11));
  TestTempDir dir;
  const std::filesystem::path cirron = WriteCirronSpool(spool, dir.path());
  // Read as a trace, the batch file is JSON of another shape.
  OpenOptions as_trace;
  as_trace.format = InputFormat::kTrace;
  const Result<TraceDocument> document = ReadDocument(
      TraceInput::FromFile(cirron / "spool" / spool.batches.front().file_name), as_trace);
  EXPECT_THAT(document, FailsWith(ErrorCode::kMissingField, 1));
}

// ---- TraceML exports (lightly: their reader is being rewritten) -------------------------------

TEST(OpenExportTest, AnExportReadsAndValidates) {
  const testing_support::GeneratedTraceMLExport generated =
      testing_support::GenerateTraceMLExport({});
  TestTempDir dir;
  const TraceInput file = TraceInput::FromFile(dir.Write("export.jsonl", generated.text));
  DiagnosticLog log;
  OpenOptions options;
  options.diagnostics = &log;
  const Result<TraceDocument> document = ReadDocument(file, options);
  ASSERT_THAT(document, Succeeds());
  EXPECT_FALSE(document.value().spans().empty());
  EXPECT_THAT(ValidateInput(file, options), Succeeds());
  EXPECT_THAT(ReadDocument(TraceInput::FromString(generated.text)), Succeeds());
}

TEST(OpenExportTest, AnExportsErrorFailsWithItsCode) {
  std::string text = testing_support::GenerateTraceMLExport({}).text;
  const std::size_t stream = text.find("\"stream\": \"");
  ASSERT_NE(stream, std::string::npos);
  text.insert(stream + 11, "bogus_");
  const TraceInput input = TraceInput::FromString(text);
  const Result<TraceDocument> document = ReadDocument(input);
  EXPECT_THAT(document, FailsWithCode(ErrorCode::kTraceMLUnknownStream));
  EXPECT_EQ(ErrorOf(ValidateInput(input)).code, ErrorCode::kTraceMLUnknownStream);
}

}  // namespace
}  // namespace tracedoc
