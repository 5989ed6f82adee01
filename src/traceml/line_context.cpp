#include "traceml/line_context.hpp"

#include "json/escaped_string.hpp"

namespace tracedoc::traceml {
namespace {

std::string_view JsonTypeName(json::NodeType type, bool is_float_literal) {
  switch (type) {
    case json::NodeType::kObject:
      return "a map";
    case json::NodeType::kArray:
      return "a sequence";
    case json::NodeType::kString:
      return "a string";
    case json::NodeType::kNumber:
    case json::NodeType::kNumberRun:
      return is_float_literal ? "a floating point number" : "an integer";
    case json::NodeType::kTrue:
    case json::NodeType::kFalse:
      return "a boolean";
    case json::NodeType::kNull:
      return "null";
  }
  return "a value";
}

}  // namespace

std::string_view LineContext::text(std::uint32_t i) {
  const json::Node& n = tape_.node(i);
  if (!n.raw_escaped) return tape_.text(n);
  const std::string_view raw = tape_.text(n);
  std::string& out = unescaped_.emplace_back(raw.size(), '\0');
  out.resize(json::UnescapeJsonString(raw, out.data()));
  return out;
}

Error LineContext::FailType(std::uint32_t node, std::string field,
                            std::string_view expected) const {
  const json::Node& n = tape_.node(node);
  std::string message = "invalid type: ";
  message += JsonTypeName(n.type, n.is_float_literal);
  message += " at `" + field + "`, expected ";
  message += expected;
  return Fail(ErrorCode::kInvalidType, std::move(field), std::move(message));
}

std::uint32_t FindMember(LineContext& ctx, std::uint32_t node, std::string_view key) {
  const json::Node& object = ctx.node(node);
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    if (ctx.text(key_node) == key) return key_node + 1;
    key_node = ctx.node(key_node + 1).end;
  }
  return 0;
}

std::string FieldPath(std::string_view prefix, std::string_view key) {
  std::string path(prefix);
  if (!path.empty()) path += '.';
  path += key;
  return path;
}

}  // namespace tracedoc::traceml
