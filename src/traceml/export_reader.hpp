// ReadExport: an export read line by line, each record checked by every rule of
// docs/traceml-export.md and handed to a sink as soon as its line is read. One line is held at a
// time; the reader's own memory is the keys it has seen.
#pragma once

#include <array>
#include <cstdint>

#include "tracedoc/diagnostic.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/traceml_export.hpp"
#include "traceml/export_sink.hpp"

namespace tracedoc::traceml {

/// What a whole read found, beyond the records handed over.
struct ExportTotals {
  /// Records per stream (TraceMLStream order).
  std::array<std::uint64_t, kTraceMLStreamCount> records{};
  /// Records whose key an earlier record of their stream had.
  std::array<std::uint64_t, kTraceMLStreamCount> duplicates{};
  bool has_hostname = false;
  bool has_closing_line = false;
  /// The warnings of this read, kept in the log or not.
  std::uint64_t warnings = 0;

  std::uint64_t record_count() const noexcept {
    std::uint64_t total = 0;
    for (const std::uint64_t count : records) total += count;
    return total;
  }
};

/// Reads `input`, handing each record and the closing line to `sink` and each warning to `log`
/// (its messages built only while it keeps them). The first error ends the read; errors name
/// the input (Error::file) and carry the physical line, the index among non-blank lines, the
/// column of the value at fault and the field's path.
Result<ExportTotals> ReadExport(const TraceInput& input, const TraceMLReadOptions& options,
                                ExportSink& sink, DiagnosticLog& log);

}  // namespace tracedoc::traceml
