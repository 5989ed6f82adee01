// State shared while one record is decoded from a tape: where we are (the key path), where
// arrays go (the scratch arena), and the first error. Readers return false and fill `error`.
#ifndef TRACEDOC_FORMAT_DECODE_CONTEXT_HPP_
#define TRACEDOC_FORMAT_DECODE_CONTEXT_HPP_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "json/json_tape.hpp"
#include "tracedoc/error.hpp"
#include "util/arena.hpp"

namespace tracedoc::format {

/// One step of the key path of the value being read: a key, or an index into an array.
struct PathStep {
  const PathStep* parent = nullptr;
  std::string_view key;
  std::int64_t index = -1;
};

struct DecodeContext {
  // Not const: number runs are read through the tape's scratch node.
  json::Tape& tape;
  util::Arena& arena;
  bool strict_unknown_fields = false;
  const PathStep* path = nullptr;

  Error error;
  // Member indices of unknown keys, used as a stack by nested objects.
  std::vector<std::uint32_t> unknown_members;
  std::string json_scratch;

  const json::Node& node(std::uint32_t i) const { return tape.node(i); }
  /// The text of a string or number node; a long escaped string left raw in the line is
  /// unescaped into the arena once, on first use.
  std::string_view text(std::uint32_t i) const {
    const json::Node& n = tape.node(i);
    return n.raw_escaped ? UnescapedRaw(i) : tape.text(n);
  }
  /// Forgets the unescaped copies (the arena they live in is being reset).
  void ClearUnescaped() { unescaped_.clear(); }

  std::string_view UnescapedRaw(std::uint32_t i) const;
  // (node, unescaped text) of the raw strings read so far in this record: few, each long.
  mutable std::vector<std::pair<std::uint32_t, std::string_view>> unescaped_;

  /// The dotted key path of `step`, e.g. `capture_contract.gradient_contract.expected[1].root`.
  static std::string PathString(const PathStep* step);

  /// Records an error at the current path (plus `key`, when given) and returns false.
  bool Fail(ErrorCode code, std::string message, std::string_view key = {});
};

/// Describes a JSON value the way serde does in "invalid type" messages: `null`, `boolean
/// `true``, `integer `5``, `floating point `1.5``, `string "x"`, `sequence`, `map`.
std::string DescribeUnexpected(const DecodeContext& ctx, std::uint32_t node);

/// `invalid type: {unexpected}, expected {expected}` as an invalid_type error.
bool FailType(DecodeContext& ctx, std::uint32_t node, std::string_view expected);

/// `expected `a``, `expected `a` or `b``, or `expected one of `a`, `b`, `c``.
std::string ExpectedOneOf(const std::string_view* names, std::size_t count);

}  // namespace tracedoc::format

#endif  // TRACEDOC_FORMAT_DECODE_CONTEXT_HPP_
