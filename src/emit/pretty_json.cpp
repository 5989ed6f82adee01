// A single pass over compact JSON: strings are copied as they are (escapes included), and
// structure characters get the line breaks and indentation around them. The state between
// pieces is small: the depth, whether the cut fell inside a string or right after a `\`, and an
// opening bracket still waiting to see whether it is empty.
#include "emit/pretty_json.hpp"

namespace tracedoc::emit {
namespace {

constexpr std::size_t kIndentWidth = 2;

bool IsStructural(char c) {
  return c == '"' || c == '{' || c == '[' || c == '}' || c == ']' || c == ',' || c == ':';
}

}  // namespace

void PrettyJsonWriter::NewLine(std::size_t depth) {
  out_ += '\n';
  out_.append(depth * kIndentWidth, ' ');
}

void PrettyJsonWriter::Append(std::string_view compact) {
  std::size_t i = 0;
  const std::size_t n = compact.size();
  while (i < n) {
    if (in_string_) {
      // Copy up to and including the closing quote; a `\` escapes the next byte, which may be
      // in the next piece.
      std::size_t end = i;
      while (end < n) {
        if (escaped_) {
          escaped_ = false;
        } else if (compact[end] == '\\') {
          escaped_ = true;
        } else if (compact[end] == '"') {
          in_string_ = false;
          ++end;
          break;
        }
        ++end;
      }
      out_.append(compact.substr(i, end - i));
      i = end;
      continue;
    }
    const char c = compact[i];
    if (open_ != 0) {
      const char close = open_ == '{' ? '}' : ']';
      open_ = 0;
      if (c == close) {
        out_ += c;  // empty: `{}` or `[]`
        ++i;
        continue;
      }
      NewLine(++depth_);
    }
    switch (c) {
      case '"':
        out_ += c;
        in_string_ = true;
        break;
      case '{':
      case '[':
        out_ += c;
        open_ = c;
        break;
      case '}':
      case ']':
        NewLine(depth_ > 0 ? --depth_ : 0);
        out_ += c;
        break;
      case ',':
        out_ += ',';
        NewLine(depth_);
        break;
      case ':':
        out_ += ": ";
        break;
      default: {
        // A run of number or literal characters, copied at once.
        std::size_t end = i + 1;
        while (end < n && !IsStructural(compact[end])) ++end;
        out_.append(compact.substr(i, end - i));
        i = end;
        continue;
      }
    }
    ++i;
  }
}

void PrettyJsonWriter::Finish() {
  if (open_ != 0) {
    open_ = 0;
    NewLine(++depth_);
  }
}

std::string PrettyJson(std::string_view compact) {
  std::string out;
  // Indentation roughly doubles small documents; one reservation covers most of it.
  out.reserve(compact.size() * 2);
  PrettyJsonWriter writer(out);
  writer.Append(compact);
  writer.Finish();
  return out;
}

}  // namespace tracedoc::emit
