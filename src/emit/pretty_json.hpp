// Re-indents compact JSON for people: 2 spaces per level, one member or element per line,
// `"key": value`, `[]` and `{}` kept on one line. Keys and values are copied unchanged.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::emit {

/// Re-indents compact JSON given in pieces cut anywhere (inside strings and escapes too), so a
/// writer can stream its output through it without holding the compact text.
class PrettyJsonWriter {
 public:
  /// Appends the pretty form to `out`.
  explicit PrettyJsonWriter(std::string& out) : out_(out) {}

  /// The next piece of the compact text.
  void Append(std::string_view compact);
  /// Ends the text (an unclosed `{` or `[` at the very end still gets its line break).
  void Finish();

 private:
  void NewLine(std::size_t depth);

  std::string& out_;
  std::size_t depth_ = 0;
  bool in_string_ = false;
  bool escaped_ = false;  // in a string, right after a `\`
  char open_ = 0;         // a `{` or `[` whose next character has not been seen yet
};

/// The pretty form of `compact`, which must be JSON without white space outside strings (what
/// the writers produce). No trailing newline.
std::string PrettyJson(std::string_view compact);

}  // namespace tracedoc::emit
