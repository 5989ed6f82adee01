// Builds health and validation messages from parts (docs/analyses.md §6.11): text as it is, integers
// in decimal, and the `{x:?}` debug renderings of strings and optional f64 norms.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "text/debug_string.hpp"

namespace tracedoc::health {

// `{n}`: an integer in decimal.
struct Decimal {
  std::uint64_t value;
};

// `{s:?}`: a string, double-quoted and debug-escaped.
struct Debug {
  std::string_view value;
};

// `({root:?}, {key:?})`: the tuple form the gradient messages use.
struct DebugPair {
  std::string_view first;
  std::string_view second;
};

// `{norm:?}`: `None`, or `Some(` + the debug f64 + `)`.
struct DebugNorm {
  std::optional<double> value;
};

inline void AppendPart(std::string& out, std::string_view text) { out += text; }

inline void AppendPart(std::string& out, Decimal n) {
  char digits[20];
  const auto result = std::to_chars(digits, digits + sizeof(digits), n.value);
  out.append(digits, result.ptr);
}

inline void AppendPart(std::string& out, Debug s) { text::AppendDebugQuoted(out, s.value); }

inline void AppendPart(std::string& out, DebugPair pair) {
  out += '(';
  text::AppendDebugQuoted(out, pair.first);
  out += ", ";
  text::AppendDebugQuoted(out, pair.second);
  out += ')';
}

inline void AppendPart(std::string& out, DebugNorm norm) {
  if (!norm.value) {
    out += "None";
    return;
  }
  out += "Some(";
  text::AppendDebugF64(out, *norm.value);
  out += ')';
}

// The parts concatenated, e.g. Message("span `", id, "` was not closed").
template <class... Parts>
std::string Message(const Parts&... parts) {
  std::string out;
  (AppendPart(out, parts), ...);
  return out;
}

}  // namespace tracedoc::health
