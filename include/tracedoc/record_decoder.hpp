// Stage two of the pipeline: one line of text to one typed record (an Event), with the field
// rules of docs/trace-format.md §1.0–§1.13. Knows nothing of the other lines; the builder folds.
#ifndef TRACEDOC_RECORD_DECODER_HPP_
#define TRACEDOC_RECORD_DECODER_HPP_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "tracedoc/error.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc {

/// The most max_nesting_depth can be raised to: the JSON parser recurses once per level, and
/// this keeps the deepest parse well inside a thread's stack. Larger settings act as this.
inline constexpr std::size_t kMaxNestingDepthCap = 2000;

/// Bounds and strictness of decoding. The defaults are docs/tracedoc.md §5's.
struct DecodeOptions {
  /// Deepest JSON nesting accepted (a record's own object is depth 1). Deeper input fails with
  /// limit_exceeded at the line, without recursing further. At most kMaxNestingDepthCap.
  std::size_t max_nesting_depth = 64;
  /// Longest string or key, in bytes after unescaping; longer fails with limit_exceeded.
  /// The default leaves the bound to the reader's line length.
  std::size_t max_string_bytes = static_cast<std::size_t>(-1);
  /// Unknown fields are errors: a key the record kind does not define fails with unknown_field
  /// instead of being kept, as `strict` means in every read option (CirronReadOptions,
  /// TraceMLReadOptions).
  bool strict = false;
  /// Decode records as `candle-graph/trace/6` defines them (docs/legacy-trace6.md §9.2): its
  /// keys for op, tensor, memory, device_memory and edge, and no terminal, tensor_stats or
  /// device_interval kind. A meta record always follows its own `schema`. The reader sets this
  /// from the meta.
  bool trace6 = false;
};

/// Where a record sits in its stream; copied into the errors about it.
struct RecordPosition {
  /// 1-based physical line; 0 when unknown.
  std::uint64_t line = 0;
  /// 0-based index among the non-blank lines.
  std::uint64_t index = 0;
};

namespace detail {
struct DecoderAccess;
}

/// Decodes record lines. The Event it returns refers to the decoder's own buffers and to the
/// line: it stays valid until the next call to Decode, the decoder's destruction or the end of
/// the line's life (copy what you keep; the DocumentBuilder does). Not thread-safe; use one
/// decoder per thread.
class RecordDecoder {
 public:
  explicit RecordDecoder(DecodeOptions options = {});
  ~RecordDecoder();
  RecordDecoder(RecordDecoder&&) noexcept;
  RecordDecoder& operator=(RecordDecoder&&) noexcept;

  /// Decodes one record from `line` (one physical line without its `\n`; surrounding Unicode
  /// white space is ignored). Errors: invalid_utf8, invalid_json (with the column), not_an_object,
  /// limit_exceeded, and the record errors missing_field, duplicate_key, unknown_kind,
  /// invalid_type, invalid_value, out_of_range, unknown_field (with the field path);
  /// unsupported_schema for a line without a valid `kind` whose string `schema` is not one
  /// tracedoc reads (another protocol's first line). A meta whose `schema` tracedoc does not read
  /// decodes to that schema alone (its other fields are that schema's): folding it is
  /// unsupported_schema.
  Result<Event> Decode(std::string_view line, RecordPosition position = {});

  /// As Decode, for a line the caller has already checked to be valid UTF-8.
  Result<Event> DecodeValidUtf8(std::string_view line, RecordPosition position = {});

 private:
  friend struct detail::DecoderAccess;
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_RECORD_DECODER_HPP_
