// The public entry points of the memory analysis (docs/analyses.md §5.1, §5.2): the two planes are
// computed independently and neither fills gaps in the other.
#include "analysis/logical_memory.hpp"
#include "analysis/physical_memory.hpp"
#include "tracedoc/memory.hpp"

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
  return MemoryProfile{AnalyzeLogicalMemory(document), AnalyzePhysicalMemory(document)};
}

}  // namespace tracedoc
