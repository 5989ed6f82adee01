// The public entry points of the memory analysis (docs/analyses.md §5.1, §5.2): the two planes are
// computed independently and neither fills gaps in the other. A trace/6 document has its own
// replay instead (docs/legacy-trace6.md §9.3): the revision is looked at here and in the JSON.
#include "analysis/logical_memory.hpp"
#include "analysis/physical_memory.hpp"
#include "analysis/trace6_memory.hpp"
#include "tracedoc/memory.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc {

MemoryCategory CategoryForStep(std::optional<ExecutionStep> step, bool requires_grad) noexcept {
  if (!step) return requires_grad ? MemoryCategory::kParameter : MemoryCategory::kActivation;
  switch (*step) {
    case ExecutionStep::kBackward:
      return MemoryCategory::kGradient;
    case ExecutionStep::kOptimizer:
      return MemoryCategory::kOptimizer;
    case ExecutionStep::kForward:
      break;
  }
  return MemoryCategory::kActivation;
}

std::optional<LogicalMemoryProfile> AnalyzeLogicalMemory(const TraceDocument& document) {
  return analysis::BuildLogicalPlane(document.memory());
}

std::optional<PhysicalMemoryProfile> AnalyzePhysicalMemory(const TraceDocument& document) {
  return analysis::BuildPhysicalPlane(document.device_memory());
}

MemoryProfile AnalyzeMemory(const TraceDocument& document) {
  MemoryProfile profile;
  if (format::RulesOf(document.revision()).legacy_analyses) {
    profile.trace6 = analysis::BuildTrace6Report(document);
  } else {
    profile.logical = AnalyzeLogicalMemory(document);
    profile.physical = AnalyzePhysicalMemory(document);
  }
  return profile;
}

namespace analysis {

MemoryProfile AnalyzeMemoryWithoutTimelines(const TraceDocument& document) {
  MemoryProfile profile;
  if (format::RulesOf(document.revision()).legacy_analyses) {
    // The report's timeline is one point per event, so it is kept: it is linear, not quadratic.
    profile.trace6 = BuildTrace6Report(document);
  } else {
    profile.logical = BuildLogicalPlaneWithoutTimeline(document.memory());
  }
  return profile;
}

}  // namespace analysis

}  // namespace tracedoc
