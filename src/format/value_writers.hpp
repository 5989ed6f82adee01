// Writers for each field type, the mirror of format/value_readers.hpp: compact JSON appended
// to a string, in the layout of docs/tracedoc.md §4.
#ifndef TRACEDOC_FORMAT_VALUE_WRITERS_HPP_
#define TRACEDOC_FORMAT_VALUE_WRITERS_HPP_

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "tracedoc/event.hpp"
#include "emit/json_format.hpp"

namespace tracedoc::format {

/// Appends `"name":`, preceded by a comma unless it opens the object.
inline void WriteKey(std::string& out, std::string_view name) {
  if (out.back() != '{') out += ',';
  emit::AppendJsonString(out, name);
  out += ':';
}

/// Puts `,"name":` (no comma right after `{`) at `pos`, which has room for name.size() + 4
/// bytes; returns the end. The one place the field writers below spell a key.
inline char* PutFieldKey(char* pos, const std::string& out, std::string_view name) {
  if (out.back() != '{') *pos++ = ',';
  *pos++ = '"';
  std::memcpy(pos, name.data(), name.size());
  pos += name.size();
  *pos++ = '"';
  *pos++ = ':';
  return pos;
}

/// As WriteKey, for a name from a field table: a plain ASCII identifier, nothing to escape, so
/// `,"name":` goes out in one append.
inline void WriteFieldKey(std::string& out, std::string_view name) {
  char buffer[64];
  if (name.size() + 4 > sizeof(buffer)) {
    WriteKey(out, name);
    return;
  }
  char* pos = PutFieldKey(buffer, out, name);
  out.append(buffer, static_cast<std::size_t>(pos - buffer));
}

inline void WriteValue(std::string& out, std::string_view value) { emit::AppendJsonString(out, value); }
inline void WriteValue(std::string& out, std::uint64_t value) { emit::AppendJsonU64(out, value); }
inline void WriteValue(std::string& out, double value) { emit::AppendJsonDouble(out, value); }
inline void WriteValue(std::string& out, bool value) { out += value ? "true" : "false"; }

template <class Enum>
requires std::is_enum_v<Enum>
void WriteValue(std::string& out, Enum value) { emit::AppendJsonString(out, EnumName(value)); }

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
    emit::ReserveForLarge(out, field.json.size());
    out += field.json;
  }
}

/// `"name":value` for a field-table name (WriteFieldKey), then the value.
template <class T>
void WriteField(std::string& out, std::string_view name, const T& value) {
  WriteFieldKey(out, name);
  WriteValue(out, value);
}

// The common members, key and value in one append: most lines are a dozen short ones.
constexpr std::size_t kFieldBufferBytes = 128;

inline void WriteField(std::string& out, std::string_view name, std::string_view value) {
  if (name.size() + value.size() + 6 > kFieldBufferBytes ||
      emit::CleanPrefixLength(value) != value.size()) {
    WriteFieldKey(out, name);
    emit::AppendJsonString(out, value);
    return;
  }
  char buffer[kFieldBufferBytes];
  char* pos = PutFieldKey(buffer, out, name);
  *pos++ = '"';
  if (!value.empty()) std::memcpy(pos, value.data(), value.size());  // may be null when empty
  pos += value.size();
  *pos++ = '"';
  out.append(buffer, static_cast<std::size_t>(pos - buffer));
}

inline void WriteField(std::string& out, std::string_view name, std::uint64_t value) {
  if (name.size() + 24 > kFieldBufferBytes) {
    WriteFieldKey(out, name);
    emit::AppendJsonU64(out, value);
    return;
  }
  char buffer[kFieldBufferBytes];
  char* pos = PutFieldKey(buffer, out, name);
  pos = std::to_chars(pos, buffer + sizeof(buffer), value).ptr;
  out.append(buffer, static_cast<std::size_t>(pos - buffer));
}

}  // namespace tracedoc::format

#endif  // TRACEDOC_FORMAT_VALUE_WRITERS_HPP_
