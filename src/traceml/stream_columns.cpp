// The column tables of the seven streams, written out as the exporter's record classes list
// their fields, and the binding of each to its record type.
#include "traceml/stream_columns.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace tracedoc::traceml {
namespace {

using enum ColumnRule;

// Concatenates column lists, so that the shared runs of columns are written once.
template <std::size_t... N>
constexpr auto Join(const std::array<Column, N>&... parts) {
  std::array<Column, (N + ...)> out{};
  std::size_t at = 0;
  ((std::copy(parts.begin(), parts.end(), out.begin() + static_cast<std::ptrdiff_t>(at)), at += N),
   ...);
  return out;
}

template <class... C>
constexpr std::array<Column, sizeof...(C)> List(C... columns) {
  return {columns...};
}

constexpr auto kHead = List(Column{"stream", kStream}, Column{"schema_version", kSchemaVersion},
                            Column{"observed_timestamp_unix_ns", kCount});
constexpr auto kRankColumn = List(Column{"rank", kRank});
// The identity columns every rank-level stream has after `rank`.
constexpr auto kIdentity =
    List(Column{"global_rank", kInteger}, Column{"local_rank", kInteger},
         Column{"world_size", kInteger}, Column{"local_world_size", kInteger},
         Column{"node_rank", kInteger}, Column{"hostname", kHostname});
constexpr auto kTimeAndSeq = List(Column{"timestamp_unix_ns", kInteger}, Column{"seq", kInteger});

constexpr auto kStepTime = Join(kHead, kRankColumn, kIdentity, kTimeAndSeq,
                                List(Column{"step", kInteger}, Column{"events", kEvents}));

constexpr auto kStepMemory =
    Join(kHead, kRankColumn, kIdentity, kTimeAndSeq,
         List(Column{"device", kText}, Column{"step", kInteger}, Column{"peak_alloc_bytes", kBytes},
              Column{"peak_reserved_bytes", kBytes}));

// system and system_gpu have no `rank`: their rows have none.
constexpr auto kSystem =
    Join(kHead, kIdentity, kTimeAndSeq,
         List(Column{"cpu_percent", kNonNegative}, Column{"ram_used_bytes", kBytes},
              Column{"ram_total_bytes", kBytes}, Column{"gpu_available", kIntegerBool},
              Column{"gpu_count", kInteger}));

constexpr auto kSystemGpu = Join(
    kHead, kIdentity, kTimeAndSeq,
    List(Column{"gpu_idx", kCount}, Column{"util", kNonNegative}, Column{"mem_used_bytes", kBytes},
         Column{"mem_total_bytes", kBytes}, Column{"temperature_c", kNumber},
         Column{"power_usage_w", kNonNegative}, Column{"power_limit_w", kNonNegative}));

constexpr auto kProcess =
    Join(kHead, kRankColumn, kIdentity, kTimeAndSeq,
         List(Column{"cpu_percent", kNonNegative}, Column{"cpu_logical_core_count", kInteger},
              Column{"ram_used_bytes", kBytes}, Column{"ram_total_bytes", kBytes},
              Column{"gpu_available", kIntegerBool}, Column{"gpu_count", kInteger},
              Column{"gpu_device_index", kInteger}, Column{"gpu_mem_used_bytes", kBytes},
              Column{"gpu_mem_reserved_bytes", kBytes}, Column{"gpu_mem_total_bytes", kBytes}));

// pid sits between hostname and timestamp_unix_ns in this one stream.
constexpr auto kRuntimeEnvironment =
    Join(kHead, kRankColumn, kIdentity, List(Column{"pid", kInteger}), kTimeAndSeq,
         List(Column{"topology", kText}, Column{"distributed_initialized", kIntegerBool},
              Column{"distributed_backend", kText}, Column{"training_strategy", kText},
              Column{"strategy_source", kText}, Column{"strategy_confidence", kText}));

// The rank is this record's only identity: nothing to compare it with.
constexpr auto kStdoutStderr =
    Join(kHead, List(Column{"rank", kInteger}, Column{"timestamp_unix_ns", kInteger},
                     Column{"line", kOutputLine}));

constexpr std::array kPhase = {Column{"is_gpu", kBool}, Column{"duration_ms", kNonNegative},
                               Column{"cpu_ms", kNonNegative}, Column{"gpu_ms", kNonNegative},
                               Column{"n_calls", kInteger}};

constexpr std::array kClosing = {Column{"written_records", kCount},
                                 Column{"dropped_batches", kCount}};

static_assert(kProcess.size() <= kMaxColumns && kRuntimeEnvironment.size() <= kMaxColumns);

// Appends the targets of the identity columns (global_rank .. hostname) at `out`.
ColumnTarget* BindIdentity(TraceMLRankIdentity& identity, ColumnTarget* out) {
  *out++ = &identity.global_rank;
  *out++ = &identity.local_rank;
  *out++ = &identity.world_size;
  *out++ = &identity.local_world_size;
  *out++ = &identity.node_rank;
  *out++ = &identity.hostname;
  return out;
}

// stream, schema_version and observed_timestamp_unix_ns.
ColumnTarget* BindHead(TraceMLRecordBase& base, ColumnTarget* out) {
  *out++ = std::monostate{};
  *out++ = std::monostate{};
  *out++ = &base.observed_timestamp_unix_ns;
  return out;
}

// The columns of a rank-level stream up to `seq`; `rank` is null for system and system_gpu.
ColumnTarget* BindCommon(TraceMLRecordBase& base, TraceMLRankIdentity& identity,
                         std::optional<std::uint64_t>* rank, ColumnTarget* out) {
  out = BindHead(base, out);
  if (rank != nullptr) *out++ = rank;
  out = BindIdentity(identity, out);
  *out++ = &base.timestamp_unix_ns;
  *out++ = &identity.seq;
  return out;
}

std::size_t Count(const ColumnTarget* begin, const ColumnTarget* end) {
  return static_cast<std::size_t>(end - begin);
}

}  // namespace

std::span<const Column> StreamColumns(TraceMLStream stream) {
  switch (stream) {
    case TraceMLStream::kStepTime:
      return kStepTime;
    case TraceMLStream::kStepMemory:
      return kStepMemory;
    case TraceMLStream::kSystem:
      return kSystem;
    case TraceMLStream::kSystemGpu:
      return kSystemGpu;
    case TraceMLStream::kProcess:
      return kProcess;
    case TraceMLStream::kRuntimeEnvironment:
      return kRuntimeEnvironment;
    case TraceMLStream::kStdoutStderr:
      break;
  }
  return kStdoutStderr;
}

std::span<const Column> PhaseColumns() { return kPhase; }
std::span<const Column> ClosingColumns() { return kClosing; }

std::size_t BindColumns(TraceMLStepTime& r, std::optional<std::uint64_t>& rank, ColumnTarget* out) {
  ColumnTarget* at = BindCommon(r.base, r.identity, &rank, out);
  *at++ = &r.step;
  *at++ = &r.events;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLStepMemory& r, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out) {
  ColumnTarget* at = BindCommon(r.base, r.identity, &rank, out);
  *at++ = &r.device;
  *at++ = &r.step;
  *at++ = &r.peak_alloc_bytes;
  *at++ = &r.peak_reserved_bytes;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLSystem& r, std::optional<std::uint64_t>&, ColumnTarget* out) {
  ColumnTarget* at = BindCommon(r.base, r.identity, nullptr, out);
  *at++ = &r.cpu_percent;
  *at++ = &r.ram_used_bytes;
  *at++ = &r.ram_total_bytes;
  *at++ = &r.gpu_available;
  *at++ = &r.gpu_count;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLSystemGpu& r, std::optional<std::uint64_t>&, ColumnTarget* out) {
  ColumnTarget* at = BindCommon(r.base, r.identity, nullptr, out);
  *at++ = &r.gpu_idx;
  *at++ = &r.util;
  *at++ = &r.mem_used_bytes;
  *at++ = &r.mem_total_bytes;
  *at++ = &r.temperature_c;
  *at++ = &r.power_usage_w;
  *at++ = &r.power_limit_w;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLProcess& r, std::optional<std::uint64_t>& rank, ColumnTarget* out) {
  ColumnTarget* at = BindCommon(r.base, r.identity, &rank, out);
  *at++ = &r.cpu_percent;
  *at++ = &r.cpu_logical_core_count;
  *at++ = &r.ram_used_bytes;
  *at++ = &r.ram_total_bytes;
  *at++ = &r.gpu_available;
  *at++ = &r.gpu_count;
  *at++ = &r.gpu_device_index;
  *at++ = &r.gpu_mem_used_bytes;
  *at++ = &r.gpu_mem_reserved_bytes;
  *at++ = &r.gpu_mem_total_bytes;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLRuntimeEnvironment& r, std::optional<std::uint64_t>& rank,
                        ColumnTarget* out) {
  ColumnTarget* at = BindHead(r.base, out);
  *at++ = &rank;
  at = BindIdentity(r.identity, at);
  *at++ = &r.pid;
  *at++ = &r.base.timestamp_unix_ns;
  *at++ = &r.identity.seq;
  *at++ = &r.topology;
  *at++ = &r.distributed_initialized;
  *at++ = &r.distributed_backend;
  *at++ = &r.training_strategy;
  *at++ = &r.strategy_source;
  *at++ = &r.strategy_confidence;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLOutputLine& r, std::optional<std::uint64_t>&, ColumnTarget* out) {
  ColumnTarget* at = BindHead(r.base, out);
  *at++ = &r.rank;
  *at++ = &r.base.timestamp_unix_ns;
  *at++ = &r.text;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLPhaseSample& s, ColumnTarget* out) {
  ColumnTarget* at = out;
  *at++ = &s.is_gpu;
  *at++ = &s.duration_ms;
  *at++ = &s.cpu_ms;
  *at++ = &s.gpu_ms;
  *at++ = &s.n_calls;
  return Count(out, at);
}

std::size_t BindColumns(TraceMLClosingLine& c, ColumnTarget* out) {
  out[0] = &c.written_records;
  out[1] = &c.dropped_batches;
  return 2;
}

}  // namespace tracedoc::traceml
