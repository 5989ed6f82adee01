// A generated TraceML export read into a document, as the exports' tests take it: 2 nodes of 2
// GPUs over `steps` steps, converted through the one way in.
#ifndef TRACEDOC_TESTS_SUPPORT_CONVERTED_TRACEML_HPP_
#define TRACEDOC_TESTS_SUPPORT_CONVERTED_TRACEML_HPP_

#include <cstdint>

#include "support/traceml_export_generator.hpp"
#include "tracedoc/open.hpp"

namespace tracedoc::testing_support {

inline Result<TraceDocument> ConvertedTraceMLExport(std::uint64_t seed, std::uint64_t steps) {
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
