// AnalyzeMemory on any document that folds (inputs repaired by FoldLeniently). Invariants: a
// trace/6 document gets its own report and no planes; otherwise a plane exists exactly when its
// events do and equals the plane computed alone; the logical timeline
// ascends strictly, its peak is its maximum (earliest on ties), counts agree with lifetimes and
// devices; the physical plane keeps every sample in (timestamp, device) order; node metrics name
// every span; the JSON is strict JSON.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "fuzz_check.hpp"
#include "lenient_fold.hpp"
#include "strict_json.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/summary.hpp"

namespace {

using tracedoc::LogicalMemoryProfile;
using tracedoc::PhysicalMemoryProfile;

void CheckLogical(const LogicalMemoryProfile& logical) {
  const auto& timeline = logical.timeline;
  TRACEDOC_FUZZ_CHECK(!timeline.empty());
  for (std::size_t i = 1; i < timeline.size(); ++i) {
    TRACEDOC_FUZZ_CHECK(timeline[i - 1].timestamp_ns < timeline[i].timestamp_ns);
  }
  TRACEDOC_FUZZ_CHECK(logical.lifetimes.size() == logical.storage_allocation_count);
  const auto freed = std::count_if(logical.lifetimes.begin(), logical.lifetimes.end(),
                                   [](const auto& lifetime) { return lifetime.end_timestamp_ns; });
  TRACEDOC_FUZZ_CHECK(static_cast<std::uint64_t>(freed) == logical.matched_storage_free_count);
  TRACEDOC_FUZZ_CHECK(logical.peak.has_value() == (logical.storage_allocation_count > 0));

  std::uint64_t allocations = 0;
  for (std::size_t i = 0; i < logical.by_device.size(); ++i) {
    if (i > 0) TRACEDOC_FUZZ_CHECK(logical.by_device[i - 1].device < logical.by_device[i].device);
    const auto& device = logical.by_device[i];
    TRACEDOC_FUZZ_CHECK(device.matched_storage_free_count <= device.storage_allocation_count);
    TRACEDOC_FUZZ_CHECK(device.peak_live_bytes.has_value() ==
                        (device.storage_allocation_count > 0));
    TRACEDOC_FUZZ_CHECK(device.peak_live_bytes.has_value() == device.peak_timestamp_ns.has_value());
    allocations += device.storage_allocation_count;
  }
  TRACEDOC_FUZZ_CHECK(allocations == logical.storage_allocation_count);

  if (!logical.peak) return;
  const auto highest =
      std::max_element(timeline.begin(), timeline.end(),
                       [](const auto& a, const auto& b) { return a.live_bytes < b.live_bytes; });
  TRACEDOC_FUZZ_CHECK(logical.peak->live_bytes == highest->live_bytes);
  // With a positive peak the earliest point holding it is the peak; a peak of 0 is the first
  // group with an applied alloc, which the timeline alone does not show.
  if (highest->live_bytes > 0)
    TRACEDOC_FUZZ_CHECK(logical.peak->timestamp_ns == highest->timestamp_ns);
  const auto at_peak = std::find_if(timeline.begin(), timeline.end(), [&](const auto& point) {
    return point.timestamp_ns == logical.peak->timestamp_ns;
  });
  TRACEDOC_FUZZ_CHECK(at_peak != timeline.end());
  TRACEDOC_FUZZ_CHECK(at_peak->live_bytes == logical.peak->live_bytes);
  TRACEDOC_FUZZ_CHECK(at_peak->live_bytes_by_device == logical.peak->live_bytes_by_device);
  TRACEDOC_FUZZ_CHECK(at_peak->live_bytes_by_category == logical.peak->live_bytes_by_category);
}

void CheckPhysical(const PhysicalMemoryProfile& physical, std::size_t sample_count) {
  TRACEDOC_FUZZ_CHECK(physical.timeline.size() == sample_count);
  for (std::size_t i = 1; i < physical.timeline.size(); ++i) {
    const auto& a = physical.timeline[i - 1];
    const auto& b = physical.timeline[i];
    TRACEDOC_FUZZ_CHECK(a.timestamp_ns < b.timestamp_ns ||
                        (a.timestamp_ns == b.timestamp_ns && a.device <= b.device));
  }
  std::uint64_t samples = 0;
  for (std::size_t i = 0; i < physical.by_device.size(); ++i) {
    const auto& device = physical.by_device[i];
    if (i > 0) TRACEDOC_FUZZ_CHECK(physical.by_device[i - 1].device < device.device);
    TRACEDOC_FUZZ_CHECK(device.used_sample_count <= device.sample_count);
    TRACEDOC_FUZZ_CHECK(device.free_sample_count <= device.sample_count);
    TRACEDOC_FUZZ_CHECK(device.reserved_sample_count <= device.sample_count);
    TRACEDOC_FUZZ_CHECK(device.capacity_sample_count <= device.sample_count);
    TRACEDOC_FUZZ_CHECK(device.peak_used_bytes.has_value() == (device.used_sample_count > 0));
    TRACEDOC_FUZZ_CHECK(device.minimum_free_bytes.has_value() == (device.free_sample_count > 0));
    TRACEDOC_FUZZ_CHECK(device.maximum_observed_capacity_bytes.has_value() ==
                        (device.capacity_sample_count > 0));
    samples += device.sample_count;
  }
  TRACEDOC_FUZZ_CHECK(samples == sample_count);
}

// A trace/6 document's §9.3 report: one point per event, the counts add up, the peak is the
// largest counter (earliest on ties) and the summary's peak_bytes, devices ascend, strict JSON.
void CheckTrace6(const tracedoc::Trace6MemoryReport& report,
                 const tracedoc::TraceDocument& document) {
  TRACEDOC_FUZZ_CHECK(report.timeline.size() == document.memory().size());
  TRACEDOC_FUZZ_CHECK(report.alloc_count + report.free_count == document.memory().size());
  std::uint64_t highest = 0;
  const tracedoc::Trace6MemoryPoint* first_highest = nullptr;
  for (const tracedoc::Trace6MemoryPoint& point : report.timeline) {
    TRACEDOC_FUZZ_CHECK(point.live_bytes == point.heap_bytes);
    if (point.heap_bytes > highest) {
      highest = point.heap_bytes;
      first_highest = &point;
    }
  }
  TRACEDOC_FUZZ_CHECK(report.peak_bytes == highest);
  if (first_highest != nullptr) {
    TRACEDOC_FUZZ_CHECK(report.peak_timestamp_ns == first_highest->timestamp_ns);
    TRACEDOC_FUZZ_CHECK(report.peak_device == first_highest->device);
  } else {
    TRACEDOC_FUZZ_CHECK(report.peak_breakdown.empty());
  }
  std::uint64_t allocs = 0;
  for (std::size_t i = 0; i < report.by_device.size(); ++i) {
    if (i > 0) TRACEDOC_FUZZ_CHECK(report.by_device[i - 1].device < report.by_device[i].device);
    TRACEDOC_FUZZ_CHECK(report.by_device[i].peak_bytes <= report.peak_bytes);
    allocs += report.by_device[i].alloc_count;
  }
  TRACEDOC_FUZZ_CHECK(allocs == report.alloc_count);
  for (std::size_t i = 1; i < report.peak_breakdown.size(); ++i) {
    TRACEDOC_FUZZ_CHECK(report.peak_breakdown[i - 1].bytes >= report.peak_breakdown[i].bytes);
  }
  TRACEDOC_FUZZ_CHECK(tracedoc::Summarize(document).peak_bytes == report.peak_bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::optional<tracedoc::TraceDocument> document =
      tracedoc::fuzz::FoldLeniently(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!document) return 0;
  const tracedoc::MemoryProfile profile = tracedoc::AnalyzeMemory(*document);

  const bool trace6 = document->revision() == tracedoc::SchemaRevision::kTrace6;
  TRACEDOC_FUZZ_CHECK(profile.trace6.has_value() == trace6);
  if (trace6) {
    TRACEDOC_FUZZ_CHECK(!profile.logical && !profile.physical);
    CheckTrace6(*profile.trace6, *document);
  } else {
    TRACEDOC_FUZZ_CHECK(profile.logical.has_value() == !document->memory().empty());
    TRACEDOC_FUZZ_CHECK(profile.physical.has_value() == !document->device_memory().empty());
    TRACEDOC_FUZZ_CHECK(profile.logical == tracedoc::AnalyzeLogicalMemory(*document));
    TRACEDOC_FUZZ_CHECK(profile.physical == tracedoc::AnalyzePhysicalMemory(*document));
  }
  // The planes alone, for any revision.
  if (const auto logical = tracedoc::AnalyzeLogicalMemory(*document)) CheckLogical(*logical);
  if (const auto physical = tracedoc::AnalyzePhysicalMemory(*document)) {
    CheckPhysical(*physical, document->device_memory().size());
  }

  const auto metrics = tracedoc::ComputeNodeMemoryMetrics(*document, {});
  for (const tracedoc::SpanRecord& span : document->spans()) {
    TRACEDOC_FUZZ_CHECK(metrics.find(span.id) != metrics.end());
  }

  TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(tracedoc::WriteMemoryProfileJson(profile)));
  return 0;
}
