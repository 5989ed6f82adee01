// The one JSON emitter of tracedoc: objects, arrays, keys and values written into a JsonSink,
// with the comma rule in one place. Every JSON writer (the JSONL lines and the records inside the
// document, the document, summary, memory, health, the validation report) goes through it.
#ifndef TRACEDOC_SRC_EMIT_JSON_EMITTER_HPP_
#define TRACEDOC_SRC_EMIT_JSON_EMITTER_HPP_

#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "emit/json_format.hpp"
#include "emit/json_sink.hpp"

namespace tracedoc::emit {

/// Writes compact JSON in order: Begin/End for containers, Key before each member's value, one
/// call per value. A comma goes before a key or value exactly when the previous token was a
/// value or a closed container, so callers never spell one. Strings and keys are escaped
/// (AppendJsonString); numbers are laid out as the reference writes them. Keys a caller knows
/// need no escape (field-table names) have one-append paths (PlainKey, PlainMember,
/// BeginObjectWith), and EndLine separates the top-level values of JSONL. The sink may hand the
/// text on after any value, so large outputs stream. Nesting is the caller's to balance.
class JsonEmitter {
 public:
  explicit JsonEmitter(JsonSink& sink) : sink_(sink) {}
  JsonEmitter(const JsonEmitter&) = delete;
  JsonEmitter& operator=(const JsonEmitter&) = delete;

  void BeginObject() { Open('{'); }
  /// Opens an object whose first member is `"name":"value"` with nothing to escape in either
  /// (say a record's `kind`): one append, where BeginObject and PlainMember would be two and a
  /// scan of the value.
  void BeginObjectWith(std::string_view plain_name, std::string_view plain_value) {
    if (plain_name.size() + plain_value.size() + 7 > kMemberBufferBytes) {
      BeginObject();
      PlainMember(plain_name, plain_value);
      return;
    }
    char buffer[kMemberBufferBytes];
    char* pos = buffer;
    if (need_comma_) *pos++ = ',';
    *pos++ = '{';
    need_comma_ = false;
    pos = PutPlainString(PutPlainKey(pos, plain_name), plain_value);
    Append(buffer, pos);
    need_comma_ = true;
  }
  void EndObject() { Close('}'); }
  void BeginArray() { Open('['); }
  void EndArray() { Close(']'); }

  /// `"key":`; the member's value is the next call. Returns *this for `Key(k).U64(v)`.
  JsonEmitter& Key(std::string_view key) {
    std::string& out = BeforeValue();
    AppendJsonString(out, key);
    out += ':';
    need_comma_ = false;
    return *this;
  }
  /// As Key, for a name that needs no escape (a field table's ASCII identifier): `"name":` in
  /// one append.
  JsonEmitter& PlainKey(std::string_view name) {
    char buffer[64];
    if (name.size() + 4 > sizeof(buffer)) return Key(name);
    Append(buffer, PutPlainKey(buffer, name));
    need_comma_ = false;
    return *this;
  }

  // The common members of a record, key and value in one append: most lines are a dozen short
  // ones. A member this short never fills a chunk, so it leaves the flush to the next value.
  /// `"name":"value"` for a PlainKey name.
  void PlainMember(std::string_view name, std::string_view value) {
    if (name.size() + value.size() + 6 > kMemberBufferBytes ||
        CleanPrefixLength(value) != value.size()) {
      PlainKey(name).String(value);
      return;
    }
    char buffer[kMemberBufferBytes];
    Append(buffer, PutPlainString(PutPlainKey(buffer, name), value));
    need_comma_ = true;
  }
  /// `"name":value` for a PlainKey name. Only a std::uint64_t: a bool or a string literal would
  /// convert to one.
  template <std::same_as<std::uint64_t> U64Value>
  void PlainMember(std::string_view name, U64Value value) {
    if (name.size() + 24 > kMemberBufferBytes) {
      PlainKey(name).U64(value);
      return;
    }
    char buffer[kMemberBufferBytes];
    char* pos = PutPlainKey(buffer, name);
    pos = std::to_chars(pos, buffer + sizeof(buffer), value).ptr;
    Append(buffer, pos);
    need_comma_ = true;
  }

  void String(std::string_view value) {
    AppendJsonString(BeforeValue(), value);
    AfterValue();
  }
  void U64(std::uint64_t value) {
    AppendJsonU64(BeforeValue(), value);
    AfterValue();
  }
  /// `null` when not finite (the reference's layout, AppendJsonDouble).
  void Double(double value) {
    AppendJsonDouble(BeforeValue(), value);
    AfterValue();
  }
  void Bool(bool value) { Raw(value ? "true" : "false"); }
  void Null() { Raw("null"); }
  /// The value, or `null` when there is none.
  void U64OrNull(const std::optional<std::uint64_t>& value) {
    if (value) {
      U64(*value);
    } else {
      Null();
    }
  }

  /// The string, or `null` when there is none.
  void StringOrNull(const std::optional<std::string_view>& value) {
    if (value) {
      String(*value);
    } else {
      Null();
    }
  }

  /// One complete value given as compact JSON (say an unknown member's kept text), copied as is.
  void Raw(std::string_view json) {
    std::string& out = BeforeValue();
    ReserveForLarge(out, json.size());
    out += json;
    AfterValue();
  }

  /// Ends a line of JSONL after a complete top-level value: `\n`, and the next value starts the
  /// next line (no comma).
  void EndLine() {
    sink_.text() += '\n';
    need_comma_ = false;
    sink_.MaybeFlush();
  }

 private:
  static constexpr std::size_t kMemberBufferBytes = 128;

  // Puts `"name":`, after a comma when one is due, at `pos`, which has room for name.size() + 4
  // bytes; returns the end.
  char* PutPlainKey(char* pos, std::string_view name) const {
    if (need_comma_) *pos++ = ',';
    *pos++ = '"';
    std::memcpy(pos, name.data(), name.size());
    pos += name.size();
    *pos++ = '"';
    *pos++ = ':';
    return pos;
  }
  // Puts `"value"` at `pos`, which has room for value.size() + 2 bytes; returns the end.
  static char* PutPlainString(char* pos, std::string_view value) {
    *pos++ = '"';
    if (!value.empty()) std::memcpy(pos, value.data(), value.size());  // may be null when empty
    pos += value.size();
    *pos++ = '"';
    return pos;
  }
  void Append(const char* begin, const char* end) {
    sink_.text().append(begin, static_cast<std::size_t>(end - begin));
  }
  std::string& BeforeValue() {
    std::string& out = sink_.text();
    if (need_comma_) out += ',';
    return out;
  }
  void AfterValue() {
    need_comma_ = true;
    sink_.MaybeFlush();
  }
  void Open(char bracket) {
    BeforeValue() += bracket;
    need_comma_ = false;
  }
  void Close(char bracket) {
    sink_.text() += bracket;
    AfterValue();
  }

  JsonSink& sink_;
  bool need_comma_ = false;
};

/// Runs `emit(json, args...)` with `json` writing to `out`: a std::string, appended to, or a
/// std::ostream, written in chunks as the text is made.
template <class Destination, class Emit, class... Args>
void EmitJson(Destination& out, bool pretty, Emit&& emit, const Args&... args) {
  JsonSink sink(out, pretty);
  JsonEmitter json(sink);
  emit(json, args...);
  sink.Finish();
}

/// As EmitJson, into a new string.
template <class Emit, class... Args>
std::string EmitJsonString(bool pretty, Emit&& emit, const Args&... args) {
  std::string out;
  EmitJson(out, pretty, emit, args...);
  return out;
}

}  // namespace tracedoc::emit

#endif  // TRACEDOC_SRC_EMIT_JSON_EMITTER_HPP_
