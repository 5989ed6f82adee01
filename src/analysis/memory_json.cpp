// The MemoryProfile's JSON ("Output shapes", MemoryProfile): keys in the reference's order,
// absent planes and optional values omitted, a lifetime's missing op_name written as `null`.
//
// The emitter hands its text on (to a stream, or through the pretty-printer) as it grows, so the
// text is never whole in memory unless a string is asked for. Written from a document, the
// logical timeline is not even held: every point lists the live bytes of every device with a
// live storage, which is quadratic in the input at worst (issue 12, F4), so the points are
// written as a second replay produces them.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "analysis/category_json.hpp"
#include "analysis/logical_memory.hpp"
#include "analysis/trace6_memory.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/memory.hpp"
#include "emit/json_emitter.hpp"

namespace tracedoc {
namespace {

using emit::JsonEmitter;

// Memory objects omit an optional member that has no value.
void OptionalU64(JsonEmitter& json, std::string_view key, const std::optional<std::uint64_t>& value) {
  if (value) json.Key(key).U64(*value);
}

void EmitLiveMaps(JsonEmitter& json, const DeviceLiveBytesList& devices,
                  const CategoryLiveBytes& categories) {
  json.Key("live_bytes_by_device").BeginObject();
  for (const DeviceLiveBytes& device : devices) json.Key(device.device).U64(device.bytes);
  json.EndObject();
  json.Key("live_bytes_by_category");
  analysis::EmitCategoryBytes(json, categories);
}

template <class T, class EmitOne>
void EmitArray(JsonEmitter& json, std::span<const T> items, EmitOne emit_one) {
  json.BeginArray();
  for (const T& item : items) emit_one(json, item);
  json.EndArray();
}

void EmitLifetime(JsonEmitter& json, const LogicalStorageLifetime& lifetime) {
  json.BeginObject();
  json.Key("device").String(lifetime.device);
  json.Key("storage_id").String(lifetime.storage_id);
  json.Key("tensor_ids").BeginArray();
  for (const std::string_view tensor_id : lifetime.tensor_ids) json.String(tensor_id);
  json.EndArray();
  json.Key("allocation_span_id").String(lifetime.allocation_span_id);
  json.Key("op_name").StringOrNull(lifetime.op_name);
  json.Key("bytes").U64(lifetime.bytes);
  json.Key("shape").BeginArray();
  for (const std::uint64_t dimension : lifetime.shape) json.U64(dimension);
  json.EndArray();
  json.Key("dtype").String(lifetime.dtype);
  json.Key("category").String(EnumName(lifetime.category));
  json.Key("start_timestamp_ns").U64(lifetime.start_timestamp_ns);
  OptionalU64(json, "end_timestamp_ns", lifetime.end_timestamp_ns);
  json.EndObject();
}

void EmitTimelinePoint(JsonEmitter& json, const LogicalMemoryTimelinePoint& point) {
  json.BeginObject();
  json.Key("timestamp_ns").U64(point.timestamp_ns);
  json.Key("live_bytes").U64(point.live_bytes);
  EmitLiveMaps(json, point.live_bytes_by_device, point.live_bytes_by_category);
  json.EndObject();
}

void EmitLogicalDevice(JsonEmitter& json, const LogicalDeviceMemoryStats& stats) {
  json.BeginObject();
  json.Key("device").String(stats.device);
  json.Key("storage_allocation_count").U64(stats.storage_allocation_count);
  json.Key("matched_storage_free_count").U64(stats.matched_storage_free_count);
  json.Key("total_allocated_bytes").U64(stats.total_allocated_bytes);
  OptionalU64(json, "peak_live_bytes", stats.peak_live_bytes);
  OptionalU64(json, "peak_timestamp_ns", stats.peak_timestamp_ns);
  json.EndObject();
}

// Writes the timeline points: from the profile, or, when it holds none, from `replay`.
using TimelineReplay = std::function<void(const analysis::TimelinePointSink&)>;

void EmitLogical(JsonEmitter& json, const LogicalMemoryProfile& logical,
                 const TimelineReplay& replay) {
  json.BeginObject();
  json.Key("storage_allocation_count").U64(logical.storage_allocation_count);
  json.Key("matched_storage_free_count").U64(logical.matched_storage_free_count);
  json.Key("total_allocated_bytes").U64(logical.total_allocated_bytes);
  if (logical.peak) {
    const LogicalMemoryPeak& peak = *logical.peak;
    json.Key("peak").BeginObject();
    json.Key("timestamp_ns").U64(peak.timestamp_ns);
    json.Key("live_bytes").U64(peak.live_bytes);
    EmitLiveMaps(json, peak.live_bytes_by_device, peak.live_bytes_by_category);
    json.Key("live_allocations");
    EmitArray(json, std::span<const LogicalStorageLifetime>(peak.live_allocations), EmitLifetime);
    json.EndObject();
  }
  json.Key("timeline");
  if (replay) {
    json.BeginArray();
    replay([&json](const LogicalMemoryTimelinePoint& point) { EmitTimelinePoint(json, point); });
    json.EndArray();
  } else {
    EmitArray(json, std::span<const LogicalMemoryTimelinePoint>(logical.timeline),
              EmitTimelinePoint);
  }
  json.Key("lifetimes");
  EmitArray(json, std::span<const LogicalStorageLifetime>(logical.lifetimes), EmitLifetime);
  json.Key("by_device");
  EmitArray(json, std::span<const LogicalDeviceMemoryStats>(logical.by_device), EmitLogicalDevice);
  json.EndObject();
}

void EmitPhysicalPoint(JsonEmitter& json, const PhysicalMemoryTimelinePoint& point) {
  json.BeginObject();
  json.Key("timestamp_ns").U64(point.timestamp_ns);
  json.Key("device").String(point.device);
  OptionalU64(json, "used_bytes", point.used_bytes);
  OptionalU64(json, "free_bytes", point.free_bytes);
  OptionalU64(json, "reserved_bytes", point.reserved_bytes);
  OptionalU64(json, "capacity_bytes", point.capacity_bytes);
  json.EndObject();
}

void EmitPhysicalDevice(JsonEmitter& json, const PhysicalDeviceMemoryStats& stats) {
  json.BeginObject();
  json.Key("device").String(stats.device);
  json.Key("sample_count").U64(stats.sample_count);
  json.Key("used_sample_count").U64(stats.used_sample_count);
  json.Key("free_sample_count").U64(stats.free_sample_count);
  json.Key("reserved_sample_count").U64(stats.reserved_sample_count);
  json.Key("capacity_sample_count").U64(stats.capacity_sample_count);
  OptionalU64(json, "peak_used_bytes", stats.peak_used_bytes);
  OptionalU64(json, "peak_used_timestamp_ns", stats.peak_used_timestamp_ns);
  OptionalU64(json, "peak_reserved_bytes", stats.peak_reserved_bytes);
  OptionalU64(json, "peak_reserved_timestamp_ns", stats.peak_reserved_timestamp_ns);
  OptionalU64(json, "minimum_free_bytes", stats.minimum_free_bytes);
  OptionalU64(json, "minimum_free_timestamp_ns", stats.minimum_free_timestamp_ns);
  OptionalU64(json, "maximum_observed_capacity_bytes", stats.maximum_observed_capacity_bytes);
  json.EndObject();
}

void EmitPhysical(JsonEmitter& json, const PhysicalMemoryProfile& physical) {
  json.BeginObject();
  json.Key("timeline");
  EmitArray(json, std::span<const PhysicalMemoryTimelinePoint>(physical.timeline),
            EmitPhysicalPoint);
  json.Key("by_device");
  EmitArray(json, std::span<const PhysicalDeviceMemoryStats>(physical.by_device),
            EmitPhysicalDevice);
  json.EndObject();
}

void EmitProfile(JsonEmitter& json, const MemoryProfile& profile) {
  if (profile.trace6) {
    analysis::EmitTrace6Report(json, *profile.trace6);
    return;
  }
  json.BeginObject();
  if (profile.logical) {
    json.Key("logical");
    EmitLogical(json, *profile.logical, nullptr);
  }
  if (profile.physical) {
    json.Key("physical");
    EmitPhysical(json, *profile.physical);
  }
  json.EndObject();
}

// AnalyzeMemory(document)'s JSON, each plane built, written and dropped before the next.
void EmitDocumentProfile(JsonEmitter& json, const TraceDocument& document) {
  if (document.revision() == SchemaRevision::kTrace6) {
    // Linear in the events: nothing to gain from streaming it.
    analysis::EmitTrace6Report(json, analysis::BuildTrace6Report(document));
    return;
  }
  json.BeginObject();
  if (std::optional<LogicalMemoryProfile> logical =
          analysis::BuildLogicalPlaneWithoutTimeline(document.memory())) {
    json.Key("logical");
    EmitLogical(json, *logical, [&document](const analysis::TimelinePointSink& sink) {
      analysis::ReplayLogicalTimeline(document.memory(), sink);
    });
  }
  if (std::optional<PhysicalMemoryProfile> physical = AnalyzePhysicalMemory(document)) {
    json.Key("physical");
    EmitPhysical(json, *physical);
  }
  json.EndObject();
}

}  // namespace

std::string WriteMemoryProfileJson(const MemoryProfile& profile, const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitProfile, profile);
}

void WriteMemoryProfileJson(const MemoryProfile& profile, std::ostream& out,
                            const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitProfile, profile);
}

void WriteMemoryProfileJson(const TraceDocument& document, std::ostream& out,
                            const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitDocumentProfile, document);
}

}  // namespace tracedoc
