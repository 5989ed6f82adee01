// What the read pipeline may see of a DocumentBuilder beyond its public API: the storage of the
// document being built, where large decoded values are adopted (read/large_value_handover).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>
#include <string_view>

#include "fold/block_records.hpp"
#include "tracedoc/document_builder.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

struct BuilderAccess {
  /// The document's storage, where the next Add may find its large values already.
  static util::StringPool& Pool(DocumentBuilder& builder);
  /// The directory of the document's storage, which the decoding threads' shards share.
  static const std::shared_ptr<util::ChunkDirectory>& Directory(DocumentBuilder& builder);
  /// Whether the builder keeps every record, or only the meta record (a validation).
  static bool RetainsRecords(const DocumentBuilder& builder);
  /// As DocumentBuilder::Add, for an event whose strings and arrays already live in a pool the
  /// builder will adopt (AdoptShard). A record kept as a row is interned into `rows_pool` when
  /// given (a pool of the document's directory that the document adopts: a conversion's own,
  /// whose index still holds the record's strings), else into the document's pool; a
  /// span_start's row is `span_row` when given (KeptSpan's, encoded where its strings were).
  static Result<void> AddOwned(DocumentBuilder& builder, const Event& event,
                               RecordPosition position, util::StringPool* rows_pool = nullptr,
                               const SpanRow* span_row = nullptr);
  /// The place checks of DocumentBuilder::Add for a record gathered into a BlockRecords (its
  /// kind's variant index; `verdict`: BlockRecords::Add's answer), counted as Add counts it. The
  /// record itself is kept by AppendGathered, at the end of its block.
  static Result<void> AddGathered(DocumentBuilder& builder, std::size_t kind_index,
                                  GatherVerdict verdict, RecordPosition position);
  /// Keeps every record of `records`, whose records all passed AddGathered, in order by kind.
  static void AppendGathered(DocumentBuilder& builder, const BlockRecords& records);
  /// Makes `shard` part of the document's storage, for the records AddOwned kept from it.
  static void AdoptShard(DocumentBuilder& builder, std::unique_ptr<util::StringPool> shard);

  // For a conversion (a Cirron spool, a TraceML export), which adds each record as it reads it
  // but learns the run's time 0, its meta and some records' unknown members only at the end.

  /// Every time kept so far (span starts, op, memory and device_memory timestamps, interval
  /// starts) and the latest evidence, less `origin`; 0 for one that is earlier.
  static void ShiftTimes(DocumentBuilder& builder, std::uint64_t origin);
  /// Makes `blocks` part of the document's storage, so that the next ReplaceRun (or Add) keeps
  /// a large value that lies in one of them as it is instead of copying it: a conversion builds
  /// a meta of many megabytes once.
  static void AdoptBlocks(DocumentBuilder& builder, std::vector<std::string>&& blocks);
  /// Replaces the run metadata of the meta record added first (copied into the document).
  static void ReplaceRun(DocumentBuilder& builder, const TraceRunMeta& run);
  /// Whether a span of id `id` was added.
  static bool HasSpan(const DocumentBuilder& builder, std::string_view id);
  /// The unknown members kept for the span_start of `id` (empty when none, or not kept).
  static UnknownFields SpanStartUnknown(const DocumentBuilder& builder, std::string_view id);
  /// Replaces them (copied into the document); nothing when the span is not there. Fails
  /// (limit_exceeded) only when the document's storage can hold no more.
  static Result<void> ReplaceSpanStartUnknown(DocumentBuilder& builder, std::string_view id,
                                              const UnknownFields& unknown);
  /// Puts the records of one kind (device_interval, tensor_stats or device_memory, by variant
  /// index) in another order: `order[i]` is the place, in the order they were added, of the
  /// record that goes i-th. Nothing when the builder keeps no records.
  static void Reorder(DocumentBuilder& builder, std::size_t kind_index,
                      std::span<const std::uint32_t> order);
};

}  // namespace tracedoc::detail
