#include "fold/block_records.hpp"

#include <algorithm>
#include <cmath>
#include <variant>

#include "format/dense_bytes.hpp"
#include "format/record_traits.hpp"
#include "text/utf8.hpp"
#include "util/overloaded.hpp"
#include "util/saturating.hpp"

namespace tracedoc::detail {
namespace {

std::optional<std::uint64_t> StorageBytes(std::optional<std::uint64_t> given,
                                          ArrayView<std::uint64_t> shape, std::string_view dtype,
                                          const format::RevisionRules& rules) {
  const std::optional<std::uint64_t> bytes = format::ResolveDenseBytes(given, shape, dtype);
  return rules.legacy_fields ? bytes.value_or(0) : bytes;
}

// Appends `record` to `list` as a row interned into `storage`; false when the storage is full.
template <class Record>
bool Keep(CompactList<Record>& list, const Record& record, util::StringPool& storage) {
  return list.Push(record, storage);
}

}  // namespace

SpanRecord KeptSpan(const SpanStartRecord& start, bool retain_records) {
  SpanRecord span;
  span.id = start.id;
  span.start_ns = start.start_ns;
  if (retain_records) {
    span.parent_id = start.parent_id;
    span.name = start.name;
    span.kind = start.span_kind;
    span.measured = start.measured;
    span.step = start.step;
    span.start_unknown = start.unknown;
  }
  return span;
}

OpRecord KeptOp(const OpRecord& op, const format::RevisionRules& rules) {
  OpRecord kept = op;
  kept.output_dense_bytes = StorageBytes(op.output_dense_bytes, op.shape, op.dtype, rules);
  return kept;
}

TensorRecord KeptTensor(const TensorRecord& tensor, const format::RevisionRules& rules) {
  TensorRecord kept = tensor;
  kept.dense_bytes = StorageBytes(tensor.dense_bytes, tensor.shape, tensor.dtype, rules);
  return kept;
}

bool IsValidTensorStats(const TensorStatsRecord& stats) {
  if (text::IsBlank(stats.label)) return false;
  const std::optional<std::uint64_t> elements = format::CheckedElementCount(stats.shape);
  if (elements != stats.elements) return false;
  if (stats.non_finite > stats.elements) return false;
  // -0.0 passes: -0.0 < 0 is false.
  if (!std::isfinite(stats.rms) || stats.rms < 0) return false;
  if (!std::isfinite(stats.abs_max) || stats.abs_max < 0) return false;
  return std::isfinite(stats.mean);
}

bool BlockRecords::Gathers(const Event& event) noexcept {
  return !std::holds_alternative<MetaRecord>(event) &&
         !std::holds_alternative<SpanStartRecord>(event) &&
         !std::holds_alternative<SpanEndRecord>(event) &&
         !std::holds_alternative<TerminalRecord>(event);
}

GatherVerdict BlockRecords::Add(const Event& event, const format::RevisionRules& rules,
                                util::StringPool& storage) {
  if (const auto* stats = std::get_if<TensorStatsRecord>(&event)) {
    if (!IsValidTensorStats(*stats)) return GatherVerdict::kInvalidStats;
  }
  // Whether the record was kept, and if not, why; evidence only from a kept record.
  bool kept = true;
  std::visit(util::Overloaded{
                 [&](const OpRecord& op) {
                   kept = Keep(ops, KeptOp(op, rules), storage);
                   if (kept) {
                     latest_ns = std::max(
                         latest_ns, util::SaturatingAdd(op.timestamp_ns, op.duration_ns));
                   }
                 },
                 [&](const TensorRecord& tensor) {
                   kept = Keep(tensors, KeptTensor(tensor, rules), storage);
                 },
                 [&](const TensorStatsRecord& stats) { kept = Keep(tensor_stats, stats, storage); },
                 [&](const MemoryRecord& record) {
                   kept = Keep(memory, record, storage);
                   if (kept) latest_ns = std::max(latest_ns, record.timestamp_ns);
                 },
                 [&](const DeviceMemoryRecord& sample) {
                   kept = Keep(device_memory, sample, storage);
                   if (kept) latest_ns = std::max(latest_ns, sample.timestamp_ns);
                 },
                 [&](const DeviceIntervalRecord& interval) {
                   kept = Keep(device_intervals, interval, storage);
                 },
                 [&](const GradientRecord& gradient) { kept = Keep(gradients, gradient, storage); },
                 [&](const EdgeRecord& edge) { kept = Keep(edges, edge, storage); },
                 [](const auto&) {},  // not gathered
             },
             event);
  return kept ? GatherVerdict::kKept : GatherVerdict::kStorageFull;
}

}  // namespace tracedoc::detail
