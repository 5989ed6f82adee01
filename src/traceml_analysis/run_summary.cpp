// The run summary (docs/traceml-analysis.md) of a typed export or of an export as it is read:
// both feed the one accumulator, stream by stream in file order.
#include "tracedoc/traceml_summary.hpp"

#include "traceml/export_reader.hpp"
#include "traceml_analysis/run_accumulator.hpp"

namespace tracedoc {
namespace {

using traceml::RecordSource;

// The reader's records, handed to the accumulator as they come.
class SummarySink final : public traceml::ExportSink {
 public:
  explicit SummarySink(traceml_analysis::RunAccumulator& run) : run_(run) {}

  void OnStepTime(const traceml::StepTimeView& r, const RecordSource&) override {
    run_.StepTime(r.head.global_rank, r.step, r.events.samples);
  }
  void OnStepMemory(const traceml::StepMemoryView& r, const RecordSource&) override {
    run_.StepMemory(r.head.global_rank, r.device, r.step, r.peak_alloc_bytes,
                    r.peak_reserved_bytes);
  }
  void OnSystem(const traceml::SystemView& r, const RecordSource&) override {
    run_.Snapshot(TraceMLStream::kSystem, r.head.global_rank, r.head.seq);
  }
  void OnSystemGpu(const traceml::SystemGpuView& r, const RecordSource&) override {
    run_.SystemGpu(r.head.global_rank, r.head.seq, r.gpu_idx, r.head.node_rank, r.util,
                   r.mem_used_bytes, r.mem_total_bytes);
  }
  void OnProcess(const traceml::ProcessView& r, const RecordSource&) override {
    run_.Snapshot(TraceMLStream::kProcess, r.head.global_rank, r.head.seq);
  }
  void OnRuntimeEnvironment(const traceml::RuntimeEnvironmentView& r,
                            const RecordSource&) override {
    run_.RuntimeEnvironment(r.head.global_rank);
  }
  void OnOutputLine(const traceml::OutputLineView& r, const RecordSource&) override {
    run_.OutputLine(r.head.rank);
  }

 private:
  traceml_analysis::RunAccumulator& run_;
};

std::optional<std::string_view> View(const std::optional<std::string>& text) {
  return text ? std::optional<std::string_view>(*text) : std::nullopt;
}

}  // namespace

TraceMLRunSummary SummarizeTraceMLRun(const TraceMLExport& run) {
  traceml_analysis::RunAccumulator accumulator;
  for (const TraceMLStepTime& r : run.step_time) {
    accumulator.StepTime(r.identity.global_rank, r.step, r.events);
  }
  for (const TraceMLStepMemory& r : run.step_memory) {
    accumulator.StepMemory(r.identity.global_rank, View(r.device), r.step, r.peak_alloc_bytes,
                           r.peak_reserved_bytes);
  }
  for (const TraceMLSystem& r : run.system) {
    accumulator.Snapshot(TraceMLStream::kSystem, r.identity.global_rank, r.identity.seq);
  }
  for (const TraceMLSystemGpu& r : run.system_gpu) {
    accumulator.SystemGpu(r.identity.global_rank, r.identity.seq, r.gpu_idx, r.identity.node_rank,
                          r.util, r.mem_used_bytes, r.mem_total_bytes);
  }
  for (const TraceMLProcess& r : run.process) {
    accumulator.Snapshot(TraceMLStream::kProcess, r.identity.global_rank, r.identity.seq);
  }
  for (const TraceMLRuntimeEnvironment& r : run.runtime_environment) {
    accumulator.RuntimeEnvironment(r.identity.global_rank);
  }
  for (const TraceMLOutputLine& r : run.stdout_stderr) accumulator.OutputLine(r.rank);
  return std::move(accumulator).Finish();
}

Result<TraceMLRunSummary> SummarizeTraceMLExport(const TraceInput& input,
                                                 const TraceMLReadOptions& options) {
  traceml_analysis::RunAccumulator accumulator;
  SummarySink sink(accumulator);
  DiagnosticLog warnings;
  warnings.max_kept = 0;  // counted only: a summary prints none
  BOOST_OUTCOME_TRY(traceml::ReadExport(input, options, sink, warnings));
  return std::move(accumulator).Finish();
}

}  // namespace tracedoc
