// One record line of a TraceML export (docs/traceml-export.md): its stream and schema version
// first, then its stream's columns into its typed record, then the rules between records:
// `rank` equal to `global_rank`, `hostname` on every record or none, duplicate keys counted.
#ifndef TRACEDOC_TRACEML_RECORD_LINE_HPP_
#define TRACEDOC_TRACEML_RECORD_LINE_HPP_

#include <cstdint>
#include <optional>

#include "traceml/line_context.hpp"
#include "traceml/stream_keys.hpp"

namespace tracedoc::traceml {

class RecordLines {
 public:
  explicit RecordLines(TraceMLExport& out) : out_(out) {}

  /// Reads the record object at `node`, whose `stream` member is `stream_node`, into its
  /// stream's vector.
  Result<void> Read(LineContext& ctx, std::uint32_t node, std::uint32_t stream_node);

 private:
  template <class Record>
  Result<void> ReadAs(LineContext& ctx, std::uint32_t node, TraceMLStream stream,
                      std::vector<Record>& records);
  Result<void> CheckHostname(LineContext& ctx, bool present);

  TraceMLExport& out_;
  StreamKeys keys_;
  // The first record with a hostname column: its line and whether it had the field.
  std::optional<std::uint64_t> hostname_line_;
};

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_RECORD_LINE_HPP_
