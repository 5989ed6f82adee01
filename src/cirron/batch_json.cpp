// Parsing a batch file (docs/cirron-spool.md, "JSON").
#include "cirron/batch_json.hpp"

#include <cctype>
#include <string>

#include <rapidjson/encodedstream.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>

#include "cirron/string_state.hpp"
#include "cirron/text_position.hpp"
#include "cirron/number_literal_workarounds.hpp"

namespace tracedoc::cirron {
namespace {

bool IsJsonWhiteSpace(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

struct Scan {
  std::size_t too_deep_at = std::string_view::npos;
  std::uint64_t non_finite = 0;
};

// One pass outside strings: the first bracket past the depth bound, and the literals that start
// with N or I (NaN, Infinity, -Infinity: the only such tokens once the parse succeeds). The
// DOM is walked recursively later, so the depth is bounded before it is built.
Scan ScanText(std::string_view text, std::uint32_t max_depth) noexcept {
  Scan scan;
  std::uint64_t depth = 0;
  StringState strings;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (strings.Inside(c)) continue;
    if (c == '[' || c == '{') {
      if (++depth > max_depth) {
        scan.too_deep_at = i;
        return scan;
      }
    } else if (c == ']' || c == '}') {
      if (depth > 0) --depth;
    } else if ((c == 'N' || c == 'I') &&
               (i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1])))) {
      ++scan.non_finite;  // the first letter of NaN or (-)Infinity, not the last N of NaN
    }
  }
  return scan;
}

Error ErrorAt(ErrorCode code, std::string_view text, std::size_t offset, std::string message) {
  const TextPosition at = PositionAt(text, offset);
  return Error{code, at.line, std::nullopt, at.column, {}, std::move(message)};
}

ErrorCode CodeOf(rapidjson::ParseErrorCode code) noexcept {
  switch (code) {
    case rapidjson::kParseErrorStringInvalidEncoding:
      return ErrorCode::kInvalidUtf8;
    case rapidjson::kParseErrorNumberTooBig:
      return ErrorCode::kOutOfRange;
    default:
      return ErrorCode::kInvalidJson;
  }
}

}  // namespace

Result<ParsedBatch> ParseBatchJson(std::string_view text, bool strict_json,
                                   std::uint32_t max_nesting_depth) {
  const Scan scan = ScanText(text, max_nesting_depth);
  if (scan.too_deep_at != std::string_view::npos) {
    return ErrorAt(ErrorCode::kLimitExceeded, text, scan.too_deep_at,
                   "JSON nested deeper than " + std::to_string(max_nesting_depth) + " levels");
  }
  std::string defused_storage;
  const std::string_view parseable = DefuseNumberLiterals(text, defused_storage);
  // A length-bounded stream: RapidJSON's string streams would stop at a NUL byte.
  rapidjson::MemoryStream bytes(parseable.data(), parseable.size());
  rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> input(bytes);
  ParsedBatch parsed{std::make_unique<rapidjson::Document>(), 0};
  rapidjson::Document& document = *parsed.document;
  if (strict_json) {
    document.ParseStream<BatchParseFlags(true)>(input);
  } else {
    document.ParseStream<BatchParseFlags(false)>(input);
  }
  if (document.HasParseError()) {
    return ErrorAt(CodeOf(document.GetParseError()), text, document.GetErrorOffset(),
                   rapidjson::GetParseError_En(document.GetParseError()));
  }
  for (std::size_t i = input.Tell(); i < text.size(); ++i) {
    if (!IsJsonWhiteSpace(text[i])) {
      return ErrorAt(ErrorCode::kInvalidJson, text, i, "characters after the JSON value");
    }
  }
  if (!document.IsObject()) {
    std::size_t start = 0;
    while (start < text.size() && IsJsonWhiteSpace(text[start])) ++start;
    return ErrorAt(ErrorCode::kNotAnObject, text, start, "a batch is a JSON object");
  }
  parsed.non_finite_numbers = strict_json ? 0 : scan.non_finite;
  return parsed;
}

}  // namespace tracedoc::cirron
