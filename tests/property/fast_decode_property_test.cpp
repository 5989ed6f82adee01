// The decoder's fast path (src/decode/fast_record_decoder) against its general path alone (issue
// 18): for every line of a generated stream, as written and mutated (record_line_mutations.hpp),
// under each set of decode options, both give the same Result: the same Event, or the same Error
// in every field (code, line, index, column, field, message).
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "support/trace_generator.hpp"
#include "decode/decoder_access.hpp"
#include "decode/fast_record_decoder.hpp"
#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "property/record_line_mutations.hpp"
#include "support/test_traces.hpp"
#include "text/utf8.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc::property {
namespace {

using testdata::SplitLines;

// The plain options first: rapidcheck draws small numbers more often.
DecodeOptions DrawOptions() {
  DecodeOptions options;
  switch (*rc::gen::inRange(0, 6)) {
    case 0:
      RC_TAG("default options");
      break;
    case 1:
      RC_TAG("strict unknown fields");
      options.strict = true;
      break;
    case 2:
      RC_TAG("depth bound 2");
      options.max_nesting_depth = 2;
      break;
    case 3:
      RC_TAG("depth bound 1");
      options.max_nesting_depth = 1;
      break;
    case 4:
      RC_TAG("string bound 4");
      options.max_string_bytes = 4;
      break;
    default:
      RC_TAG("trace/6");
      options.trace6 = true;
      break;
  }
  return options;
}

void ExpectSameResult(const Result<Event>& fast, const Result<Event>& general) {
  RC_ASSERT(fast.has_value() == general.has_value());
  if (fast.has_value()) {
    RC_ASSERT(fast.value() == general.value());
  } else {
    RC_LOG() << "fast path: " << fast.error().message << "; general: " << general.error().message
             << '\n';
    RC_ASSERT(fast.error() == general.error());
  }
}

// Lines of both generators: the property generator's, which spell records every legal way
// (white space, escapes, any key order, unknown keys), and the benchmark's, written plainly as
// producers do, which the fast path takes; then lines of either, mutated.
RC_GTEST_PROP(FastDecodeProperty, FastPathDecodesEveryLineAsTheGeneralPath, ()) {
  const DecodeOptions options = DrawOptions();
  std::vector<std::string> lines = SplitLines(GenerateTraceCase().Text());
  const std::vector<std::string> plain = SplitLines(generator::GenerateTrace(
      *rc::gen::inRange<std::size_t>(2, 64), *rc::gen::arbitrary<std::uint64_t>()));
  lines.insert(lines.end(), plain.begin(), plain.end());

  RecordDecoder with_fast_path(options);
  RecordDecoder general_only(options);
  detail::DecoderAccess::SetFastPath(general_only, false);
  decode::FastRecordDecoder fast_alone(options);
  util::Arena arena;
  std::uint64_t number = 0;
  auto check = [&](const std::string& line) {
    ++number;
    const RecordPosition position{number, number - 1};
    ExpectSameResult(with_fast_path.Decode(line, position), general_only.Decode(line, position));
    if (text::IsValidUtf8(line)) {
      ExpectSameResult(with_fast_path.DecodeValidUtf8(line, position),
                       general_only.DecodeValidUtf8(line, position));
    }
  };
  for (const std::string& line : lines) {
    RC_LOG() << "line as written: " << line << '\n';
    check(line);
  }
  std::size_t mutated_on_fast_path = 0;
  for (int i = 0; i < 16; ++i) {
    std::vector<std::string> mutations;
    const std::string line = MutateRecordLine(*rc::gen::elementOf(lines), mutations);
    RC_LOG() << "mutated (" << mutations.size() << " changes):";
    for (const std::string& name : mutations) RC_LOG() << " " << name;
    RC_LOG() << ": " << line << '\n';
    Event event;
    if (fast_alone.Decode(line, arena, event)) ++mutated_on_fast_path;
    check(line);
  }
  RC_CLASSIFY(mutated_on_fast_path > 0, "a mutated line on the fast path");
}

}  // namespace
}  // namespace tracedoc::property
