#include "diff/peak_sites.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include <boost/unordered/unordered_flat_map.hpp>

#include "analysis/logical_memory.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::diff {
namespace {

// Peaks are numbered: 0 is the run's, 1.. a device's in first-seen order.
using Slot = std::uint32_t;

// (slot << 33 | node << 1 | has op, op name): a site at one peak.
using SiteKey = std::pair<std::uint64_t, std::string_view>;

struct SiteTallies {
  SiteTally side[2];
};

struct DevicePeak {
  Slot slot = 0;
  std::optional<std::uint64_t> bytes[2];
  std::optional<std::uint64_t> timestamp[2];
};

}  // namespace

// The sites of both runs' peaks. A run's names are copied as they are first met, so that each
// run can be dropped once it is added.
class PeakTally {
 public:
  explicit PeakTally(const PathTrie& trie) : trie_(trie) {}

  // Tallies one run's storages live at its peaks.
  void AddRun(int side, const PlacedRun& run) {
    const std::optional<LogicalMemoryProfile> plane =
        analysis::BuildLogicalPlaneWithoutTimeline(run.document->memory());
    if (!plane) return;
    if (plane->peak) {
      overall_[side] = plane->peak->live_bytes;
      for (const LogicalStorageLifetime& storage : plane->peak->live_allocations) {
        Add(side, 0, run, storage);
      }
    }
    for (const LogicalDeviceMemoryStats& device : plane->by_device) {
      if (!device.peak_live_bytes) continue;
      DevicePeak& peak = DeviceNamed(device.device);
      peak.bytes[side] = device.peak_live_bytes;
      peak.timestamp[side] = device.peak_timestamp_ns;
    }
    // A storage is live at a device's peak when it was allocated by then and not freed by the
    // end of that timestamp: the state a timeline point records.
    for (const LogicalStorageLifetime& storage : plane->lifetimes) {
      const auto it = devices_.find(storage.device);
      if (it == devices_.end() || !it->second.timestamp[side]) continue;
      const std::uint64_t at = *it->second.timestamp[side];
      if (storage.start_timestamp_ns > at) continue;
      if (storage.end_timestamp_ns && *storage.end_timestamp_ns <= at) continue;
      Add(side, it->second.slot, run, storage);
    }
  }

  PeakComparison Compare(bool include_unchanged) const {
    std::vector<std::vector<KeyedSite>> sites(device_names_.size() + 1);
    for (const auto& [key, tallies] : sites_) {
      if (!include_unchanged && tallies.side[0] == tallies.side[1]) continue;
      const PathNode node = static_cast<PathNode>((key.first >> 1) & 0xFFFFFFFFu);
      PeakSiteChange change;
      change.path = node == kNoPathNode ? std::string() : trie_.Path(node);
      if (key.first & 1) change.op_name = std::string(key.second);
      change.base = tallies.side[0];
      change.candidate = tallies.side[1];
      sites[key.first >> 33].push_back({key.first, std::move(change)});
    }
    PeakComparison result;
    result.overall.live_bytes = {overall_[0], overall_[1]};
    result.overall.sites = Sorted(sites[0]);
    for (const std::string_view name : device_names_) {
      const DevicePeak& peak = devices_.find(name)->second;
      PeakChange change;
      change.device = std::string(name);
      change.live_bytes = {peak.bytes[0], peak.bytes[1]};
      change.sites = Sorted(sites[peak.slot]);
      if (include_unchanged || change.live_bytes.base != change.live_bytes.candidate ||
          !change.sites.empty()) {
        result.devices.push_back(std::move(change));
      }
    }
    std::sort(result.devices.begin(), result.devices.end(),
              [](const PeakChange& a, const PeakChange& b) { return a.device < b.device; });
    return result;
  }

 private:
  DevicePeak& DeviceNamed(std::string_view name) {
    if (const auto it = devices_.find(name); it != devices_.end()) return it->second;
    const std::string_view owned = names_.Intern(name);
    device_names_.push_back(owned);
    DevicePeak& peak = devices_[owned];
    peak.slot = static_cast<Slot>(device_names_.size());
    return peak;
  }

  void Add(int side, Slot slot, const PlacedRun& run, const LogicalStorageLifetime& storage) {
    PathNode node = kNoPathNode;
    if (const auto span = run.document->span_index().Find(storage.allocation_span_id)) {
      node = run.nodes[*span];
    }
    const std::uint64_t packed =
        (std::uint64_t{slot} << 33) | (std::uint64_t{node} << 1) | (storage.op_name ? 1u : 0u);
    SiteKey key{packed, storage.op_name.value_or("")};
    auto it = sites_.find(key);
    if (it == sites_.end()) {
      key.second = names_.Intern(key.second);
      it = sites_.emplace(key, SiteTallies{}).first;
    }
    SiteTally& tally = it->second.side[side];
    ++tally.count;
    tally.bytes = util::SaturatingAdd(tally.bytes, storage.bytes);
  }

  static std::uint64_t Distance(const SiteTally& a, const SiteTally& b) {
    return a.bytes > b.bytes ? a.bytes - b.bytes : b.bytes - a.bytes;
  }

  // A site and its key, whose node number settles the one tie the text can leave: the path
  // "" of a span not placed and that of a top span named "".
  using KeyedSite = std::pair<std::uint64_t, PeakSiteChange>;

  // The largest change in bytes first, then path, op name and node: a total order, whatever
  // order the hash map gave them in.
  static std::vector<PeakSiteChange> Sorted(std::vector<KeyedSite>& sites) {
    std::sort(sites.begin(), sites.end(), [](const KeyedSite& x, const KeyedSite& y) {
      const PeakSiteChange& a = x.second;
      const PeakSiteChange& b = y.second;
      const std::uint64_t da = Distance(a.base, a.candidate);
      const std::uint64_t db = Distance(b.base, b.candidate);
      if (da != db) return da > db;
      if (a.path != b.path) return a.path < b.path;
      if (a.op_name != b.op_name) return a.op_name < b.op_name;
      return x.first < y.first;
    });
    std::vector<PeakSiteChange> sorted;
    sorted.reserve(sites.size());
    for (KeyedSite& site : sites) sorted.push_back(std::move(site.second));
    return sorted;
  }

  const PathTrie& trie_;
  util::StringPool names_{util::PoolMode::kCopy};
  std::optional<std::uint64_t> overall_[2];
  boost::unordered_flat_map<std::string_view, DevicePeak, util::SeededHash> devices_;
  std::vector<std::string_view> device_names_;
  boost::unordered_flat_map<SiteKey, SiteTallies, util::SeededHash> sites_;
};

PeakSites::PeakSites(const PathTrie& trie) : tally_(std::make_unique<PeakTally>(trie)) {}
PeakSites::~PeakSites() = default;

void PeakSites::AddRun(int side, const PlacedRun& run) { tally_->AddRun(side, run); }

PeakComparison PeakSites::Compare(bool include_unchanged) const {
  return tally_->Compare(include_unchanged);
}

PeakComparison ComparePeaks(const PlacedRun& base, const PlacedRun& candidate, const PathTrie& trie,
                            bool include_unchanged) {
  PeakSites sites(trie);
  sites.AddRun(0, base);
  sites.AddRun(1, candidate);
  return sites.Compare(include_unchanged);
}

}  // namespace tracedoc::diff
