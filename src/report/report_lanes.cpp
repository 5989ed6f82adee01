#include "report/report_lanes.hpp"

#include <algorithm>
#include <functional>
#include <queue>
#include <span>
#include <string_view>
#include <tuple>
#include <utility>

#include <boost/unordered/unordered_flat_map.hpp>

#include "timeline/place_timeline.hpp"

namespace tracedoc::report {
namespace {

struct TrackState {
  std::uint32_t pid = 0;
  std::uint32_t tid = 0;
  std::string name;
  std::vector<std::uint32_t> open;  // frames begun and not yet ended, innermost last
};

// A slice is handed on once, so (kind, index) tells any two frames apart: the last key of every
// sort, so the page is the same every time.
auto RefKey(const LaneFrame& frame) {
  return std::pair(static_cast<std::uint32_t>(frame.ref.kind), frame.ref.index);
}

// Records what the placement hands on: each slice's track (in `row` until rows are numbered)
// and its depth there.
class LaneRecorder final : public timeline::TimelineOutput {
 public:
  /// Room for every slice at once: a growing vector would hold its old and new buffers at once.
  explicit LaneRecorder(std::size_t slices) { frames_.reserve(slices); }

  std::uint32_t NewTid() override { return next_tid_++; }
  void ProcessName(timeline::Track track, std::string_view name) override {
    process_names_.try_emplace(track.pid, name);
  }
  void ThreadName(timeline::Track track, std::string_view name) override {
    tracks_[State(track)].name = std::string(name);
  }
  void SliceBegin(timeline::SliceRef slice, timeline::Track track, std::uint64_t at_ns) override {
    const std::uint32_t index = Add(slice, track, at_ns);
    tracks_[frames_[index].row].open.push_back(index);
  }
  void SliceEnd(timeline::SliceRef, timeline::Track track, std::uint64_t at_ns) override {
    TrackState& state = tracks_[State(track)];
    // The placement closes the innermost open slice; an unmatched end has nothing to close.
    if (state.open.empty()) return;
    frames_[state.open.back()].end_ns = at_ns;
    state.open.pop_back();
  }
  void Instant(timeline::SliceRef slice, timeline::Track track, std::uint64_t at_ns) override {
    Add(slice, track, at_ns);
  }

  ReportTimeline Finish() &&;

 private:
  std::uint32_t State(timeline::Track track) {
    const auto [it, added] =
        track_of_tid_.try_emplace(track.tid, static_cast<std::uint32_t>(tracks_.size()));
    if (added) tracks_.push_back(TrackState{track.pid, track.tid, {}, {}});
    return it->second;
  }
  std::uint32_t Add(timeline::SliceRef slice, timeline::Track track, std::uint64_t at_ns) {
    const std::uint32_t state = State(track);
    const auto index = static_cast<std::uint32_t>(frames_.size());
    frames_.push_back(LaneFrame{slice, state,
                                static_cast<std::uint32_t>(tracks_[state].open.size()), at_ns,
                                at_ns});
    return index;
  }

  std::uint32_t next_tid_ = 1;
  boost::unordered_flat_map<std::uint32_t, std::string> process_names_;
  boost::unordered_flat_map<std::uint32_t, std::uint32_t> track_of_tid_;
  std::vector<TrackState> tracks_;
  std::vector<LaneFrame> frames_;
};

// Rows for one track's frames (sorted by depth, start, end): a depth's row while the frame fits
// after the row's last one, else an overflow row below the track's depths (the earliest free, or
// a new one). The placement nests every track, so overflow is rare; a min-heap keeps it
// O(n log n) whatever the input.
std::uint32_t AssignTrackRows(std::span<LaneFrame> frames, std::uint32_t base,
                              std::uint32_t process, const std::string& track_name,
                              ReportTimeline& out) {
  const std::uint32_t depths = frames.back().depth + 1;
  std::vector<std::uint64_t> depth_end(depths, 0);
  std::vector<bool> depth_used(depths, false);
  using Free = std::pair<std::uint64_t, std::uint32_t>;  // (last end, overflow row)
  std::priority_queue<Free, std::vector<Free>, std::greater<>> overflow;
  std::uint32_t overflow_rows = 0;
  for (LaneFrame& frame : frames) {
    if (!depth_used[frame.depth] || frame.start_ns >= depth_end[frame.depth]) {
      depth_used[frame.depth] = true;
      depth_end[frame.depth] = frame.end_ns;
      frame.row = base + frame.depth;
      continue;
    }
    if (!overflow.empty() && overflow.top().first <= frame.start_ns) {
      const std::uint32_t row = overflow.top().second;
      overflow.pop();
      overflow.push({frame.end_ns, row});
      frame.row = base + depths + row;
      continue;
    }
    overflow.push({frame.end_ns, overflow_rows});
    frame.row = base + depths + overflow_rows;
    ++overflow_rows;
  }
  for (std::uint32_t k = 0; k < depths + overflow_rows; ++k) {
    out.lanes.push_back(Lane{process, track_name, k});
  }
  return depths + overflow_rows;
}

ReportTimeline LaneRecorder::Finish() && {
  ReportTimeline out;
  // Tracks in the export's order: by process, then as they were made.
  std::vector<std::uint32_t> track_order(tracks_.size());
  for (std::uint32_t k = 0; k < track_order.size(); ++k) track_order[k] = k;
  std::sort(track_order.begin(), track_order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::tie(tracks_[a].pid, tracks_[a].tid) < std::tie(tracks_[b].pid, tracks_[b].tid);
  });
  std::vector<std::uint32_t> rank_of_track(tracks_.size());
  for (std::uint32_t k = 0; k < track_order.size(); ++k) rank_of_track[track_order[k]] = k;

  // One array, sorted in place twice: the page holds a frame per slice, and nothing beside it.
  std::sort(frames_.begin(), frames_.end(), [&](const LaneFrame& a, const LaneFrame& b) {
    return std::tuple(rank_of_track[a.row], a.depth, a.start_ns, a.end_ns, RefKey(a)) <
           std::tuple(rank_of_track[b.row], b.depth, b.start_ns, b.end_ns, RefKey(b));
  });
  boost::unordered_flat_map<std::uint32_t, std::uint32_t> process_index;
  std::uint32_t base = 0;
  for (std::size_t first = 0; first < frames_.size();) {
    const std::uint32_t track_number = frames_[first].row;
    std::size_t last = first;
    while (last < frames_.size() && frames_[last].row == track_number) ++last;
    const TrackState& track = tracks_[track_number];
    const auto [it, added] =
        process_index.try_emplace(track.pid, static_cast<std::uint32_t>(out.processes.size()));
    if (added) {
      const auto name = process_names_.find(track.pid);
      out.processes.push_back(name == process_names_.end() ? "process " + std::to_string(track.pid)
                                                           : name->second);
    }
    base += AssignTrackRows(std::span(frames_).subspan(first, last - first), base, it->second,
                            track.name, out);
    first = last;
  }
  std::sort(frames_.begin(), frames_.end(), [](const LaneFrame& a, const LaneFrame& b) {
    return std::tuple(a.row, a.start_ns, a.end_ns, RefKey(a)) <
           std::tuple(b.row, b.start_ns, b.end_ns, RefKey(b));
  });
  out.frames = std::move(frames_);
  return out;
}

}  // namespace

ReportTimeline LayOutReportTimeline(const TraceDocument& document) {
  LaneRecorder recorder(document.spans().size() + document.ops().size() +
                        document.device_intervals().size());
  timeline::PlaceTimeline(document,
                          timeline::TimelineContent{.ops = true, .device_intervals = true,
                                                    .memory_devices = false},
                          recorder);
  return std::move(recorder).Finish();
}

}  // namespace tracedoc::report
