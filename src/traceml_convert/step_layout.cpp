// docs/traceml-conversion.md, "Steps and phases".
#include "traceml_convert/step_layout.hpp"

#include <algorithm>
#include <cmath>

#include "util/saturating.hpp"

namespace tracedoc::traceml_convert {
namespace {

// 2^64 as a double: the first value that no u64 holds.
constexpr double kTwoTo64 = 18446744073709551616.0;

UnixInterval Cut(std::uint64_t start, std::uint64_t duration, std::uint64_t limit) {
  return {start, std::min(util::SaturatingAdd(start, duration), limit)};
}

// The end of the run of samples of the phase that starts at `begin`: a phase's devices are
// consecutive, and its name is not used again (the events map's keys are unique).
std::size_t PhaseEnd(std::span<const traceml::PhaseSampleView> samples, std::size_t begin) {
  std::size_t end = begin + 1;
  while (end < samples.size() && samples[end].name == samples[begin].name) ++end;
  return end;
}

}  // namespace

std::uint64_t MillisecondsToNs(double ms) {
  const double ns = std::round(ms * 1e6);
  if (!(ns > 0)) return 0;
  return ns >= kTwoTo64 ? util::kU64Max : static_cast<std::uint64_t>(ns);
}

void LayOutStep(std::span<const traceml::PhaseSampleView> samples, std::uint64_t end_unix_ns,
                StepLayout& layout) {
  layout.phases.clear();
  layout.devices.clear();
  layout.unplaced.clear();
  std::uint64_t total_ns = 0;
  for (std::size_t begin = 0; begin < samples.size();) {
    const std::size_t end = PhaseEnd(samples, begin);
    std::uint64_t longest_ns = 0;
    for (std::size_t i = begin; i < end; ++i) {
      if (samples[i].duration_ms) {
        longest_ns = std::max(longest_ns, MillisecondsToNs(*samples[i].duration_ms));
      } else {
        layout.unplaced.push_back(&samples[i]);
      }
    }
    total_ns = util::SaturatingAdd(total_ns, longest_ns);
    begin = end;
  }
  layout.interval = {util::SaturatingSub(end_unix_ns, total_ns), end_unix_ns};

  std::uint64_t cursor = layout.interval.start_ns;
  for (std::size_t begin = 0; begin < samples.size();) {
    const std::size_t end = PhaseEnd(samples, begin);
    std::uint64_t longest_ns = 0;
    std::size_t measured = 0;
    const traceml::PhaseSampleView* only = nullptr;
    for (std::size_t i = begin; i < end; ++i) {
      if (!samples[i].duration_ms) continue;
      longest_ns = std::max(longest_ns, MillisecondsToNs(*samples[i].duration_ms));
      ++measured;
      only = &samples[i];
    }
    if (measured != 0) {  // a phase all of whose devices had a null duration makes no span
      PhaseLayout& placed = layout.phases.emplace_back();
      placed.name = samples[begin].name;
      placed.interval = Cut(cursor, longest_ns, end_unix_ns);
      if (measured == 1) {
        placed.sample = only;
      } else {
        placed.first_device = layout.devices.size();
        placed.device_count = measured;
        for (std::size_t i = begin; i < end; ++i) {
          if (!samples[i].duration_ms) continue;
          layout.devices.push_back(
              {&samples[i], Cut(cursor, MillisecondsToNs(*samples[i].duration_ms), end_unix_ns)});
        }
      }
      cursor = placed.interval.end_ns;
    }
    begin = end;
  }
}

}  // namespace tracedoc::traceml_convert
