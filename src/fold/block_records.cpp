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

// Appends `record` to `list` and re-points it into `storage`.
template <class Record>
void Keep(util::RecordBuffer<Record>& list, const Record& record, util::StringPool& storage) {
  format::OwnRecord(storage, list.push_back(record));
}

}  // namespace

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
  GatherVerdict verdict = GatherVerdict::kKept;
  std::visit(util::Overloaded{
                 [&](const OpRecord& op) {
                   if (!ops.Push(KeptOp(op, rules), storage)) {
                     verdict = GatherVerdict::kStorageFull;
                     return;
                   }
                   latest_ns = std::max(latest_ns,
                                        util::SaturatingAdd(op.timestamp_ns, op.duration_ns));
                 },
                 [&](const TensorRecord& tensor) {
                   Keep(tensors, KeptTensor(tensor, rules), storage);
                 },
                 [&](const TensorStatsRecord& stats) {
                   if (IsValidTensorStats(stats)) {
                     Keep(tensor_stats, stats, storage);
                   } else {
                     verdict = GatherVerdict::kInvalidStats;
                   }
                 },
                 [&](const MemoryRecord& record) {
                   if (!memory.Push(record, storage)) {
                     verdict = GatherVerdict::kStorageFull;
                     return;
                   }
                   latest_ns = std::max(latest_ns, record.timestamp_ns);
                 },
                 [&](const DeviceMemoryRecord& sample) {
                   Keep(device_memory, sample, storage);
                   latest_ns = std::max(latest_ns, sample.timestamp_ns);
                 },
                 [&](const DeviceIntervalRecord& interval) {
                   Keep(device_intervals, interval, storage);
                 },
                 [&](const GradientRecord& gradient) { Keep(gradients, gradient, storage); },
                 [&](const EdgeRecord& edge) { Keep(edges, edge, storage); },
                 [](const auto&) {},  // not gathered
             },
             event);
  return verdict;
}

}  // namespace tracedoc::detail
