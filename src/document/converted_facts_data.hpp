// The side tables of tracedoc/converted_facts.hpp as a sealed document holds them, and the one
// place that reads the conversions' unknown keys and the TraceML source tag to fill them.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "tracedoc/converted_facts.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::detail {

struct PositionLists;

struct ConvertedFactsData {
  std::vector<RankSpan> ranks;
  std::vector<RankStep> steps;
  std::vector<GpuUtilisation> gpu_utilisation;
  std::vector<Mark> marks;
  bool steps_numbered = true;
  /// The marks' names and texts (decoded from JSON, so not views into the document's pool).
  std::string mark_text;

  /// Reads the keys of `run`, the span starts (in id order, the sealed order) and the
  /// device_memory samples; `children` is the span index's. Linear in the unknown members'
  /// bytes, plus sorting the ranks and each rank's steps.
  void Build(const TraceRunMeta& run, RecordList<SpanRecord> spans,
             RecordList<DeviceMemoryRecord> device_memory, const PositionLists& children);

  ConvertedFacts View() const noexcept { return {ranks, steps, steps_numbered, gpu_utilisation, marks}; }
  std::size_t memory_bytes() const noexcept;

 private:
  // A Cirron spool's step: span `p` when it is a `step[k]` scope (docs/converted-facts.md).
  void AddCirronStep(RecordList<SpanRecord> spans, SpanPosition p);
  // Sorts the Cirron steps by rank and start and numbers them per rank.
  void NumberCirronSteps(RecordList<SpanRecord> spans);
};

}  // namespace tracedoc::detail
