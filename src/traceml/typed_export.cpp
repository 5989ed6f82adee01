// ReadTraceMLExport: the reader with a sink that keeps every record as the public typed records,
// each stream in file order.
#include <string>
#include <vector>

#include "traceml/export_reader.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc {
namespace {

using traceml::RecordHead;
using traceml::RecordSource;

std::optional<std::string> Owned(const std::optional<std::string_view>& text) {
  return text ? std::optional<std::string>(std::string(*text)) : std::nullopt;
}

std::optional<bool> Flag(const traceml::IntegerBool& value) {
  return value ? std::optional<bool>(*value == 1) : std::nullopt;
}

std::vector<TraceMLUnknownField> Fields(const UnknownFields& unknown) {
  std::vector<TraceMLUnknownField> fields;
  fields.reserve(unknown.size());
  for (const UnknownField& field : unknown) {
    fields.push_back({std::string(field.key), std::string(field.json)});
  }
  return fields;
}

TraceMLRecordBase Base(const RecordHead& head, const UnknownFields& unknown,
                       const RecordSource& at) {
  TraceMLRecordBase base;
  base.line = at.line;
  base.observed_timestamp_unix_ns = head.observed_timestamp_unix_ns;
  base.timestamp_unix_ns = head.timestamp_unix_ns;
  base.unknown = Fields(unknown);
  return base;
}

TraceMLRankIdentity Identity(const RecordHead& head) {
  return TraceMLRankIdentity{head.global_rank,      head.local_rank,     head.world_size,
                             head.local_world_size, head.node_rank,      Owned(head.hostname),
                             head.seq};
}

class Collector final : public traceml::ExportSink {
 public:
  explicit Collector(TraceMLExport& out) : out_(out) {}

  void OnStepTime(const traceml::StepTimeView& v, const RecordSource& at) override {
    TraceMLStepTime& r = out_.step_time.emplace_back();
    r.base = Base(v.head, v.unknown, at);
    r.identity = Identity(v.head);
    r.step = v.step;
    r.events.reserve(v.events.samples.size());
    for (const traceml::PhaseSampleView& s : v.events.samples) {
      r.events.push_back(TraceMLPhaseSample{std::string(s.name), std::string(s.device), s.is_gpu,
                                            s.duration_ms, s.cpu_ms, s.gpu_ms, s.n_calls,
                                            Fields(s.unknown)});
    }
  }
  void OnStepMemory(const traceml::StepMemoryView& v, const RecordSource& at) override {
    out_.step_memory.push_back(TraceMLStepMemory{Base(v.head, v.unknown, at), Identity(v.head),
                                                 Owned(v.device), v.step, v.peak_alloc_bytes,
                                                 v.peak_reserved_bytes});
  }
  void OnSystem(const traceml::SystemView& v, const RecordSource& at) override {
    out_.system.push_back(TraceMLSystem{Base(v.head, v.unknown, at), Identity(v.head),
                                        v.cpu_percent, v.ram_used_bytes, v.ram_total_bytes,
                                        Flag(v.gpu_available), v.gpu_count});
  }
  void OnSystemGpu(const traceml::SystemGpuView& v, const RecordSource& at) override {
    out_.system_gpu.push_back(TraceMLSystemGpu{Base(v.head, v.unknown, at), Identity(v.head),
                                               v.gpu_idx, v.util, v.mem_used_bytes,
                                               v.mem_total_bytes, v.temperature_c,
                                               v.power_usage_w, v.power_limit_w});
  }
  void OnProcess(const traceml::ProcessView& v, const RecordSource& at) override {
    out_.process.push_back(TraceMLProcess{
        Base(v.head, v.unknown, at), Identity(v.head), v.cpu_percent, v.cpu_logical_core_count,
        v.ram_used_bytes, v.ram_total_bytes, Flag(v.gpu_available), v.gpu_count,
        v.gpu_device_index, v.gpu_mem_used_bytes, v.gpu_mem_reserved_bytes,
        v.gpu_mem_total_bytes});
  }
  void OnRuntimeEnvironment(const traceml::RuntimeEnvironmentView& v,
                            const RecordSource& at) override {
    out_.runtime_environment.push_back(TraceMLRuntimeEnvironment{
        Base(v.head, v.unknown, at), Identity(v.head), v.pid, Owned(v.topology),
        Flag(v.distributed_initialized), Owned(v.distributed_backend),
        Owned(v.training_strategy), Owned(v.strategy_source), Owned(v.strategy_confidence)});
  }
  void OnOutputLine(const traceml::OutputLineView& v, const RecordSource& at) override {
    out_.stdout_stderr.push_back(
        TraceMLOutputLine{Base(v.head, v.unknown, at), v.head.rank, std::string(v.line)});
  }
  void OnClosingLine(const traceml::ClosingLineView& v, const RecordSource& at) override {
    out_.closing =
        TraceMLClosingLine{at.line, v.written_records, v.dropped_batches, Fields(v.unknown)};
  }

 private:
  TraceMLExport& out_;
};

}  // namespace

Result<TraceMLExport> ReadTraceMLExport(const TraceInput& input,
                                        const TraceMLReadOptions& options) {
  TraceMLExport out;
  Collector collector(out);
  BOOST_OUTCOME_TRY(const traceml::ExportTotals totals,
                    traceml::ReadExport(input, options, collector, out.warnings));
  out.has_hostname = totals.has_hostname;
  out.duplicates = totals.duplicates;
  return out;
}

}  // namespace tracedoc
