// The MemoryProfile's JSON ("Output shapes", MemoryProfile): keys in the reference's order,
// absent planes and optional values omitted, a lifetime's missing op_name written as `null`.
//
// The emitter hands its text on (to a stream, or through the pretty-printer) as it grows, so the
// text is never whole in memory unless a string is asked for. Written from a document, the
// logical timeline is not even held: every point lists the live bytes of every device with a
// live storage, which is quadratic in the input at worst (issue 12, F4), so the points are
// written as a second replay produces them.
#include <boost/describe/class.hpp>

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
#include "emit/described_json.hpp"
#include "emit/json_emitter.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc {

// The members of each object in the order its JSON lists them (emit/described_json.hpp); an
// absent optional number is omitted (AbsentMember::kOmitted).
BOOST_DESCRIBE_STRUCT(LogicalMemoryTimelinePoint, (),
                      (timestamp_ns, live_bytes, live_bytes_by_device, live_bytes_by_category))
BOOST_DESCRIBE_STRUCT(LogicalMemoryPeak, (),
                      (timestamp_ns, live_bytes, live_bytes_by_device, live_bytes_by_category,
                       live_allocations))
BOOST_DESCRIBE_STRUCT(LogicalDeviceMemoryStats, (),
                      (device, storage_allocation_count, matched_storage_free_count,
                       total_allocated_bytes, peak_live_bytes, peak_timestamp_ns))
BOOST_DESCRIBE_STRUCT(PhysicalMemoryTimelinePoint, (),
                      (timestamp_ns, device, used_bytes, free_bytes, reserved_bytes,
                       capacity_bytes))
BOOST_DESCRIBE_STRUCT(PhysicalDeviceMemoryStats, (),
                      (device, sample_count, used_sample_count, free_sample_count,
                       reserved_sample_count, capacity_sample_count, peak_used_bytes,
                       peak_used_timestamp_ns, peak_reserved_bytes, peak_reserved_timestamp_ns,
                       minimum_free_bytes, minimum_free_timestamp_ns,
                       maximum_observed_capacity_bytes))
BOOST_DESCRIBE_STRUCT(PhysicalMemoryProfile, (), (timeline, by_device))

/// `{"cpu":N,...}`: the devices with a live storage, as a member of a described struct.
void EmitJsonValue(emit::JsonEmitter& json, const DeviceLiveBytesList& devices) {
  json.BeginObject();
  for (const DeviceLiveBytes& device : devices) json.Key(device.device).U64(device.bytes);
  json.EndObject();
}

/// A lifetime by hand: its missing op_name is `null` while its missing end is omitted.
void EmitJsonValue(emit::JsonEmitter& json, const LogicalStorageLifetime& lifetime) {
  json.BeginObject();
  json.Key("device").String(lifetime.device);
  json.Key("storage_id").String(lifetime.storage_id);
  json.Key("tensor_ids");
  emit::EmitDescribedValue(json, lifetime.tensor_ids);
  json.Key("allocation_span_id").String(lifetime.allocation_span_id);
  json.Key("op_name").StringOrNull(lifetime.op_name);
  json.Key("bytes").U64(lifetime.bytes);
  json.Key("shape");
  emit::EmitDescribedValue(json, lifetime.shape);
  json.Key("dtype").String(lifetime.dtype);
  json.Key("category").String(EnumName(lifetime.category));
  json.Key("start_timestamp_ns").U64(lifetime.start_timestamp_ns);
  if (lifetime.end_timestamp_ns) json.Key("end_timestamp_ns").U64(*lifetime.end_timestamp_ns);
  json.EndObject();
}

namespace {

using emit::JsonEmitter;
constexpr emit::AbsentMember kOmitted = emit::AbsentMember::kOmitted;

template <class T>
void EmitArray(JsonEmitter& json, const std::vector<T>& items) {
  json.BeginArray();
  for (const T& item : items) emit::EmitDescribedObject(json, item, kOmitted);
  json.EndArray();
}

void EmitTimelinePoint(JsonEmitter& json, const LogicalMemoryTimelinePoint& point) {
  emit::EmitDescribedObject(json, point, kOmitted);
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
    json.Key("peak");
    emit::EmitDescribedObject(json, *logical.peak, kOmitted);
  }
  json.Key("timeline");
  if (replay) {
    json.BeginArray();
    replay([&json](const LogicalMemoryTimelinePoint& point) { EmitTimelinePoint(json, point); });
    json.EndArray();
  } else {
    EmitArray(json, logical.timeline);
  }
  json.Key("lifetimes").BeginArray();
  for (const LogicalStorageLifetime& lifetime : logical.lifetimes) EmitJsonValue(json, lifetime);
  json.EndArray();
  json.Key("by_device");
  EmitArray(json, logical.by_device);
  json.EndObject();
}

void EmitPhysical(JsonEmitter& json, const PhysicalMemoryProfile& physical) {
  emit::EmitDescribedObject(json, physical, kOmitted);
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
  if (format::RulesOf(document.revision()).legacy_analyses) {
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
