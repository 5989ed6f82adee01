// step_time's `events`: a map of phase name to a map of device to one phase sample
// (docs/traceml-export.md, "step_time events"), flattened in the order written.
#ifndef TRACEDOC_TRACEML_PHASE_EVENTS_HPP_
#define TRACEDOC_TRACEML_PHASE_EVENTS_HPP_

#include <cstdint>
#include <string>
#include <vector>

#include "traceml/line_context.hpp"

namespace tracedoc::traceml {

/// Reads the events map at `node` (`field` is its path, `events`) into `samples`. Never null;
/// a name or device written twice is duplicate_key; each sample is read through PhaseColumns,
/// its unknown members going to `unknown` under their full path.
Result<void> ReadPhaseEvents(LineContext& ctx, std::uint32_t node, const std::string& field,
                             std::vector<TraceMLPhaseSample>& samples,
                             std::vector<TraceMLUnknownField>& unknown);

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_PHASE_EVENTS_HPP_
