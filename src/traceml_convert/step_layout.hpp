// Where a step's phases lie (docs/traceml-conversion.md, "Steps and phases"): the step ends at
// its timestamp_unix_ns and lasts the sum of its phases, each phase as long as its slowest
// device, laid one after another in the order the events map names them.
#ifndef TRACEDOC_SRC_TRACEML_CONVERT_STEP_LAYOUT_HPP_
#define TRACEDOC_SRC_TRACEML_CONVERT_STEP_LAYOUT_HPP_

#include <cstdint>
#include <string_view>
#include <vector>

#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml_convert {

/// Milliseconds as whole nanoseconds: ms × 10^6 rounded to the nearest (halves away from 0),
/// 0 for a negative value, 2^64 − 1 past it.
std::uint64_t MillisecondsToNs(double ms);

/// An interval in Unix nanoseconds.
struct UnixInterval {
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
};

/// One device of a phase that has several: its own duration from the phase's start.
struct DeviceLayout {
  const TraceMLPhaseSample* sample = nullptr;
  UnixInterval interval;
};

/// One phase name of the step.
struct PhaseLayout {
  std::string_view name;
  UnixInterval interval;
  /// The phase's one sample with a duration, when it has only one; else null and `devices` holds
  /// them (in the order written).
  const TraceMLPhaseSample* sample = nullptr;
  std::vector<DeviceLayout> devices;
};

struct StepLayout {
  UnixInterval interval;
  std::vector<PhaseLayout> phases;
  /// Samples with a null duration_ms: they take no time and make no span.
  std::vector<const TraceMLPhaseSample*> unplaced;
};

/// The layout of a step that ends at `end_unix_ns`. A step longer than `end_unix_ns` (only a
/// hostile export) starts at 0 and its phases are cut at its end, so they still nest.
StepLayout LayOutStep(const TraceMLStepTime& record, std::uint64_t end_unix_ns);

}  // namespace tracedoc::traceml_convert

#endif  // TRACEDOC_SRC_TRACEML_CONVERT_STEP_LAYOUT_HPP_
