#include "timeline/track_pool.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace tracedoc::timeline {
namespace {
constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
}

std::optional<std::size_t> TrackPool::FirstFree(std::uint64_t start_ns) const {
  if (count_ == 0 || tree_[1] > start_ns) return std::nullopt;
  std::size_t node = 1;
  while (node < capacity_) {
    node = tree_[2 * node] <= start_ns ? 2 * node : 2 * node + 1;
  }
  return node - capacity_;
}

void TrackPool::Occupy(std::size_t track, std::uint64_t end_ns) {
  std::size_t node = capacity_ + track;
  tree_[node] = end_ns;
  for (node /= 2; node >= 1; node /= 2) {
    tree_[node] = std::min(tree_[2 * node], tree_[2 * node + 1]);
  }
}

std::size_t TrackPool::Add(std::uint64_t end_ns) {
  if (count_ == capacity_) {
    // Doubling, rebuilt from the leaves: amortised O(1) per track.
    const std::size_t capacity = std::max<std::size_t>(1, 2 * capacity_);
    std::vector<std::uint64_t> tree(2 * capacity, kNever);
    std::copy(tree_.begin() + static_cast<std::ptrdiff_t>(capacity_),
              tree_.begin() + static_cast<std::ptrdiff_t>(capacity_ + count_),
              tree.begin() + static_cast<std::ptrdiff_t>(capacity));
    for (std::size_t node = capacity - 1; node >= 1; --node) {
      tree[node] = std::min(tree[2 * node], tree[2 * node + 1]);
    }
    tree_ = std::move(tree);
    capacity_ = capacity;
  }
  Occupy(count_, end_ns);
  return count_++;
}

std::size_t ThreadTracks::Add(std::uint64_t end_ns, TimelineOutput& output) {
  const std::size_t track = pool_.Add(end_ns);
  const std::uint32_t tid = tids_.emplace_back(output.NewTid());
  output.ThreadName({pid_, tid},
                    track == 0 ? name_ : name_ + " (" + std::to_string(track + 1) + ")");
  return track;
}

}  // namespace tracedoc::timeline
