// Re-indents compact JSON for people: 2 spaces per level, one member or element per line,
// `"key": value`, `[]` and `{}` kept on one line. Keys and values are copied unchanged.
#ifndef TRACEDOC_SRC_WRITE_PRETTY_JSON_HPP_
#define TRACEDOC_SRC_WRITE_PRETTY_JSON_HPP_

#include <string>
#include <string_view>

namespace tracedoc::write {

/// The pretty form of `compact`, which must be JSON without white space outside strings (what
/// the writers produce). No trailing newline.
std::string PrettyJson(std::string_view compact);

}  // namespace tracedoc::write

#endif  // TRACEDOC_SRC_WRITE_PRETTY_JSON_HPP_
