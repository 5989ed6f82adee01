// The syntax layer: one line of JSON parsed into a flat tape of nodes (no tree, no allocation
// per value once warm). The record layer (src/decode) walks the tape; it never sees JSON bytes.
//
// The tape costs little more than the line it describes, whatever the line holds: strings and
// numbers written plainly are views into the line (short escaped strings are copied, long ones
// are read where they are), and a run of numbers in an array is one node, however long
// (docs/tracedoc.md §5).
#ifndef TRACEDOC_JSON_JSON_TAPE_HPP_
#define TRACEDOC_JSON_JSON_TAPE_HPP_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/record_buffer.hpp"

namespace tracedoc::json {

enum class NodeType : std::uint8_t {
  kObject,
  kArray,
  kString,
  kNumber,
  kTrue,
  kFalse,
  kNull,
  /// Two or more numbers in a row in one array, as written: `count` literals separated by commas
  /// and JSON white space. Only ever an array element; NumberRunLiterals splits it.
  kNumberRun,
};

/// One value on the tape. An object with n members is followed by n (key, value) pairs, the key
/// being a kString node; an array by its elements (a kNumberRun standing for several). `end`
/// lets a reader skip a whole value.
struct Node {
  NodeType type;
  /// Number literals: true when written with a fraction or an exponent (for a run: any of them).
  bool is_float_literal = false;
  /// Whether the text is a view into the parsed line (else into the tape's own copy).
  bool in_input = false;
  /// Strings: the text is the string as written in the line, escapes and all (a long escaped
  /// string, left where it is rather than copied); EscapedStringPieces reads it.
  bool raw_escaped = false;
  /// Objects: member count; arrays: element count; number runs: literal count.
  std::uint32_t count = 0;
  /// Index one past the last node of this value.
  std::uint32_t end = 0;
  /// Strings: the unescaped UTF-8; numbers and runs: the literals as written.
  std::uint32_t text_offset = 0;
  std::uint32_t text_length = 0;
};

/// How a syntax parse ended.
enum class SyntaxStatus : std::uint8_t {
  kOk,
  kInvalidJson,
  kTooDeep,
  kTooLong,
  /// Valid JSON holding a number literal beyond the double range (`1E400`).
  kNumberOutOfRange,
};

struct SyntaxResult {
  SyntaxStatus status = SyntaxStatus::kOk;
  /// Bytes of the input consumed before the parser stopped (the error's position).
  std::size_t consumed = 0;
  /// A short description of a syntax error.
  std::string reason;
};

/// The literals of a kNumberRun's text, one at a time.
class NumberRunLiterals {
 public:
  explicit NumberRunLiterals(std::string_view run) : rest_(run) {}
  /// The next literal; false after the last.
  bool Next(std::string_view& literal);

 private:
  std::string_view rest_;
};

/// A parsed line. Reused from line to line so its buffers stay allocated. Its views into the
/// line are valid while the line is.
class Tape {
 public:
  Tape();
  ~Tape();
  Tape(const Tape&) = delete;
  Tape& operator=(const Tape&) = delete;

  /// Parses exactly one JSON value spanning all of `text` (JSON white space may surround it).
  /// Nesting deeper than `max_depth` gives kTooDeep; a string longer than `max_string_bytes`
  /// gives kTooLong.
  SyntaxResult Parse(std::string_view text, std::size_t max_depth, std::size_t max_string_bytes);

  const Node& node(std::uint32_t i) const noexcept { return nodes_[i]; }
  /// Bytes of the parsed line.
  std::size_t input_size() const noexcept { return input_.size(); }
  /// Nodes of the parsed value (scratch nodes excluded).
  std::uint32_t size() const noexcept { return value_nodes_; }
  std::string_view text(const Node& n) const noexcept {
    const std::string_view base = n.in_input ? input_ : std::string_view(text_);
    return base.substr(n.text_offset, n.text_length);
  }

  /// Hands out the tape's copies of escaped strings (what nodes not `in_input` refer to), so
  /// that they can outlive the tape's next parse without being copied again.
  std::string TakeCopiedText() noexcept { return std::exchange(text_, std::string()); }
  std::size_t copied_bytes() const noexcept { return text_.size(); }

  /// A node past the parsed value standing for one literal of a number run, so that readers of
  /// single values can read it. Overwritten by the next call.
  std::uint32_t ScratchNumber(const Node& run, std::string_view literal);

 private:
  friend class TapeHandler;
  struct Parser;
  // Finds in the line the long escaped strings left there (ResolveRawStrings in the .cpp).
  void ResolveRawStrings();

  util::RecordBuffer<Node> nodes_;
  std::uint32_t value_nodes_ = 0;
  // (string ordinal among keys and strings, node) of each raw_escaped string, in order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> raw_strings_;
  std::string text_;
  std::vector<std::uint32_t> open_;
  // What was parsed: the line, or `patched_` when exponents had to be clamped.
  std::string_view input_;
  std::string patched_;
  std::unique_ptr<Parser> parser_;
};

}  // namespace tracedoc::json

#endif  // TRACEDOC_JSON_JSON_TAPE_HPP_
