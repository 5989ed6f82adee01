// EmitTableRows: every table's rows, straight from the document's records, in the column order of
// table_schema.cpp (a record kind's cells from its field table, tables/record_table.hpp). Only the spans' paths (a trie of the document's span names, shared with the
// diff) and the health report's issues are computed before their table.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/measured_total.hpp"
#include "analysis/path_trie.hpp"
#include "emit/json_format.hpp"
#include "tables/record_table.hpp"
#include "tables/row_builder.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/tables.hpp"
#include "util/saturating.hpp"

namespace tracedoc {
namespace {

using tables::RowBuilder;

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

  // A record kind's table: seq, then the record's fields (tables/record_table.hpp), then what
  // `extra(i, row)` adds.
  template <class Record, class Extra>
  Result<void> RecordRows(std::string_view name, const tables::RecordTable<Record>& table,
                          RecordList<Record> records, Extra extra) {
    return Table(name, records.size(), [&](std::size_t i, RowBuilder& row) {
      row.U64(i);
      table.AppendCells(row, records[i]);
      extra(i, row);
    });
  }
  template <class Record>
  Result<void> RecordRows(std::string_view name, const tables::RecordTable<Record>& table,
                          RecordList<Record> records) {
    return RecordRows(name, table, records, [](std::size_t, RowBuilder&) {});
  }

  Result<void> Ops() { return RecordRows("ops", tables::OpTable(), document_.ops()); }
  Result<void> Tensors() {
    return RecordRows("tensors", tables::TensorTable(), document_.tensors());
  }
  Result<void> TensorStats() {
    return RecordRows("tensor_stats", tables::TensorStatsTable(), document_.tensor_stats());
  }
  Result<void> Memory() { return RecordRows("memory", tables::MemoryTable(), document_.memory()); }

  Result<void> DeviceMemory() {
    // gpu_utilisation is in device_memory() order: one cursor walks it beside the samples.
    std::size_t utilisation = 0;
    const auto& util = facts_.gpu_utilisation;
    return RecordRows("device_memory", tables::DeviceMemoryTable(), document_.device_memory(),
                      [&](std::size_t i, RowBuilder& row) {
                        while (utilisation < util.size() && util[utilisation].sample < i) {
                          ++utilisation;
                        }
                        if (utilisation < util.size() && util[utilisation].sample == i) {
                          row.Real(util[utilisation].percent);
                        } else {
                          row.Null();
                        }
                      });
  }

  Result<void> DeviceIntervals() {
    return RecordRows("device_intervals", tables::DeviceIntervalTable(),
                      document_.device_intervals());
  }
  Result<void> Gradients() {
    return RecordRows("gradients", tables::GradientTable(), document_.gradients());
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
  const RecordList<SpanRecord> spans_;
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
