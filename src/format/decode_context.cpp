// Error construction for the record layer: key paths and serde-style messages.
#include "format/decode_context.hpp"

#include <charconv>
#include <vector>

#include "json/escaped_string.hpp"
#include "json/number.hpp"

namespace tracedoc::format {

std::string DecodeContext::PathString(const PathStep* step) { return PathString(step, nullptr); }

std::string DecodeContext::PathString(const PathStep* step, const PathStep* base) {
  std::vector<const PathStep*> steps;
  for (; step != nullptr && step != base; step = step->parent) steps.push_back(step);
  std::string out;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    if ((*it)->index >= 0) {
      out += '[';
      out += std::to_string((*it)->index);
      out += ']';
    } else {
      if (!out.empty()) out += '.';
      out += (*it)->key;
    }
  }
  return out;
}

std::string_view DecodeContext::UnescapedRaw(std::uint32_t i) const {
  for (const auto& [node, text] : unescaped_) {
    if (node == i) return text;
  }
  const std::string_view raw = tape.text(tape.node(i));
  char* out = arena.Allocate<char>(raw.size());
  const std::string_view text(out, json::UnescapeJsonString(raw, out));
  unescaped_.emplace_back(i, text);
  return text;
}

bool DecodeContext::Fail(ErrorCode code, std::string message, std::string_view key) {
  error.code = code;
  error_node = current;
  error_offset.reset();
  error.message = std::move(message);
  if (key.empty()) {
    error.field = PathString(path);
  } else {
    const PathStep step{path, key};
    error.field = PathString(&step);
  }
  return false;
}

namespace {

// Rust's Display for f64 (what serde prints): shortest digits, never an exponent, and a `.0`
// on integral values.
std::string DisplayFloat(double value) {
  char buffer[400];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
  std::string out(buffer, result.ptr);
  if (out.find('.') == std::string::npos) out += ".0";
  return out;
}

}  // namespace

std::string DescribeUnexpected(const DecodeContext& ctx, std::uint32_t node) {
  const json::Node& n = ctx.node(node);
  switch (n.type) {
    case json::NodeType::kNull:
      return "null";
    case json::NodeType::kTrue:
      return "boolean `true`";
    case json::NodeType::kFalse:
      return "boolean `false`";
    case json::NodeType::kString:
      return "string \"" + std::string(ctx.text(node)) + "\"";
    case json::NodeType::kArray:
      return "sequence";
    case json::NodeType::kObject:
      return "map";
    case json::NodeType::kNumberRun:  // only ever read through the scratch node
    case json::NodeType::kNumber: {
      const std::string_view literal = ctx.text(node);
      double value = 0;
      // The tape has already rejected literals beyond the double range.
      if (n.is_float_literal && json::ParseF64(literal, value)) {
        return "floating point `" + DisplayFloat(value) + "`";
      }
      return "integer `" + std::string(literal) + "`";
    }
  }
  return "value";
}

bool FailType(DecodeContext& ctx, std::uint32_t node, std::string_view expected) {
  ctx.current = node;
  return ctx.Fail(ErrorCode::kInvalidType, "invalid type: " + DescribeUnexpected(ctx, node) +
                                               ", expected " + std::string(expected));
}

std::string ExpectedOneOf(const std::string_view* names, std::size_t count) {
  std::string out;
  if (count == 1) return "expected `" + std::string(names[0]) + "`";
  if (count == 2) {
    return "expected `" + std::string(names[0]) + "` or `" + std::string(names[1]) + "`";
  }
  out = "expected one of ";
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) out += ", ";
    out += '`';
    out += names[i];
    out += '`';
  }
  return out;
}

}  // namespace tracedoc::format
