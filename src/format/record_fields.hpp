// The one description of every record's fields (docs/trace-format.md §1.2–§1.13): JSON key, whether
// it is required, and how it is read and written. The decoder and the canonical writer both
// walk these tables, so key order and omission rules cannot drift apart.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "format/field_slot.hpp"
#include "format/own.hpp"
#include "format/value_readers.hpp"
#include "format/value_writers.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::format {

/// Whether a missing key is an error. std::optional members are always kOptional: a missing
/// key and `null` both mean None, and None is not written.
enum class Presence : std::uint8_t {
  kRequired,
  /// A missing key takes the member's default; `null` is an error; always written.
  kDefaulted,
  kOptional,
};

template <class Record>
struct FieldSpec {
  std::string_view name;
  Presence presence;
  bool (*read)(DecodeContext&, std::uint32_t node, Record&);
  /// Writes the member `"name":value`, or nothing when omitted.
  void (*write)(emit::JsonEmitter& json, std::string_view name, const Record&);
  /// Re-points the field's strings and arrays into `pool`.
  void (*own)(util::StringPool& pool, Record&);
  /// The member the field is read into, for the decoder's fast path and the tables' rows; null
  /// when only the general path may read it.
  FieldSlot (*slot)(Record&);
  /// One sentence on the field as a column of its record's table (docs/tables.md); empty for a
  /// field that is not one.
  std::string_view description = {};

  /// The same field, described as a column.
  constexpr FieldSpec Described(std::string_view text) const {
    FieldSpec described = *this;
    described.description = text;
    return described;
  }
};

namespace detail {

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

template <class T>
struct Unwrapped {
  using type = T;
};
template <class T>
struct Unwrapped<std::optional<T>> {
  using type = T;
};

template <class M>
struct MemberOf;
template <class C, class T>
struct MemberOf<T C::*> {
  using Class = C;
};

// Follows a chain of member pointers: Get<&A::b, &B::c>(a) is a.b.c.
template <auto First, auto... Rest, class Object>
constexpr auto& Get(Object& object) {
  if constexpr (sizeof...(Rest) == 0) {
    return object.*First;
  } else {
    return Get<Rest...>(object.*First);
  }
}

template <class Root, auto... Path>
bool ReadMember(DecodeContext& ctx, std::uint32_t node, Root& record) {
  return ReadValue(ctx, node, Get<Path...>(record));
}

template <class Root, auto... Path>
void OwnMember(util::StringPool& pool, Root& record) {
  Own(pool, Get<Path...>(record));
}

template <class Root, auto... Path>
FieldSlot SlotOfMember(Root& record) {
  return SlotOf(Get<Path...>(record));
}

template <bool kOmitWhenEmpty, class Root, auto... Path>
void WriteMember(emit::JsonEmitter& json, std::string_view name, const Root& record) {
  const auto& value = Get<Path...>(record);
  using Value = std::remove_cvref_t<decltype(value)>;
  if constexpr (IsOptional<Value>::value) {
    if (!value.has_value()) return;
    WriteField(json, name, *value);
  } else {
    if constexpr (kOmitWhenEmpty) {
      if (value.empty()) return;
    }
    WriteField(json, name, value);
  }
}

template <class Root, auto... Path>
void WriteMemberOrNull(emit::JsonEmitter& json, std::string_view name, const Root& record) {
  const auto& value = Get<Path...>(record);
  using Value = std::remove_cvref_t<decltype(value)>;
  if constexpr (IsOptional<Value>::value) {
    if (!value.has_value()) {
      json.PlainKey(name).Null();
      return;
    }
    WriteField(json, name, *value);
  } else {
    WriteField(json, name, value);
  }
}

}  // namespace detail

/// A field of a foreign format's record (a Cirron spool's, a TraceML export's), read by the same
/// object reader as a trace's: its key is required unless `presence` says otherwise, also when
/// the member is a std::optional, which then takes `null`; written `null` when that optional is
/// empty. Such records are never kept in a document, so they have no `own` and no `slot`.
template <class Root, auto... Path>
constexpr FieldSpec<Root> ForeignField(std::string_view name,
                                       Presence presence = Presence::kRequired) {
  using Value = std::remove_cvref_t<decltype(detail::Get<Path...>(std::declval<Root&>()))>;
  using Written = typename detail::Unwrapped<Value>::type;
  void (*write)(emit::JsonEmitter&, std::string_view, const Root&) = nullptr;
  if constexpr (WritableValue<Written>) write = &detail::WriteMemberOrNull<Root, Path...>;
  return FieldSpec<Root>{
      name,    presence,          &detail::ReadMember<Root, Path...>, write, nullptr,
      nullptr, std::string_view()};
}

/// The same with a reader of its own, for a rule that looks at fields read before it (in the
/// table's order: ObjectPolicy::table_order).
template <class Root, auto... Path>
constexpr FieldSpec<Root> ForeignField(std::string_view name,
                                       bool (*read)(DecodeContext&, std::uint32_t node, Root&),
                                       Presence presence = Presence::kRequired) {
  FieldSpec<Root> field = ForeignField<Root, Path...>(name, presence);
  field.read = read;
  return field;
}

/// A field of Root reached through the member pointers Path (one, or a chain for nesting).
template <class Root, auto... Path>
constexpr FieldSpec<Root> Field(std::string_view name, Presence presence = Presence::kRequired) {
  using Value = std::remove_cvref_t<decltype(detail::Get<Path...>(std::declval<Root&>()))>;
  return FieldSpec<Root>{name,
                         detail::IsOptional<Value>::value ? Presence::kOptional : presence,
                         &detail::ReadMember<Root, Path...>,
                         &detail::WriteMember<false, Root, Path...>,
                         &detail::OwnMember<Root, Path...>,
                         &detail::SlotOfMember<Root, Path...>,
                         std::string_view()};
}

/// A defaulted list that is left out of the output when empty.
template <class Root, auto... Path>
constexpr FieldSpec<Root> FieldOmittedWhenEmpty(std::string_view name) {
  return FieldSpec<Root>{name,
                         Presence::kDefaulted,
                         &detail::ReadMember<Root, Path...>,
                         &detail::WriteMember<true, Root, Path...>,
                         &detail::OwnMember<Root, Path...>,
                         &detail::SlotOfMember<Root, Path...>,
                         std::string_view()};
}

// The tables, in serialized key order. Each is defined in record_fields.cpp. The meta record
// is `schema` followed by the run metadata's fields, flattened (§1.2).
std::span<const FieldSpec<TraceRunMeta>> RunMetaFields();
std::span<const FieldSpec<CaptureContract>> CaptureContractFields();
std::span<const FieldSpec<GradientContract>> GradientContractFields();
std::span<const FieldSpec<ExpectedGradient>> ExpectedGradientFields();
std::span<const FieldSpec<GradientFamilyContract>> GradientFamilyContractFields();
std::span<const FieldSpec<ComparisonIdentity>> ComparisonIdentityFields();
std::span<const FieldSpec<SpanStartRecord>> SpanStartFields();
std::span<const FieldSpec<SpanEndRecord>> SpanEndFields();
std::span<const FieldSpec<OpRecord>> OpFields();
std::span<const FieldSpec<TensorRecord>> TensorFields();
std::span<const FieldSpec<TensorStatsRecord>> TensorStatsFields();
std::span<const FieldSpec<MemoryRecord>> MemoryFields();
std::span<const FieldSpec<DeviceMemoryRecord>> DeviceMemoryFields();
std::span<const FieldSpec<DeviceIntervalRecord>> DeviceIntervalFields();
std::span<const FieldSpec<GradientRecord>> GradientFields();
std::span<const FieldSpec<EdgeRecord>> CallEdgeFields();
std::span<const FieldSpec<EdgeRecord>> DataEdgeFields();
std::span<const FieldSpec<TerminalRecord>> TerminalFields();

}  // namespace tracedoc::format
