// The spellings of TraceML's streams (docs/traceml-export.md).
#include <array>
#include <string_view>

#include "tracedoc/traceml_export.hpp"
#include "util/enum_names.hpp"

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, kTraceMLStreamCount> kStreamNames = {
    "step_time", "step_memory", "system", "system_gpu",
    "process",   "runtime_environment", "stdout_stderr",
};

}  // namespace

std::string_view TraceMLStreamName(TraceMLStream stream) noexcept {
  return kStreamNames[static_cast<std::size_t>(stream)];
}

std::optional<TraceMLStream> TraceMLStreamFromName(std::string_view name) noexcept {
  return util::EnumFromNames<TraceMLStream>(kStreamNames, name);
}

std::uint64_t TraceMLExport::record_count() const noexcept {
  return step_time.size() + step_memory.size() + system.size() + system_gpu.size() +
         process.size() + runtime_environment.size() + stdout_stderr.size();
}

}  // namespace tracedoc
