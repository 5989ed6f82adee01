// A single pass over compact JSON: strings are copied as they are (escapes included), and
// structure characters get the line breaks and indentation around them.
#include "write/pretty_json.hpp"

#include <cstddef>

namespace tracedoc::write {
namespace {

constexpr std::size_t kIndentWidth = 2;

void NewLine(std::string& out, std::size_t depth) {
  out += '\n';
  out.append(depth * kIndentWidth, ' ');
}

}  // namespace

std::string PrettyJson(std::string_view compact) {
  std::string out;
  // Indentation roughly doubles small documents; one reservation covers most of it.
  out.reserve(compact.size() * 2);
  std::size_t depth = 0;
  for (std::size_t i = 0; i < compact.size(); ++i) {
    const char c = compact[i];
    switch (c) {
      case '"': {
        // Copy the whole string; a `\` escapes the next byte, so `\"` does not end it.
        std::size_t end = i + 1;
        while (end < compact.size() && compact[end] != '"') end += compact[end] == '\\' ? 2 : 1;
        end = end < compact.size() ? end + 1 : compact.size();
        out.append(compact.substr(i, end - i));
        i = end - 1;
        break;
      }
      case '{':
      case '[': {
        out += c;
        const char close = c == '{' ? '}' : ']';
        if (i + 1 < compact.size() && compact[i + 1] == close) {
          out += close;  // empty: `{}` or `[]`
          ++i;
        } else {
          NewLine(out, ++depth);
        }
        break;
      }
      case '}':
      case ']':
        NewLine(out, depth > 0 ? --depth : 0);
        out += c;
        break;
      case ',':
        out += ',';
        NewLine(out, depth);
        break;
      case ':':
        out += ": ";
        break;
      default:
        out += c;
        break;
    }
  }
  return out;
}

}  // namespace tracedoc::write
