#include "traceml/value_rules.hpp"

#include <cmath>
#include <string>

#include "json/number.hpp"
#include "tracedoc/diagnostic.hpp"

namespace tracedoc::traceml {
namespace {

// The most of a literal a message echoes.
constexpr std::size_t kShownLiteralBytes = 40;

std::string Field(const format::DecodeContext& ctx) {
  return format::DecodeContext::PathString(ctx.path);
}

// `field` is LITERAL, expected …: a value of the right type outside the rule.
bool FailValue(format::DecodeContext& ctx, std::uint32_t node, ErrorCode code,
               std::string_view expected) {
  return ctx.FailAt(node, code,
                    QuoteName(Field(ctx)) + " is " +
                        QuoteName(ctx.tape.text(ctx.node(node)), kShownLiteralBytes) +
                        ", expected " + std::string(expected));
}

bool IsNull(const format::DecodeContext& ctx, std::uint32_t node) {
  return ctx.node(node).type == json::NodeType::kNull;
}

// A number literal as a double; the tape has already refused literals beyond the double range.
bool ReadDouble(format::DecodeContext& ctx, std::uint32_t node, double& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber) return format::FailType(ctx, node, "a number or null");
  json::ParseF64(ctx.tape.text(n), out);
  return true;
}

}  // namespace

bool ReadCount(format::DecodeContext& ctx, std::uint32_t node, std::uint64_t& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber || n.is_float_literal) {
    return format::FailType(ctx, node, "a non-negative integer");
  }
  if (json::ParseU64(ctx.tape.text(n), out) == json::U64Status::kOk) return true;
  return FailValue(ctx, node, ErrorCode::kOutOfRange, "an integer in 0..=18446744073709551615");
}

bool ReadInteger(format::DecodeContext& ctx, std::uint32_t node,
                 std::optional<std::uint64_t>& out) {
  if (IsNull(ctx, node)) {
    out.reset();
    return true;
  }
  return ReadCount(ctx, node, out.emplace());
}

bool ReadNumber(format::DecodeContext& ctx, std::uint32_t node, std::optional<double>& out) {
  if (IsNull(ctx, node)) {
    out.reset();
    return true;
  }
  return ReadDouble(ctx, node, out.emplace());
}

bool ReadNonNegative(format::DecodeContext& ctx, std::uint32_t node, std::optional<double>& out) {
  if (!ReadNumber(ctx, node, out)) return false;
  if (out && *out < 0) return FailValue(ctx, node, ErrorCode::kOutOfRange, "a non-negative number");
  return true;
}

bool ReadBytes(format::DecodeContext& ctx, std::uint32_t node, std::optional<double>& out) {
  if (!ReadNonNegative(ctx, node, out)) return false;
  if (out && std::floor(*out) != *out) {
    return FailValue(ctx, node, ErrorCode::kInvalidValue, "a whole number of bytes");
  }
  return true;
}

bool ReadIntegerBool(format::DecodeContext& ctx, std::uint32_t node,
                     std::optional<std::uint64_t>& out) {
  if (IsNull(ctx, node)) {
    out.reset();
    return true;
  }
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kNumber || n.is_float_literal) {
    return format::FailType(ctx, node, "the integer 0 or 1, or null");
  }
  const std::string_view literal = ctx.tape.text(n);
  if (literal != "0" && literal != "1") {
    return FailValue(ctx, node, ErrorCode::kInvalidValue, "0 or 1");
  }
  out = literal == "1" ? 1 : 0;
  return true;
}

bool ReadBool(format::DecodeContext& ctx, std::uint32_t node, std::optional<bool>& out) {
  switch (ctx.node(node).type) {
    case json::NodeType::kNull:
      out.reset();
      return true;
    case json::NodeType::kTrue:
      out = true;
      return true;
    case json::NodeType::kFalse:
      out = false;
      return true;
    default:
      return format::FailType(ctx, node, "a boolean or null");
  }
}

bool ReadText(format::DecodeContext& ctx, std::uint32_t node,
              std::optional<std::string_view>& out) {
  if (IsNull(ctx, node)) {
    out.reset();
    return true;
  }
  if (ctx.node(node).type != json::NodeType::kString) {
    return format::FailType(ctx, node, "a string or null");
  }
  out = ctx.text(node);
  return true;
}

bool ReadOutputLine(format::DecodeContext& ctx, std::uint32_t node, std::string_view& out) {
  if (ctx.node(node).type != json::NodeType::kString) return format::FailType(ctx, node, "a string");
  out = ctx.text(node);
  if (!out.empty()) return true;
  return ctx.FailAt(node, ErrorCode::kInvalidValue,
                    QuoteName(Field(ctx)) + " is empty, expected a captured output line");
}

}  // namespace tracedoc::traceml
