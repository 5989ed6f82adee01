// An editable JSON text for the format corpus: a tree whose scalars keep the token as written
// (a number's digits, a string's escapes and quotes, Python's bare NaN), so a parsed batch or
// record writes back byte for byte, and a mutation can put any raw text, valid JSON or not, at
// one place in it. Written back in Python's two json.dumps layouts: one line, or indent=2.
#ifndef TRACEDOC_TESTS_FORMATS_JSON_TREE_HPP_
#define TRACEDOC_TESTS_FORMATS_JSON_TREE_HPP_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::formats {

struct JsonMember;

struct JsonNode {
  enum class Kind { kScalar, kArray, kObject };
  Kind kind = Kind::kScalar;
  /// A scalar's text exactly as written: `12`, `"a\n"` (quotes included), `NaN`, or any bytes.
  std::string raw;
  std::vector<JsonNode> items;
  std::vector<JsonMember> members;
};

struct JsonMember {
  /// The key as written between its quotes (the corpus's keys have no escapes).
  std::string key;
  JsonNode value;
};

/// A scalar node holding `raw` as written.
JsonNode RawJson(std::string raw);
/// A scalar node holding `text` as a JSON string (quotes and backslashes escaped).
JsonNode StringJson(std::string_view text);

/// Parses JSON as the corpus's writers produce it, plus bare NaN, Infinity and -Infinity (as
/// Python writes them). Throws std::invalid_argument on anything else: the input is generated.
JsonNode ParseJsonTree(std::string_view text);

enum class JsonLayout {
  kOneLine,   // json.dumps(value): `{"a": 1, "b": [1, 2]}`
  kIndented,  // json.dumps(value, indent=2): one member or item a line
};

std::string WriteJsonTree(const JsonNode& node, JsonLayout layout);

/// The node at `path` (`spans[2].stats.histogram.bins[5]`, `events.forward.cuda:0.cpu_ms`:
/// keys are split at dots, so no key of a path may hold one); "" is `root`. Throws
/// std::out_of_range when it is not there: a corpus case that names a missing place is a bug.
JsonNode& NodeAt(JsonNode& root, std::string_view path);

/// The object holding the member `path` names, and the member's position in it.
struct MemberPlace {
  JsonNode* object;
  std::size_t index;
};
MemberPlace MemberAt(JsonNode& root, std::string_view path);

}  // namespace tracedoc::formats

#endif  // TRACEDOC_TESTS_FORMATS_JSON_TREE_HPP_
