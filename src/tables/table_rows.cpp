// EmitTableRows: every table's rows, straight from the document's records, in the column order of
// table_schema.cpp. Only the spans' paths (a trie of the document's span names, shared with the
// diff) and the health report's issues are computed before their table.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/measured_total.hpp"
#include "analysis/path_trie.hpp"
#include "emit/json_format.hpp"
#include "tables/row_builder.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/tables.hpp"
#include "util/saturating.hpp"

namespace tracedoc {
namespace {

using tables::RowBuilder;

template <class T>
std::span<const T> Span(ArrayView<T> view) {
  return {view.data(), view.size()};
}

// BeginTable, one Row per call of `fill(i, row)` for i in [0, rows), EndTable. `fill` adds every
// column after run_id, which this adds first.
template <class Fill>
Result<void> EmitTable(TableRowSink& sink, std::string_view name, std::string_view run_id,
                       std::size_t rows, RowBuilder& row, Fill fill) {
  const TableDefinition& table = *FindTable(name);
  BOOST_OUTCOME_TRY(sink.BeginTable(table));
  for (std::size_t i = 0; i < rows; ++i) {
    row.Clear();
    row.Text(run_id);
    fill(i, row);
    BOOST_OUTCOME_TRY(sink.Row(row.values()));
  }
  return sink.EndTable(table);
}

class RowSource {
 public:
  RowSource(const TraceDocument& document, const RunSource& source, TableRowSink& sink)
      : document_(document),
        source_(source),
        sink_(sink),
        index_(document.span_index()),
        facts_(document.converted_facts()),
        spans_(document.spans()),
        run_id_(document.run().run_id) {}

  Result<void> Emit() {
    BOOST_OUTCOME_TRY(Runs());
    BOOST_OUTCOME_TRY(Spans());
    BOOST_OUTCOME_TRY(Ops());
    BOOST_OUTCOME_TRY(Tensors());
    BOOST_OUTCOME_TRY(TensorStats());
    BOOST_OUTCOME_TRY(Memory());
    BOOST_OUTCOME_TRY(DeviceMemory());
    BOOST_OUTCOME_TRY(DeviceIntervals());
    BOOST_OUTCOME_TRY(Gradients());
    BOOST_OUTCOME_TRY(Edges());
    BOOST_OUTCOME_TRY(HealthIssues());
    BOOST_OUTCOME_TRY(Ranks());
    BOOST_OUTCOME_TRY(Steps());
    return Marks();
  }

 private:
  template <class Fill>
  Result<void> Table(std::string_view name, std::size_t rows, Fill fill) {
    return EmitTable(sink_, name, run_id_, rows, row_, fill);
  }

  Result<void> Runs() {
    const TraceRunMeta& run = document_.run();
    const CaptureContract& contract = run.capture_contract;
    return Table("runs", 1, [&](std::size_t, RowBuilder& row) {
      row.Text(InputFormatName(source_.format))
          .Text(document_.schema())
          .Text(source_.file_name)
          .Text(source_.file_sha256)
          .Text(run.correlation_id)
          .Text(run.entrypoint)
          .Text(EnumName(run.phase))
          .Text(run.timestamp)
          .U64(run.capture_step)
          .U64(run.warmup_steps)
          .Text(run.device)
          .Bool(run.measured_region_device_synchronized)
          .Text(EnumName(run.timing_mode))
          .Text(run.candle_version)
          .Text(EnumName(contract.measurement_scope))
          .Text(EnumName(contract.operations))
          .Text(EnumName(contract.tensors))
          .Text(EnumName(contract.gradients))
          .Text(EnumName(contract.logical_memory))
          .Text(EnumName(contract.physical_memory))
          .Text(EnumName(contract.device_timing));
      if (const auto& identity = run.comparison_identity) {
        row.Text(identity->workload_id)
            .Text(identity->model_id)
            .Text(identity->config_id)
            .Text(identity->data_id)
            .Text(identity->seed_policy)
            .U64(identity->physical_batch)
            .U64(identity->accumulation_steps)
            .Text(identity->precision)
            .Text(identity->device_state)
            .Text(identity->implementation_id);
      } else {
        for (int i = 0; i < 10; ++i) row.Null();
      }
      std::string& tags = row.JsonScratch();
      tags += '{';
      for (std::size_t i = 0; i < run.tags.size(); ++i) {
        if (i != 0) tags += ',';
        emit::AppendJsonString(tags, run.tags[i].key);
        tags += ':';
        emit::AppendJsonString(tags, run.tags[i].value);
      }
      tags += '}';
      row.Json();
      if (document_.has_terminal()) {
        const TerminalRecord& terminal = document_.terminal();
        row.Text(EnumName(terminal.outcome)).Text(terminal.reason).U64(terminal.timestamp_ns);
      } else {
        row.Null().Null().Null();
      }
      row.U64(analysis::MeasuredTotalNs(spans_)).U64(index_.max_depth());
    });
  }

  Result<void> Spans() {
    analysis::PathTrie trie;
    const std::vector<analysis::PathNode> placed = trie.PlaceLast(document_);
    return Table("spans", spans_.size(), [&](std::size_t i, RowBuilder& row) {
      const SpanRecord& span = spans_[i];
      const auto position = static_cast<SpanPosition>(i);
      row.U64(i).Text(span.id).Text(span.parent_id).Text(span.name);
      if (placed[i] == analysis::kNoPathNode) {
        row.Null();
      } else {
        path_ = trie.Path(placed[i]);
        row.Text(std::string_view(path_));
      }
      row.Text(EnumName(span.kind));
      if (span.step) {
        row.Text(EnumName(*span.step));
      } else {
        row.Null();
      }
      row.Bool(span.measured).U64(span.start_ns);
      if (span.closed) {
        row.U64(util::SaturatingAdd(span.start_ns, span.duration_ns)).U64(span.duration_ns);
      } else {
        row.Null().Null();
      }
      row.U64(index_.self_time_ns(position)).U64(index_.depth(position)).Bool(span.closed);
    });
  }

  Result<void> Ops() {
    const auto ops = document_.ops();
    return Table("ops", ops.size(), [&](std::size_t i, RowBuilder& row) {
      const OpRecord& op = ops[i];
      row.U64(i)
          .Text(op.span_id)
          .Text(op.op_name)
          .JsonStrings(Span(op.inputs))
          .Text(op.output)
          .JsonIntegers(Span(op.shape))
          .Text(op.dtype)
          .Text(op.device)
          .U64(op.duration_ns)
          .U64(op.timestamp_ns)
          .U64(op.output_dense_bytes)
          .U64(op.input_dense_bytes);
    });
  }

  Result<void> Tensors() {
    const auto tensors = document_.tensors();
    return Table("tensors", tensors.size(), [&](std::size_t i, RowBuilder& row) {
      const TensorRecord& tensor = tensors[i];
      row.U64(i)
          .Text(tensor.span_id)
          .Text(tensor.tensor_id)
          .Text(tensor.label)
          .JsonIntegers(Span(tensor.shape))
          .Text(tensor.dtype)
          .Text(tensor.device)
          .Bool(tensor.requires_grad)
          .U64(tensor.dense_bytes)
          .Text(EnumName(tensor.category));
    });
  }

  Result<void> TensorStats() {
    const auto stats = document_.tensor_stats();
    return Table("tensor_stats", stats.size(), [&](std::size_t i, RowBuilder& row) {
      const TensorStatsRecord& record = stats[i];
      row.U64(i)
          .Text(record.span_id)
          .Text(record.label)
          .JsonIntegers(Span(record.shape))
          .Text(record.dtype)
          .U64(record.elements)
          .U64(record.non_finite)
          .Real(record.rms)
          .Real(record.abs_max)
          .Real(record.mean);
    });
  }

  Result<void> Memory() {
    const auto memory = document_.memory();
    return Table("memory", memory.size(), [&](std::size_t i, RowBuilder& row) {
      const MemoryRecord& event = memory[i];
      row.U64(i)
          .U64(event.timestamp_ns)
          .Text(event.storage_id)
          .Text(event.tensor_id)
          .Text(event.span_id)
          .Text(event.op_name)
          .Text(event.device)
          .U64(event.bytes)
          .Text(EnumName(event.action))
          .JsonIntegers(Span(event.shape))
          .Text(event.dtype)
          .Text(EnumName(event.category));
    });
  }

  Result<void> DeviceMemory() {
    const auto samples = document_.device_memory();
    // gpu_utilisation is in device_memory() order: one cursor walks it beside the samples.
    std::size_t utilisation = 0;
    return Table("device_memory", samples.size(), [&](std::size_t i, RowBuilder& row) {
      const DeviceMemoryRecord& sample = samples[i];
      row.U64(i)
          .U64(sample.timestamp_ns)
          .Text(sample.device)
          .U64(sample.used_bytes)
          .U64(sample.free_bytes)
          .U64(sample.reserved_bytes)
          .U64(sample.capacity_bytes);
      const auto& util = facts_.gpu_utilisation;
      while (utilisation < util.size() && util[utilisation].sample < i) ++utilisation;
      if (utilisation < util.size() && util[utilisation].sample == i) {
        row.Real(util[utilisation].percent);
      } else {
        row.Null();
      }
    });
  }

  Result<void> DeviceIntervals() {
    const auto intervals = document_.device_intervals();
    return Table("device_intervals", intervals.size(), [&](std::size_t i, RowBuilder& row) {
      const DeviceIntervalRecord& interval = intervals[i];
      row.U64(i)
          .Text(interval.span_id)
          .Text(interval.device)
          .Text(interval.stream_id)
          .Text(interval.clock_id)
          .Text(interval.backend)
          .U64(interval.start_ns)
          .U64(interval.duration_ns);
    });
  }

  Result<void> Gradients() {
    const auto gradients = document_.gradients();
    return Table("gradients", gradients.size(), [&](std::size_t i, RowBuilder& row) {
      const GradientRecord& gradient = gradients[i];
      row.U64(i)
          .Text(gradient.event_id)
          .Text(gradient.root)
          .Text(gradient.key)
          .Text(EnumName(gradient.state))
          .Real(gradient.norm);
    });
  }

  Result<void> Edges() {
    const auto edges = document_.edges();
    return Table("edges", edges.size(), [&](std::size_t i, RowBuilder& row) {
      const EdgeRecord& edge = edges[i];
      row.U64(i).Text(EnumName(edge.edge_kind)).Text(edge.from).Text(edge.to);
      if (edge.edge_kind == EdgeKind::kCall) {
        row.U64(edge.host_duration_ns);
      } else {
        row.Null();
      }
    });
  }

  Result<void> HealthIssues() {
    const TraceHealth health = AnalyzeHealth(document_);
    return Table("health_issues", health.issues.size(), [&](std::size_t i, RowBuilder& row) {
      const HealthIssue& issue = health.issues[i];
      row.U64(i)
          .Text(HealthSeverityName(issue.severity))
          .Text(HealthCodeName(issue.code))
          .Text(std::string_view(issue.message));
    });
  }

  Result<void> Ranks() {
    return Table("ranks", facts_.ranks.size(), [&](std::size_t i, RowBuilder& row) {
      const RankSpan& rank = facts_.ranks[i];
      row.U64(i).U64(rank.rank).Text(spans_[rank.span].id);
    });
  }

  Result<void> Steps() {
    return Table("steps", facts_.steps.size(), [&](std::size_t i, RowBuilder& row) {
      const RankStep& step = facts_.steps[i];
      const SpanRecord& span = spans_[step.span];
      row.U64(i).U64(step.rank).U64(step.number).Text(span.id).U64(span.start_ns);
      if (span.closed) {
        row.U64(span.duration_ns);
      } else {
        row.Null();
      }
      std::string& phases = row.JsonScratch();
      phases += '[';
      bool first = true;
      for (const SpanPosition child : index_.children(step.span)) {
        if (!first) phases += ',';
        first = false;
        phases += '[';
        emit::AppendJsonString(phases, spans_[child].name);
        phases += ',';
        if (spans_[child].closed) {
          emit::AppendJsonU64(phases, spans_[child].duration_ns);
        } else {
          phases += "null";
        }
        phases += ']';
      }
      phases += ']';
      row.Json();
    });
  }

  Result<void> Marks() {
    return Table("marks", facts_.marks.size(), [&](std::size_t i, RowBuilder& row) {
      const Mark& mark = facts_.marks[i];
      row.U64(i).Text(mark.name).U64(mark.ts_ns);
      if (mark.is_number) {
        row.Real(mark.value).Null();
      } else {
        row.Null().Text(mark.text);
      }
      if (mark.on_span) {
        row.Text(spans_[mark.span].id);
      } else {
        row.Null();
      }
    });
  }

  const TraceDocument& document_;
  const RunSource& source_;
  TableRowSink& sink_;
  const SpanIndex index_;
  const ConvertedFacts facts_;
  const std::span<const SpanRecord> spans_;
  const std::string_view run_id_;
  RowBuilder row_;
  // The current span's path: its view is in the row until the next.
  std::string path_;
};

}  // namespace

Result<void> EmitTableRows(const TraceDocument& document, const RunSource& source,
                           TableRowSink& sink) {
  return RowSource(document, source, sink).Emit();
}

}  // namespace tracedoc
