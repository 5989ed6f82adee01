// Spans are walked depth first from the top-level ones (roots, spans whose parent is unknown, and
// ops of no known span) in start order; a span's children and ops are merged in start order. A
// slice goes on its parent's track when it lies inside the parent and starts after the parent's
// previous child there ended (and NestedTracks' rules allow it); otherwise on the first free
// track of the pool. A zero-length span or op is an instant on its parent's track. Spans on a
// parent cycle, which no walk from a root reaches, are walked last, each cycle from its earliest
// span.
#include "timeline/span_tracks.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "document/latest_host_evidence.hpp"
#include "timeline/nested_tracks.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::timeline {
namespace {

struct Interval {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
};

class SpanTrackWriter {
 public:
  // `visited` is shared by the writers of one export: a span is written once, by the first.
  SpanTrackWriter(const TraceDocument& document, bool with_ops, std::uint32_t pid,
                  std::uint64_t capture_end_ns, std::vector<bool>& visited,
                  TimelineOutput& output)
      : index_(document.span_index()),
        spans_(document.spans()),
        ops_(document.ops()),
        with_ops_(with_ops),
        capture_end_ns_(capture_end_ns),
        output_(output),
        visited_(visited),
        tracks_(pid, "spans", output) {}

  void Run() {
    std::vector<SpanPosition> top_spans;
    for (SpanPosition p = 0; p < spans_.size(); ++p) {
      if (!index_.parent(p) && !visited_[p]) top_spans.push_back(p);
    }
    SortByStart(top_spans);
    const std::vector<std::uint32_t> loose_ops = OpsOfNoSpan();
    std::size_t next_op = 0;
    for (const SpanPosition span : top_spans) {
      for (; next_op < loose_ops.size() && OpInterval(loose_ops[next_op]).start <
                                               spans_[span].start_ns;
           ++next_op) {
        WriteTopOp(loose_ops[next_op]);
      }
      Walk(span);
    }
    for (; next_op < loose_ops.size(); ++next_op) WriteTopOp(loose_ops[next_op]);
    std::vector<SpanPosition> on_cycles;
    for (SpanPosition p = 0; p < spans_.size(); ++p) {
      if (!visited_[p]) on_cycles.push_back(p);
    }
    SortByStart(on_cycles);
    for (const SpanPosition span : on_cycles) {
      if (!visited_[span]) Walk(span);
    }
    tracks_.Finish();
  }

  // Only `top`'s subtree (its spans and their ops), unless a writer before wrote it.
  void RunTree(SpanPosition top) {
    if (!visited_[top]) Walk(top);
    tracks_.Finish();
  }

 private:
  // Where a span or op was written: its track, and for a slice its place there; an instant
  // (zero length) holds no place.
  struct Placement {
    TrackSpot spot;
    bool instant = false;
  };

  struct Frame {
    SpanPosition span = 0;
    Placement placement;
    Interval interval;
    std::uint64_t last_child_end = 0;  // on the span's own track
    std::size_t next_child = 0;
    std::size_t ops_begin = 0;  // this span's ops in op_stack_, in start order
    std::size_t next_op = 0;
  };

  // By start, then by id (positions are in id order).
  void SortByStart(std::vector<SpanPosition>& positions) const {
    std::sort(positions.begin(), positions.end(), [&](SpanPosition a, SpanPosition b) {
      return spans_[a].start_ns != spans_[b].start_ns ? spans_[a].start_ns < spans_[b].start_ns
                                                      : a < b;
    });
  }

  // Ops whose span_id names no span, in start order. Usually none, which a count shows
  // without looking any id up.
  std::vector<std::uint32_t> OpsOfNoSpan() const {
    std::vector<std::uint32_t> loose;
    if (!with_ops_) return loose;
    std::size_t attached = 0;
    for (SpanPosition p = 0; p < spans_.size(); ++p) attached += index_.ops(p).size();
    if (attached == ops_.size()) return loose;
    for (std::uint32_t i = 0; i < ops_.size(); ++i) {
      if (!index_.Find(ops_[i].span_id)) loose.push_back(i);
    }
    SortOpsByStart(loose.begin(), loose.end());
    return loose;
  }

  template <class Iterator>
  void SortOpsByStart(Iterator begin, Iterator end) const {
    const auto before = [&](std::uint32_t a, std::uint32_t b) {
      return ops_[a].timestamp_ns < ops_[b].timestamp_ns;
    };
    if (!std::is_sorted(begin, end, before)) std::stable_sort(begin, end, before);
  }

  // An open span (of a failed run) ends at the terminal's time.
  Interval SpanInterval(SpanPosition p) const {
    const SpanRecord& span = spans_[p];
    if (span.closed) return {span.start_ns, util::SaturatingAdd(span.start_ns, span.duration_ns)};
    return {span.start_ns, std::max(span.start_ns, capture_end_ns_)};
  }
  Interval OpInterval(std::uint32_t op) const {
    return {ops_[op].timestamp_ns, util::SaturatingAdd(ops_[op].timestamp_ns, ops_[op].duration_ns)};
  }

  static OpenSlice Slice(SliceKind kind, std::uint32_t index, Interval interval,
                         std::string_view name) {
    return {interval.end, util::HashBytes(name), {kind, index}};
  }

  // An instant (a zero-length slice) on `track`, which holds no place there.
  Placement PlaceInstant(std::size_t track, std::uint64_t at_ns, const OpenSlice& slice) {
    output_.Instant(slice.ref, tracks_.track(track), at_ns);
    return {{track, 0, 0}, true};
  }

  // A top-level event's place, its begin handed on: a free track.
  Placement PlaceTop(Interval interval, const OpenSlice& slice) {
    if (interval.end == interval.start) {
      return PlaceInstant(tracks_.TrackForInstant(interval.start), interval.start, slice);
    }
    return {tracks_.PlaceFree(interval.start, slice), false};
  }

  // A child's place, its begin handed on: its parent's track when it nests there, else a free
  // one; an instant goes on its parent's track whatever its time.
  Placement PlaceChild(Frame& parent, Interval child, const OpenSlice& slice) {
    if (child.end == child.start) {
      return PlaceInstant(parent.placement.spot.track, child.start, slice);
    }
    if (!parent.placement.instant && child.start >= parent.interval.start &&
        child.end <= parent.interval.end && child.start >= parent.last_child_end) {
      const TrackSpot spot = tracks_.PlaceInside(parent.placement.spot, child.start, slice);
      if (spot.track == parent.placement.spot.track) parent.last_child_end = child.end;
      return {spot, false};
    }
    return {tracks_.PlaceFree(child.start, slice), false};
  }

  void WriteTopOp(std::uint32_t op) {
    const Interval interval = OpInterval(op);
    PlaceTop(interval, Slice(SliceKind::kOp, op, interval, ops_[op].op_name));
  }

  void Walk(SpanPosition top) {
    const Interval interval = SpanInterval(top);
    Enter(top, PlaceTop(interval, Slice(SliceKind::kSpan, top, interval, spans_[top].name)), interval);
    while (!stack_.empty()) {
      Frame& frame = stack_.back();
      const std::span<const SpanPosition> children = index_.children(frame.span);
      while (frame.next_child < children.size() && visited_[children[frame.next_child]]) {
        ++frame.next_child;  // back to the start of a cycle
      }
      const bool has_child = frame.next_child < children.size();
      // The top frame's ops are the end of op_stack_: deeper frames have popped theirs.
      const bool has_op = frame.next_op < op_stack_.size();
      if (!has_child && !has_op) {
        op_stack_.resize(frame.ops_begin);
        stack_.pop_back();
        continue;
      }
      if (has_child && (!has_op || spans_[children[frame.next_child]].start_ns <=
                                       ops_[op_stack_[frame.next_op]].timestamp_ns)) {
        const SpanPosition child = children[frame.next_child++];
        const Interval child_interval = SpanInterval(child);
        const OpenSlice slice = Slice(SliceKind::kSpan, child, child_interval, spans_[child].name);
        Enter(child, PlaceChild(frame, child_interval, slice), child_interval);
      } else {
        const std::uint32_t op = op_stack_[frame.next_op++];
        const Interval op_interval = OpInterval(op);
        PlaceChild(frame, op_interval, Slice(SliceKind::kOp, op, op_interval, ops_[op].op_name));
      }
    }
  }

  void Enter(SpanPosition span, Placement placement, Interval interval) {
    visited_[span] = true;
    Frame& frame = stack_.emplace_back();
    frame.span = span;
    frame.placement = placement;
    frame.interval = interval;
    frame.last_child_end = interval.start;
    frame.ops_begin = op_stack_.size();
    frame.next_op = frame.ops_begin;
    if (!with_ops_) return;
    const std::span<const std::uint32_t> ops = index_.ops(span);
    op_stack_.insert(op_stack_.end(), ops.begin(), ops.end());
    SortOpsByStart(op_stack_.begin() + static_cast<std::ptrdiff_t>(frame.ops_begin),
                   op_stack_.end());
  }

  const SpanIndex index_;
  const RecordList<SpanRecord> spans_;
  const RecordList<OpRecord> ops_;
  const bool with_ops_;
  const std::uint64_t capture_end_ns_;
  TimelineOutput& output_;
  std::vector<bool>& visited_;
  std::vector<Frame> stack_;
  std::vector<std::uint32_t> op_stack_;
  NestedTracks tracks_;
};

}  // namespace

void WriteSpanTracks(const TraceDocument& document, bool with_ops, std::uint32_t pid,
                     std::span<const RankSpan> ranks, TimelineOutput& output) {
  // Computed once: a trace/6 document finds it by a pass over its records.
  const std::uint64_t capture_end_ns = detail::CaptureEndNs(document);
  std::vector<bool> visited(document.spans().size(), false);
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const std::uint32_t rank_pid = pid + 1 + static_cast<std::uint32_t>(i);
    output.ProcessName({rank_pid, output.NewTid()}, "rank " + std::to_string(ranks[i].rank));
    SpanTrackWriter(document, with_ops, rank_pid, capture_end_ns, visited, output)
        .RunTree(ranks[i].span);
  }
  SpanTrackWriter(document, with_ops, pid, capture_end_ns, visited, output).Run();
}

}  // namespace tracedoc::timeline
