#include "timeline/chrome_timeline.hpp"

#include <optional>

#include "emit/described_json.hpp"

namespace tracedoc::timeline {

void ChromeTimeline::SliceBegin(SliceRef slice, Track track, std::uint64_t at_ns) {
  events_.BeginSliceStart(names_.Name(slice, name_buffer_), SliceNames::Category(slice.kind),
                          track, at_ns);
  WriteArgs(slice);
  events_.End();
}

void ChromeTimeline::SliceEnd(SliceRef slice, Track track, std::uint64_t at_ns) {
  events_.BeginSliceEnd(names_.Name(slice, name_buffer_), SliceNames::Category(slice.kind), track,
                        at_ns);
  WriteArgs(slice);
  events_.End();
}

void ChromeTimeline::Instant(SliceRef slice, Track track, std::uint64_t at_ns) {
  events_.BeginThreadInstant(names_.Name(slice, name_buffer_), SliceNames::Category(slice.kind),
                             track, at_ns);
  WriteArgs(slice);
  events_.End();
}

void ChromeTimeline::WriteArgs(SliceRef slice) {
  switch (slice.kind) {
    case SliceKind::kSpan:
      WriteSpanArgs(document_.spans()[slice.index]);
      return;
    case SliceKind::kOp:
      WriteOpArgs(document_.ops()[slice.index]);
      return;
    case SliceKind::kDeviceInterval:
      WriteIntervalArgs(document_.device_intervals()[slice.index]);
      return;
  }
}

void ChromeTimeline::WriteSpanArgs(const SpanRecord& span) {
  emit::JsonEmitter& json = events_.json();
  json.PlainKey("args").BeginObject();
  json.PlainKey("id").String(span.id);
  json.PlainKey("parent").StringOrNull(span.parent_id);
  json.PlainMember("kind", EnumName(span.kind));
  json.PlainKey("step").StringOrNull(span.step ? std::optional(EnumName(*span.step))
                                               : std::nullopt);
  json.PlainKey("measured").Bool(span.measured);
  if (!span.closed) json.PlainKey("open").Bool(true);
  json.EndObject();
}

void ChromeTimeline::WriteOpArgs(const OpRecord& op) {
  emit::JsonEmitter& json = events_.json();
  json.PlainKey("args").BeginObject();
  json.PlainKey("inputs");
  emit::EmitDescribedValue(json, op.inputs);
  json.PlainKey("output").StringOrNull(op.output);
  json.PlainKey("shape");
  emit::EmitDescribedValue(json, op.shape);
  json.PlainKey("dtype").String(op.dtype);
  json.PlainKey("device").String(op.device);
  json.PlainKey("bytes").U64OrNull(op.output_dense_bytes);
  json.EndObject();
}

void ChromeTimeline::WriteIntervalArgs(const DeviceIntervalRecord& interval) {
  emit::JsonEmitter& json = events_.json();
  json.PlainKey("args").BeginObject();
  json.PlainKey("span_id").String(interval.span_id);
  json.PlainKey("stream_id").String(interval.stream_id);
  json.PlainKey("clock_id").String(interval.clock_id);
  json.PlainKey("backend").String(interval.backend);
  json.EndObject();
}

}  // namespace tracedoc::timeline
