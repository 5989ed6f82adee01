// One way in for every format: a trace, a Cirron spool or a TraceML export read into a
// TraceDocument (the foreign formats converted as they are read), with every diagnostic in one
// bounded log. What the command line calls for every input.
#ifndef TRACEDOC_OPEN_HPP_
#define TRACEDOC_OPEN_HPP_

#include <optional>

#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/diagnostic.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/input_format.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {

/// How ReadDocument and ValidateInput read.
struct OpenOptions {
  /// What the input is; DetectFormat decides when it is not set.
  std::optional<InputFormat> format;
  /// A trace's read: its bounds, `--threads`, `decode.strict` (unknown keys are unknown_field)
  /// and `collect_errors` (every error, docs/tracedoc.md §2.1). For an export, its line bounds
  /// and `decode.strict` as TraceMLReadOptions::strict (columns out of order are then the error
  /// traceml_field_order too). A spool's read takes `spool` instead.
  ReadOptions read;
  /// A Cirron spool's read: strict (unknown keys), refuse_nonfinite_literals (NaN and Infinity
  /// refused), the batch and nesting bounds. (Its max_warnings is ReadCirronSpool's: here
  /// `diagnostics` has its own bound.)
  CirronReadOptions spool;
  /// Where warnings and findings go, kept up to its `max_kept`: a spool's unresolved references
  /// and scope-shape findings, an export's warnings. None: they are not collected.
  DiagnosticLog* diagnostics = nullptr;
};

/// Reads `input` into a document: a trace as ReadTrace does; a spool or an export converted
/// record by record as it is read (docs/cirron-conversion.md, docs/traceml-conversion.md), no
/// trace text written or read back. Errors: any code of docs/tracedoc.md §2; a spool's and an
/// export's name the file that holds their line (Error::file) and carry its column. Never throws.
Result<TraceDocument> ReadDocument(const TraceInput& input, const OpenOptions& options = {});

/// The checks of ReadDocument without keeping the document: memory grows with the spans (a
/// trace), the ids (a spool) or the keys (an export) only. Fails exactly where ReadDocument
/// would; fills `options.diagnostics` the same way.
Result<void> ValidateInput(const TraceInput& input, const OpenOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_OPEN_HPP_
