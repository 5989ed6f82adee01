// A small hand-built TraceML export for the conversion, Chrome and report tests: two ranks
// interleaved, a step with a phase on two devices, null durations and timestamps, a measured
// zero, a duplicate, records that cannot be placed, every stream and a closing line. The
// expected figures are written out in tests/traceml_convert/traceml_convert_test.cpp. ConvertTraceML turns
// such an export into a document the way every input is: as the text of a file, read.
#ifndef TRACEDOC_TESTS_SUPPORT_TRACEML_TWO_RANK_EXPORT_HPP_
#define TRACEDOC_TESTS_SUPPORT_TRACEML_TWO_RANK_EXPORT_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/traceml_export_generator.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc::testing {

inline constexpr std::uint64_t kTraceMLT0 = 1'764'000'000'000'000'000;
inline constexpr std::uint64_t kMs = 1'000'000;

inline TraceMLRecordBase TraceMLBase(std::uint64_t line, std::optional<std::uint64_t> ts_ms) {
  TraceMLRecordBase base;
  base.line = line;
  base.observed_timestamp_unix_ns = kTraceMLT0 + 100 * kMs + line;
  if (ts_ms) base.timestamp_unix_ns = kTraceMLT0 + *ts_ms * kMs;
  return base;
}

inline TraceMLRankIdentity TraceMLRank(std::optional<std::uint64_t> rank,
                                       std::optional<std::uint64_t> seq = std::nullopt) {
  TraceMLRankIdentity identity;
  identity.global_rank = rank;
  identity.local_rank = rank;
  identity.world_size = 2;
  identity.local_world_size = 2;
  identity.node_rank = 0;
  identity.seq = seq;
  return identity;
}

inline TraceMLPhaseSample TraceMLPhase(std::string name, std::string device,
                                       std::optional<double> duration_ms) {
  TraceMLPhaseSample sample;
  sample.name = std::move(name);
  sample.device = std::move(device);
  sample.is_gpu = true;
  sample.duration_ms = duration_ms;
  sample.cpu_ms = duration_ms;
  sample.gpu_ms = duration_ms;
  sample.n_calls = 1;
  return sample;
}

inline TraceMLStepTime TraceMLStep(std::uint64_t line, std::optional<std::uint64_t> rank,
                                   std::optional<std::uint64_t> step,
                                   std::optional<std::uint64_t> ts_ms,
                                   std::vector<TraceMLPhaseSample> events) {
  TraceMLStepTime record;
  record.base = TraceMLBase(line, ts_ms);
  record.identity = TraceMLRank(rank, line);
  record.step = step;
  record.events = std::move(events);
  return record;
}

/// Lines 1–6 step_time, 7–8 step_memory, 9 process, 10 system_gpu, 11 system,
/// 12 runtime_environment, 13 stdout_stderr, 14 the closing line.
inline TraceMLExport TwoRankExport() {
  TraceMLExport source;
  // rank 0 step 1 ends at 10 ms: forward 3 ms then backward 4.5 ms.
  source.step_time.push_back(TraceMLStep(1, 0, 1, 10, {TraceMLPhase("forward", "cuda:0", 3.0),
                                                       TraceMLPhase("backward", "cuda:0", 4.5)}));
  // rank 1 step 1 ends at 11 ms: forward on two devices (2 and 2.5 ms), backward unmeasured.
  source.step_time.push_back(TraceMLStep(2, 1, 1, 11,
                                         {TraceMLPhase("forward", "cuda:1", 2.0),
                                          TraceMLPhase("forward", "cuda:2", 2.5),
                                          TraceMLPhase("backward", "cuda:1", std::nullopt)}));
  // rank 0 step 2 ends at 20 ms: forward 1.25 ms, backward a measured 0.
  source.step_time.push_back(TraceMLStep(3, 0, 2, 20, {TraceMLPhase("forward", "cuda:0", 1.25),
                                                       TraceMLPhase("backward", "cuda:0", 0.0)}));
  // A duplicate of rank 0 step 2, a step without timestamp, a step without rank.
  source.step_time.push_back(TraceMLStep(4, 0, 2, 21, {TraceMLPhase("forward", "cuda:0", 9.0)}));
  source.step_time.push_back(TraceMLStep(5, 1, 2, std::nullopt, {}));
  source.step_time.push_back(TraceMLStep(6, std::nullopt, 3, 30, {}));

  TraceMLStepMemory memory;
  memory.base = TraceMLBase(7, 10);
  memory.identity = TraceMLRank(0, 7);
  memory.device = "cuda:0";
  memory.step = 1;
  memory.peak_alloc_bytes = 1024;
  memory.peak_reserved_bytes = 2048;
  source.step_memory.push_back(memory);
  TraceMLStepMemory unmeasured = memory;  // no peak: nothing to sample
  unmeasured.base = TraceMLBase(8, 11);
  unmeasured.identity = TraceMLRank(1, 8);
  unmeasured.device = "cuda:1";
  unmeasured.peak_alloc_bytes.reset();
  unmeasured.peak_reserved_bytes.reset();
  source.step_memory.push_back(unmeasured);

  TraceMLProcess process;
  process.base = TraceMLBase(9, 5);
  process.identity = TraceMLRank(1, 0);
  process.cpu_percent = 150.0;
  process.gpu_device_index = 1;
  process.gpu_mem_used_bytes = 4096;
  process.gpu_mem_reserved_bytes = 8192;
  process.gpu_mem_total_bytes = 16384;
  source.process.push_back(process);

  TraceMLSystemGpu gpu;
  gpu.base = TraceMLBase(10, 12);
  gpu.identity = TraceMLRank(0, 0);
  gpu.gpu_idx = 0;
  gpu.util = 87.5;
  gpu.mem_used_bytes = 1e9;
  gpu.mem_total_bytes = 8e10;
  source.system_gpu.push_back(gpu);

  TraceMLSystem system;
  system.base = TraceMLBase(11, 12);
  system.identity = TraceMLRank(0, 0);
  system.cpu_percent = 0.0;
  system.gpu_available = true;
  system.gpu_count = 1;
  system.base.unknown.push_back({"extra", "[1,2]"});
  source.system.push_back(system);

  TraceMLRuntimeEnvironment environment;
  environment.base = TraceMLBase(12, 1);
  environment.identity = TraceMLRank(0);
  environment.pid = 4242;
  environment.distributed_initialized = true;
  environment.distributed_backend = "nccl";
  source.runtime_environment.push_back(environment);

  TraceMLOutputLine output;
  output.base = TraceMLBase(13, 13);
  output.rank = 1;
  output.text = "loss 0.5";
  source.stdout_stderr.push_back(output);

  source.closing = TraceMLClosingLine{14, 13, 0, {}};
  source.duplicates[static_cast<std::size_t>(TraceMLStream::kStepTime)] = 1;
  return source;
}

/// `source` written as the exporter writes it (records in line order), then read and converted
/// by ReadDocument, the one way in.
inline Result<TraceDocument> ConvertTraceML(const TraceMLExport& source) {
  const std::string text = testing_support::WriteTraceMLExportJsonl(source);
  OpenOptions options;
  options.format = InputFormat::kTraceMLExport;
  return ReadDocument(TraceInput::FromString(text), options);
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_TRACEML_TWO_RANK_EXPORT_HPP_
