// What a document converted from another format carries beyond trace/10's records
// (docs/converted-facts.md): the ranks, steps and GPU utilisation of a TraceML export, the numeric
// marks of a Cirron spool. The conversion writes them as unknown keys, so the canonical output
// keeps them losslessly and a re-read document has them again; the document reads those keys
// once, when it is sealed, into the typed tables below. Outputs read the tables, never the keys.
#ifndef TRACEDOC_CONVERTED_FACTS_HPP_
#define TRACEDOC_CONVERTED_FACTS_HPP_

#include <cstdint>
#include <span>
#include <string_view>

#include "tracedoc/span_index.hpp"

namespace tracedoc {

/// The meta tag that says a document was converted from a TraceML export, and its value. Only
/// such a document has ranks, steps and GPU utilisation, so every other trace keeps its outputs
/// byte for byte whatever unknown keys it holds.
inline constexpr std::string_view kTraceMLSourceTag = "source";
inline constexpr std::string_view kTraceMLSourceValue = "traceml-export";

/// The unknown key of a rank's span_start (`rank N`): the global rank, a JSON integer.
inline constexpr std::string_view kTraceMLRankKey = "traceml_global_rank";

/// The unknown key of a device_memory sample from `system_gpu`: the GPU's utilisation in percent,
/// a JSON number. trace/10 has no utilisation record.
inline constexpr std::string_view kTraceMLGpuUtilKey = "traceml_gpu_util_percent";

/// The unknown key that holds a span's marks on its span_start (and, on the meta, the marks of
/// no span of the spool): an array of the marks as the spool wrote them.
inline constexpr std::string_view kCirronMarksKey = "cirron_marks";
/// The meta tag every converted Cirron spool has (the count of its batches): gates the Cirron
/// steps.
inline constexpr std::string_view kCirronBatchesTag = "cirron.batches";
/// On a converted Cirron span_start: the spool's `rank` and `index` (docs/cirron-conversion.md).
inline constexpr std::string_view kCirronRankKey = "cirron_rank";
inline constexpr std::string_view kCirronIndexKey = "cirron_index";

/// A span that stands for one rank of a TraceML run: its span_start has kTraceMLRankKey.
struct RankSpan {
  std::uint64_t rank = 0;
  SpanPosition span = 0;
  friend bool operator==(const RankSpan&, const RankSpan&) = default;
};

/// One step of a rank: a child span of the rank's span (TraceML), or a `step[k]` span of a
/// Cirron spool.
struct RankStep {
  std::uint64_t rank = 0;
  /// S of the step's id `rR.sS`; when some step of the document has no such number, every
  /// rank's steps are numbered 0, 1, ... in start order instead (ConvertedFacts::steps_numbered).
  std::uint64_t number = 0;
  SpanPosition span = 0;
  friend bool operator==(const RankStep&, const RankStep&) = default;
};

/// A GPU utilisation sample: a device_memory record with kTraceMLGpuUtilKey.
struct GpuUtilisation {
  /// The record's position in TraceDocument::device_memory().
  std::uint32_t sample = 0;
  /// Finite, in percent as the export wrote it.
  double percent = 0;
  friend bool operator==(const GpuUtilisation&, const GpuUtilisation&) = default;
};

/// A numeric mark (value_type `float` or `int`) of a converted Cirron spool.
struct Mark {
  std::string_view name;
  std::uint64_t ts_ns = 0;
  /// Whether the value was a JSON number; `value` holds it then.
  bool is_number = false;
  double value = 0;
  /// When the value was not a number: the string as written (the conversion writes NaN and the
  /// infinities as "NaN", "Infinity", "-Infinity"), or empty when it was not a string either.
  std::string_view text;
  /// The span whose span_start carried the mark; none for the meta's.
  bool on_span = false;
  SpanPosition span = 0;
};

/// The side tables of a sealed document: views into it, valid while any copy of it lives.
/// Empty for a trace that was not converted (or whose keys were dropped).
struct ConvertedFacts {
  /// Rank spans by rank, then span position. TraceML documents only.
  std::span<const RankSpan> ranks;
  /// Steps by rank (the order of `ranks`), then number, then start, then position. For a
  /// converted Cirron spool (no `ranks`: a spool is a process): its `step[k]` spans, each with
  /// its span's `cirron_rank`, numbered 0, 1, ... per rank in start order across epochs.
  std::span<const RankStep> steps;
  /// Whether every step's id had its number; when false, RankStep::number is the start order.
  bool steps_numbered = true;
  /// Utilisation samples in device_memory() order. TraceML documents only.
  std::span<const GpuUtilisation> gpu_utilisation;
  /// Marks in the order written: the meta's, then each span_start's in span order.
  std::span<const Mark> marks;
};

}  // namespace tracedoc

#endif  // TRACEDOC_CONVERTED_FACTS_HPP_
