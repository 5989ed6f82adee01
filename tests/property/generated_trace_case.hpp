// How a property draws one generated stream: rapidcheck picks the size (shrinking toward short
// streams) and the seed, so a counterexample names both and replays exactly.
#ifndef TRACEDOC_TESTS_PROPERTY_GENERATED_TRACE_CASE_HPP_
#define TRACEDOC_TESTS_PROPERTY_GENERATED_TRACE_CASE_HPP_

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include <rapidcheck.h>

#include "property/trace_generator.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::property {

/// Records between the meta and the terminal, at most. Enough for nested spans with records
/// inside; more only slows the sanitizer build (the whole binary stays under a minute there).
inline constexpr std::size_t kMaxGeneratedRecords = 32;

/// Draws a valid stream; call inside a property.
inline GeneratedTrace GenerateTraceCase() {
  const auto size = *rc::gen::inRange<std::size_t>(0, kMaxGeneratedRecords + 1);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  return TraceGenerator(seed).Generate(size);
}

/// A generated stream read into its document (tagged with its schema, logged for a
/// counterexample); a stream that does not read fails the property.
inline TraceDocument GeneratedDocument() {
  const GeneratedTrace trace = GenerateTraceCase();
  RC_TAG(trace.previous_schema ? "trace/9" : "trace/10");
  const std::string text = trace.Text();
  RC_LOG() << "stream:\n" << text << '\n';
  Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  if (!read) RC_FAIL(FormatError("<generated>", read.error()));
  return std::move(read).value();
}

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_GENERATED_TRACE_CASE_HPP_
