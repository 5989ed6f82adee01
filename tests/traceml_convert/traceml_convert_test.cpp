// The conversion of a TraceML export (docs/traceml-conversion.md), as ReadDocument does it while
// it reads: each rule on a hand-built export of two interleaved ranks, written as the exporter
// writes it, with the figures worked out by hand.
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/traceml_two_rank_export.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using ::testing::HasSubstr;
using testing::kMs;
using testing::kTraceMLT0;
using testing::TraceMLPhase;
using testing::TraceMLStep;
using testing::TwoRankExport;

// Time 0 is rank 0's first step start: it ends at 10 ms and lasts 7.5 ms.
constexpr std::uint64_t kSessionStart = kTraceMLT0 + 2'500'000;

TraceDocument Convert(const TraceMLExport& source) {
  Result<TraceDocument> document = testing::ConvertTraceML(source);
  EXPECT_TRUE(document) << document.error().message;
  return std::move(document).value();
}

SpanRecord SpanOf(const TraceDocument& document, std::string_view id) {
  for (const SpanRecord& span : document.spans()) {
    if (span.id == id) return span;
  }
  ADD_FAILURE() << "no span " << id;
  return SpanRecord{};
}

std::string UnknownOf(const UnknownFields& unknown, std::string_view key) {
  for (const UnknownField field : unknown) {
    if (field.key == key) return std::string(field.json);
  }
  return "<absent " + std::string(key) + ">";
}

std::string TagOf(const TraceDocument& document, std::string_view key) {
  for (const Tag& tag : document.run().tags) {
    if (tag.key == key) return std::string(tag.value);
  }
  return "<absent>";
}

struct ExpectedSpan {
  std::string_view id;
  std::optional<std::string_view> parent;
  std::string_view name;
  std::uint64_t start_ns;
  std::uint64_t duration_ns;
};

TEST(TraceMLConvertTest, EachPlacedStepIsASpanUnderItsRankWithItsPhasesLaidInOrder) {
  const TraceDocument document = Convert(TwoRankExport());
  const ExpectedSpan expected[] = {
      {"r0", "traceml", "rank 0", 0, 17'500'000},
      {"r0.s1", "r0", "step 1", 0, 7'500'000},
      {"r0.s1.p0", "r0.s1", "forward", 0, 3'000'000},
      {"r0.s1.p1", "r0.s1", "backward", 3'000'000, 4'500'000},
      // Step 2 ends at 20 ms after 1.25 ms; the measured 0 is a span of no length.
      {"r0.s2", "r0", "step 2", 16'250'000, 1'250'000},
      {"r0.s2.p0", "r0.s2", "forward", 16'250'000, 1'250'000},
      {"r0.s2.p1", "r0.s2", "backward", 17'500'000, 0},
      // Rank 1's step 1 ends at 11 ms; forward ran on two devices, the slower one sets its length.
      {"r1", "traceml", "rank 1", 6'000'000, 2'500'000},
      {"r1.s1", "r1", "step 1", 6'000'000, 2'500'000},
      {"r1.s1.p0", "r1.s1", "forward", 6'000'000, 2'500'000},
      {"r1.s1.p0.d0", "r1.s1.p0", "forward [cuda:1]", 6'000'000, 2'000'000},
      {"r1.s1.p0.d1", "r1.s1.p0", "forward [cuda:2]", 6'000'000, 2'500'000},
      {"traceml", std::nullopt, "traceml run", 0, 17'500'000},
  };
  ASSERT_EQ(document.spans().size(), std::size(expected));
  for (std::size_t i = 0; i < std::size(expected); ++i) {
    const SpanRecord& span = document.spans()[i];
    SCOPED_TRACE(span.id);
    EXPECT_EQ(span.id, expected[i].id);
    EXPECT_EQ(span.parent_id, expected[i].parent);
    EXPECT_EQ(span.name, expected[i].name);
    EXPECT_EQ(span.start_ns, expected[i].start_ns);
    EXPECT_EQ(span.duration_ns, expected[i].duration_ns);
    EXPECT_TRUE(span.closed);
    EXPECT_EQ(span.measured, span.id == "traceml");
  }
  EXPECT_EQ(document.terminal().outcome, RunOutcome::kComplete);
  EXPECT_EQ(document.terminal().timestamp_ns, 17'500'000u);
}

TEST(TraceMLConvertTest, SpansKeepTheirRecordsAndSamplesAsUnknownKeys) {
  const TraceDocument document = Convert(TwoRankExport());
  EXPECT_EQ(UnknownOf(SpanOf(document, "r1").start_unknown, kTraceMLRankKey), "1");
  const SpanRecord& step = SpanOf(document, "r0.s1");
  EXPECT_EQ(UnknownOf(step.start_unknown, "traceml_line"), "1");
  EXPECT_EQ(UnknownOf(step.start_unknown, "traceml_record"),
            "{\"stream\":\"step_time\",\"schema_version\":1,\"observed_timestamp_unix_ns\":" +
                std::to_string(kTraceMLT0 + 100 * kMs + 1) +
                ",\"rank\":0,\"global_rank\":0,\"local_rank\":0,\"world_size\":2,"
                "\"local_world_size\":2,\"node_rank\":0,\"timestamp_unix_ns\":" +
                std::to_string(kTraceMLT0 + 10 * kMs) + ",\"seq\":1,\"step\":1}");
  EXPECT_EQ(UnknownOf(SpanOf(document, "r0.s1.p1").start_unknown, "traceml_phase"),
            "{\"name\":\"backward\",\"device\":\"cuda:0\",\"is_gpu\":true,\"duration_ms\":4.5,"
            "\"cpu_ms\":4.5,\"gpu_ms\":4.5,\"n_calls\":1}");
  // A phase on several devices: the samples are on the device spans, not on the phase, and
  // leave out the name, which their parent span has.
  EXPECT_THAT(UnknownOf(SpanOf(document, "r1.s1.p0").start_unknown, "traceml_phase"),
              HasSubstr("<absent"));
  EXPECT_EQ(UnknownOf(SpanOf(document, "r1.s1.p0.d1").start_unknown, "traceml_phase"),
            "{\"device\":\"cuda:2\",\"is_gpu\":true,\"duration_ms\":2.5,\"cpu_ms\":2.5,"
            "\"gpu_ms\":2.5,\"n_calls\":1}");
  // The unmeasured backward takes no time and is kept on its step.
  EXPECT_EQ(UnknownOf(SpanOf(document, "r1.s1").start_unknown, "traceml_unplaced_events"),
            "[{\"name\":\"backward\",\"device\":\"cuda:1\",\"is_gpu\":true,\"duration_ms\":null,"
            "\"cpu_ms\":null,\"gpu_ms\":null,\"n_calls\":1}]");
}

TEST(TraceMLConvertTest, MemoryBecomesDeviceMemorySamplesPerRankAndDeviceInTimeOrder) {
  const TraceDocument document = Convert(TwoRankExport());
  const auto samples = document.device_memory();
  ASSERT_EQ(samples.size(), 3u);
  // process (5 ms): the GPU memory of rank 1's device 1.
  EXPECT_EQ(samples[0].timestamp_ns, 2'500'000u);
  EXPECT_EQ(samples[0].device, "rank1/cuda:1");
  EXPECT_EQ(samples[0].used_bytes, 4096u);
  EXPECT_EQ(samples[0].reserved_bytes, 8192u);
  EXPECT_EQ(samples[0].capacity_bytes, 16384u);
  EXPECT_EQ(samples[0].free_bytes, std::nullopt);
  EXPECT_THAT(UnknownOf(samples[0].unknown, "traceml_record"),
              HasSubstr("\"stream\":\"process\",\"schema_version\":1,"));
  // step_memory (10 ms): the step's peaks.
  EXPECT_EQ(samples[1].timestamp_ns, 7'500'000u);
  EXPECT_EQ(samples[1].device, "rank0/cuda:0");
  EXPECT_EQ(samples[1].used_bytes, 1024u);
  EXPECT_EQ(samples[1].reserved_bytes, 2048u);
  EXPECT_EQ(samples[1].capacity_bytes, std::nullopt);
  EXPECT_EQ(UnknownOf(samples[1].unknown, "traceml_line"), "7");
  // system_gpu (12 ms): the host GPU rank 0 sampled, with its utilisation.
  EXPECT_EQ(samples[2].timestamp_ns, 9'500'000u);
  EXPECT_EQ(samples[2].device, "rank0/gpu0");
  EXPECT_EQ(samples[2].used_bytes, 1'000'000'000u);
  EXPECT_EQ(samples[2].capacity_bytes, 80'000'000'000u);
  EXPECT_EQ(UnknownOf(samples[2].unknown, kTraceMLGpuUtilKey), "87.5");
}

TEST(TraceMLConvertTest, TheMetaSaysWhereTheDocumentCameFromAndKeepsEveryOtherRecord) {
  const TraceDocument document = Convert(TwoRankExport());
  const TraceRunMeta& run = document.run();
  EXPECT_EQ(document.schema(), kSchema);
  EXPECT_EQ(run.entrypoint, "traceml");
  EXPECT_EQ(run.run_id, "traceml-" + std::to_string(kSessionStart));
  EXPECT_EQ(run.timestamp, "2025-11-24T16:00:00.002500000Z");
  EXPECT_EQ(run.device, "cuda");
  EXPECT_EQ(TagOf(document, kTraceMLSourceTag), kTraceMLSourceValue);
  EXPECT_EQ(TagOf(document, "traceml.ranks"), "2");
  EXPECT_EQ(TagOf(document, "traceml.records"), "13");
  EXPECT_EQ(TagOf(document, "traceml.duplicate_records"), "1");
  EXPECT_EQ(TagOf(document, "traceml.unplaced_records"), "3");
  EXPECT_EQ(TagOf(document, "traceml.session_start_unix_ns"), std::to_string(kSessionStart));
  EXPECT_EQ(TagOf(document, "traceml.has_hostname"), "false");

  const std::string unplaced = UnknownOf(run.unknown, "traceml_unplaced");
  EXPECT_THAT(unplaced, HasSubstr("{\"line\":5,\"reason\":\"no_timestamp\",\"record\":{"));
  EXPECT_THAT(unplaced, HasSubstr("{\"line\":6,\"reason\":\"no_global_rank\",\"record\":{"));
  EXPECT_THAT(unplaced, HasSubstr("{\"line\":8,\"reason\":\"no_memory\",\"record\":{"));
  // The duplicate is kept whole, its events included; the first of its key was converted.
  EXPECT_THAT(UnknownOf(run.unknown, "traceml_duplicates"),
              HasSubstr("[{\"line\":4,\"record\":{\"stream\":\"step_time\""));
  EXPECT_THAT(UnknownOf(run.unknown, "traceml_duplicates"),
              HasSubstr("\"events\":{\"forward\":{\"cuda:0\":{\"is_gpu\":true,\"duration_ms\":9.0"));
  EXPECT_THAT(UnknownOf(run.unknown, "traceml_system"),
              HasSubstr("\"gpu_available\":1,\"gpu_count\":1,\"extra\":[1,2]}}]"));
  EXPECT_THAT(UnknownOf(run.unknown, "traceml_runtime_environment"),
              HasSubstr("\"node_rank\":0,\"pid\":4242,\"timestamp_unix_ns\":"));
  EXPECT_THAT(UnknownOf(run.unknown, "traceml_stdout_stderr"),
              HasSubstr("\"rank\":1,\"timestamp_unix_ns\":" +
                        std::to_string(kTraceMLT0 + 13 * kMs) + ",\"line\":\"loss 0.5\"}}]"));
  EXPECT_EQ(UnknownOf(run.unknown, "traceml_closing"),
            "{\"written_records\":13,\"dropped_batches\":0,\"line\":14}");
}

TEST(TraceMLConvertTest, AConvertedExportIsHealthy) {
  const TraceHealth health = AnalyzeHealth(Convert(TwoRankExport()));
  EXPECT_TRUE(health.structurally_valid);
  for (const HealthIssue& issue : health.issues) {
    EXPECT_NE(issue.severity, HealthSeverity::kError) << issue.message;
  }
}

TEST(TraceMLConvertTest, ConvertingIsDeterministicAndRoundTripsThroughTheCanonicalWriter) {
  const TraceDocument first = Convert(TwoRankExport());
  const TraceDocument second = Convert(TwoRankExport());
  EXPECT_EQ(first, second);
  const std::string jsonl = WriteJsonl(first);
  EXPECT_EQ(jsonl, WriteJsonl(second));
  Result<TraceDocument> reread = ReadTrace(TraceInput::FromString(jsonl));
  ASSERT_TRUE(reread) << reread.error().message;
  EXPECT_EQ(reread.value(), first);
  EXPECT_EQ(WriteJsonl(reread.value()), jsonl);
}

// The converted facts (tracedoc/converted_facts.hpp): the two ranks, their steps and the one
// utilisation sample, the same in the converted document and in its canonical output read back.
TEST(TraceMLConvertTest, RanksStepsAndUtilisationAreTypedFactsThatSurviveTheCanonicalOutput) {
  const TraceDocument converted = Convert(TwoRankExport());
  Result<TraceDocument> reread = ReadTrace(TraceInput::FromString(WriteJsonl(converted)));
  ASSERT_TRUE(reread) << reread.error().message;
  const TraceDocument& read_back = reread.value();
  for (const TraceDocument* document : {&converted, &read_back}) {
    const ConvertedFacts facts = document->converted_facts();
    ASSERT_EQ(facts.ranks.size(), 2u);
    EXPECT_EQ(facts.ranks[0].rank, 0u);
    EXPECT_EQ(document->spans()[facts.ranks[0].span].id, "r0");
    EXPECT_EQ(facts.ranks[1].rank, 1u);
    EXPECT_EQ(document->spans()[facts.ranks[1].span].id, "r1");
    EXPECT_TRUE(facts.steps_numbered);
    ASSERT_FALSE(facts.steps.empty());
    for (const RankStep& step : facts.steps) {
      EXPECT_EQ(document->spans()[step.span].id,
                "r" + std::to_string(step.rank) + ".s" + std::to_string(step.number));
    }
    ASSERT_EQ(facts.gpu_utilisation.size(), 1u);
    EXPECT_EQ(document->device_memory()[facts.gpu_utilisation[0].sample].device, "rank0/gpu0");
    EXPECT_EQ(facts.gpu_utilisation[0].percent, 87.5);
    EXPECT_TRUE(facts.marks.empty());
  }
}

TEST(TraceMLConvertTest, AnEmptyExportIsAnEmptyRun) {
  const TraceDocument document = Convert(TraceMLExport{});
  ASSERT_EQ(document.spans().size(), 1u);
  EXPECT_EQ(document.spans()[0].id, "traceml");
  EXPECT_EQ(document.spans()[0].duration_ns, 0u);
  EXPECT_TRUE(document.device_memory().empty());
  EXPECT_EQ(document.terminal().outcome, RunOutcome::kComplete);
  EXPECT_EQ(document.terminal().timestamp_ns, 0u);
  EXPECT_EQ(document.run().timestamp, "1970-01-01T00:00:00.000000000Z");
  EXPECT_EQ(TagOf(document, "traceml.records"), "0");
}

TEST(TraceMLConvertTest, WithNothingPlacedTimeZeroIsTheEarliestObservedTimestamp) {
  TraceMLExport source;
  source.step_time.push_back(TraceMLStep(1, 0, 1, std::nullopt, {}));
  const TraceDocument document = Convert(source);
  EXPECT_EQ(TagOf(document, "traceml.session_start_unix_ns"),
            std::to_string(kTraceMLT0 + 100 * kMs + 1));
  EXPECT_EQ(document.spans().size(), 1u);
  EXPECT_EQ(TagOf(document, "traceml.unplaced_records"), "1");
}

TEST(TraceMLConvertTest, MillisecondsRoundToTheNearestNanosecond) {
  TraceMLExport source;
  // 0.0000015 ms is 1.5 ns: 2 ns, halves away from zero; 0.0000004 ms is 0.4 ns: 0.
  source.step_time.push_back(TraceMLStep(1, 0, 1, 10, {TraceMLPhase("a", "cpu", 0.0000015),
                                                       TraceMLPhase("b", "cpu", 0.0000004)}));
  const TraceDocument document = Convert(source);
  EXPECT_EQ(SpanOf(document, "r0.s1").duration_ns, 2u);
  EXPECT_EQ(SpanOf(document, "r0.s1.p0").duration_ns, 2u);
  EXPECT_EQ(SpanOf(document, "r0.s1.p1").duration_ns, 0u);
  EXPECT_EQ(SpanOf(document, "r0.s1.p1").start_ns, 2u);
}

TEST(TraceMLConvertTest, AStepLongerThanItsTimestampStartsAtTheEpochAndItsPhasesAreCut) {
  TraceMLExport source;
  TraceMLStepTime step = TraceMLStep(1, 0, 1, std::nullopt, {TraceMLPhase("a", "cpu", 1.0),
                                                             TraceMLPhase("b", "cpu", 1.0)});
  step.base.timestamp_unix_ns = 1'500'000;  // 1.5 ms after the epoch, the step lasts 2 ms
  source.step_time.push_back(step);
  const TraceDocument document = Convert(source);
  EXPECT_EQ(TagOf(document, "traceml.session_start_unix_ns"), "0");
  EXPECT_EQ(SpanOf(document, "r0.s1").duration_ns, 1'500'000u);
  EXPECT_EQ(SpanOf(document, "r0.s1.p0").duration_ns, 1'000'000u);
  EXPECT_EQ(SpanOf(document, "r0.s1.p1").start_ns, 1'000'000u);
  EXPECT_EQ(SpanOf(document, "r0.s1.p1").duration_ns, 500'000u);
  EXPECT_TRUE(AnalyzeHealth(document).structurally_valid);
}

TEST(TraceMLConvertTest, HostnamesAreKeptWhenTheExportHasThem) {
  TraceMLExport source;
  source.has_hostname = true;
  source.step_time.push_back(TraceMLStep(1, 0, 1, 10, {}));
  source.step_time.back().identity.hostname = "node-a";
  source.step_time.push_back(TraceMLStep(2, 1, 1, 10, {}));  // null hostname
  const TraceDocument document = Convert(source);
  EXPECT_THAT(UnknownOf(SpanOf(document, "r0.s1").start_unknown, "traceml_record"),
              HasSubstr("\"node_rank\":0,\"hostname\":\"node-a\",\"timestamp_unix_ns\""));
  EXPECT_THAT(UnknownOf(SpanOf(document, "r1.s1").start_unknown, "traceml_record"),
              HasSubstr("\"hostname\":null,"));
  EXPECT_EQ(TagOf(document, "traceml.has_hostname"), "true");
}

// A phase's name repeated per device would make the output grow as name × devices: a device
// span's name holds at most 64 bytes of it (cut at a character boundary, `…` marking the cut),
// and its sample no name at all; the phase's own span keeps the name whole, once.
TEST(TraceMLConvertTest, DeviceSpansRepeatABoundedPartOfTheirPhasesName) {
  TraceMLExport source;
  // 63 bytes of `p`, then a 2-byte é that a 64-byte cut would split.
  const std::string name = std::string(63, 'p') + "\xC3\xA9" + std::string(100000, 'q');
  std::vector<TraceMLPhaseSample> samples;
  for (int device = 0; device < 50; ++device) {
    samples.push_back(TraceMLPhase(name, "cuda:" + std::to_string(device), 1.0 + device));
  }
  source.step_time.push_back(TraceMLStep(1, 0, 1, 100, std::move(samples)));
  const TraceDocument document = Convert(source);
  EXPECT_EQ(SpanOf(document, "r0.s1.p0").name, name);
  const std::string cut = std::string(63, 'p') + "…";
  EXPECT_EQ(SpanOf(document, "r0.s1.p0.d0").name, cut + " [cuda:0]");
  EXPECT_EQ(SpanOf(document, "r0.s1.p0.d49").name, cut + " [cuda:49]");
  EXPECT_EQ(UnknownOf(SpanOf(document, "r0.s1.p0.d49").start_unknown, "traceml_phase"),
            "{\"device\":\"cuda:49\",\"is_gpu\":true,\"duration_ms\":50.0,\"cpu_ms\":50.0,"
            "\"gpu_ms\":50.0,\"n_calls\":1}");
  // The whole document holds the name once (the phase span; the step's record leaves out the
  // events): not once per device.
  const std::string jsonl = WriteJsonl(document);
  EXPECT_LT(jsonl.size(), 2 * name.size());
  // A name of 64 bytes or less is not cut.
  TraceMLExport short_name;
  short_name.step_time.push_back(TraceMLStep(
      1, 0, 1, 100,
      {TraceMLPhase(std::string(64, 'a'), "cpu", 1.0),
       TraceMLPhase(std::string(64, 'a'), "x", 2.0)}));
  EXPECT_EQ(SpanOf(Convert(short_name), "r0.s1.p0.d1").name, std::string(64, 'a') + " [x]");
}

// The conversion reads as it converts: an export it cannot read fails with the reader's error,
// naming the input and the column of the value at fault.
TEST(TraceMLConvertTest, AnExportThatDoesNotReadFailsWithTheReadersError) {
  const std::string text =
      testing_support::WriteTraceMLExportJsonl(TwoRankExport()) + "{\"stream\":\"nope\"}\n";
  OpenOptions options;
  options.format = InputFormat::kTraceMLExport;
  const Result<TraceDocument> document = ReadDocument(TraceInput::FromString(text), options);
  ASSERT_FALSE(document);
  // The closing line (14) is followed by line 15.
  EXPECT_EQ(document.error().code, ErrorCode::kTraceMLClosingLineNotLast);
  EXPECT_EQ(document.error().line, 14u);
  EXPECT_EQ(document.error().file, "<string>");
  EXPECT_EQ(document.error().column, 1u);
}

// Warnings reach the caller's log as the export is read, and their count is a tag.
TEST(TraceMLConvertTest, TheReadersWarningsGoToTheLogAndAreCountedInATag) {
  TraceMLExport source = TwoRankExport();
  source.step_time[0].base.unknown.push_back({"extra", "1"});
  const std::string text = testing_support::WriteTraceMLExportJsonl(source);
  DiagnosticLog log;
  OpenOptions options;
  options.format = InputFormat::kTraceMLExport;
  options.diagnostics = &log;
  const Result<TraceDocument> document = ReadDocument(TraceInput::FromString(text), options);
  ASSERT_TRUE(document) << document.error().message;
  // The unknown field added here, the duplicate of line 4, the system record's unknown field.
  ASSERT_EQ(log.total, 3u);
  EXPECT_EQ(log.kept[0].code, DiagnosticCode::kTraceMLUnknownField);
  EXPECT_EQ(log.kept[0].line, 1u);
  EXPECT_EQ(log.kept[1].code, DiagnosticCode::kTraceMLDuplicateKey);
  EXPECT_EQ(log.kept[1].line, 4u);
  EXPECT_EQ(log.kept[2].code, DiagnosticCode::kTraceMLUnknownField);
  EXPECT_EQ(log.kept[2].line, 11u);
  EXPECT_EQ(TagOf(document.value(), "traceml.warnings"), "3");
  EXPECT_THAT(UnknownOf(SpanOf(document.value(), "r0.s1").start_unknown, "traceml_record"),
              HasSubstr(",\"step\":1,\"extra\":1}"));
}

// A sample's unknown members are kept with the sample: on its span's traceml_phase, or inside
// the events map of a record kept whole.
TEST(TraceMLConvertTest, ASamplesUnknownMembersStayWithTheSample) {
  TraceMLExport source = TwoRankExport();
  source.step_time[0].events[1].unknown.push_back({"queue", "3"});
  source.step_time[3].events[0].unknown.push_back({"queue", "4"});  // the duplicate, kept whole
  const TraceDocument document = Convert(source);
  EXPECT_EQ(UnknownOf(SpanOf(document, "r0.s1.p1").start_unknown, "traceml_phase"),
            "{\"name\":\"backward\",\"device\":\"cuda:0\",\"is_gpu\":true,\"duration_ms\":4.5,"
            "\"cpu_ms\":4.5,\"gpu_ms\":4.5,\"n_calls\":1,\"queue\":3}");
  EXPECT_THAT(UnknownOf(SpanOf(document, "r0.s1").start_unknown, "traceml_record"),
              ::testing::Not(HasSubstr("queue")));
  EXPECT_THAT(UnknownOf(document.run().unknown, "traceml_duplicates"),
              HasSubstr("\"gpu_ms\":9.0,\"n_calls\":1,\"queue\":4}}}"));
}

}  // namespace
}  // namespace tracedoc
