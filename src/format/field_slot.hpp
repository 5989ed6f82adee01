// Where a field's value goes, for a reader that has the value in hand rather than a tape node:
// the decoder's fast path (decode/fast_record_decoder) writes each value straight into its slot.
// A field table's entries give their slot (FieldSpec::slot), so the fast path has no table of
// its own to keep in step with record_fields.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "tracedoc/event.hpp"

namespace tracedoc::format {

/// The member types a slot can be. Anything else (nested objects, tags) is kUnhandled: the
/// general path reads it.
enum class SlotKind : std::uint8_t {
  kUnhandled,
  kString,
  kOptionalString,
  kU64,
  kOptionalU64,
  kF64,
  kOptionalF64,
  kBool,
  kEnum,
  kOptionalEnum,
  kStringArray,
  kU64Array,
};

/// A member of one record: its kind and address.
struct FieldSlot {
  SlotKind kind = SlotKind::kUnhandled;
  void* target = nullptr;
  /// Enumerations (and their optionals): sets the member from its spelling; false when no
  /// enumerator is spelled so.
  bool (*set_enum)(void* target, std::string_view spelling) = nullptr;
  /// Enumerations: the spelling of the value the member holds; for an empty optional, a view
  /// whose data() is null.
  std::string_view (*enum_name)(const void* target) = nullptr;
};

namespace detail {

template <class Enum>
bool SetEnum(void* target, std::string_view spelling) {
  const std::optional<Enum> value = EnumFromName<Enum>(spelling);
  if (value) *static_cast<Enum*>(target) = *value;
  return value.has_value();
}

template <class Enum>
bool SetOptionalEnum(void* target, std::string_view spelling) {
  const std::optional<Enum> value = EnumFromName<Enum>(spelling);
  if (value) static_cast<std::optional<Enum>*>(target)->emplace(*value);
  return value.has_value();
}

template <class Enum>
std::string_view NameOfEnum(const void* target) {
  return EnumName(*static_cast<const Enum*>(target));
}

template <class Enum>
std::string_view NameOfOptionalEnum(const void* target) {
  const auto& value = *static_cast<const std::optional<Enum>*>(target);
  return value.has_value() ? EnumName(*value) : std::string_view();
}

}  // namespace detail

template <class T>
FieldSlot SlotOf(T&) {
  return {};
}
inline FieldSlot SlotOf(std::string_view& v) { return {SlotKind::kString, &v}; }
inline FieldSlot SlotOf(std::optional<std::string_view>& v) {
  return {SlotKind::kOptionalString, &v};
}
inline FieldSlot SlotOf(std::uint64_t& v) { return {SlotKind::kU64, &v}; }
inline FieldSlot SlotOf(std::optional<std::uint64_t>& v) { return {SlotKind::kOptionalU64, &v}; }
inline FieldSlot SlotOf(double& v) { return {SlotKind::kF64, &v}; }
inline FieldSlot SlotOf(std::optional<double>& v) { return {SlotKind::kOptionalF64, &v}; }
inline FieldSlot SlotOf(bool& v) { return {SlotKind::kBool, &v}; }
inline FieldSlot SlotOf(ArrayView<std::string_view>& v) { return {SlotKind::kStringArray, &v}; }
inline FieldSlot SlotOf(ArrayView<std::uint64_t>& v) { return {SlotKind::kU64Array, &v}; }
template <class Enum>
requires std::is_enum_v<Enum> FieldSlot SlotOf(Enum& v) {
  return {SlotKind::kEnum, &v, &detail::SetEnum<Enum>, &detail::NameOfEnum<Enum>};
}
template <class Enum>
requires std::is_enum_v<Enum> FieldSlot SlotOf(std::optional<Enum>& v) {
  return {SlotKind::kOptionalEnum, &v, &detail::SetOptionalEnum<Enum>,
          &detail::NameOfOptionalEnum<Enum>};
}

}  // namespace tracedoc::format
