// A generated TraceML export read into a document, as the exports' tests take it: 2 nodes of 2
// GPUs over `steps` steps, converted through the one way in.
#ifndef TRACEDOC_TESTS_SUPPORT_CONVERTED_TRACEML_HPP_
#define TRACEDOC_TESTS_SUPPORT_CONVERTED_TRACEML_HPP_

#include <cstdint>

#include "support/traceml_export_generator.hpp"
#include "tracedoc/open.hpp"

namespace tracedoc::testing_support {

/// The steps the exports' tests convert: 3,000 (over 50,000 spans, 16 or more a step); 600 under
/// the sanitizers, where converting and replaying 3,000 took about a minute per test.
#ifdef TRACEDOC_SANITIZED
inline constexpr std::uint64_t kConvertedTraceMLSteps = 600;
#else
inline constexpr std::uint64_t kConvertedTraceMLSteps = 3000;
#endif

inline Result<TraceDocument> ConvertedTraceMLExport(std::uint64_t seed,
                                                    std::uint64_t steps = kConvertedTraceMLSteps) {
  TraceMLExportPlan plan;
  plan.seed = seed;
  plan.nodes = 2;
  plan.gpus_per_node = 2;
  plan.steps = steps;
  const GeneratedTraceMLExport generated = GenerateTraceMLExport(plan);
  OpenOptions options;
  options.format = InputFormat::kTraceMLExport;
  return ReadDocument(TraceInput::FromString(generated.text), options);
}

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_CONVERTED_TRACEML_HPP_
