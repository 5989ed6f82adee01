// The timeline as Chrome Trace Events, written as it comes: a slice's begin as `B`, its end as
// `E` with the same name, category and args (speedscope pairs them by name and args, Perfetto
// merges the args), a zero-length slice as a thread instant (docs/chrome-trace.md §1).
#pragma once

#include <string>

#include "timeline/slice_names.hpp"
#include "timeline/timeline_output.hpp"
#include "timeline/trace_event_writer.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

class ChromeTimeline final : public TimelineOutput {
 public:
  ChromeTimeline(const TraceDocument& document, TraceEventWriter& events)
      : document_(document), names_(document), events_(events) {}

  std::uint32_t NewTid() override { return events_.NewTid(); }
  void ProcessName(Track track, std::string_view name) override {
    events_.ProcessName(track, name);
  }
  void ThreadName(Track track, std::string_view name) override { events_.ThreadName(track, name); }
  void SliceBegin(SliceRef slice, Track track, std::uint64_t at_ns) override;
  void SliceEnd(SliceRef slice, Track track, std::uint64_t at_ns) override;
  void Instant(SliceRef slice, Track track, std::uint64_t at_ns) override;

 private:
  void WriteArgs(SliceRef slice);
  void WriteSpanArgs(const SpanRecord& span);
  void WriteOpArgs(const OpRecord& op);
  void WriteIntervalArgs(const DeviceIntervalRecord& interval);

  const TraceDocument& document_;
  const SliceNames names_;
  TraceEventWriter& events_;
  std::string name_buffer_;
};

}  // namespace tracedoc::timeline
