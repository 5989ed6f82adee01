// A Cirron spool read straight into a candle-graph/trace/10 document (docs/cirron-conversion.md):
// each record becomes trace records as the reader hands it over, folded by the DocumentBuilder's
// rules; what only the whole spool tells (time 0, the meta, the marks of each span, the order in
// time) is settled once the last batch is read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cirron/spool_reader.hpp"
#include "fold/conversion_options.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::cirron_convert {

/// Its diagnostics are the unresolved references and the scope-shape findings.
using SpoolConversionOptions = fold::ConversionOptions<CirronReadOptions>;

/// Which sessions of a spool a read converts (docs/cirron-conversion.md, "Sessions").
enum class SessionScope : std::uint8_t {
  kOnly,    // the only one: a spool of several is invalid_value (field `session`)
  kChosen,  // the one a choice names, by id or position
  kEvery,   // each its own run
};

/// One run of a spool, converted.
struct ConvertedRun {
  /// None for a spool without a session.
  std::optional<CirronSession> session;
  std::string run_id;
  /// Finished by the caller (Finish or Verify) unless `error` is set.
  DocumentBuilder builder;
  /// The run's fold error (a bug of the conversion).
  std::optional<Error> error;
  /// Its scope-shape findings, for kEvery (the others give them to `options.diagnostics`).
  DiagnosticLog findings;
};

/// The runs `scope` asks for, oldest first. A spool of at most one session is read once and
/// converted whole, as it always was (that read counts the session roots); a spool of several is
/// read twice more: once for each span's session (SpoolSessions), once converting each record
/// into its session's run (SessionRouter); a chosen session, twice in all. Errors: the reader's, cirron_empty_spool, invalid_value for a choice that
/// names no session (and for kOnly with several).
Result<std::vector<ConvertedRun>> ConvertRuns(const cirron::SpoolLocation& path,
                                              const SpoolConversionOptions& options,
                                              SessionScope scope, std::string_view choice,
                                              bool retain_records);

/// The spool's sessions, oldest first, from one read that converts nothing.
Result<std::vector<CirronSession>> ListSpoolSessions(const cirron::SpoolLocation& path,
                                                     const SpoolConversionOptions& options);

/// The spool at `path` (a path, or a batch read from a stream) as a document: its only session, or `session` (an id or a position,
/// 1 = oldest). Errors: the reader's (docs/cirron-spool.md), cirron_empty_spool for a spool
/// without batches, invalid_value (field `session`) for a choice missing or naming no session,
/// a fold error (a bug of the conversion).
Result<TraceDocument> ConvertSpool(const cirron::SpoolLocation& path, const SpoolConversionOptions& options,
                                   std::optional<std::string_view> session = std::nullopt);

/// The same checks without keeping the records: memory grows with the spool's ids only.
Result<void> CheckSpool(const cirron::SpoolLocation& path, const SpoolConversionOptions& options,
                        std::optional<std::string_view> session = std::nullopt);

}  // namespace tracedoc::cirron_convert
