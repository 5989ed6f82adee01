// A TraceML export read straight into a candle-graph/trace/10 document
// (docs/traceml-conversion.md).
#pragma once

#include "fold/conversion_options.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml_convert {

/// Its diagnostics are the reader's warnings.
using ExportConversionOptions = fold::ConversionOptions<TraceMLReadOptions>;

/// The export `input` as a document. Errors: the reader's (docs/traceml-export.md), a fold
/// error (a bug of the conversion).
Result<TraceDocument> ConvertExport(const TraceInput& input,
                                    const ExportConversionOptions& options);

/// The reader's checks alone, without keeping records: memory grows with the keys only.
Result<void> CheckExport(const TraceInput& input, const ExportConversionOptions& options);

}  // namespace tracedoc::traceml_convert
