// A Cirron spool read straight into a candle-graph/trace/10 document (docs/cirron-conversion.md):
// each record becomes trace records as the reader hands it over, folded by the DocumentBuilder's
// rules; what only the whole spool tells (time 0, the meta, the marks of each span, the order in
// time) is settled once the last batch is read.
#pragma once

#include <string_view>

#include "cirron/spool_reader.hpp"
#include "fold/conversion_options.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::cirron_convert {

/// Its diagnostics are the unresolved references and the scope-shape findings.
using SpoolConversionOptions = fold::ConversionOptions<CirronReadOptions>;

/// The spool at `spool` (a path, or a batch read from a stream) as a document. Errors: the reader's (docs/cirron-spool.md),
/// cirron_empty_spool for a spool without batches, a fold error (a bug of the conversion).
Result<TraceDocument> ConvertSpool(const cirron::SpoolLocation& spool,
                                   const SpoolConversionOptions& options);

/// The same checks without keeping the records: memory grows with the spool's ids only.
Result<void> CheckSpool(const cirron::SpoolLocation& spool, const SpoolConversionOptions& options);

}  // namespace tracedoc::cirron_convert
