// Writers for each field type, the mirror of decode/value_readers.hpp: compact JSON appended
// to a string, in the layout of tracedoc.md §4.
#ifndef TRACEDOC_WRITE_VALUE_WRITERS_HPP_
#define TRACEDOC_WRITE_VALUE_WRITERS_HPP_

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "tracedoc/event.hpp"
#include "write/json_format.hpp"

namespace tracedoc::write {

/// Appends `"name":`, preceded by a comma unless it opens the object.
inline void WriteKey(std::string& out, std::string_view name) {
  if (out.back() != '{') out += ',';
  AppendJsonString(out, name);
  out += ':';
}

inline void WriteValue(std::string& out, std::string_view value) { AppendJsonString(out, value); }
inline void WriteValue(std::string& out, std::uint64_t value) { AppendJsonU64(out, value); }
inline void WriteValue(std::string& out, double value) { AppendJsonDouble(out, value); }
inline void WriteValue(std::string& out, bool value) { out += value ? "true" : "false"; }

template <class Enum>
requires std::is_enum_v<Enum>
void WriteValue(std::string& out, Enum value) { AppendJsonString(out, EnumName(value)); }

// The nested objects; defined with the field tables in format/record_fields.cpp.
void WriteValue(std::string& out, const CaptureContract& value);
void WriteValue(std::string& out, const GradientContract& value);
void WriteValue(std::string& out, const ExpectedGradient& value);
void WriteValue(std::string& out, const GradientFamilyContract& value);
void WriteValue(std::string& out, const ComparisonIdentity& value);
/// `tags`, whose keys a TraceRunMeta already keeps in byte-wise order.
void WriteValue(std::string& out, const ArrayView<Tag>& tags);

template <class T>
void WriteValue(std::string& out, const ArrayView<T>& values) {
  out += '[';
  bool first = true;
  for (const T& value : values) {
    if (!first) out += ',';
    first = false;
    WriteValue(out, value);
  }
  out += ']';
}

/// Unknown members, raw, after the known ones.
inline void WriteUnknown(std::string& out, const UnknownFields& unknown) {
  for (const UnknownField& field : unknown) {
    WriteKey(out, field.key);
    out += field.json;
  }
}
}  // namespace tracedoc::write

#endif  // TRACEDOC_WRITE_VALUE_WRITERS_HPP_
