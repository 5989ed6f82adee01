// One batch file's text to a RapidJSON document: the bounds (nesting depth) checked first, the
// NaN/Infinity literals counted, syntax errors mapped to tracedoc's codes with line and column.
#ifndef TRACEDOC_CIRRON_BATCH_JSON_HPP_
#define TRACEDOC_CIRRON_BATCH_JSON_HPP_

#include <cstdint>
#include <memory>
#include <string_view>

#include <rapidjson/document.h>

#include "tracedoc/error.hpp"

namespace tracedoc::cirron {

/// RapidJSON's flags for a batch: UTF-8 checked, full-precision doubles, no recursion (so no
/// input can overflow the stack), and the bare NaN/Infinity of Python unless strict.
constexpr unsigned BatchParseFlags(bool strict_json) noexcept {
  const unsigned flags = rapidjson::kParseValidateEncodingFlag |
                         rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag |
                         rapidjson::kParseStopWhenDoneFlag;
  return strict_json ? flags : flags | rapidjson::kParseNanAndInfFlag;
}

struct ParsedBatch {
  std::unique_ptr<rapidjson::Document> document;
  /// Bare NaN, Infinity and -Infinity literals in the text.
  std::uint64_t non_finite_numbers = 0;
};

/// Parses `text` as one JSON value followed only by white space. Errors (line and column set,
/// message without the file): limit_exceeded (nesting deeper than `max_nesting_depth`),
/// invalid_utf8, invalid_json (NaN/Infinity included when `strict_json`), out_of_range (a number
/// beyond the double range), not_an_object.
Result<ParsedBatch> ParseBatchJson(std::string_view text, bool strict_json,
                                   std::uint32_t max_nesting_depth);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_BATCH_JSON_HPP_
