// The trace/6 memory report's JSON (docs/legacy-trace6.md §9.3): the summary's keys in the
// specification's order, then the peak's tensors, the devices and the timeline. Every key is
// always present; u64 values are numbers.
#include "analysis/category_json.hpp"
#include "analysis/trace6_memory.hpp"
#include "emit/json_emitter.hpp"

namespace tracedoc::analysis {
namespace {

using emit::JsonEmitter;

void EmitLiveTensor(JsonEmitter& json, const Trace6LiveTensor& tensor) {
  json.BeginObject();
  json.Key("tensor_id").String(tensor.tensor_id);
  json.Key("device").String(tensor.device);
  json.Key("span_id").String(tensor.span_id);
  json.Key("bytes").U64(tensor.bytes);
  json.Key("category").String(EnumName(tensor.category));
  json.EndObject();
}

void EmitDevice(JsonEmitter& json, const Trace6DeviceMemory& device) {
  json.BeginObject();
  json.Key("device").String(device.device);
  json.Key("capacity_bytes").U64(device.capacity_bytes);
  json.Key("peak_bytes").U64(device.peak_bytes);
  json.Key("peak_timestamp_ns").U64(device.peak_timestamp_ns);
  json.Key("alloc_count").U64(device.alloc_count);
  json.Key("free_count").U64(device.free_count);
  json.EndObject();
}

void EmitPoint(JsonEmitter& json, const Trace6MemoryPoint& point) {
  json.BeginObject();
  json.Key("timestamp_ns").U64(point.timestamp_ns);
  json.Key("device").String(point.device);
  json.Key("live_bytes").U64(point.live_bytes);
  json.Key("heap_bytes").U64(point.heap_bytes);
  json.Key("free_bytes").U64(point.free_bytes);
  json.Key("by_category");
  EmitCategoryBytes(json, point.by_category);
  json.EndObject();
}

}  // namespace

void EmitTrace6Report(JsonEmitter& json, const Trace6MemoryReport& report) {
  json.BeginObject();
  json.Key("alloc_count").U64(report.alloc_count);
  json.Key("free_count").U64(report.free_count);
  json.Key("total_alloc_bytes").U64(report.total_alloc_bytes);
  json.Key("peak_bytes").U64(report.peak_bytes);
  json.Key("peak_timestamp_ns").U64(report.peak_timestamp_ns);
  json.Key("peak_device").String(report.peak_device);
  json.Key("peak_by_category");
  EmitCategoryBytes(json, report.peak_by_category);
  json.Key("autograd_retained_bytes").U64(report.autograd_retained_bytes);
  json.Key("peak_breakdown").BeginArray();
  for (const Trace6LiveTensor& tensor : report.peak_breakdown) EmitLiveTensor(json, tensor);
  json.EndArray();
  json.Key("by_device").BeginArray();
  for (const Trace6DeviceMemory& device : report.by_device) EmitDevice(json, device);
  json.EndArray();
  json.Key("timeline").BeginArray();
  for (const Trace6MemoryPoint& point : report.timeline) EmitPoint(json, point);
  json.EndArray();
  json.EndObject();
}

}  // namespace tracedoc::analysis
