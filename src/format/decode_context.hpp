// State shared while one record is decoded from a tape: where we are (the key path), where
// arrays go (the scratch arena), and the first error. Readers return false and fill `error`.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
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

/// An unknown member met while reading: its key's node (its value is the next node), or with
/// kHoisted set, the index in DecodeContext::hoisted of a member an enclosing object keeps under
/// its path (ObjectPolicy::hoist_unknown). Four bytes: a line may hold millions.
using UnknownMember = std::uint32_t;
inline constexpr UnknownMember kHoisted = 0x80000000u;

/// A hoisted unknown member: its path from the object that keeps it, and its key's node.
struct HoistedMember {
  std::string_view path;
  std::uint32_t key_node = 0;
};

/// The first error among the elements of an array that the tape handed out one at a time
/// (json::ElementVisitor): kept until the array itself is read (format::StreamedArray), so that
/// errors come in the order of the table, and with its place, since the element's nodes are
/// gone by then.
struct StreamedElementError {
  std::uint32_t array_node = 0;
  Error error{};
  /// Where the error's node started in the text.
  std::size_t offset = 0;
};

struct DecodeContext;

/// What a format reports, beyond errors, while the object reader reads (TraceML's warnings).
/// Members are named by their object's path and their key, not by a path string: a warning
/// that is only counted costs no copy of a path that may hold long names.
class ObjectWarnings {
 public:
  virtual ~ObjectWarnings() = default;
  /// An unknown member kept: `key` of the object at `object`.
  virtual void UnknownMember(const DecodeContext& ctx, const PathStep* object,
                             std::string_view key, std::uint32_t key_node) = 0;
  /// The member `key` of the object at `object` comes after `after`, which the table puts later.
  virtual void OutOfOrder(const DecodeContext& ctx, const PathStep* object, std::string_view key,
                          std::string_view after, std::uint32_t key_node) = 0;
};

struct DecodeContext {
  // Not const: number runs are read through the tape's scratch node.
  json::Tape& tape;
  util::Arena& arena;
  bool strict_unknown_fields = false;
  const PathStep* path = nullptr;

  Error error{};
  /// The node the error is about: the value read, a key given twice, the object a field is
  /// missing from. With the tape's offsets it places the error in a file of many lines.
  std::uint32_t error_node = 0;
  /// The node being read, set by the object and array readers: where an error raised without
  /// a node of its own is.
  std::uint32_t current = 0;
  /// Unknown members' values written with NaN and the infinities as strings (the value of a
  /// converted record must be JSON), not as written.
  bool non_finite_as_strings = false;
  /// Where warnings go, for a format that has them; none for a trace.
  ObjectWarnings* warnings = nullptr;
  /// The errors of streamed arrays' elements (a Cirron batch's records), one per array.
  std::span<const StreamedElementError> streamed_errors{};
  /// Set when the error's place is known as an offset into the text rather than a node (an
  /// element error reported where its array is read).
  std::optional<std::size_t> error_offset{};
  // Unknown members, used as a stack by nested objects.
  std::vector<UnknownMember> unknown_members{};
  std::vector<HoistedMember> hoisted{};
  std::string json_scratch{};

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
  mutable std::vector<std::pair<std::uint32_t, std::string_view>> unescaped_{};

  /// The dotted key path of `step`, e.g. `capture_contract.gradient_contract.expected[1].root`.
  static std::string PathString(const PathStep* step);
  /// The path of `step` from `base` (one of its ancestors, or null for the root).
  static std::string PathString(const PathStep* step, const PathStep* base);
  /// The path of the object whose unknown members hoisted ones join (ObjectPolicy::hoist_unknown).
  const PathStep* unknown_base = nullptr;

  /// Records an error at the current path (plus `key`, when given) and returns false.
  bool Fail(ErrorCode code, std::string message, std::string_view key = {});
  /// The same about `node`.
  bool FailAt(std::uint32_t node, ErrorCode code, std::string message, std::string_view key = {}) {
    current = node;
    return Fail(code, std::move(message), key);
  }
};

/// Describes a JSON value the way serde does in "invalid type" messages: `null`, `boolean
/// `true``, `integer `5``, `floating point `1.5``, `string "x"`, `sequence`, `map`.
std::string DescribeUnexpected(const DecodeContext& ctx, std::uint32_t node);

/// `invalid type: {unexpected}, expected {expected}` as an invalid_type error.
bool FailType(DecodeContext& ctx, std::uint32_t node, std::string_view expected);

/// `expected `a``, `expected `a` or `b``, or `expected one of `a`, `b`, `c``.
std::string ExpectedOneOf(const std::string_view* names, std::size_t count);

}  // namespace tracedoc::format
