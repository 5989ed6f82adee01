// RapidJSON's SAX reader over a memory stream: '\0' is its end-of-input mark, so the stream is
// bounded by length and the bytes after the root value are checked here, not by RapidJSON.
#include "strict_json.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

namespace tracedoc::fuzz {
namespace {

constexpr unsigned kStrictFlags =
    rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
    rapidjson::kParseFullPrecisionFlag | rapidjson::kParseStopWhenDoneFlag |
    rapidjson::kParseNumbersAsStringsFlag;

bool IsJsonWhiteSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// True when the literal's magnitude rounds to infinity (glibc's strtod rounds correctly).
bool OverflowsDouble(std::string_view literal) {
  const std::string copy(literal);
  return std::isinf(std::strtod(copy.c_str(), nullptr));
}

// The longest prefix of `text` that is an RFC 8259 number: -? (0 | [1-9][0-9]*) (.[0-9]+)?
// ([eE][+-]?[0-9]+)?; a part that starts but does not complete is left out. 0 when none.
std::size_t NumberLiteralLength(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') ++i;
  if (i < text.size() && text[i] == '0') {
    ++i;
  } else if (i < text.size() && IsDigit(text[i])) {
    while (i < text.size() && IsDigit(text[i])) ++i;
  } else {
    return 0;
  }
  if (i + 1 < text.size() && text[i] == '.' && IsDigit(text[i + 1])) {
    i += 2;
    while (i < text.size() && IsDigit(text[i])) ++i;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && IsDigit(text[j])) {
      while (j < text.size() && IsDigit(text[j])) ++j;
      i = j;
    }
  }
  return i;
}

// A surrogate code point as UTF-8 (ED A0..BF xx): RapidJSON's output for a lone `\uDC00`, the
// input itself being validated.
bool HasEncodedSurrogate(const char* str, rapidjson::SizeType length) {
  for (rapidjson::SizeType i = 0; i + 1 < length; ++i) {
    if (static_cast<unsigned char>(str[i]) == 0xED &&
        static_cast<unsigned char>(str[i + 1]) >= 0xA0) {
      return true;
    }
  }
  return false;
}

class VerdictHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, VerdictHandler> {
 public:
  bool StartObject() { return Open(); }
  bool EndObject(rapidjson::SizeType) { return Close(); }
  bool StartArray() { return Open(); }
  bool EndArray(rapidjson::SizeType) { return Close(); }
  bool String(const char* str, rapidjson::SizeType length, bool) { return Text(str, length); }
  bool Key(const char* str, rapidjson::SizeType length, bool) { return Text(str, length); }
  bool RawNumber(const char* str, rapidjson::SizeType length, bool) {
    if (OverflowsDouble(std::string_view(str, length))) overflow = true;
    return true;
  }

  std::size_t depth = 0;
  std::size_t max_depth = 0;
  bool overflow = false;
  bool lone_surrogate = false;

 private:
  bool Open() {
    ++depth;
    if (depth > max_depth) max_depth = depth;
    return true;
  }
  bool Close() {
    --depth;
    return true;
  }
  bool Text(const char* str, rapidjson::SizeType length) {
    // Stopping the parse here makes the text invalid.
    lone_surrogate = HasEncodedSurrogate(str, length);
    return !lone_surrogate;
  }
};

}  // namespace

StrictJsonVerdict ParseStrictJson(std::string_view text) {
  // Each literal RapidJSON calls too big is replaced by `0e0` in a copy and the parse runs again;
  // the literals replaced still count for the range verdict. Each round removes one literal.
  std::string copy;
  std::string_view input = text;
  bool replaced_overflow = false;
  for (;;) {
    VerdictHandler handler;
    rapidjson::MemoryStream stream(input.data(), input.size());
    rapidjson::Reader reader;
    const rapidjson::ParseResult result = reader.Parse<kStrictFlags>(stream, handler);
    StrictJsonVerdict verdict;
    verdict.max_depth = handler.max_depth;
    if (result.Code() == rapidjson::kParseErrorNumberTooBig) {
      const std::size_t begin = result.Offset();
      const std::size_t length = NumberLiteralLength(input.substr(begin));
      if (length == 0) return verdict;  // RapidJSON promises a literal here; never happens
      if (OverflowsDouble(input.substr(begin, length))) replaced_overflow = true;
      // `0e0`, not `0`: a literal ending in exponent digits cannot absorb what follows (`.5`).
      copy =
          std::string(input.substr(0, begin)) + "0e0" + std::string(input.substr(begin + length));
      input = copy;
      continue;
    }
    if (result.IsError()) return verdict;
    std::size_t end = stream.Tell();
    while (end < input.size() && IsJsonWhiteSpace(input[end])) ++end;
    verdict.valid = end == input.size();
    verdict.number_overflows_double = verdict.valid && (handler.overflow || replaced_overflow);
    return verdict;
  }
}

bool IsStrictJson(std::string_view text) { return ParseStrictJson(text).valid; }

}  // namespace tracedoc::fuzz
