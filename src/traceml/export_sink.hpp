// Where the export reader hands each record as soon as its line is read (a conversion, a
// summary, the typed export): one call per record, the view valid during the call only.
#pragma once

#include <cstdint>
#include <optional>

#include "traceml/export_records.hpp"

namespace tracedoc::traceml {

/// Where a record was, and what the reader knows of it beyond its columns.
struct RecordSource {
  /// 1-based physical line.
  std::uint64_t line = 0;
  /// Among the non-blank lines, from 0.
  std::uint64_t index = 0;
  /// The line of the first record of the stream with this record's key, when this one repeats
  /// it (docs/traceml-export.md, "Duplicates"); stdout_stderr lines never do.
  std::optional<std::uint64_t> first_of_key;
  /// Whether the export carries `hostname`; known at every record of a stream that has the
  /// column (the first such record decides).
  bool has_hostname = false;
};

class ExportSink {
 public:
  virtual ~ExportSink() = default;
  virtual void OnStepTime(const StepTimeView&, const RecordSource&) {}
  virtual void OnStepMemory(const StepMemoryView&, const RecordSource&) {}
  virtual void OnSystem(const SystemView&, const RecordSource&) {}
  virtual void OnSystemGpu(const SystemGpuView&, const RecordSource&) {}
  virtual void OnProcess(const ProcessView&, const RecordSource&) {}
  virtual void OnRuntimeEnvironment(const RuntimeEnvironmentView&, const RecordSource&) {}
  virtual void OnOutputLine(const OutputLineView&, const RecordSource&) {}
  /// The closing line, before its count is checked against the records (at the end).
  virtual void OnClosingLine(const ClosingLineView&, const RecordSource&) {}
};

}  // namespace tracedoc::traceml
