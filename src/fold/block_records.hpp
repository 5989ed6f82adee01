// The records of one block that the fold keeps without consulting the stream's state: every kind
// but meta, span_start, span_end and terminal. The thread that decodes a block gathers them here
// by kind, prepared as the fold keeps them, so the folding thread checks each one's place in the
// stream and then appends each kind's run with one copy (issue 18: two cores used).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "document/record_lists.hpp"
#include "format/revision_rules.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

/// The op as the fold keeps it: its output's dense bytes resolved (docs/trace-format.md §2.3;
/// under trace/6 always a number).
OpRecord KeptOp(const OpRecord& op, const format::RevisionRules& rules);
/// The tensor as the fold keeps it, its dense bytes resolved the same way.
TensorRecord KeptTensor(const TensorRecord& tensor, const format::RevisionRules& rules);
/// The span a span_start opens, as the fold keeps it (its span_end completes it); with
/// `retain_records` false, only what the fold's rules need (id, start).
SpanRecord KeptSpan(const SpanStartRecord& start, bool retain_records);
/// That span's row, encoded by the thread that decoded the span_start into `storage`
/// (a pool of the document's directory), so that the fold need not intern its strings again.
using SpanRow = CompactList<SpanRecord>::Row;

/// Whether tensor statistics hold together (the fold's invalid_tensor_stats rule).
bool IsValidTensorStats(const TensorStatsRecord& stats);

/// What became of a record BlockRecords::Add was given.
enum class GatherVerdict : std::uint8_t {
  kKept,
  /// Tensor statistics that do not hold together (the fold's invalid_tensor_stats); not kept.
  kInvalidStats,
  /// The document's storage is full (limit_exceeded); not kept.
  kStorageFull,
};

struct BlockRecords : RecordLists {
  /// The latest host evidence among them (docs/trace-format.md §2.2 h).
  std::uint64_t latest_ns = 0;

  /// Whether records of `event`'s kind are gathered here.
  static bool Gathers(const Event& event) noexcept;

  /// Keeps `event` (a kind Gathers) as the fold would, its strings and arrays owned by
  /// `storage` (a pool of the document's directory).
  GatherVerdict Add(const Event& event, const format::RevisionRules& rules,
                    util::StringPool& storage);
};

}  // namespace tracedoc::detail
