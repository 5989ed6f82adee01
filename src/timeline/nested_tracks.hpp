// Thread tracks whose slices are handed on as begins and ends (docs/chrome-trace.md §1). A slice's
// begin is handed on when it is placed; its end is held until the track's next slice shows that it
// has ended (or the tracks finish), so that each track's events come well nested, every end
// before a begin at the same instant. In a Chrome file the ends are then written timestamps, exact
// in a viewer's doubles, where `ts + dur` is not.
//
// Two rules more, for speedscope, which pairs an end with a begin by name when they share an
// instant: a slice never begins on a track where a slice of its name ends at that instant, and
// never nests on a track under an open slice of its name that ends when it does. Such a slice
// goes on a free track instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "timeline/timeline_output.hpp"
#include "timeline/track_pool.hpp"

namespace tracedoc::timeline {

/// A slice of positive length as a track holds it until it ends: which slice, when it ends, and
/// its name's hash.
struct OpenSlice {
  std::uint64_t end_ns = 0;
  std::uint64_t name_hash = 0;
  SliceRef ref;
};

/// Where a slice went: its track, how many slices that track held open once it was placed (its
/// own place in the track's stack, plus one), and the track's epoch then.
struct TrackSpot {
  std::size_t track = 0;
  std::size_t depth = 0;
  std::uint32_t epoch = 0;
};

class NestedTracks {
 public:
  NestedTracks(std::uint32_t pid, std::string name, TimelineOutput& output)
      : tracks_(pid, std::move(name)), output_(output) {}
  NestedTracks(const NestedTracks&) = delete;
  NestedTracks& operator=(const NestedTracks&) = delete;

  /// On the first track free at `start_ns`, or a new one; the slice's begin is handed on.
  TrackSpot PlaceFree(std::uint64_t start_ns, const OpenSlice& slice);
  /// Inside `parent`, on its track, when the rules allow it (the caller has checked that the
  /// slice lies inside the parent after its previous child there); else as PlaceFree.
  TrackSpot PlaceInside(TrackSpot parent, std::uint64_t start_ns, const OpenSlice& slice);
  /// A track for an instant at `start_ns` with no parent to share a track with.
  std::size_t TrackForInstant(std::uint64_t start_ns);

  Track track(std::size_t number) const { return tracks_.track(number); }
  /// Writes every E still held, track by track.
  void Finish();

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;

  // A track's state in a few bytes: a track is opened for every overlapping top-level slice, so
  // a hostile trace may open one per slice. Its open slices and the names ended at its latest
  // end are lists in the shared pools below.
  struct Held {
    std::uint32_t top = kNone;    // innermost open slice, in open_
    std::uint32_t depth = 0;      // how many are open
    std::uint32_t ended = kNone;  // names ended at `ended_at`, in ended_
    std::uint64_t ended_at = 0;   // the time of the latest E written
    // Counts the times the track, found free, was closed whole for a slice that starts after
    // all of its slices end. The walk is depth first, not in time order: a parent may still have
    // children to place when a later slice takes its track, and they may not go there.
    std::uint32_t epoch = 0;
  };
  struct OpenNode {
    OpenSlice slice;
    std::uint32_t below = kNone;
  };
  struct EndedNode {
    std::uint64_t name_hash = 0;
    std::uint32_t next = kNone;
  };

  // Writes the E of every slice above `depth` on `track`.
  void CloseAbove(std::size_t track, std::size_t depth);
  // Whether `slice`, beginning at `start_ns`, may go on `track` (after CloseAbove).
  bool Allows(std::size_t track, std::uint64_t start_ns, const OpenSlice& slice) const;
  TrackSpot Push(std::size_t track, std::uint64_t start_ns, const OpenSlice& slice);
  std::size_t AddTrack(std::uint64_t end_ns);
  // Forgets the names ended at `track`'s latest end.
  void ForgetEnded(std::size_t track);

  ThreadTracks tracks_;
  std::vector<Held> held_;
  std::vector<OpenNode> open_;
  std::vector<std::uint32_t> free_open_;
  std::vector<EndedNode> ended_;
  std::vector<std::uint32_t> free_ended_;
  // (track, end, name hash) of the open slices, folded into one key, with how many share it.
  boost::unordered_flat_map<std::uint64_t, std::uint32_t> open_ends_;
  // (track, name hash) of the slices ended at their track's latest end.
  boost::unordered_flat_set<std::uint64_t> ended_names_;
  TimelineOutput& output_;
};

}  // namespace tracedoc::timeline
