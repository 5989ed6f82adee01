// The one JSON emitter of tracedoc: objects, arrays, keys and values written into a JsonSink,
// with the comma rule in one place. Every JSON writer (document, summary, memory, health, the
// validation report) goes through it.
#ifndef TRACEDOC_SRC_EMIT_JSON_EMITTER_HPP_
#define TRACEDOC_SRC_EMIT_JSON_EMITTER_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emit/json_format.hpp"
#include "emit/json_sink.hpp"

namespace tracedoc::emit {

/// Writes compact JSON in order: Begin/End for containers, Key before each member's value, one
/// call per value. A comma goes before a key or value exactly when the previous token was a
/// value or a closed container, so callers never spell one. Strings and keys are escaped
/// (AppendJsonString); numbers are laid out as the reference writes them. The sink may hand the
/// text on after any value, so large outputs stream. Nesting is the caller's to balance.
class JsonEmitter {
 public:
  explicit JsonEmitter(JsonSink& sink) : sink_(sink) {}
  JsonEmitter(const JsonEmitter&) = delete;
  JsonEmitter& operator=(const JsonEmitter&) = delete;

  void BeginObject() { Open('{'); }
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

  /// One complete value given as compact JSON (say an unknown member's kept text), copied as is.
  void Raw(std::string_view json) {
    std::string& out = BeforeValue();
    ReserveForLarge(out, json.size());
    out += json;
    AfterValue();
  }
  /// One complete value appended by `append(std::string&)` as compact JSON: for writers that
  /// build their text on a string (the record writers of the JSONL lines).
  template <class Append>
  void RawWith(Append&& append) {
    append(BeforeValue());
    AfterValue();
  }

 private:
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
