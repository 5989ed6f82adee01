#include "format/trace6_fields.hpp"

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace tracedoc::format {
namespace {

using enum Presence;

// A key trace/6 requires whose member is optional because trace/10 makes it so: missing is
// missing_field and `null` invalid_type, as for any required u64; always written.
template <class Root, auto Member>
constexpr FieldSpec<Root> RequiredValue(std::string_view name) {
  return FieldSpec<Root>{
      name, kRequired,
      [](DecodeContext& ctx, std::uint32_t node, Root& record) {
        return ReadValue(ctx, node, (record.*Member).emplace());
      },
      &detail::WriteMember<false, Root, Member>, &detail::OwnMember<Root, Member>,
      // A null here is invalid_type, which no slot says: the general path reads it.
      nullptr, std::string_view()};
}

// What trace/6 does with one of trace/10's keys (docs/legacy-trace6.md §9.2): names it
// otherwise, leaves it out (`trace6` empty), or lets a missing key take the default where
// trace/10 requires it.
struct Trace6Key {
  std::string_view trace10;
  std::string_view trace6;
  bool defaulted = false;
};

// trace/10's table with trace/6's changes, in trace/10's key order (trace/6's is the same).
template <class Root>
std::vector<FieldSpec<Root>> Trace6Table(std::span<const FieldSpec<Root>> trace10,
                                         std::initializer_list<Trace6Key> changes) {
  std::vector<FieldSpec<Root>> table;
  for (FieldSpec<Root> field : trace10) {
    const auto change = std::ranges::find(changes, field.name, &Trace6Key::trace10);
    if (change != changes.end()) {
      if (change->trace6.empty()) continue;
      field.name = change->trace6;
      if (change->defaulted) field.presence = kDefaulted;
    }
    table.push_back(field);
  }
  return table;
}

constexpr FieldSpec<DeviceMemoryRecord> kDeviceMemory6Fields[] = {
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::timestamp_ns>("timestamp_ns"),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::device>("device"),
    RequiredValue<DeviceMemoryRecord, &DeviceMemoryRecord::used_bytes>("used_bytes"),
    RequiredValue<DeviceMemoryRecord, &DeviceMemoryRecord::free_bytes>("free_bytes"),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::reserved_bytes>("reserved_bytes"),
};

}  // namespace

std::span<const FieldSpec<TraceRunMeta>> RunMeta6Fields() {
  static const auto table = Trace6Table(
      RunMetaFields(), {{"capture_contract", {}}, {"comparison_identity", {}}});
  return table;
}
std::span<const FieldSpec<OpRecord>> Op6Fields() {
  static const auto table = Trace6Table(OpFields(), {{"shape", "shape", true},
                                                     {"output_dense_bytes", "storage_bytes"},
                                                     {"input_dense_bytes", "input_storage_bytes", true}});
  return table;
}
std::span<const FieldSpec<TensorRecord>> Tensor6Fields() {
  static const auto table = Trace6Table(
      TensorFields(),
      {{"label", {}}, {"shape", "shape", true}, {"dense_bytes", "storage_bytes"}});
  return table;
}
std::span<const FieldSpec<MemoryRecord>> Memory6Fields() {
  static const auto table = Trace6Table(MemoryFields(), {{"storage_id", {}}});
  return table;
}
std::span<const FieldSpec<DeviceMemoryRecord>> DeviceMemory6Fields() {
  return kDeviceMemory6Fields;
}
std::span<const FieldSpec<EdgeRecord>> Edge6Fields() {
  // trace/6's edge is untagged: always a call edge.
  static const auto table = Trace6Table(CallEdgeFields(), {{"host_duration_ns", "duration_ns"}});
  return table;
}

}  // namespace tracedoc::format
