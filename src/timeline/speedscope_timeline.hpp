// The timeline gathered into speedscope's own file format (docs/speedscope.md): one evented
// profile per thread track, its slices' begins and ends as `O` and `C` events at integer
// nanoseconds, and one shared frame per (kind, name), so that speedscope's Left Heavy and Sandwich
// views add up every call of a name. Zero-length slices have no width in a flame chart and are
// left out.
#pragma once

#include <cstdint>
#include <deque>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "emit/json_sink.hpp"
#include "timeline/slice_names.hpp"
#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::timeline {

/// The longest process or track name a profile's name repeats: a profile per track would
/// otherwise copy a long run id or stream id once per track.
inline constexpr std::size_t kMaxProfileNamePartBytes = 128;

class SpeedscopeTimeline final : public TimelineOutput {
 public:
  explicit SpeedscopeTimeline(const TraceDocument& document) : names_(document) {}

  std::uint32_t NewTid() override;
  void ProcessName(Track track, std::string_view name) override;
  void ThreadName(Track track, std::string_view name) override;
  void SliceBegin(SliceRef slice, Track track, std::uint64_t at_ns) override {
    Add(track.tid, FrameOf(slice), false, at_ns);
  }
  void SliceEnd(SliceRef slice, Track track, std::uint64_t at_ns) override {
    Add(track.tid, FrameOf(slice), true, at_ns);
  }
  void Instant(SliceRef, Track, std::uint64_t) override {}

  /// Writes the file: `name` is the whole file's, `exporter` the program's.
  void Write(std::string_view name, std::string_view exporter, emit::JsonSink& sink) const;

 private:
  struct Frame {
    std::string_view name;
    SliceKind kind = SliceKind::kSpan;
  };
  // A track's name and its events so far. Each event is two varints, the frame with the close
  // flag and the time since the track's previous event: a few bytes where a struct would take
  // 24 (a profile's events must be written together, so they are held until the end).
  struct TrackEvents {
    std::uint32_t pid = 0;
    bool named = false;
    std::string name;
    std::uint64_t last_at_ns = 0;
    std::string encoded;
  };

  std::uint32_t FrameOf(SliceRef slice);
  void Add(std::uint32_t tid, std::uint32_t frame, bool close, std::uint64_t at_ns);
  void WriteFrames(emit::JsonSink& sink) const;
  void WriteProfile(const TrackEvents* track, emit::JsonSink& sink) const;

  const SliceNames names_;
  std::string name_buffer_;
  // Names made for the export (shortened ones), kept where frames_ may point at them.
  std::deque<std::string> owned_names_;
  std::vector<Frame> frames_;
  boost::unordered_flat_map<std::pair<std::uint64_t, std::string_view>, std::uint32_t,
                            util::SeededHash>
      frame_of_;
  std::vector<TrackEvents> tracks_;  // by tid
  std::uint64_t first_at_ns_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t last_at_ns_ = 0;
  boost::unordered_flat_map<std::uint32_t, std::string> process_names_;
};

}  // namespace tracedoc::timeline
