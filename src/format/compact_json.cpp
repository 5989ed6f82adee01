// Re-serializes a tape value as compact JSON, for the unknown members a record keeps.
#include "format/object_codec.hpp"
#include "json/escaped_string.hpp"
#include "json/number.hpp"
#include "emit/json_format.hpp"

#include <vector>

namespace tracedoc::format {

namespace {

// A long escaped string as written, re-escaped the writer's way without unescaping it whole
// first: runs without escapes are already written that way; each escape is decoded and written
// again as emit::AppendJsonString writes that character.
void AppendRawStringCanonically(std::string_view raw, std::string& out) {
  emit::ReserveForLarge(out, raw.size() + 2);
  out += '"';
  json::EscapedStringPieces pieces(raw);
  std::string_view piece;
  bool escaped = false;
  std::string one;
  while (pieces.Next(piece, escaped)) {
    if (!escaped) {
      out += piece;
      continue;
    }
    one.clear();
    emit::AppendJsonString(one, piece);
    out.append(one, 1, one.size() - 2);  // without its quotes
  }
  out += '"';
}

}  // namespace

void AppendCompactJson(const json::Tape& tape, std::uint32_t node, std::string& out,
                       const CompactJsonOptions& options) {
  // Iterative: the nesting bound is an option, and a raised one must not overflow the stack.
  // The tape is in document order, so the value is its nodes [node, end) written in turn,
  // with a stack of the open containers' remaining child counts.
  struct Open {
    bool object;
    std::uint32_t remaining;
    bool first;
  };
  std::vector<Open> open;
  auto close_finished = [&] {
    while (!open.empty() && open.back().remaining == 0) {
      out += open.back().object ? '}' : ']';
      open.pop_back();
    }
  };
  const std::uint32_t end = tape.node(node).end;
  for (std::uint32_t i = node; i < end; ++i) {
    const json::Node& n = tape.node(i);
    bool is_key = false;
    if (!open.empty()) {
      Open& parent = open.back();
      // In an object, nodes alternate key, value: a key comes when no key is pending.
      if (parent.object && parent.remaining % 2 == 0) is_key = true;
      if (is_key && open.size() == 1 && !options.skip_member.empty() &&
          tape.text(n) == options.skip_member) {
        // The member left out: its key and its whole value.
        parent.remaining -= 2;
        i = tape.node(i + 1).end - 1;
        close_finished();
        continue;
      }
      if (!parent.first && (!parent.object || is_key)) out += ',';
      parent.first = false;
      // A number run is several elements of its array.
      parent.remaining -= n.type == json::NodeType::kNumberRun ? n.count : 1;
    }
    switch (n.type) {
      case json::NodeType::kNumberRun: {
        // The literals as written, without the white space between them.
        json::NumberRunLiterals literals(tape.text(n));
        std::string_view literal;
        bool first = true;
        while (literals.Next(literal)) {
          if (!first) out += ',';
          first = false;
          out += literal;
        }
        break;
      }
      case json::NodeType::kNull:
        out += "null";
        break;
      case json::NodeType::kTrue:
        out += "true";
        break;
      case json::NodeType::kFalse:
        out += "false";
        break;
      case json::NodeType::kNumber:
        // As written: the writer must not change a number it does not know. A non-finite
        // literal is no JSON: as a string when the output must be JSON.
        if (options.non_finite_as_strings && json::IsNonFiniteLiteral(tape.text(n))) {
          out += '"';
          out += tape.text(n);
          out += '"';
        } else {
          out += tape.text(n);
        }
        break;
      case json::NodeType::kString:
        if (n.raw_escaped) {
          AppendRawStringCanonically(tape.text(n), out);
        } else {
          emit::AppendJsonString(out, tape.text(n));
        }
        if (is_key) out += ':';
        break;
      case json::NodeType::kArray:
      case json::NodeType::kObject: {
        const bool object = n.type == json::NodeType::kObject;
        out += object ? '{' : '[';
        // The elements of a streamed array are not on the tape: it is written empty.
        const std::uint32_t members = n.streamed ? 0 : n.count;
        open.push_back(Open{object, object ? 2 * members : members, true});
        break;
      }
    }
    close_finished();
  }
}

}  // namespace tracedoc::format
