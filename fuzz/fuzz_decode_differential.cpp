// The record decoder (Boost.JSON underneath) against RapidJSON on each line of the input: both
// must agree on whether the line is JSON. The agreement rule, per line, with RapidJSON given the
// line after the spec's Trim (the decoder trims Unicode white space, RapidJSON knows only JSON's):
//
//   RapidJSON opened more than max_nesting_depth levels -> limit_exceeded (or invalid_utf8: the
//       decoder checks the whole line's UTF-8 before parsing);
//   RapidJSON: not JSON                                 -> invalid_json or invalid_utf8;
//   RapidJSON: JSON, a literal overflows a double       -> out_of_range from the syntax layer
//       (no field, no column);
//   RapidJSON: JSON                                     -> success or a record-stage error
//       (not_an_object, duplicate_key, missing_field, unknown_kind, invalid_type,
//       invalid_value, or out_of_range naming a field): never a syntax-stage code.
//
// Each line is decoded at the default depth bound and at a bound of 2, so both sides of the
// limit are reached by ordinary records. A syntax error's column lies within the line.
//
// And the decoder against itself (issue 18): with its fast path (decode/fast_record_decoder) and
// with the general path alone, it gives the same Result, the same Event or the same Error.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "decode/decoder_access.hpp"
#include "fuzz_check.hpp"
#include "strict_json.hpp"
#include "trace_lines.hpp"
#include "tracedoc/record_decoder.hpp"

namespace {

using tracedoc::ErrorCode;

tracedoc::DecodeOptions WithDepthBound(std::size_t max_depth) {
  tracedoc::DecodeOptions options;
  options.max_nesting_depth = max_depth;
  return options;
}

bool IsSyntaxOutOfRange(const tracedoc::Error& error) {
  return error.code == ErrorCode::kOutOfRange && error.field.empty() && !error.column;
}

tracedoc::RecordDecoder GeneralPathOnly(std::size_t max_depth) {
  tracedoc::RecordDecoder decoder(WithDepthBound(max_depth));
  tracedoc::detail::DecoderAccess::SetFastPath(decoder, false);
  return decoder;
}

void CheckLine(const tracedoc::Result<tracedoc::Event>& decoded, std::size_t max_depth,
               std::string_view line, const tracedoc::fuzz::StrictJsonVerdict& verdict) {
  const bool ok = decoded.has_value();
  const ErrorCode code = ok ? ErrorCode::kIoError : decoded.error().code;
  const bool syntax_error =
      !ok && (code == ErrorCode::kInvalidJson || code == ErrorCode::kInvalidUtf8);
  const bool too_deep = !ok && code == ErrorCode::kLimitExceeded;
  const bool out_of_range = !ok && IsSyntaxOutOfRange(decoded.error());

  if (verdict.max_depth > max_depth) {
    TRACEDOC_FUZZ_CHECK(too_deep || (!ok && code == ErrorCode::kInvalidUtf8));
  } else if (!verdict.valid) {
    TRACEDOC_FUZZ_CHECK(syntax_error);
  } else if (verdict.number_overflows_double) {
    TRACEDOC_FUZZ_CHECK(out_of_range);
  } else {
    TRACEDOC_FUZZ_CHECK(!syntax_error && !too_deep && !out_of_range);
  }
  if (!ok && decoded.error().column) {
    TRACEDOC_FUZZ_CHECK(*decoded.error().column >= 1 && *decoded.error().column <= line.size() + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static constexpr std::array<std::size_t, 2> kDepthBounds = {
      tracedoc::DecodeOptions{}.max_nesting_depth, 2};
  // One decoder per bound, kept across inputs as a reader keeps it across lines, so the reuse of
  // its buffers is exercised too.
  static std::array<tracedoc::RecordDecoder, 2> decoders = {
      tracedoc::RecordDecoder(WithDepthBound(kDepthBounds[0])),
      tracedoc::RecordDecoder(WithDepthBound(kDepthBounds[1]))};
  static std::array<tracedoc::RecordDecoder, 2> general_only = {
      GeneralPathOnly(kDepthBounds[0]), GeneralPathOnly(kDepthBounds[1])};

  std::string_view rest(reinterpret_cast<const char*>(data), size);
  for (;;) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    const tracedoc::fuzz::StrictJsonVerdict verdict =
        tracedoc::fuzz::ParseStrictJson(tracedoc::fuzz::TrimSpecWhiteSpace(line));
    for (std::size_t i = 0; i < decoders.size(); ++i) {
      const tracedoc::Result<tracedoc::Event> decoded = decoders[i].Decode(line, {1, 0});
      CheckLine(decoded, kDepthBounds[i], line, verdict);
      const tracedoc::Result<tracedoc::Event> general = general_only[i].Decode(line, {1, 0});
      TRACEDOC_FUZZ_CHECK(decoded.has_value() == general.has_value());
      if (decoded.has_value()) {
        TRACEDOC_FUZZ_CHECK(decoded.value() == general.value());
      } else {
        TRACEDOC_FUZZ_CHECK(decoded.error() == general.error());
      }
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return 0;
}
