#include "timeline/nested_tracks.hpp"

#include "util/seeded_hash.hpp"

namespace tracedoc::timeline {
namespace {

// The shared tables' keys: a name's (already keyed) hash folded with a track and a time.
std::uint64_t EndKey(std::size_t track, const OpenSlice& slice) {
  return util::SeededHash::Combine(util::SeededHash::Combine(slice.name_hash, slice.end_ns),
                                   track);
}
std::uint64_t NameKey(std::size_t track, std::uint64_t name_hash) {
  return util::SeededHash::Combine(name_hash, track);
}

// Takes a node from `free` or grows `nodes`.
template <class Node>
std::uint32_t Allocate(std::vector<Node>& nodes, std::vector<std::uint32_t>& free) {
  if (!free.empty()) {
    const std::uint32_t at = free.back();
    free.pop_back();
    return at;
  }
  nodes.emplace_back();
  return static_cast<std::uint32_t>(nodes.size() - 1);
}

}  // namespace

TrackSpot NestedTracks::PlaceFree(std::uint64_t start_ns, const OpenSlice& slice) {
  if (const auto free = tracks_.FirstFree(start_ns)) {
    if (held_[*free].depth > 0) ++held_[*free].epoch;
    CloseAbove(*free, 0);
    if (Allows(*free, start_ns, slice)) {
      tracks_.Occupy(*free, slice.end_ns);
      return Push(*free, start_ns, slice);
    }
  }
  return Push(AddTrack(slice.end_ns), start_ns, slice);
}

TrackSpot NestedTracks::PlaceInside(TrackSpot parent, std::uint64_t start_ns,
                                    const OpenSlice& slice) {
  // The parent is still held where it was placed unless its track was closed whole since.
  if (held_[parent.track].epoch == parent.epoch && held_[parent.track].depth >= parent.depth) {
    CloseAbove(parent.track, parent.depth);
    if (Allows(parent.track, start_ns, slice)) return Push(parent.track, start_ns, slice);
  }
  return PlaceFree(start_ns, slice);
}

std::size_t NestedTracks::TrackForInstant(std::uint64_t start_ns) {
  if (const auto free = tracks_.FirstFree(start_ns)) return *free;
  return AddTrack(start_ns);
}

void NestedTracks::Finish() {
  for (std::size_t track = 0; track < held_.size(); ++track) CloseAbove(track, 0);
}

void NestedTracks::CloseAbove(std::size_t track, std::size_t depth) {
  while (held_[track].depth > depth) {
    Held& held = held_[track];
    const std::uint32_t node = held.top;
    const OpenSlice slice = open_[node].slice;
    held.top = open_[node].below;
    --held.depth;
    free_open_.push_back(node);
    const auto at = open_ends_.find(EndKey(track, slice));
    if (--at->second == 0) open_ends_.erase(at);
    if (slice.end_ns != held.ended_at) {
      ForgetEnded(track);
      held.ended_at = slice.end_ns;
    }
    const std::uint32_t ended = Allocate(ended_, free_ended_);
    ended_[ended] = {slice.name_hash, held_[track].ended};
    held_[track].ended = ended;
    ended_names_.insert(NameKey(track, slice.name_hash));
    output_.SliceEnd(slice.ref, tracks_.track(track), slice.end_ns);
  }
}

void NestedTracks::ForgetEnded(std::size_t track) {
  for (std::uint32_t node = held_[track].ended; node != kNone;) {
    ended_names_.erase(NameKey(track, ended_[node].name_hash));
    free_ended_.push_back(node);
    node = ended_[node].next;
  }
  held_[track].ended = kNone;
}

bool NestedTracks::Allows(std::size_t track, std::uint64_t start_ns,
                          const OpenSlice& slice) const {
  if (held_[track].ended_at == start_ns &&
      ended_names_.contains(NameKey(track, slice.name_hash))) {
    return false;
  }
  return !open_ends_.contains(EndKey(track, slice));
}

TrackSpot NestedTracks::Push(std::size_t track, std::uint64_t start_ns, const OpenSlice& slice) {
  const std::uint32_t node = Allocate(open_, free_open_);
  open_[node] = {slice, held_[track].top};
  Held& held = held_[track];
  held.top = node;
  ++held.depth;
  ++open_ends_[EndKey(track, slice)];
  output_.SliceBegin(slice.ref, tracks_.track(track), start_ns);
  return {track, held.depth, held.epoch};
}

std::size_t NestedTracks::AddTrack(std::uint64_t end_ns) {
  const std::size_t track = tracks_.Add(end_ns, output_);
  held_.emplace_back();
  return track;
}

}  // namespace tracedoc::timeline
