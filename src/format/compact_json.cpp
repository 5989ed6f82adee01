// Re-serializes a tape value as compact JSON, for the unknown members a record keeps.
#include "format/object_codec.hpp"
#include "write/json_format.hpp"

namespace tracedoc::format {

void AppendCompactJson(const json::Tape& tape, std::uint32_t node, std::string& out) {
  const json::Node& n = tape.node(node);
  switch (n.type) {
    case json::NodeType::kNull:
      out += "null";
      return;
    case json::NodeType::kTrue:
      out += "true";
      return;
    case json::NodeType::kFalse:
      out += "false";
      return;
    case json::NodeType::kNumber:
      out += tape.text(n);  // as written: the writer must not change a number it does not know
      return;
    case json::NodeType::kString:
      write::AppendJsonString(out, tape.text(n));
      return;
    case json::NodeType::kArray:
    case json::NodeType::kObject:
      break;
  }
  const bool object = n.type == json::NodeType::kObject;
  out += object ? '{' : '[';
  std::uint32_t child = node + 1;
  // Recursion depth is bounded by the parser's nesting limit.
  for (std::uint32_t i = 0; i < n.count; ++i) {
    if (i != 0) out += ',';
    if (object) {
      write::AppendJsonString(out, tape.text(tape.node(child)));
      out += ':';
      ++child;
    }
    AppendCompactJson(tape, child, out);
    child = tape.node(child).end;
  }
  out += object ? '}' : ']';
}

}  // namespace tracedoc::format
