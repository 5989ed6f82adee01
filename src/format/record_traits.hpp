// Per-record traits: for each alternative of Event, its `kind` spelling (§1), its field table
// and its variant index, in one place. The decoder, the builder, the owner (read/owned_event)
// and the writer all take them from here, so a record kind is described once.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "format/object_codec.hpp"
#include "format/record_fields.hpp"
#include "tracedoc/event.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::format {

/// `kKind`: the record's `kind` spelling. `Fields(record)`: the table of its members, which
/// for an edge depends on its `edge_kind` (the one place that choice is made). The meta's
/// table is that of its flattened `run` (TraceRunMeta); `schema` is read and written by hand.
template <class Record>
struct RecordTraits;

/// The `Fields` of a record whose table does not depend on its contents.
template <class Record, std::span<const FieldSpec<Record>> (*kTable)()>
struct FixedTable {
  static std::span<const FieldSpec<Record>> Fields(const Record&) { return kTable(); }
};

template <>
struct RecordTraits<MetaRecord> {
  static constexpr std::string_view kKind = "meta";
  static std::span<const FieldSpec<TraceRunMeta>> Fields(const MetaRecord&) {
    return RunMetaFields();
  }
};
template <>
struct RecordTraits<SpanStartRecord> : FixedTable<SpanStartRecord, &SpanStartFields> {
  static constexpr std::string_view kKind = "span_start";
};
template <>
struct RecordTraits<SpanEndRecord> : FixedTable<SpanEndRecord, &SpanEndFields> {
  static constexpr std::string_view kKind = "span_end";
};
template <>
struct RecordTraits<OpRecord> : FixedTable<OpRecord, &OpFields> {
  static constexpr std::string_view kKind = "op";
};
template <>
struct RecordTraits<TensorRecord> : FixedTable<TensorRecord, &TensorFields> {
  static constexpr std::string_view kKind = "tensor";
};
template <>
struct RecordTraits<TensorStatsRecord> : FixedTable<TensorStatsRecord, &TensorStatsFields> {
  static constexpr std::string_view kKind = "tensor_stats";
};
template <>
struct RecordTraits<MemoryRecord> : FixedTable<MemoryRecord, &MemoryFields> {
  static constexpr std::string_view kKind = "memory";
};
template <>
struct RecordTraits<DeviceMemoryRecord> : FixedTable<DeviceMemoryRecord, &DeviceMemoryFields> {
  static constexpr std::string_view kKind = "device_memory";
};
template <>
struct RecordTraits<DeviceIntervalRecord>
    : FixedTable<DeviceIntervalRecord, &DeviceIntervalFields> {
  static constexpr std::string_view kKind = "device_interval";
};
template <>
struct RecordTraits<GradientRecord> : FixedTable<GradientRecord, &GradientFields> {
  static constexpr std::string_view kKind = "gradient";
};
template <>
struct RecordTraits<EdgeRecord> {
  static constexpr std::string_view kKind = "edge";
  static std::span<const FieldSpec<EdgeRecord>> Fields(const EdgeRecord& edge) {
    return edge.edge_kind == EdgeKind::kCall ? CallEdgeFields() : DataEdgeFields();
  }
};
template <>
struct RecordTraits<TerminalRecord> : FixedTable<TerminalRecord, &TerminalFields> {
  static constexpr std::string_view kKind = "terminal";
};

inline constexpr std::size_t kKindCount = std::variant_size_v<Event>;

namespace detail {

template <class Record, std::size_t... I>
constexpr std::size_t IndexIn(std::index_sequence<I...>) {
  constexpr bool kMatches[] = {std::is_same_v<Record, std::variant_alternative_t<I, Event>>...};
  for (std::size_t i = 0; i < kKindCount; ++i) {
    if (kMatches[i]) return i;
  }
  return kKindCount;
}

template <std::size_t... I>
constexpr std::array<std::string_view, kKindCount> KindNames(std::index_sequence<I...>) {
  return {RecordTraits<std::variant_alternative_t<I, Event>>::kKind...};
}

template <std::size_t... I>
constexpr std::array<Event (*)(), kKindCount> EmptyEvents(std::index_sequence<I...>) {
  return {[]() -> Event { return std::variant_alternative_t<I, Event>{}; }...};
}

}  // namespace detail

/// The index of Record among Event's alternatives.
template <class Record>
inline constexpr std::size_t kVariantIndex =
    detail::IndexIn<Record>(std::make_index_sequence<kKindCount>());

/// Every `kind` spelling, indexed by Event::index().
inline constexpr std::array<std::string_view, kKindCount> kKindNames =
    detail::KindNames(std::make_index_sequence<kKindCount>());

/// The variant index of the record kind spelled `kind`, if it is one.
constexpr std::optional<std::size_t> KindIndex(std::string_view kind) {
  for (std::size_t i = 0; i < kKindCount; ++i) {
    if (kKindNames[i] == kind) return i;
  }
  return std::nullopt;
}

/// An Event holding a default record of the kind at `index` (< kKindCount), to be read into.
inline Event EmptyEventOfKind(std::size_t index) {
  static constexpr auto kMakers = detail::EmptyEvents(std::make_index_sequence<kKindCount>());
  return kMakers[index]();
}

/// Re-points every string and array of `record` into `pool`, through its field table.
template <class Record>
void OwnRecord(util::StringPool& pool, Record& record) {
  OwnFields(pool, RecordTraits<Record>::Fields(record), record);
}
/// The meta: its schema, then its flattened run metadata.
inline void OwnRecord(util::StringPool& pool, MetaRecord& meta) {
  meta.schema = pool.Intern(meta.schema);
  OwnFields(pool, RecordTraits<MetaRecord>::Fields(meta), meta.run);
}

}  // namespace tracedoc::format
