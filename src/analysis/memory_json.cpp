// The MemoryProfile's JSON ("Output shapes", MemoryProfile): keys in the reference's order,
// absent planes and optional values omitted, a lifetime's missing op_name written as `null`.
//
// The text is built in a buffer that is handed on (to a stream, or through the pretty-printer)
// between array elements, so it is never whole in memory unless a string is asked for. Written
// from a document, the logical timeline is not even held: every point lists the live bytes of
// every device with a live storage, which is quadratic in the input at worst (issue 12, F4), so
// the points are written as a second replay produces them.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "analysis/logical_memory.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/memory.hpp"
#include "emit/json_format.hpp"
#include "emit/pretty_json.hpp"

namespace tracedoc {
namespace {

// The compact text being written, handed to `drain` whenever it passes kFlushBytes at a point
// where the writers allow it (between array elements). Without a drain it just grows.
struct JsonOutput {
  static constexpr std::size_t kFlushBytes = std::size_t{64} << 10;

  std::string text;
  std::function<void(std::string_view)> drain;

  void MaybeFlush() {
    if (drain && text.size() >= kFlushBytes) Flush();
  }
  void Flush() {
    if (!drain || text.empty()) return;
    drain(text);
    text.clear();
  }
};

// Writes one object's members with the commas between them. Keys are the format's own
// identifiers, which need no escaping, so they are appended as they are.
class ObjectWriter {
 public:
  explicit ObjectWriter(std::string& out) : out_(out) { out_ += '{'; }
  ObjectWriter(const ObjectWriter&) = delete;
  ObjectWriter& operator=(const ObjectWriter&) = delete;
  ~ObjectWriter() { out_ += '}'; }

  /// Starts a member; the caller appends its value.
  std::string& Key(std::string_view key) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += key;
    out_ += "\":";
    return out_;
  }
  void U64(std::string_view key, std::uint64_t value) { emit::AppendJsonU64(Key(key), value); }
  void OptionalU64(std::string_view key, const std::optional<std::uint64_t>& value) {
    if (value) U64(key, *value);
  }
  void String(std::string_view key, std::string_view value) {
    emit::AppendJsonString(Key(key), value);
  }

 private:
  std::string& out_;
  bool first_ = true;
};

// Category maps list their keys in byte-wise name order, which is not the enum's order.
const std::array<MemoryCategory, kMemoryCategoryCount>& CategoriesByName() {
  static const std::array<MemoryCategory, kMemoryCategoryCount> order = [] {
    std::array<MemoryCategory, kMemoryCategoryCount> categories{};
    for (std::size_t i = 0; i < categories.size(); ++i) {
      categories[i] = static_cast<MemoryCategory>(i);
    }
    std::sort(categories.begin(), categories.end(),
              [](MemoryCategory a, MemoryCategory b) { return EnumName(a) < EnumName(b); });
    return categories;
  }();
  return order;
}

void AppendLiveMaps(ObjectWriter& object, std::string& out, const DeviceLiveBytesList& devices,
                    const CategoryLiveBytes& categories) {
  object.Key("live_bytes_by_device") += '{';
  for (std::size_t i = 0; i < devices.size(); ++i) {
    if (i > 0) out += ',';
    emit::AppendJsonString(out, devices[i].device);
    out += ':';
    emit::AppendJsonU64(out, devices[i].bytes);
  }
  out += '}';
  ObjectWriter by_category(object.Key("live_bytes_by_category"));
  for (const MemoryCategory category : CategoriesByName()) {
    if (const std::optional<std::uint64_t> bytes = categories[category]) {
      by_category.U64(EnumName(category), *bytes);
    }
  }
}

void AppendLifetime(std::string& out, const LogicalStorageLifetime& lifetime) {
  ObjectWriter object(out);
  object.String("device", lifetime.device);
  object.String("storage_id", lifetime.storage_id);
  object.Key("tensor_ids") += '[';
  for (std::size_t i = 0; i < lifetime.tensor_ids.size(); ++i) {
    if (i > 0) out += ',';
    emit::AppendJsonString(out, lifetime.tensor_ids[i]);
  }
  out += ']';
  object.String("allocation_span_id", lifetime.allocation_span_id);
  if (lifetime.op_name) {
    object.String("op_name", *lifetime.op_name);
  } else {
    object.Key("op_name") += "null";
  }
  object.U64("bytes", lifetime.bytes);
  object.Key("shape") += '[';
  for (std::size_t i = 0; i < lifetime.shape.size(); ++i) {
    if (i > 0) out += ',';
    emit::AppendJsonU64(out, lifetime.shape[i]);
  }
  out += ']';
  object.String("dtype", lifetime.dtype);
  object.String("category", EnumName(lifetime.category));
  object.U64("start_timestamp_ns", lifetime.start_timestamp_ns);
  object.OptionalU64("end_timestamp_ns", lifetime.end_timestamp_ns);
}

template <class T, class AppendOne>
void AppendArray(JsonOutput& output, std::span<const T> items, AppendOne append_one) {
  std::string& out = output.text;
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    append_one(out, items[i]);
    output.MaybeFlush();
  }
  out += ']';
}

void AppendTimelinePoint(std::string& out, const LogicalMemoryTimelinePoint& point) {
  ObjectWriter point_object(out);
  point_object.U64("timestamp_ns", point.timestamp_ns);
  point_object.U64("live_bytes", point.live_bytes);
  AppendLiveMaps(point_object, out, point.live_bytes_by_device, point.live_bytes_by_category);
}

// Writes the timeline points: from the profile, or, when it holds none, from `replay`.
using TimelineReplay = std::function<void(const analysis::TimelinePointSink&)>;

void AppendLogical(JsonOutput& output, const LogicalMemoryProfile& logical,
                   const TimelineReplay& replay) {
  std::string& out = output.text;
  ObjectWriter object(out);
  object.U64("storage_allocation_count", logical.storage_allocation_count);
  object.U64("matched_storage_free_count", logical.matched_storage_free_count);
  object.U64("total_allocated_bytes", logical.total_allocated_bytes);
  if (logical.peak) {
    const LogicalMemoryPeak& peak = *logical.peak;
    ObjectWriter peak_object(object.Key("peak"));
    peak_object.U64("timestamp_ns", peak.timestamp_ns);
    peak_object.U64("live_bytes", peak.live_bytes);
    AppendLiveMaps(peak_object, out, peak.live_bytes_by_device, peak.live_bytes_by_category);
    peak_object.Key("live_allocations");
    AppendArray(output, std::span<const LogicalStorageLifetime>(peak.live_allocations),
                AppendLifetime);
  }
  object.Key("timeline");
  if (replay) {
    out += '[';
    bool first = true;
    replay([&](const LogicalMemoryTimelinePoint& point) {
      if (!first) out += ',';
      first = false;
      AppendTimelinePoint(out, point);
      output.MaybeFlush();
    });
    out += ']';
  } else {
    AppendArray(output, std::span<const LogicalMemoryTimelinePoint>(logical.timeline),
                AppendTimelinePoint);
  }
  object.Key("lifetimes");
  AppendArray(output, std::span<const LogicalStorageLifetime>(logical.lifetimes), AppendLifetime);
  object.Key("by_device");
  AppendArray(output, std::span<const LogicalDeviceMemoryStats>(logical.by_device),
              [](std::string& o, const LogicalDeviceMemoryStats& stats) {
                ObjectWriter device(o);
                device.String("device", stats.device);
                device.U64("storage_allocation_count", stats.storage_allocation_count);
                device.U64("matched_storage_free_count", stats.matched_storage_free_count);
                device.U64("total_allocated_bytes", stats.total_allocated_bytes);
                device.OptionalU64("peak_live_bytes", stats.peak_live_bytes);
                device.OptionalU64("peak_timestamp_ns", stats.peak_timestamp_ns);
              });
}

void AppendPhysical(JsonOutput& output, const PhysicalMemoryProfile& physical) {
  ObjectWriter object(output.text);
  object.Key("timeline");
  AppendArray(output, std::span<const PhysicalMemoryTimelinePoint>(physical.timeline),
              [](std::string& o, const PhysicalMemoryTimelinePoint& point) {
                ObjectWriter sample(o);
                sample.U64("timestamp_ns", point.timestamp_ns);
                sample.String("device", point.device);
                sample.OptionalU64("used_bytes", point.used_bytes);
                sample.OptionalU64("free_bytes", point.free_bytes);
                sample.OptionalU64("reserved_bytes", point.reserved_bytes);
                sample.OptionalU64("capacity_bytes", point.capacity_bytes);
              });
  object.Key("by_device");
  AppendArray(output, std::span<const PhysicalDeviceMemoryStats>(physical.by_device),
              [](std::string& o, const PhysicalDeviceMemoryStats& stats) {
                ObjectWriter device(o);
                device.String("device", stats.device);
                device.U64("sample_count", stats.sample_count);
                device.U64("used_sample_count", stats.used_sample_count);
                device.U64("free_sample_count", stats.free_sample_count);
                device.U64("reserved_sample_count", stats.reserved_sample_count);
                device.U64("capacity_sample_count", stats.capacity_sample_count);
                device.OptionalU64("peak_used_bytes", stats.peak_used_bytes);
                device.OptionalU64("peak_used_timestamp_ns", stats.peak_used_timestamp_ns);
                device.OptionalU64("peak_reserved_bytes", stats.peak_reserved_bytes);
                device.OptionalU64("peak_reserved_timestamp_ns", stats.peak_reserved_timestamp_ns);
                device.OptionalU64("minimum_free_bytes", stats.minimum_free_bytes);
                device.OptionalU64("minimum_free_timestamp_ns", stats.minimum_free_timestamp_ns);
                device.OptionalU64("maximum_observed_capacity_bytes",
                                   stats.maximum_observed_capacity_bytes);
              });
}

// Where the compact text goes: `sink` as it is, or re-indented into `pretty_text` first, which
// `sink` gets when it has grown (with no sink, `pretty_text` is the result).
class PrettyOrCompact {
 public:
  PrettyOrCompact(bool pretty, std::function<void(std::string_view)> sink)
      : pretty_(pretty), sink_(std::move(sink)), pretty_writer_(pretty_text_) {}

  std::function<void(std::string_view)> Drain() {
    return [this](std::string_view compact) {
      if (!pretty_) {
        sink_(compact);
        return;
      }
      pretty_writer_.Append(compact);
      if (sink_ && pretty_text_.size() >= JsonOutput::kFlushBytes) {
        sink_(pretty_text_);
        pretty_text_.clear();
      }
    };
  }
  void Finish() {
    if (!pretty_) return;
    pretty_writer_.Finish();
    if (sink_ && !pretty_text_.empty()) {
      sink_(pretty_text_);
      pretty_text_.clear();
    }
  }
  std::string& pretty_text() { return pretty_text_; }

 private:
  bool pretty_;
  std::function<void(std::string_view)> sink_;
  std::string pretty_text_;
  emit::PrettyJsonWriter pretty_writer_;
};

}  // namespace

std::string WriteMemoryProfileJson(const MemoryProfile& profile, const MemoryJsonOptions& options) {
  JsonOutput output;
  // Pretty: the compact text goes through the re-indenter in pieces, never whole.
  PrettyOrCompact pretty(true, nullptr);
  if (options.pretty) output.drain = pretty.Drain();
  {
    ObjectWriter object(output.text);
    if (profile.logical) {
      object.Key("logical");
      AppendLogical(output, *profile.logical, nullptr);
    }
    if (profile.physical) {
      object.Key("physical");
      AppendPhysical(output, *profile.physical);
    }
  }
  if (!options.pretty) return std::move(output.text);
  output.Flush();
  pretty.Finish();
  return std::move(pretty.pretty_text());
}

void WriteMemoryProfileJson(const TraceDocument& document, const MemoryJsonOptions& options,
                            std::ostream& out) {
  PrettyOrCompact target(options.pretty, [&out](std::string_view text) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  });
  JsonOutput output;
  output.drain = target.Drain();
  {
    ObjectWriter object(output.text);
    // Each plane is built, written and dropped before the next.
    if (std::optional<LogicalMemoryProfile> logical =
            analysis::BuildLogicalPlaneWithoutTimeline(document.memory())) {
      object.Key("logical");
      AppendLogical(output, *logical, [&document](const analysis::TimelinePointSink& sink) {
        analysis::ReplayLogicalTimeline(document.memory(), sink);
      });
    }
    if (std::optional<PhysicalMemoryProfile> physical = AnalyzePhysicalMemory(document)) {
      object.Key("physical");
      AppendPhysical(output, *physical);
    }
  }
  output.Flush();
  target.Finish();
}

}  // namespace tracedoc
