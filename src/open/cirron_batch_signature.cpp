// The top-level keys of the object a prefix opens, found by the one parser every format is read
// with (Boost.JSON's basic_parser, fed the prefix as a part of a longer text), not by a walk of
// its own: the prefix may be cut anywhere, which the push parser takes as "more to come".
#include "open/cirron_batch_signature.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include <boost/json/basic_parser_impl.hpp>

#include "json/no_parser_limits.hpp"

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, 6> kBatchKeys = {"sdk_version", "batch_id", "created_ns",
                                                        "spans",       "marks",    "snapshots"};

// The keys of the batch's format that `key` is one of, as a bit each.
unsigned BatchKeyBit(std::string_view key) {
  for (std::size_t k = 0; k < kBatchKeys.size(); ++k) {
    if (kBatchKeys[k] == key) return 1U << k;
  }
  return 0;
}

// Notes the keys of the outermost object; a document that is not an object stops the parse.
struct TopLevelKeys : json::NoParserLimits {
  using error_code = boost::system::error_code;
  std::size_t depth = 0;
  bool object = false;
  bool schema_version = false;
  unsigned batch_keys = 0;
  std::string key;  // a key cut across parts (keys of a batch are short: bounded below)

  bool Value(error_code&) { return depth > 0; }  // a bare value is no batch: stop
  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_object_begin(error_code&) {
    if (depth == 0) object = true;
    ++depth;
    return true;
  }
  bool on_object_end(std::size_t, error_code&) {
    --depth;
    return true;
  }
  bool on_array_begin(error_code&) {
    ++depth;
    return depth > 1;
  }
  bool on_array_end(std::size_t, error_code&) {
    --depth;
    return true;
  }
  bool on_key_part(std::string_view part, std::size_t, error_code&) {
    if (depth == 1 && key.size() < 64) key.append(part.substr(0, 64 - key.size()));
    return true;
  }
  bool on_key(std::string_view part, std::size_t size, error_code& ec) {
    on_key_part(part, size, ec);
    if (depth == 1) {
      schema_version = schema_version || key == "schema_version";
      batch_keys |= BatchKeyBit(key);
    }
    key.clear();
    return true;
  }
  bool on_string_part(std::string_view, std::size_t, error_code&) { return true; }
  bool on_string(std::string_view, std::size_t, error_code& ec) { return Value(ec); }
  bool on_number_part(std::string_view, error_code&) { return true; }
  bool on_int64(std::int64_t, std::string_view, error_code& ec) { return Value(ec); }
  bool on_uint64(std::uint64_t, std::string_view, error_code& ec) { return Value(ec); }
  bool on_double(double, std::string_view, error_code& ec) { return Value(ec); }
  bool on_bool(bool, error_code& ec) { return Value(ec); }
  bool on_null(error_code& ec) { return Value(ec); }
  bool on_comment_part(std::string_view, error_code&) { return true; }
  bool on_comment(std::string_view, error_code&) { return true; }
};

}  // namespace

bool LooksLikeCirronBatch(std::string_view prefix) noexcept {
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (prefix.starts_with(kByteOrderMark)) prefix.remove_prefix(kByteOrderMark.size());
  boost::json::parse_options options;
  options.max_depth = static_cast<std::size_t>(-1) >> 1;  // nesting below the keys is not ours
  options.allow_invalid_utf8 = true;                       // nor is the values' text
  boost::json::basic_parser<TopLevelKeys> parser(options);
  boost::system::error_code error;
  // The parse goes as far as the prefix, a syntax error or a handler's stop; the keys seen
  // until then decide.
  parser.write_some(true, prefix.data(), prefix.size(), error);
  const TopLevelKeys& seen = parser.handler();
  return seen.object && seen.schema_version && std::popcount(seen.batch_keys) >= 2;
}

}  // namespace tracedoc
