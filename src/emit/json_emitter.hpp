// The one JSON emitter of tracedoc: objects, arrays, keys and values written into a JsonSink,
// with the comma rule in one place. Every JSON writer (the JSONL lines and the records inside the
// document, the document, summary, memory, health, the validation report) goes through it.
#pragma once

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
#include "emit/plain_bytes.hpp"

namespace tracedoc::emit {

/// Writes compact JSON in order: Begin/End for containers, Key before each member's value, one
/// call per value. A comma goes before a key or value exactly when the previous token was a
/// value or a closed container, so callers never spell one. Strings and keys are escaped
/// (AppendJsonString); numbers are laid out as the reference writes them. Keys a caller knows
/// need no escape (field-table names) have one-write paths (PlainKey, PlainMember,
/// BeginObjectWith), and EndLine separates the top-level values of JSONL. Short pieces are
/// written straight into the sink's staging buffer (JsonSink::Reserve), long or escaped ones
/// appended to its text. The sink may hand the text on after any value, so large outputs
/// stream. Nesting is the caller's to balance.
class JsonEmitter {
 public:
  explicit JsonEmitter(JsonSink& sink) : sink_(sink) {}
  JsonEmitter(const JsonEmitter&) = delete;
  JsonEmitter& operator=(const JsonEmitter&) = delete;

  void BeginObject() { Open('{'); }
  /// Opens an object whose first member is `"name":"value"` with nothing to escape in either
  /// (say a record's `kind`): one write, where BeginObject and PlainMember would be two and a
  /// scan of the value.
  void BeginObjectWith(std::string_view plain_name, std::string_view plain_value) {
    if (plain_name.size() + plain_value.size() + 7 > kMaxPieceBytes) {
      BeginObject();
      PlainMember(plain_name, plain_value);
      return;
    }
    char* pos = PutComma(sink_.Reserve(plain_name.size() + plain_value.size() + 7));
    *pos++ = '{';
    need_comma_ = false;
    sink_.Commit(PutPlainString(PutPlainKey(pos, plain_name), plain_value));
    need_comma_ = true;
  }
  void EndObject() { Close('}'); }
  void BeginArray() { Open('['); }
  void EndArray() { Close(']'); }

  /// `"key":`; the member's value is the next call. Returns *this for `Key(k).U64(v)`.
  JsonEmitter& Key(std::string_view key) {
    if (key.size() + 4 <= kMaxPieceBytes && IsPlainJsonString(key)) return PlainKey(key);
    std::string& out = BeforeValue();
    AppendJsonString(out, key);
    out += ':';
    need_comma_ = false;
    return *this;
  }
  /// As Key, for a name that needs no escape (a field table's ASCII identifier): `"name":` in
  /// one write.
  JsonEmitter& PlainKey(std::string_view name) {
    if (name.size() + 4 > kMaxPieceBytes) return Key(name);
    sink_.Commit(PutPlainKey(sink_.Reserve(name.size() + 4), name));
    need_comma_ = false;
    return *this;
  }

  // The common members of a record, key and value in one write: most lines are a dozen short
  // ones. A member this short never fills a chunk, so it leaves the flush to the next value.
  /// `"name":"value"` for a PlainKey name.
  void PlainMember(std::string_view name, std::string_view value) {
    if (name.size() + value.size() + 6 > kMaxPieceBytes || !IsPlainJsonString(value)) {
      PlainKey(name).String(value);
      return;
    }
    char* pos = PutPlainKey(sink_.Reserve(name.size() + value.size() + 6), name);
    sink_.Commit(PutPlainString(pos, value));
    need_comma_ = true;
  }
  /// `"name":value` for a PlainKey name. Only a std::uint64_t: a bool or a string literal would
  /// convert to one.
  template <std::same_as<std::uint64_t> U64Value>
  void PlainMember(std::string_view name, U64Value value) {
    if (name.size() + 4 + kU64Digits > kMaxPieceBytes) {
      PlainKey(name).U64(value);
      return;
    }
    char* pos = PutPlainKey(sink_.Reserve(name.size() + 4 + kU64Digits), name);
    sink_.Commit(std::to_chars(pos, pos + kU64Digits, value).ptr);
    need_comma_ = true;
  }

  void String(std::string_view value) {
    if (value.size() + 3 <= kMaxPieceBytes && IsPlainJsonString(value)) {
      sink_.Commit(PutPlainString(PutComma(sink_.Reserve(value.size() + 3)), value));
    } else {
      AppendJsonString(BeforeValue(), value);
    }
    AfterValue();
  }
  void U64(std::uint64_t value) {
    char* pos = PutComma(sink_.Reserve(1 + kU64Digits));
    sink_.Commit(std::to_chars(pos, pos + kU64Digits, value).ptr);
    AfterValue();
  }
  /// `null` when not finite (the reference's layout, AppendJsonDouble).
  void Double(double value) {
    sink_.Commit(PutJsonDouble(PutComma(sink_.Reserve(1 + kJsonDoubleRoom)), value));
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
    if (json.size() + 1 <= kMaxPieceBytes) {
      // memcpy, not PutBytes: inlined for Bool's and Null's constants, and GCC's bounds check
      // misreads PutBytes' overlapping moves on a caller's short buffer.
      char* pos = PutComma(sink_.Reserve(json.size() + 1));
      if (!json.empty()) std::memcpy(pos, json.data(), json.size());  // may be null when empty
      sink_.Commit(pos + json.size());
    } else {
      std::string& out = BeforeValue();
      ReserveForLarge(out, json.size());
      out += json;
    }
    AfterValue();
  }

  /// Ends a line of JSONL after a complete top-level value: `\n`, and the next value starts the
  /// next line (no comma).
  void EndLine() {
    char* pos = sink_.Reserve(1);
    *pos++ = '\n';
    sink_.Commit(pos);
    need_comma_ = false;
    sink_.MaybeFlush();
  }

 private:
  // The longest piece written through the sink's staging buffer; longer ones are appended.
  static constexpr std::size_t kMaxPieceBytes = JsonSink::kMaxReserveBytes;
  // 18446744073709551615 has 20 digits.
  static constexpr std::size_t kU64Digits = 20;

  // `,` at `pos` when one is due; returns the end. `pos` has room for the comma.
  char* PutComma(char* pos) const {
    *pos = ',';
    return pos + (need_comma_ ? 1 : 0);
  }
  // Puts `"name":`, after a comma when one is due, at `pos`, which has room for name.size() + 4
  // bytes; returns the end.
  char* PutPlainKey(char* pos, std::string_view name) const {
    pos = PutComma(pos);
    *pos++ = '"';
    pos = PutBytes(pos, name);
    *pos++ = '"';
    *pos++ = ':';
    return pos;
  }
  // Puts `"value"` at `pos`, which has room for value.size() + 2 bytes; returns the end.
  static char* PutPlainString(char* pos, std::string_view value) {
    *pos++ = '"';
    pos = PutBytes(pos, value);
    *pos++ = '"';
    return pos;
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
    char* pos = PutComma(sink_.Reserve(2));
    *pos++ = bracket;
    sink_.Commit(pos);
    need_comma_ = false;
  }
  void Close(char bracket) {
    char* pos = sink_.Reserve(1);
    *pos++ = bracket;
    sink_.Commit(pos);
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
