// A scan of the top level of a JSON object's text, for its keys: strings are skipped whole,
// nesting is counted, nothing is checked (a key written with escapes is no batch key).
#include "open/cirron_batch_signature.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, 6> kBatchKeys = {"sdk_version", "batch_id", "created_ns",
                                                        "spans",       "marks",    "snapshots"};

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The keys of the batch's format that `key` is one of, as a bit each.
unsigned BatchKeyBit(std::string_view key) {
  for (std::size_t k = 0; k < kBatchKeys.size(); ++k) {
    if (kBatchKeys[k] == key) return 1U << k;
  }
  return 0;
}

}  // namespace

bool LooksLikeCirronBatch(std::string_view prefix) noexcept {
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (prefix.starts_with(kByteOrderMark)) prefix.remove_prefix(kByteOrderMark.size());
  std::size_t i = 0;
  while (i < prefix.size() && IsJsonSpace(prefix[i])) ++i;
  if (i == prefix.size() || prefix[i] != '{') return false;
  ++i;
  bool schema_version = false;
  unsigned batch_keys = 0;
  std::size_t depth = 1;
  bool expect_key = true;
  while (i < prefix.size() && depth > 0) {
    const char c = prefix[i];
    if (c == '"') {
      std::size_t end = i + 1;
      bool escaped = false;
      while (end < prefix.size() && prefix[end] != '"') {
        escaped = escaped || prefix[end] == '\\';
        end += prefix[end] == '\\' ? 2 : 1;
      }
      if (end >= prefix.size()) break;
      if (depth == 1 && expect_key && !escaped) {
        const std::string_view key = prefix.substr(i + 1, end - i - 1);
        schema_version = schema_version || key == "schema_version";
        batch_keys |= BatchKeyBit(key);
      }
      if (depth == 1) expect_key = false;
      i = end + 1;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') --depth;
    if (c == ',' && depth == 1) expect_key = true;
    ++i;
  }
  return schema_version && std::popcount(batch_keys) >= 2;
}

}  // namespace tracedoc
