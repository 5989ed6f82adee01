// A TimelineOutput that records each call as one line of text, so that tests of the track
// placement (nested_tracks, span_tracks, device_interval_tracks, place_timeline) can check
// exactly which tracks a producer opened and what it handed on, in order.
#ifndef TRACEDOC_TESTS_TIMELINE_RECORDED_TIMELINE_HPP_
#define TRACEDOC_TESTS_TIMELINE_RECORDED_TIMELINE_HPP_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::testing {

/// Lines such as `P 1 run run-1`, `T 1/2 spans`, `B 1/2 @10 span:root`, `E 1/2 @20 op:matmul`,
/// `I 1/2 @5 device:s`. With a document a slice is named by its span id, op name or interval's
/// span id; without one by its kind and index (`span#3`).
class RecordedTimeline final : public timeline::TimelineOutput {
 public:
  explicit RecordedTimeline(const TraceDocument* document = nullptr) : document_(document) {}

  std::uint32_t NewTid() override { return next_tid_++; }
  void ProcessName(timeline::Track track, std::string_view name) override {
    calls.push_back("P " + std::to_string(track.pid) + " " + std::string(name));
  }
  void ThreadName(timeline::Track track, std::string_view name) override {
    calls.push_back("T " + TrackText(track) + " " + std::string(name));
  }
  void SliceBegin(timeline::SliceRef slice, timeline::Track track, std::uint64_t at_ns) override {
    Slice("B", slice, track, at_ns);
  }
  void SliceEnd(timeline::SliceRef slice, timeline::Track track, std::uint64_t at_ns) override {
    Slice("E", slice, track, at_ns);
  }
  void Instant(timeline::SliceRef slice, timeline::Track track, std::uint64_t at_ns) override {
    Slice("I", slice, track, at_ns);
  }

  std::vector<std::string> calls;

 private:
  static std::string TrackText(timeline::Track track) {
    return std::to_string(track.pid) + "/" + std::to_string(track.tid);
  }
  std::string Label(timeline::SliceRef slice) const {
    const std::string index = std::to_string(slice.index);
    switch (slice.kind) {
      case timeline::SliceKind::kSpan:
        return document_ ? "span:" + std::string(document_->spans()[slice.index].id)
                         : "span#" + index;
      case timeline::SliceKind::kOp:
        return document_ ? "op:" + std::string(document_->ops()[slice.index].op_name)
                         : "op#" + index;
      case timeline::SliceKind::kDeviceInterval:
        break;
    }
    return document_ ? "device:" + std::string(document_->device_intervals()[slice.index].span_id)
                     : "device#" + index;
  }
  void Slice(std::string_view what, timeline::SliceRef slice, timeline::Track track,
             std::uint64_t at_ns) {
    calls.push_back(std::string(what) + " " + TrackText(track) + " @" + std::to_string(at_ns) +
                    " " + Label(slice));
  }

  const TraceDocument* document_;
  std::uint32_t next_tid_ = 1;
};

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_TIMELINE_RECORDED_TIMELINE_HPP_
