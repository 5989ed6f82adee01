// A model-based property of the logical memory plane (docs/analyses.md §5.3): for random memory
// event sequences, every timeline point, the peak, the device peaks and the summary's counts
// equal a brute-force recomputation that replays the events up to each timestamp from scratch.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/property_case_count.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
const std::vector<std::string> kDevices = {"cpu", "cuda:0", "cuda:1"};
const std::vector<std::string> kStorages = {"a", "b", "c", "d"};
const std::vector<std::string> kTensors = {"t0", "t1", "t2"};

// Few timestamps, storages and devices, so groups, aliases, double frees and re-allocations are
// common; some byte counts near 2^64 so the sums saturate.
struct GenEvent {
  std::uint64_t t = 0;
  bool alloc = true;
  std::size_t device = 0;
  std::size_t storage = 0;
  std::size_t tensor = 0;
  std::uint64_t bytes = 0;
  std::size_t category = 0;
};

void showValue(const GenEvent& e, std::ostream& os) {
  os << "{t=" << e.t << ' ' << (e.alloc ? "alloc" : "free") << ' ' << kDevices[e.device] << '/'
     << kStorages[e.storage] << " tensor=" << kTensors[e.tensor] << " bytes=" << e.bytes
     << " category=" << EnumName(static_cast<MemoryCategory>(e.category)) << '}';
}

rc::Gen<GenEvent> GenMemoryEvent() {
  return rc::gen::build<GenEvent>(
      rc::gen::set(&GenEvent::t, rc::gen::inRange<std::uint64_t>(0, 12)),
      rc::gen::set(&GenEvent::alloc, rc::gen::weightedElement<bool>({{3, true}, {2, false}})),
      rc::gen::set(&GenEvent::device, rc::gen::inRange<std::size_t>(0, kDevices.size())),
      rc::gen::set(&GenEvent::storage, rc::gen::inRange<std::size_t>(0, kStorages.size())),
      rc::gen::set(&GenEvent::tensor, rc::gen::inRange<std::size_t>(0, kTensors.size())),
      rc::gen::set(&GenEvent::bytes, rc::gen::weightedOneOf<std::uint64_t>(
                                         {{12, rc::gen::inRange<std::uint64_t>(0, 100)},
                                          {1, rc::gen::just(kMax)},
                                          {1, rc::gen::just(kMax / 2 + 1)}})),
      rc::gen::set(&GenEvent::category, rc::gen::inRange<std::size_t>(0, kMemoryCategoryCount)));
}

std::string TraceText(const std::vector<GenEvent>& events) {
  std::string text =
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","logical_memory":"none","physical_memory":"none","device_timing":"none"},"tags":{}})"
      "\n";
  std::uint64_t last = 0;
  for (const GenEvent& e : events) {
    text += R"({"kind":"memory","timestamp_ns":)" + std::to_string(e.t) + R"(,"storage_id":")" +
            kStorages[e.storage] + R"(","tensor_id":")" + kTensors[e.tensor] +
            R"(","span_id":"s","device":")" + kDevices[e.device] + R"(","bytes":)" +
            std::to_string(e.bytes) + R"(,"action":")" + (e.alloc ? "alloc" : "free") +
            R"(","dtype":"f32","category":")" +
            std::string(EnumName(static_cast<MemoryCategory>(e.category))) + "\"}\n";
    last = std::max(last, e.t);
  }
  return text + R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" +
         std::to_string(last) + "}\n";
}

std::uint64_t SaturatingAdd(std::uint64_t a, std::uint64_t b) {
  return a > kMax - b ? kMax : a + b;
}

// The model: the state after replaying, from nothing, every event with t <= `until`.
struct ModelState {
  struct Live {
    std::uint64_t bytes = 0;
    std::size_t category = 0;
    std::uint64_t start = 0;
    std::set<std::string> tensors;  // the allocating tensor and its aliases so far
  };
  std::map<std::pair<std::string, std::string>, Live> live;  // (device, storage)
  std::uint64_t allocs = 0;
  std::map<std::string, std::uint64_t> allocs_by_device;

  std::uint64_t Total() const {
    std::uint64_t sum = 0;
    for (const auto& [key, l] : live) sum = SaturatingAdd(sum, l.bytes);
    return sum;
  }
  DeviceLiveBytesList ByDevice() const {
    std::map<std::string, std::uint64_t> sums;
    for (const auto& [key, l] : live) sums[key.first] = SaturatingAdd(sums[key.first], l.bytes);
    DeviceLiveBytesList out;
    for (const auto& [device, sum] : sums) {
      // Views into kDevices, which outlives every comparison.
      const auto it = std::find(kDevices.begin(), kDevices.end(), device);
      out.push_back({*it, sum});
    }
    return out;
  }
  CategoryLiveBytes ByCategory() const {
    std::map<std::size_t, std::uint64_t> sums;
    for (const auto& [key, l] : live) sums[l.category] = SaturatingAdd(sums[l.category], l.bytes);
    CategoryLiveBytes out;
    for (const auto& [category, sum] : sums) out.Set(static_cast<MemoryCategory>(category), sum);
    return out;
  }
  std::uint64_t DeviceLive(const std::string& device) const {
    std::uint64_t sum = 0;
    for (const auto& [key, l] : live) {
      if (key.first == device) sum = SaturatingAdd(sum, l.bytes);
    }
    return sum;
  }
};

ModelState Replay(const std::vector<GenEvent>& events, std::uint64_t until) {
  std::vector<std::size_t> order(events.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return events[a].t < events[b].t; });
  ModelState state;
  for (const std::size_t i : order) {
    const GenEvent& e = events[i];
    if (e.t > until) break;
    const std::pair<std::string, std::string> key{kDevices[e.device], kStorages[e.storage]};
    if (e.alloc) {
      if (const auto it = state.live.find(key); it != state.live.end()) {
        it->second.tensors.insert(kTensors[e.tensor]);  // an alias
        continue;
      }
      state.live[key] = {e.bytes, e.category, e.t, {kTensors[e.tensor]}};
      ++state.allocs;
      ++state.allocs_by_device[key.first];
    } else {
      state.live.erase(key);  // a free of nothing live changes nothing
    }
  }
  return state;
}

// The streamed writer (a second replay for the timeline, pieces through the re-indenter) gives
// the very text of the whole profile's writer, compact and pretty.
RC_GTEST_PROP(MemoryProperty, StreamedJsonEqualsTheWholeProfilesJson, ()) {
  const std::vector<GenEvent> events = *rc::gen::container<std::vector<GenEvent>>(GenMemoryEvent());
  Result<TraceDocument> read = ReadTrace(TraceInput::FromString(TraceText(events)));
  RC_ASSERT(read.has_value());
  const MemoryProfile profile = AnalyzeMemory(read.value());
  for (const bool pretty : {false, true}) {
    std::ostringstream streamed;
    WriteMemoryProfileJson(read.value(), streamed, {.pretty = pretty});
    RC_ASSERT(streamed.str() == WriteMemoryProfileJson(profile, {.pretty = pretty}));
  }
}

RC_GTEST_PROP(MemoryProperty, LogicalPlaneMatchesBruteForceReplay, ()) {
  const std::vector<GenEvent> events = *rc::gen::container<std::vector<GenEvent>>(GenMemoryEvent());
  RC_TAG(events.empty() ? "no memory events" : events.size() < 10 ? "1-9 events" : "10+ events");
  const std::string text = TraceText(events);
  Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  RC_ASSERT(read.has_value());
  const TraceDocument& doc = read.value();
  const MemoryProfile profile = AnalyzeMemory(doc);
  const TraceSummary summary = Summarize(doc);

  std::uint64_t raw_allocs = 0;
  for (const GenEvent& e : events) raw_allocs += e.alloc ? 1 : 0;
  RC_ASSERT(summary.alloc_count == raw_allocs);
  RC_ASSERT(summary.free_count == events.size() - raw_allocs);

  if (events.empty()) {
    RC_ASSERT(!profile.logical.has_value());
    RC_ASSERT(!summary.logical_peak_bytes.has_value());
    return;
  }
  RC_ASSERT(profile.logical.has_value());
  const LogicalMemoryProfile& logical = *profile.logical;

  std::vector<std::uint64_t> timestamps;
  for (const GenEvent& e : events) timestamps.push_back(e.t);
  std::sort(timestamps.begin(), timestamps.end());
  timestamps.erase(std::unique(timestamps.begin(), timestamps.end()), timestamps.end());
  RC_ASSERT(logical.timeline.size() == timestamps.size());

  std::optional<std::size_t> peak;  // index of the expected peak point
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> device_peaks;  // (bytes, t)
  std::vector<ModelState> states;
  for (std::size_t i = 0; i < timestamps.size(); ++i) {
    states.push_back(Replay(events, timestamps[i]));
    const ModelState& state = states.back();
    const LogicalMemoryTimelinePoint& point = logical.timeline[i];
    RC_ASSERT(point.timestamp_ns == timestamps[i]);
    RC_ASSERT(point.live_bytes == state.Total());
    RC_ASSERT(point.live_bytes_by_device == state.ByDevice());
    RC_ASSERT(point.live_bytes_by_category == state.ByCategory());
    // Points count from the first one after an applied alloc; ties keep the earliest.
    if (state.allocs > 0 && (!peak || state.Total() > states[*peak].Total())) peak = i;
    for (const auto& [device, count] : state.allocs_by_device) {
      const std::uint64_t live = state.DeviceLive(device);
      const auto it = device_peaks.find(device);
      if (it == device_peaks.end() || live > it->second.first) {
        device_peaks[device] = {live, timestamps[i]};
      }
    }
  }

  const ModelState& final_state = states.back();
  RC_ASSERT(logical.storage_allocation_count == final_state.allocs);
  RC_ASSERT(logical.lifetimes.size() == final_state.allocs);
  std::uint64_t ended = 0;
  for (const LogicalStorageLifetime& l : logical.lifetimes) ended += l.end_timestamp_ns ? 1 : 0;
  RC_ASSERT(logical.matched_storage_free_count == ended);
  RC_ASSERT(final_state.allocs - ended == final_state.live.size());

  if (!peak) {
    RC_ASSERT(!logical.peak.has_value());
    RC_ASSERT(!summary.logical_peak_bytes.has_value());
  } else {
    RC_ASSERT(logical.peak.has_value());
    const ModelState& at_peak = states[*peak];
    RC_ASSERT(logical.peak->timestamp_ns == timestamps[*peak]);
    RC_ASSERT(logical.peak->live_bytes == at_peak.Total());
    RC_ASSERT(logical.peak->live_bytes_by_device == at_peak.ByDevice());
    RC_ASSERT(logical.peak->live_bytes_by_category == at_peak.ByCategory());
    RC_ASSERT(summary.logical_peak_bytes == std::optional<std::uint64_t>(at_peak.Total()));
    // The live allocations are the model's live set, sorted by (start, device, storage), each
    // with the tensor ids known at the peak.
    using Allocation =
        std::tuple<std::uint64_t, std::string, std::string, std::vector<std::string>>;
    std::vector<Allocation> expected;
    for (const auto& [key, l] : at_peak.live) {
      expected.emplace_back(l.start, key.first, key.second,
                            std::vector<std::string>(l.tensors.begin(), l.tensors.end()));
    }
    std::sort(expected.begin(), expected.end());
    std::vector<Allocation> actual;
    for (const LogicalStorageLifetime& l : logical.peak->live_allocations) {
      RC_ASSERT(!l.end_timestamp_ns.has_value());
      actual.emplace_back(l.start_timestamp_ns, std::string(l.device), std::string(l.storage_id),
                          std::vector<std::string>(l.tensor_ids.begin(), l.tensor_ids.end()));
    }
    RC_ASSERT(actual == expected);
  }

  // Every device of any event is listed; those with an applied alloc carry their peak.
  std::vector<std::string> devices;
  for (const GenEvent& e : events) devices.push_back(kDevices[e.device]);
  std::sort(devices.begin(), devices.end());
  devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
  RC_ASSERT(logical.by_device.size() == devices.size());
  for (std::size_t d = 0; d < devices.size(); ++d) {
    const LogicalDeviceMemoryStats& stats = logical.by_device[d];
    RC_ASSERT(stats.device == devices[d]);
    const auto count = final_state.allocs_by_device.find(devices[d]);
    RC_ASSERT(stats.storage_allocation_count ==
              (count == final_state.allocs_by_device.end() ? 0u : count->second));
    const auto expected = device_peaks.find(devices[d]);
    if (expected == device_peaks.end()) {
      RC_ASSERT(!stats.peak_live_bytes.has_value());
      RC_ASSERT(!stats.peak_timestamp_ns.has_value());
    } else {
      RC_ASSERT(stats.peak_live_bytes == std::optional<std::uint64_t>(expected->second.first));
      RC_ASSERT(stats.peak_timestamp_ns == std::optional<std::uint64_t>(expected->second.second));
    }
  }
}

}  // namespace
}  // namespace tracedoc
