// ToTraceDocument (docs/traceml-conversion.md): the plan written as trace/10 lines (the meta,
// each span's start and end, the device_memory samples in time order, the terminal) by the
// canonical record writer, and read back by ReadTrace, so the document passes every rule a
// trace does.
#include "tracedoc/traceml_convert.hpp"

#include <algorithm>
#include <string>

#include "emit/iso_timestamp.hpp"
#include "traceml_convert/conversion_plan.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using traceml_convert::ConversionPlan;

void AppendLine(std::string& text, const Event& event) {
  AppendEventJson(text, event);
  text.push_back('\n');
}

UnknownFields View(const traceml_convert::UnknownMembers& members) {
  return UnknownFields(members.encoded, members.count);
}

void AppendMetaLine(std::string& text, const TraceMLExport& source, const ConversionPlan& plan) {
  const std::string duplicates = std::to_string(plan.duplicate_records);
  const std::string ranks = std::to_string(plan.ranks);
  const std::string records = std::to_string(source.record_count());
  const std::string session_start = std::to_string(plan.session_start_unix_ns);
  const std::string unplaced = std::to_string(plan.unplaced_records);
  const std::string warnings = std::to_string(source.total_warnings);
  // Sorted by key, as a document keeps its tags.
  const Tag tags[] = {
      {kTraceMLSourceTag, kTraceMLSourceValue},
      {"traceml.duplicate_records", duplicates},
      {"traceml.has_hostname", source.has_hostname ? "true" : "false"},
      {"traceml.ranks", ranks},
      {"traceml.records", records},
      {"traceml.session_start_unix_ns", session_start},
      {"traceml.unplaced_records", unplaced},
      {"traceml.warnings", warnings},
  };
  const std::string run_id = "traceml-" + session_start;
  const std::string timestamp = emit::IsoTimestamp(plan.session_start_unix_ns);
  MetaRecord meta;
  meta.schema = kSchema;
  meta.run.run_id = run_id;
  meta.run.correlation_id = run_id;
  meta.run.entrypoint = "traceml";
  meta.run.phase = ExecutionPhase::kTrain;
  meta.run.timestamp = timestamp;
  meta.run.capture_step = 1;
  meta.run.warmup_steps = 0;
  meta.run.device = plan.uses_gpu ? "cuda" : "cpu";
  meta.run.timing_mode = TimingMode::kHost;
  meta.run.tags = ArrayView<Tag>(tags, std::size(tags));
  meta.run.unknown = View(plan.meta_unknown);
  AppendLine(text, meta);
}

std::string TraceText(const TraceMLExport& source, const ConversionPlan& plan) {
  const auto relative = [&](std::uint64_t unix_ns) {
    return unix_ns - plan.session_start_unix_ns;  // never earlier than time 0 by construction
  };
  std::string text;
  AppendMetaLine(text, source, plan);
  for (const traceml_convert::PlannedSpan& planned : plan.spans) {
    SpanStartRecord start;
    start.id = planned.id;
    if (planned.parent_id) start.parent_id = *planned.parent_id;
    start.name = planned.name;
    start.start_ns = relative(planned.start_unix_ns);
    start.span_kind = SpanKind::kFunction;
    start.measured = planned.measured;
    start.unknown = View(planned.unknown);
    AppendLine(text, start);
    SpanEndRecord end;
    end.id = planned.id;
    end.duration_ns = planned.end_unix_ns - planned.start_unix_ns;
    AppendLine(text, end);
  }
  for (const traceml_convert::PlannedSample& planned : plan.samples) {
    DeviceMemoryRecord sample;
    sample.timestamp_ns = relative(planned.timestamp_unix_ns);
    sample.device = planned.device;
    sample.used_bytes = planned.used_bytes;
    sample.reserved_bytes = planned.reserved_bytes;
    sample.capacity_bytes = planned.capacity_bytes;
    sample.unknown = View(planned.unknown);
    AppendLine(text, sample);
  }
  TerminalRecord terminal;
  terminal.outcome = RunOutcome::kComplete;
  terminal.timestamp_ns = relative(plan.latest_unix_ns);
  AppendLine(text, terminal);
  return text;
}

}  // namespace

Result<TraceDocument> ToTraceDocument(const TraceMLExport& source) {
  const std::string text = TraceText(source, traceml_convert::PlanConversion(source));
  ReadOptions options;
  // The meta holds every record kept whole: its line may be longer than a trace's usual bound.
  options.max_line_bytes = std::max(options.max_line_bytes, text.size());
  return ReadTrace(TraceInput::FromString(text), options);
}

}  // namespace tracedoc
