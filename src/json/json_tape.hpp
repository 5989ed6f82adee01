// The syntax layer: one line of JSON parsed into a flat tape of nodes (no tree, no allocation
// per value once warm). The record layer (src/decode) walks the tape; it never sees JSON bytes.
#ifndef TRACEDOC_JSON_JSON_TAPE_HPP_
#define TRACEDOC_JSON_JSON_TAPE_HPP_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::json {

enum class NodeType : std::uint8_t { kObject, kArray, kString, kNumber, kTrue, kFalse, kNull };

/// One value on the tape. An object with n members is followed by n (key, value) pairs, the key
/// being a kString node; an array by its elements. `end` lets a reader skip a whole value.
struct Node {
  NodeType type;
  /// Number literals: true when written with a fraction or an exponent.
  bool is_float_literal = false;
  /// Objects: member count; arrays: element count.
  std::uint32_t count = 0;
  /// Index one past the last node of this value.
  std::uint32_t end = 0;
  /// Strings: the unescaped UTF-8; numbers: the literal as written. Offsets into the text buffer.
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

/// A parsed line. Reused from line to line so its buffers stay allocated.
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
  std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(nodes_.size()); }
  std::string_view text(const Node& n) const noexcept {
    return std::string_view(text_).substr(n.text_offset, n.text_length);
  }

  // Written by the parse handler only.
  std::vector<Node>& mutable_nodes() noexcept { return nodes_; }
  std::string& mutable_text() noexcept { return text_; }
  std::vector<std::uint32_t>& open_containers() noexcept { return open_; }

 private:
  struct Parser;
  std::vector<Node> nodes_;
  std::string text_;
  std::vector<std::uint32_t> open_;
  std::unique_ptr<Parser> parser_;
};

}  // namespace tracedoc::json

#endif  // TRACEDOC_JSON_JSON_TAPE_HPP_
