// Readers for each field type of the format (§1.0): strings, u64, f64, booleans, enumerations,
// arrays, optionals and the nested objects. Each returns false with ctx.error filled.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>

#include "format/decode_context.hpp"
#include "json/number.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::format {

inline bool ReadValue(DecodeContext& ctx, std::uint32_t node, std::string_view& out) {
  if (ctx.node(node).type != json::NodeType::kString) return FailType(ctx, node, "a string");
  out = ctx.text(node);
  return true;
}

inline bool ReadValue(DecodeContext& ctx, std::uint32_t node, std::uint64_t& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber) return FailType(ctx, node, "u64");
  const std::string_view literal = ctx.text(node);
  // Fast path for the common case, plain digits that cannot overflow (JSON has no leading
  // zeros, so 19 digits fit): one pass, where json::ParseU64 scans for '.eE' and then runs
  // from_chars.
  if (!n.is_float_literal && !literal.empty() && literal.size() <= 19) {
    std::uint64_t value = 0;
    bool digits = true;
    for (const char c : literal) {
      digits = digits && c >= '0' && c <= '9';
      value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (digits) {
      out = value;
      return true;
    }
  }
  switch (json::ParseU64(literal, out)) {
    case json::U64Status::kOk:
      return true;
    case json::U64Status::kFloatLiteral:
      return FailType(ctx, node, "u64");
    case json::U64Status::kNegative:
      return ctx.Fail(ErrorCode::kOutOfRange,
                      "invalid value: integer `" + std::string(literal) + "`, expected u64");
    case json::U64Status::kTooLarge:
      break;
  }
  return ctx.Fail(ErrorCode::kOutOfRange,
                  "integer `" + std::string(literal) + "` is out of range for u64");
}

inline bool ReadValue(DecodeContext& ctx, std::uint32_t node, double& out) {
  if (ctx.node(node).type != json::NodeType::kNumber) return FailType(ctx, node, "f64");
  if (!json::ParseF64(ctx.text(node), out)) {
    return ctx.Fail(ErrorCode::kOutOfRange, "number out of range");
  }
  return true;
}

inline bool ReadValue(DecodeContext& ctx, std::uint32_t node, bool& out) {
  const json::NodeType type = ctx.node(node).type;
  if (type != json::NodeType::kTrue && type != json::NodeType::kFalse) {
    return FailType(ctx, node, "a boolean");
  }
  out = type == json::NodeType::kTrue;
  return true;
}

template <class Enum>
requires std::is_enum_v<Enum>
bool ReadValue(DecodeContext& ctx, std::uint32_t node, Enum& out) {
  if (ctx.node(node).type != json::NodeType::kString) {
    return FailType(ctx, node, "variant identifier");
  }
  const std::string_view text = ctx.text(node);
  if (const auto value = EnumFromName<Enum>(text)) {
    out = *value;
    return true;
  }
  const auto spellings = EnumSpellings<Enum>();
  return ctx.Fail(ErrorCode::kInvalidValue, "unknown variant `" + std::string(text) + "`, " +
                                                ExpectedOneOf(spellings.data(), spellings.size()));
}

/// An array of the root object whose elements the tape handed out one at a time as they were
/// parsed (json::ElementVisitor), read by whoever received them: here only its count, and the
/// first error of its elements (DecodeContext::streamed_errors) reported where the array is.
struct StreamedArray {
  std::uint32_t count = 0;
};

inline bool ReadValue(DecodeContext& ctx, std::uint32_t node, StreamedArray& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kArray) return FailType(ctx, node, "a sequence");
  for (const StreamedElementError& element : ctx.streamed_errors) {
    if (element.array_node != node) continue;
    const std::optional<std::uint64_t> index = ctx.error.index;
    ctx.error = element.error;
    ctx.error.index = index;
    ctx.error_offset = element.offset;
    return false;
  }
  out.count = n.count;
  return true;
}

// The nested objects; defined with their field tables in record_fields.cpp.
bool ReadValue(DecodeContext& ctx, std::uint32_t node, CaptureContract& out);
bool ReadValue(DecodeContext& ctx, std::uint32_t node, GradientContract& out);
bool ReadValue(DecodeContext& ctx, std::uint32_t node, ExpectedGradient& out);
bool ReadValue(DecodeContext& ctx, std::uint32_t node, GradientFamilyContract& out);
bool ReadValue(DecodeContext& ctx, std::uint32_t node, ComparisonIdentity& out);
/// `tags`: an object of strings; a repeated key is allowed and the last value wins.
bool ReadValue(DecodeContext& ctx, std::uint32_t node, ArrayView<Tag>& out);

/// An optional field: `null` (and a missing key, handled by the object reader) mean None.
template <class T>
bool ReadValue(DecodeContext& ctx, std::uint32_t node, std::optional<T>& out) {
  if (ctx.node(node).type == json::NodeType::kNull) {
    out.reset();
    return true;
  }
  return ReadValue(ctx, node, out.emplace());
}

/// Visits the elements of the array at `node` in order, as visit(index, element_node), until
/// one returns false. A run of numbers (one tape node) is visited literal by literal, each read
/// as a single number would be, errors included.
template <class Visit>
bool ForEachElement(DecodeContext& ctx, std::uint32_t node, Visit visit) {
  const json::Node& array = ctx.node(node);
  std::uint32_t child = node + 1;
  std::uint32_t i = 0;
  while (i < array.count) {
    const json::Node item = ctx.node(child);
    if (item.type == json::NodeType::kNumberRun) {
      json::NumberRunLiterals literals(ctx.tape.text(item));
      std::string_view literal;
      while (literals.Next(literal)) {
        if (!visit(i++, ctx.tape.ScratchNumber(item, literal))) return false;
      }
    } else if (!visit(i++, child)) {
      return false;
    }
    child = item.end;
  }
  return true;
}

/// Reads element `i` of an array, at `node`, with `[i]` on the path of its errors.
template <class T>
bool ReadElement(DecodeContext& ctx, std::uint32_t i, std::uint32_t node, T& out) {
  const PathStep step{ctx.path, {}, static_cast<std::int64_t>(i)};
  const PathStep* saved = ctx.path;
  ctx.path = &step;
  ctx.current = node;
  const bool ok = ReadValue(ctx, node, out);
  ctx.path = saved;
  return ok;
}

/// An array whose elements live in the scratch arena.
template <class T>
bool ReadValue(DecodeContext& ctx, std::uint32_t node, ArrayView<T>& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kArray) return FailType(ctx, node, "a sequence");
  T* items = ctx.arena.Allocate<T>(n.count);
  const bool ok = ForEachElement(ctx, node, [&](std::uint32_t i, std::uint32_t item) {
    new (&items[i]) T{};
    return ReadElement(ctx, i, item, items[i]);
  });
  if (!ok) return false;
  out = ArrayView<T>(items, n.count);
  return true;
}
}  // namespace tracedoc::format
