// How a property draws one generated stream: rapidcheck picks the size (shrinking toward short
// streams) and the seed, so a counterexample names both and replays exactly.
#ifndef TRACEDOC_TESTS_PROPERTY_GENERATED_TRACE_CASE_HPP_
#define TRACEDOC_TESTS_PROPERTY_GENERATED_TRACE_CASE_HPP_

#include <cstddef>
#include <cstdint>

#include <rapidcheck.h>

#include "property/trace_generator.hpp"

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

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_GENERATED_TRACE_CASE_HPP_
