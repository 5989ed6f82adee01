// What the track placement (span_tracks, device_interval_tracks, nested_tracks) hands to an
// export: processes, named thread tracks, and on each track its slices' begins and ends in an
// order that nests. The Chrome export writes them as events as they come (chrome_timeline); the
// speedscope export gathers them into one profile per track (speedscope_timeline).
#pragma once

#include <cstdint>
#include <string_view>

namespace tracedoc::timeline {

/// A thread track: the process and the thread id.
struct Track {
  std::uint32_t pid = 0;
  std::uint32_t tid = 0;
};

/// Which of the document's lists a slice comes from.
enum class SliceKind : std::uint32_t { kSpan, kOp, kDeviceInterval };

/// A slice: its kind and its position in the document's list of that kind.
struct SliceRef {
  SliceKind kind = SliceKind::kSpan;
  std::uint32_t index = 0;
};

/// Receives the timeline. On each track, the calls come in an order a stack replays: times never
/// go back, every end closes the innermost open slice, and an end comes before a begin at the
/// same instant.
class TimelineOutput {
 public:
  /// A thread id not used before in this export.
  virtual std::uint32_t NewTid() = 0;
  virtual void ProcessName(Track track, std::string_view name) = 0;
  virtual void ThreadName(Track track, std::string_view name) = 0;
  /// A slice of positive length begins or ends.
  virtual void SliceBegin(SliceRef slice, Track track, std::uint64_t at_ns) = 0;
  virtual void SliceEnd(SliceRef slice, Track track, std::uint64_t at_ns) = 0;
  /// A zero-length slice. Unlike begins and ends, it may lie outside the open slices' times.
  virtual void Instant(SliceRef slice, Track track, std::uint64_t at_ns) = 0;

 protected:
  ~TimelineOutput() = default;
};

}  // namespace tracedoc::timeline
