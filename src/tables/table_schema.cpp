// The table definitions of kTablesSchemaVersion: what docs/tables.md prints and what every writer
// creates. A column's position here is its position in the rows EmitTableRows emits. The tables of
// ops, tensors, tensor_stats, memory, device_memory, device_intervals and gradients are their
// records' field tables (tables/record_table.hpp); runs, spans, edges and the derived tables are
// written here.
#include <array>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "tables/record_table.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc {
namespace {

using C = ColumnDefinition;
constexpr ColumnType kU64 = ColumnType::kUnsigned;
constexpr ColumnType kReal = ColumnType::kReal;
constexpr ColumnType kText = ColumnType::kText;
constexpr ColumnType kBool = ColumnType::kBoolean;
constexpr ColumnType kJson = ColumnType::kJson;
constexpr bool kNull = true;
constexpr bool kNotNull = false;

constexpr C kRunId{"run_id", kText, kNotNull, "The run's `run_id` from its meta: the key of a run."};
constexpr C kSeq{"seq", kU64, kNotNull,
                 "The record's 0-based position among the run's records of its kind, in input order."};

constexpr std::array kRunsColumns{
    kRunId,
    C{"source_format", kText, kNotNull, "What was read: `trace`, `cirron` or `traceml`."},
    C{"schema", kText, kNotNull,
      "The document's schema: `candle-graph/trace/10`, `/9` or `/6` (a converted input's is /10)."},
    C{"file_name", kText, kNotNull, "The input as it was named on the command line."},
    C{"file_sha256", kText, kNull,
      "The lowercase hex SHA-256 of the input file's bytes; null for a directory (a spool)."},
    C{"correlation_id", kText, kNotNull, "The meta's `correlation_id`."},
    C{"entrypoint", kText, kNotNull, "The meta's `entrypoint`."},
    C{"phase", kText, kNotNull, "The meta's `phase`: `train` or `infer`."},
    C{"timestamp", kText, kNotNull, "The meta's `timestamp`, as written."},
    C{"capture_step", kU64, kNotNull, "The meta's `capture_step`."},
    C{"warmup_steps", kU64, kNotNull, "The meta's `warmup_steps`."},
    C{"device", kText, kNotNull, "The meta's `device`."},
    C{"measured_region_device_synchronized", kBool, kNotNull,
      "The meta's `measured_region_device_synchronized`."},
    C{"timing_mode", kText, kNotNull, "The meta's `timing_mode`: `host` or `device_synchronized`."},
    C{"candle_version", kText, kNull, "The meta's `candle_version`, when given."},
    C{"measurement_scope", kText, kNotNull, "The capture contract's `measurement_scope`."},
    C{"operations_coverage", kText, kNotNull,
      "The capture contract's `operations`: `none`, `partial` or `complete`."},
    C{"tensors_coverage", kText, kNotNull, "The capture contract's `tensors`."},
    C{"gradients_coverage", kText, kNotNull, "The capture contract's `gradients`."},
    C{"logical_memory_coverage", kText, kNotNull, "The capture contract's `logical_memory`."},
    C{"physical_memory_coverage", kText, kNotNull, "The capture contract's `physical_memory`."},
    C{"device_timing_coverage", kText, kNotNull, "The capture contract's `device_timing`."},
    C{"workload_id", kText, kNull,
      "The comparison identity's `workload_id`; this and the next nine columns are null without a "
      "comparison identity."},
    C{"model_id", kText, kNull, "The comparison identity's `model_id`."},
    C{"config_id", kText, kNull, "The comparison identity's `config_id`."},
    C{"data_id", kText, kNull, "The comparison identity's `data_id`."},
    C{"seed_policy", kText, kNull, "The comparison identity's `seed_policy`."},
    C{"physical_batch", kU64, kNull, "The comparison identity's `physical_batch`."},
    C{"accumulation_steps", kU64, kNull, "The comparison identity's `accumulation_steps`."},
    C{"precision", kText, kNull, "The comparison identity's `precision`."},
    C{"device_state", kText, kNull, "The comparison identity's `device_state`."},
    C{"implementation_id", kText, kNull, "The comparison identity's `implementation_id`, when given."},
    C{"tags", kJson, kNotNull, "The meta's `tags` as one JSON object, keys in byte order."},
    C{"outcome", kText, kNull,
      "The terminal's `outcome`, `complete` or `failed`; null for trace/6 (no terminal)."},
    C{"outcome_reason", kText, kNull, "The terminal's `reason`, when given."},
    C{"terminal_timestamp_ns", kU64, kNull, "The terminal's `timestamp_ns`; null for trace/6."},
    C{"total_ns", kU64, kNotNull,
      "The measured total: the sum of the measured spans' `duration_ns` (an open span adds 0), "
      "saturating; `tracedoc summary`'s `total_ns`."},
    C{"max_depth", kU64, kNotNull, "The largest span depth; `tracedoc summary`'s `max_depth`."},
};

constexpr std::array kSpansColumns{
    kRunId,
    C{"seq", kU64, kNotNull, "The span's 0-based position among the run's spans in byte-wise id order."},
    C{"span_id", kText, kNotNull, "The span's `id`."},
    C{"parent_id", kText, kNull, "The span's `parent_id`; null for a root."},
    C{"name", kText, kNotNull, "The span's `name`."},
    C{"path", kText, kNull,
      "The span's path from its top span (docs/tables.md §3, bounded); null on or below a parent "
      "cycle."},
    C{"kind", kText, kNotNull, "The span's `span_kind`: `function`, `op` or `module`."},
    C{"step", kText, kNull, "The span's `step`: `forward`, `backward` or `optimizer`, when given."},
    C{"measured", kBool, kNotNull, "Whether the span is the measured region."},
    C{"start_ns", kU64, kNotNull, "The span's `start_ns`."},
    C{"end_ns", kU64, kNull, "`start_ns + duration_ns`, saturating; null for an open span."},
    C{"duration_ns", kU64, kNull, "The span_end's `duration_ns`; null for an open span."},
    C{"self_ns", kU64, kNotNull,
      "`duration_ns` minus the sum of the children's, 0 when they add up to more and for an open "
      "span."},
    C{"depth", kU64, kNotNull,
      "Distinct ids met walking up from the span (docs/analyses.md §4); a root's is 0."},
    C{"closed", kBool, kNotNull, "Whether the span has a span_end."},
};

constexpr std::array kEdgesColumns{
    kRunId,
    kSeq,
    C{"edge_kind", kText, kNotNull, "The edge's `edge_kind`: `call` or `data`."},
    C{"from_id", kText, kNotNull, "`from_span` of a call edge, `from_tensor` of a data edge."},
    C{"to_id", kText, kNotNull, "`to_span` of a call edge, `to_tensor` of a data edge."},
    C{"host_duration_ns", kU64, kNull, "A call edge's `host_duration_ns`; null for a data edge."},
};

constexpr std::array kHealthIssuesColumns{
    kRunId,
    C{"seq", kU64, kNotNull, "The issue's 0-based position in the health report."},
    C{"severity", kText, kNotNull, "`error` or `warning`."},
    C{"code", kText, kNotNull, "The issue's code (docs/analyses.md §6.10)."},
    C{"message", kText, kNotNull, "The issue's message."},
};

constexpr std::array kRanksColumns{
    kRunId,
    C{"seq", kU64, kNotNull, "The row's 0-based position among the run's ranks, by rank."},
    C{"rank", kU64, kNotNull, "The global rank of a converted TraceML export."},
    C{"span_id", kText, kNotNull, "The id of the rank's span."},
};

constexpr std::array kStepsColumns{
    kRunId,
    C{"seq", kU64, kNotNull,
      "The row's 0-based position among the run's steps, by rank, then number, then start."},
    C{"rank", kU64, kNotNull, "The step's rank (a Cirron spool's `cirron_rank`, 0 when absent)."},
    C{"step", kU64, kNotNull,
      "The step's number (docs/converted-facts.md: S of `rR.sS`, or the start order)."},
    C{"span_id", kText, kNotNull, "The id of the step's span."},
    C{"start_ns", kU64, kNotNull, "The step span's `start_ns`."},
    C{"duration_ns", kU64, kNull, "The step span's `duration_ns`; null when it is open."},
    C{"phases", kJson, kNotNull,
      "The step's phases: a JSON array of `[name, duration_ns]`, one per child span of the step "
      "in start order (an open child's duration is null)."},
};

constexpr std::array kMarksColumns{
    kRunId,
    C{"seq", kU64, kNotNull,
      "The mark's 0-based position in the order written: the meta's, then each span_start's."},
    C{"name", kText, kNotNull, "The mark's `name`."},
    C{"ts_ns", kU64, kNotNull, "The mark's `ts_ns`."},
    C{"value", kReal, kNull, "The mark's value when it is a finite JSON number."},
    C{"text", kText, kNull,
      "The value as written when it is not a number (`NaN`, `Infinity`, `-Infinity`, ...)."},
    C{"span_id", kText, kNull, "The span whose span_start carried the mark; null for the meta's."},
};

constexpr C kGpuUtilPercent{
    "gpu_util_percent", kReal, kNull,
    "A converted TraceML export's GPU utilisation in percent for this sample (docs/converted-facts.md)."};

// A record kind's columns: run_id, seq, its fields' (tables/record_table.hpp), then `extra`.
template <class Record>
std::vector<ColumnDefinition> RecordColumns(const tables::RecordTable<Record>& table,
                                            std::initializer_list<ColumnDefinition> extra = {}) {
  std::vector<ColumnDefinition> columns{kRunId, kSeq};
  columns.insert(columns.end(), table.columns().begin(), table.columns().end());
  columns.insert(columns.end(), extra);
  return columns;
}

constexpr std::array<std::string_view, 1> kRunKey{"run_id"};
constexpr std::array<std::string_view, 2> kSeqKey{"run_id", "seq"};
constexpr std::array<std::string_view, 2> kSpanKey{"run_id", "span_id"};
constexpr std::array<std::string_view, 0> kNoTimes{};
constexpr std::array<std::string_view, 1> kStart{"start_ns"};
constexpr std::array<std::string_view, 1> kTimestamp{"timestamp_ns"};
constexpr std::array<std::string_view, 1> kTs{"ts_ns"};

// The record kinds' columns are derived at first use; the others are written here.
struct RecordKindColumns {
  std::vector<ColumnDefinition> ops = RecordColumns(tables::OpTable());
  std::vector<ColumnDefinition> tensors = RecordColumns(tables::TensorTable());
  std::vector<ColumnDefinition> tensor_stats = RecordColumns(tables::TensorStatsTable());
  std::vector<ColumnDefinition> memory = RecordColumns(tables::MemoryTable());
  std::vector<ColumnDefinition> device_memory =
      RecordColumns(tables::DeviceMemoryTable(), {kGpuUtilPercent});
  std::vector<ColumnDefinition> device_intervals = RecordColumns(tables::DeviceIntervalTable());
  std::vector<ColumnDefinition> gradients = RecordColumns(tables::GradientTable());
};

struct Definitions {
  RecordKindColumns columns;
  std::array<TableDefinition, 14> tables{
    TableDefinition{"runs", "One row per run (per input trace).", kRunsColumns, kRunKey, kNoTimes},
    TableDefinition{"spans", "One row per span.", kSpansColumns, kSpanKey, kStart},
    TableDefinition{"ops", "One row per op record.", columns.ops, kSeqKey, kTimestamp},
    TableDefinition{"tensors", "One row per tensor record.", columns.tensors, kSeqKey, kNoTimes},
    TableDefinition{"tensor_stats", "One row per tensor_stats record.", columns.tensor_stats,
                    kSeqKey, kNoTimes},
    TableDefinition{"memory", "One row per memory event (alloc or free).", columns.memory,
                    kSeqKey, kTimestamp},
    TableDefinition{"device_memory", "One row per device_memory sample.", columns.device_memory,
                    kSeqKey, kTimestamp},
    TableDefinition{"device_intervals", "One row per device_interval record.",
                    columns.device_intervals, kSeqKey, kStart},
    TableDefinition{"gradients", "One row per gradient record.", columns.gradients, kSeqKey,
                    kNoTimes},
    TableDefinition{"edges", "One row per edge record.", kEdgesColumns, kSeqKey, kNoTimes},
    TableDefinition{"health_issues", "One row per issue of the run's health report.",
                    kHealthIssuesColumns, kSeqKey, kNoTimes},
    TableDefinition{"ranks", "One row per rank span of a converted TraceML export.",
                    kRanksColumns, kSeqKey, kNoTimes},
    TableDefinition{"steps",
                    "One row per step of a rank (a converted TraceML export or Cirron spool).",
                    kStepsColumns, kSeqKey, kStart},
    TableDefinition{"marks", "One row per numeric mark of a converted Cirron spool.",
                    kMarksColumns, kSeqKey, kTs},
  };
};

const Definitions& TheDefinitions() {
  static const Definitions definitions;
  return definitions;
}

constexpr std::array<std::string_view, 6> kTypeNames{"integer", "u64", "real",
                                                     "text",    "boolean", "json"};

}  // namespace

std::string_view ColumnTypeName(ColumnType type) noexcept {
  return kTypeNames[static_cast<std::size_t>(type)];
}

std::span<const TableDefinition> TableDefinitions() noexcept { return TheDefinitions().tables; }

const TableDefinition* FindTable(std::string_view name) noexcept {
  for (const TableDefinition& table : TheDefinitions().tables) {
    if (table.name == name) return &table;
  }
  return nullptr;
}

}  // namespace tracedoc
