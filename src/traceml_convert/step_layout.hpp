// Where a step's phases lie (docs/traceml-conversion.md, "Steps and phases"): the step ends at
// its timestamp_unix_ns and lasts the sum of its phases, each phase as long as its slowest
// device, laid one after another in the order the events map names them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "traceml/export_records.hpp"

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
  const traceml::PhaseSampleView* sample = nullptr;
  UnixInterval interval;
};

/// One phase name of the step with a measured sample.
struct PhaseLayout {
  std::string_view name;
  UnixInterval interval;
  /// The phase's one sample with a duration, when it has only one; else null and its devices
  /// are StepLayout::devices[first_device, first_device + device_count), in the order written.
  const traceml::PhaseSampleView* sample = nullptr;
  std::size_t first_device = 0;
  std::size_t device_count = 0;
};

/// Reused from step to step, so that laying out steps allocates nothing once warm.
struct StepLayout {
  UnixInterval interval;
  std::vector<PhaseLayout> phases;
  std::vector<DeviceLayout> devices;
  /// Samples with a null duration_ms: they take no time and make no span.
  std::vector<const traceml::PhaseSampleView*> unplaced;
};

/// Lays out the step whose events are `samples` (a phase's devices in a row, as the reader
/// flattens the map) and that ends at `end_unix_ns`, into `layout`. A step longer than
/// `end_unix_ns` (only a hostile export) starts at 0 and its phases are cut at its end, so they
/// still nest.
void LayOutStep(std::span<const traceml::PhaseSampleView> samples, std::uint64_t end_unix_ns,
                StepLayout& layout);

}  // namespace tracedoc::traceml_convert
