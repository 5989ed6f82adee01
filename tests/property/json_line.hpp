// A generated trace line before it is text: a record object as a list of members that know
// their key, type and presence rule (so a mutation can break exactly one rule), or a blank
// line; and how lines become the bytes of a stream (layouts, surrounding white space, CRLF).
#ifndef TRACEDOC_TESTS_PROPERTY_JSON_LINE_HPP_
#define TRACEDOC_TESTS_PROPERTY_JSON_LINE_HPP_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "property/json_text.hpp"

namespace tracedoc::property {

/// The JSON type a record field expects (docs/trace-format.md §1.0).
enum class ValueType : std::uint8_t {
  kString,
  kU64,
  kF64,
  kBool,
  kEnum,
  kStringArray,
  kU64Array,
  kObject,       // a nested record object: its members are modelled
  kObjectArray,  // gradient_contract's lists: written as text
  kStringMap,    // tags: written as text
  kAny,          // an unknown member's value
};

/// What a missing key means: an error, the default, or None (then `null` is None too).
enum class Presence : std::uint8_t { kRequired, kDefaulted, kOptional };

struct JsonMember {
  std::string key;  // unescaped
  ValueType type = ValueType::kAny;
  Presence presence = Presence::kOptional;
  bool known = true;  // false: a key the record kind does not define
  /// The accepted spellings of an enumeration (kEnum only).
  std::vector<std::string_view> spellings;
  std::string value;                // the JSON text; empty for an object written from `members`
  std::vector<JsonMember> members;  // type == kObject
  /// The value's text holds unknown keys of its own (gradient_contract's list entries).
  bool holds_unknown = false;
};

/// Where the white space of a record line goes (all of it legal JSON white space).
enum class Layout : std::uint8_t { kCompact, kSpaced, kTabbed };
inline constexpr std::size_t kLayoutCount = 3;

enum class RecordKind : std::uint8_t {
  kMeta,
  kSpanStart,
  kSpanEnd,
  kOp,
  kTensor,
  kTensorStats,
  kMemory,
  kDeviceMemory,
  kDeviceInterval,
  kGradient,
  kEdge,
  kTerminal,
};
inline constexpr std::size_t kRecordKindCount = 12;

inline std::string_view KindName(RecordKind kind) {
  constexpr std::string_view kNames[kRecordKindCount] = {
      "meta",   "span_start",    "span_end",        "op",       "tensor", "tensor_stats",
      "memory", "device_memory", "device_interval", "gradient", "edge",   "terminal"};
  return kNames[static_cast<std::size_t>(kind)];
}

struct RecordLine {
  RecordKind kind = RecordKind::kMeta;
  EscapeStyle style = EscapeStyle::kMinimal;
  Layout layout = Layout::kCompact;
  std::vector<JsonMember> members;
  /// The raw span id of a span_start or span_end line.
  std::string span_id;

  JsonMember* Find(std::string_view key) {
    for (JsonMember& m : members) {
      if (m.known && m.key == key) return &m;
    }
    return nullptr;
  }
};

/// One physical line: a record with optional white space around it, or a blank line.
struct StreamLine {
  std::optional<RecordLine> record;
  std::string leading;   // Unicode white space before the record, or the blank line's text
  std::string trailing;  // after the record
  bool crlf = false;
  /// Replaces the whole line with these bytes (mutations that break the syntax).
  std::optional<std::string> raw;
};

inline void AppendObject(std::string& out, const std::vector<JsonMember>& members,
                         EscapeStyle style, Layout layout) {
  const char* open = layout == Layout::kCompact ? "{" : layout == Layout::kSpaced ? "{ " : "{\t";
  const char* colon = layout == Layout::kCompact ? ":" : layout == Layout::kSpaced ? " : " : ":\t";
  const char* comma = layout == Layout::kCompact ? "," : layout == Layout::kSpaced ? " , " : ",\t";
  const char* close = layout == Layout::kCompact ? "}" : layout == Layout::kSpaced ? " }" : "\t}";
  out += members.empty() ? "{" : open;
  bool first = true;
  for (const JsonMember& m : members) {
    if (!first) out += comma;
    first = false;
    out += JsonString(m.key, style);
    out += colon;
    if (m.type == ValueType::kObject && m.value.empty()) {
      AppendObject(out, m.members, style, layout);
    } else {
      out += m.value;
    }
  }
  out += members.empty() ? "}" : close;
}

/// The line's bytes without its line ending.
inline std::string RenderLine(const StreamLine& line) {
  if (line.raw) return *line.raw;
  std::string out = line.leading;
  if (line.record) AppendObject(out, line.record->members, line.record->style, line.record->layout);
  out += line.trailing;
  return out;
}

/// The stream's bytes: each line and its ending; the last ending left out when asked.
inline std::string RenderStream(const std::vector<StreamLine>& lines, bool final_newline) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out += RenderLine(lines[i]);
    if (i + 1 < lines.size() || final_newline) out += lines[i].crlf ? "\r\n" : "\n";
  }
  return out;
}

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_JSON_LINE_HPP_
