// A set of thread tracks that events are placed on side by side: an event that does not nest in
// the track its parent is on goes on the first track (in creation order) whose events have all
// ended when it starts, or on a new one. The first-free search keeps busy runs on the first
// tracks, as a person reads them, at O(log tracks) per placement, whatever the input's shape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "timeline/timeline_output.hpp"

namespace tracedoc::timeline {

class TrackPool {
 public:
  /// The first track, in creation order, whose events all end at or before `start_ns`.
  std::optional<std::size_t> FirstFree(std::uint64_t start_ns) const;
  /// Says that track `track` is busy until `end_ns` (its last event now ends there).
  void Occupy(std::size_t track, std::uint64_t end_ns);
  /// Adds a track busy until `end_ns`; returns its number (0, 1, …).
  std::size_t Add(std::uint64_t end_ns);
  std::size_t size() const { return count_; }

 private:
  // A min-tree over the tracks' end times: leaves from `capacity_` on, each inner node the
  // smaller of its two children, unused leaves at the largest value.
  std::vector<std::uint64_t> tree_;
  std::size_t capacity_ = 0;
  std::size_t count_ = 0;
};

/// A TrackPool of thread tracks of one process: each track a tid, named when it opens (`NAME`,
/// then `NAME (2)`, `NAME (3)`, …).
class ThreadTracks {
 public:
  ThreadTracks(std::uint32_t pid, std::string name) : pid_(pid), name_(std::move(name)) {}

  /// The first track, in creation order, whose events all end at or before `start_ns`.
  std::optional<std::size_t> FirstFree(std::uint64_t start_ns) const {
    return pool_.FirstFree(start_ns);
  }
  /// Says that track `track` is busy until `end_ns`.
  void Occupy(std::size_t track, std::uint64_t end_ns) { pool_.Occupy(track, end_ns); }
  /// Opens a track busy until `end_ns`, its thread_name written to `output`; returns its number.
  std::size_t Add(std::uint64_t end_ns, TimelineOutput& output);
  Track track(std::size_t number) const { return {pid_, tids_[number]}; }
  std::size_t size() const { return tids_.size(); }

 private:
  std::uint32_t pid_;
  std::string name_;
  TrackPool pool_;
  std::vector<std::uint32_t> tids_;
};

}  // namespace tracedoc::timeline
