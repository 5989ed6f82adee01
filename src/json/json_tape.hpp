// The syntax layer: one line of JSON parsed into a flat tape of nodes (no tree, no allocation
// per value once warm). The record layer (src/decode) walks the tape; it never sees JSON bytes.
//
// The tape costs little more than the line it describes, whatever the line holds: strings and
// numbers written plainly are views into the line (short escaped strings are copied, long ones
// are read where they are), and a run of numbers in an array is one node, however long
// (docs/tracedoc.md §5).
#pragma once

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
  /// Number literals: true when written with a fraction or an exponent, or when a non-finite
  /// literal (NaN, Infinity, -Infinity; ParseOptions::allow_non_finite) (for a run: any of them).
  bool is_float_literal : 1 = false;
  /// Whether the text is a view into the parsed line (else into the tape's own copy).
  bool in_input : 1 = false;
  /// Strings: the text is the string as written in the line, escapes and all (a long escaped
  /// string, left where it is rather than copied); EscapedStringPieces reads it.
  bool raw_escaped : 1 = false;
  /// Arrays: the elements were handed to an ElementVisitor one by one and are not on the tape
  /// (`count` still says how many there were).
  bool streamed : 1 = false;
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
  /// An ElementVisitor asked to stop (it keeps its own reason).
  kStopped,
};

/// How Tape::Parse reads.
struct ParseOptions {
  /// Arrays and objects nested deeper than this give kTooDeep.
  std::size_t max_depth = 64;
  /// A string longer than this gives kTooLong.
  std::size_t max_string_bytes = static_cast<std::size_t>(-1);
  /// Reads the bare NaN, Infinity and -Infinity that Python's json module writes for
  /// non-finite floats as number literals (their text as written; is_float_literal set).
  /// Off, they are invalid JSON, as the JSON grammar says.
  bool allow_non_finite = false;
  /// Records where each value starts in the text (Tape::offset), for documents of many lines
  /// whose errors must point at a line and column. Costs one forward scan of the structural
  /// characters and of escaped strings.
  bool track_offsets = false;
};

class Tape;

/// Receives the elements of chosen arrays of the root object one at a time, as each is
/// complete, so that a document of many records never has them all on the tape: the nodes
/// of an element are dropped once the visitor returns. Tape::Parse with a visitor tracks
/// offsets.
class ElementVisitor {
 public:
  virtual ~ElementVisitor() = default;
  /// Whether the array that is the root object's member `key` is handed out element by
  /// element (asked when the array opens).
  virtual bool StreamsMember(std::string_view key) = 0;
  /// One element, `index` from 0, whose nodes start at `node` (valid during the call).
  /// False stops the parse (SyntaxStatus::kStopped).
  virtual bool OnElement(Tape& tape, std::string_view key, std::uint32_t index,
                         std::uint32_t node) = 0;
};

struct SyntaxResult {
  SyntaxStatus status = SyntaxStatus::kOk;
  /// Bytes of the input consumed before the parser stopped (the error's position); for
  /// kNumberOutOfRange, where the first such literal starts.
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
  /// The same with every option, and the elements of the arrays `visitor` chooses streamed
  /// to it instead of kept.
  SyntaxResult Parse(std::string_view text, const ParseOptions& options,
                     ElementVisitor* visitor = nullptr);

  /// Where the value of node `i` starts in the text as given (its opening quote, bracket or
  /// first character), when the parse tracked offsets; 0 otherwise.
  std::size_t offset(std::uint32_t i) const noexcept {
    return i < offsets_.size() ? offsets_[i] : 0;
  }
  /// The non-finite literals read (ParseOptions::allow_non_finite).
  std::uint64_t non_finite_literals() const noexcept { return non_finite_literals_; }

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
  // Parallel to nodes_ when offsets are tracked: where each value starts in the text.
  std::vector<std::uint32_t> offsets_;
  std::vector<std::ptrdiff_t> override_deltas_;
  std::uint64_t non_finite_literals_ = 0;
  std::uint32_t value_nodes_ = 0;
  // (string ordinal among keys and strings, node) of each raw_escaped string, in order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> raw_strings_;
  std::string text_;
  std::vector<std::uint32_t> open_;
  // What was parsed: the line, or `patched_` when exponents had to be clamped or non-finite
  // literals stood in for.
  std::string_view input_;
  std::string patched_;
  std::unique_ptr<Parser> parser_;
};

}  // namespace tracedoc::json
