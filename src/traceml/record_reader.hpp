// One record line of an export (docs/traceml-export.md, "Records"): its stream and schema
// version first, then its stream's columns through the stream's table, then the rules between
// records (`rank` equal to `global_rank`, `hostname` on every record or none, duplicate keys);
// the record then goes to the sink. Also the closing line.
#pragma once

#include <cstdint>
#include <optional>

#include "format/decode_context.hpp"
#include "traceml/export_reader.hpp"
#include "traceml/export_sink.hpp"
#include "traceml/export_warnings.hpp"
#include "traceml/stream_keys.hpp"

namespace tracedoc::traceml {

/// The closing line once read: where it is, for the errors found later.
struct ClosingPlace {
  std::uint64_t line = 0;
  std::uint64_t index = 0;
  /// Columns of the line's start and of `written_records`' value.
  std::uint64_t column = 0;
  std::uint64_t written_records_column = 0;
  std::uint64_t written_records = 0;
};

class RecordReader {
 public:
  RecordReader(ExportSink& sink, ExportWarnings& warnings, ExportTotals& totals)
      : sink_(sink), warnings_(warnings), totals_(totals) {}

  /// The value node of the first member named `key` of the line's object; 0 when none (node 0
  /// is the object itself, never a member).
  static std::uint32_t FindMember(const format::DecodeContext& ctx, std::string_view key);

  /// Reads the line's object (node 0), whose `stream` member is at `stream_node`. False with
  /// the context's error (and error node) set when it breaks a rule.
  bool ReadRecord(format::DecodeContext& ctx, std::uint32_t stream_node, const RecordSource& at);

  /// Whether the line's object, which has no `stream`, has the closing line's two members.
  static bool IsClosingLine(const format::DecodeContext& ctx);

  /// Reads the closing line; false with the context's error set.
  bool ReadClosingLine(format::DecodeContext& ctx, const RecordSource& at, ClosingPlace& place);

 private:
  // Reads the line as a View and hands it to the sink's `deliver`.
  template <class View>
  bool ReadAs(format::DecodeContext& ctx, TraceMLStream stream, const RecordSource& at,
              void (ExportSink::*deliver)(const View&, const RecordSource&));
  bool CheckHostname(format::DecodeContext& ctx, bool present, std::uint32_t node,
                     std::uint64_t line);

  ExportSink& sink_;
  ExportWarnings& warnings_;
  ExportTotals& totals_;
  StreamKeys keys_;
  // The first record with a hostname column: its line (its presence is totals_.has_hostname).
  std::optional<std::uint64_t> hostname_line_;
};

}  // namespace tracedoc::traceml
