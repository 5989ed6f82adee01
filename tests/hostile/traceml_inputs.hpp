// Generated TraceML exports (docs/traceml-export.md) for the hostile bounds: a long run of many
// records, and one step_time line whose events map is huge. Written straight to disk, compact,
// so that the generator never holds the input.
#ifndef TRACEDOC_TESTS_HOSTILE_TRACEML_INPUTS_HPP_
#define TRACEDOC_TESTS_HOSTILE_TRACEML_INPUTS_HPP_

#include <cstdint>
#include <vector>

#include "hostile/hostile_inputs.hpp"

namespace tracedoc::hostile {

/// `steps` steps of 8 ranks on 2 nodes: per rank and step a step_time record (two phases) and a
/// step_memory record, every 100 steps a process record per rank, then the closing line.
/// About 320 bytes a record.
void WriteTraceMLRun(FileWriter& out, std::uint64_t steps);

/// One step_time record whose events map has `phases` phases of one device each, then the
/// closing line.
void WriteTraceMLHugeEvents(FileWriter& out, std::uint64_t phases);

/// One step_time record whose events map has one phase, named with `name_bytes` bytes, measured
/// on `devices` devices, then the closing line. Converted, the phase holds one span per device,
/// each named after it (`NAME [DEVICE]`, docs/traceml-conversion.md).
void WriteTraceMLLongPhaseOnManyDevices(FileWriter& out, std::uint64_t name_bytes,
                                        std::uint64_t devices);

/// The TraceML cases, sized by `scale` (TRACEDOC_HOSTILE_SCALE, a divisor).
std::vector<HostileCase> TraceMLCases(std::uint64_t scale);

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_TRACEML_INPUTS_HPP_
