// docs/traceml-conversion.md, "Steps and phases".
#include "traceml_convert/step_layout.hpp"

#include <algorithm>
#include <cmath>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml_convert {
namespace {

// 2^64 as a double: the first value that no u64 holds.
constexpr double kTwoTo64 = 18446744073709551616.0;

UnixInterval Cut(std::uint64_t start, std::uint64_t duration, std::uint64_t limit) {
  return {start, std::min(util::SaturatingAdd(start, duration), limit)};
}

}  // namespace

std::uint64_t MillisecondsToNs(double ms) {
  const double ns = std::round(ms * 1e6);
  if (!(ns > 0)) return 0;
  return ns >= kTwoTo64 ? util::kU64Max : static_cast<std::uint64_t>(ns);
}

StepLayout LayOutStep(const TraceMLStepTime& record, std::uint64_t end_unix_ns) {
  StepLayout layout;
  struct Durations {
    std::string_view name;
    std::uint64_t longest_ns = 0;
    std::vector<const TraceMLPhaseSample*> samples;
  };
  // The phase names in the order they first appear, found by hash: a step may name many.
  std::vector<Durations> phases;
  boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash> position;
  for (const TraceMLPhaseSample& sample : record.events) {
    const auto [at, added] = position.try_emplace(sample.name, phases.size());
    if (added) phases.push_back({sample.name, 0, {}});
    if (!sample.duration_ms) {
      layout.unplaced.push_back(&sample);
      continue;
    }
    Durations& phase = phases[at->second];
    phase.longest_ns = std::max(phase.longest_ns, MillisecondsToNs(*sample.duration_ms));
    phase.samples.push_back(&sample);
  }
  std::uint64_t total_ns = 0;
  for (const Durations& phase : phases) total_ns = util::SaturatingAdd(total_ns, phase.longest_ns);
  layout.interval = {util::SaturatingSub(end_unix_ns, total_ns), end_unix_ns};

  std::uint64_t cursor = layout.interval.start_ns;
  for (const Durations& phase : phases) {
    if (phase.samples.empty()) continue;  // every device of it had a null duration
    PhaseLayout& placed = layout.phases.emplace_back();
    placed.name = phase.name;
    placed.interval = Cut(cursor, phase.longest_ns, end_unix_ns);
    if (phase.samples.size() == 1) {
      placed.sample = phase.samples.front();
    } else {
      for (const TraceMLPhaseSample* sample : phase.samples) {
        placed.devices.push_back(
            {sample, Cut(cursor, MillisecondsToNs(*sample->duration_ms), end_unix_ns)});
      }
    }
    cursor = placed.interval.end_ns;
  }
  return layout;
}

}  // namespace tracedoc::traceml_convert
