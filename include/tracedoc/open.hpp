// One way in for every format: a trace, a Cirron spool or a TraceML export read into a
// TraceDocument (the foreign formats converted as they are read), with every diagnostic in one
// bounded log. What the command line calls for every input.
#ifndef TRACEDOC_OPEN_HPP_
#define TRACEDOC_OPEN_HPP_

#include <optional>
#include <string>
#include <vector>

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
  /// A spool's session to read (docs/cirron-conversion.md, "Sessions"): its id, or its position
  /// in start order ("1" the oldest). None: the spool's only session; a spool of several
  /// sessions is then the error invalid_value with field `session` (ListSessions lists them).
  /// A spool of no session is read whole whatever this says, but an id or a position other
  /// than 1 that names no session is invalid_value too. Not used for other formats.
  std::optional<std::string> session;
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

/// A spool's sessions, oldest first, from one read of its spans' ids, parents and times (no
/// record converted). Empty for a spool without a session and for any other format.
Result<std::vector<CirronSession>> ListSessions(const TraceInput& input,
                                                const OpenOptions& options = {});

/// One run of an input: its document, and the session it came from (none for a trace, an
/// export or a spool without a session).
struct SessionDocument {
  std::optional<CirronSession> session;
  TraceDocument document;
};

/// Every run of the input, each its own document: a spool's sessions (oldest first) from one
/// pass that settles each span's session and one that converts each record into its session's
/// document; a spool of at most one session and any other format as ReadDocument reads it
/// (one run). `options.session` is not used. Memory: the documents, as one document would.
Result<std::vector<SessionDocument>> ReadSessions(const TraceInput& input,
                                                  const OpenOptions& options = {});

/// What ValidateInput says of one run.
struct SessionVerdict {
  std::optional<CirronSession> session;
  /// The run's run_id (a session's id; for a spool without a session its first batch's id).
  /// Empty for a trace or an export.
  std::string run_id;
  /// The run's fold error, if it has one.
  std::optional<Error> error;
  /// A spool's scope-shape findings of this run (the spool's reader warnings go to
  /// `options.diagnostics`), kept up to that log's `max_kept` (1,000 without one).
  DiagnosticLog findings;
};

/// ValidateInput run by run, as ReadSessions reads them: a read error of the input (the spool
/// as a whole) is the Result's error; each run's own verdict follows. For a trace or an export
/// it is ValidateInput's verdict, as one run with everything in `options.diagnostics`.
Result<std::vector<SessionVerdict>> ValidateSessions(const TraceInput& input,
                                                     const OpenOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_OPEN_HPP_
