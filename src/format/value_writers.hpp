// Writers for each field type, the mirror of format/value_readers.hpp: each value written through
// the one JSON emitter (emit/json_emitter.hpp, which places the commas), in the layout of
// docs/tracedoc.md §4.
#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

#include "emit/json_emitter.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::format {

inline void WriteValue(emit::JsonEmitter& json, std::string_view value) { json.String(value); }
inline void WriteValue(emit::JsonEmitter& json, std::uint64_t value) { json.U64(value); }
inline void WriteValue(emit::JsonEmitter& json, double value) { json.Double(value); }
inline void WriteValue(emit::JsonEmitter& json, bool value) { json.Bool(value); }

template <class Enum>
requires std::is_enum_v<Enum>
void WriteValue(emit::JsonEmitter& json, Enum value) { json.String(EnumName(value)); }

// The nested objects; defined with the field tables in format/record_fields.cpp.
void WriteValue(emit::JsonEmitter& json, const CaptureContract& value);
void WriteValue(emit::JsonEmitter& json, const GradientContract& value);
void WriteValue(emit::JsonEmitter& json, const ExpectedGradient& value);
void WriteValue(emit::JsonEmitter& json, const GradientFamilyContract& value);
void WriteValue(emit::JsonEmitter& json, const ComparisonIdentity& value);
/// `tags`, whose keys a TraceRunMeta already keeps in byte-wise order.
void WriteValue(emit::JsonEmitter& json, const ArrayView<Tag>& tags);

namespace detail {
// Whether an element of an array can be written. Declared before the array writer, whose
// constraint it is: WritableValue, below, names the array writer too.
template <class T>
concept WritableElement = requires(emit::JsonEmitter& json, const T& value) { WriteValue(json, value); };
}  // namespace detail

template <class T>
requires detail::WritableElement<T>
void WriteValue(emit::JsonEmitter& json, const ArrayView<T>& values) {
  json.BeginArray();
  for (const T& value : values) WriteValue(json, value);
  json.EndArray();
}

/// Whether a value of type T can be written (a foreign record's field may hold one that
/// cannot, such as a tape node read later). Defined after the array writer: defined before it,
/// an array was never writable (ArrayView's namespace is not this one, so argument-dependent
/// lookup did not find the writer), and a foreign record's arrays were left out of its output.
template <class T>
concept WritableValue = requires(emit::JsonEmitter& json, const T& value) { WriteValue(json, value); };

/// Unknown members, raw, after the known ones.
inline void WriteUnknown(emit::JsonEmitter& json, const UnknownFields& unknown) {
  for (const UnknownField& field : unknown) json.Key(field.key).Raw(field.json);
}

/// `"name":value` for a field-table name (a plain ASCII identifier, emit's PlainKey).
template <class T>
void WriteField(emit::JsonEmitter& json, std::string_view name, const T& value) {
  WriteValue(json.PlainKey(name), value);
}
// Strings and integers, most of a line's members, go out as key and value in one append.
inline void WriteField(emit::JsonEmitter& json, std::string_view name, std::string_view value) {
  json.PlainMember(name, value);
}
inline void WriteField(emit::JsonEmitter& json, std::string_view name, std::uint64_t value) {
  json.PlainMember(name, value);
}

}  // namespace tracedoc::format
