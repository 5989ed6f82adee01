// ReadDocument and ValidateInput: each input through the reader of its format, into the one
// DocumentBuilder.
#include <algorithm>
#include <array>
#include <string>

#include "cirron_convert/spool_conversion.hpp"
#include "read/input_access.hpp"
#include "traceml_convert/export_conversion.hpp"
#include "tracedoc/open.hpp"

namespace tracedoc {
namespace {

// A batch given as a string or on standard input, read whole as a batch file is, within the
// same bound (limit_exceeded past it, before more is kept).
Result<std::string> ReadStreamedBatch(const TraceInput& input, std::uint64_t max_bytes) {
  BOOST_OUTCOME_TRY(const read::InputSource source, read::OpenInputSource(input, "input"));
  std::string text;
  std::array<char, std::size_t{64} << 10> buffer{};
  while (const std::size_t got = source.bytes().Read(buffer.data(), buffer.size())) {
    if (got > max_bytes - std::min<std::uint64_t>(max_bytes, text.size())) {
      return Error{ErrorCode::kLimitExceeded, 0, std::nullopt, std::nullopt, {},
                   input.display_name() + ": more bytes than the batch bound of " +
                       std::to_string(max_bytes)};
    }
    text.append(buffer.data(), got);
  }
  if (const auto& failure = source.bytes().failure()) {
    return Error{failure->code, 0, std::nullopt, std::nullopt, {},
                 input.display_name() + ": " + failure->reason};
  }
  return text;
}

// Calls `read` with where the spool `input` is: its path, or the one batch read from a string or
// a stream (held here for the call).
template <class Read>
auto WithSpool(const TraceInput& input, const OpenOptions& options, Read read)
    -> decltype(read(cirron::SpoolLocation(""))) {
  if (InputAccess::kind(input) == InputAccess::kFile) {
    return read(cirron::SpoolLocation(InputAccess::path(input).string()));
  }
  BOOST_OUTCOME_TRY(const std::string text,
                    ReadStreamedBatch(input, options.spool.max_batch_bytes));
  const std::string name = input.display_name();
  return read(cirron::SpoolLocation::StreamedBatch(name, text));
}

cirron_convert::SpoolConversionOptions SpoolOptions(const OpenOptions& options) {
  return {options.spool, options.diagnostics, options.read.threads};
}

traceml_convert::ExportConversionOptions ExportOptions(const OpenOptions& options) {
  TraceMLReadOptions read;
  read.strict = options.read.decode.strict;
  read.max_line_bytes = options.read.max_line_bytes;
  read.max_records = options.read.max_records;
  return {read, options.diagnostics, options.read.threads};
}

// The one choice of reader by format that reading and validating share: `trace`, `spool` or
// `conversion` gets its input as that reader takes it, with its options.
template <class Trace, class Spool, class Export>
auto ThroughReaderOfFormat(const TraceInput& input, const OpenOptions& options, Trace trace,
                           Spool spool, Export conversion) -> decltype(trace(input, options.read)) {
  switch (options.format ? *options.format : DetectFormat(input)) {
    case InputFormat::kTrace:
      break;
    case InputFormat::kCirronSpool:
      return WithSpool(input, options, [&](const cirron::SpoolLocation& location) {
        return spool(location, SpoolOptions(options));
      });
    case InputFormat::kTraceMLExport:
      return conversion(input, ExportOptions(options));
  }
  return trace(input, options.read);
}

std::optional<std::string_view> SessionOf(const OpenOptions& options) {
  if (!options.session) return std::nullopt;
  return std::string_view(*options.session);
}

}  // namespace

Result<TraceDocument> ReadDocument(const TraceInput& input, const OpenOptions& options) {
  const auto spool = [&](const cirron::SpoolLocation& location,
                         const cirron_convert::SpoolConversionOptions& o) {
    return cirron_convert::ConvertSpool(location, o, SessionOf(options));
  };
  return ThroughReaderOfFormat(input, options, ReadTrace, spool, traceml_convert::ConvertExport);
}

Result<void> ValidateInput(const TraceInput& input, const OpenOptions& options) {
  const auto spool = [&](const cirron::SpoolLocation& location,
                         const cirron_convert::SpoolConversionOptions& o) {
    return cirron_convert::CheckSpool(location, o, SessionOf(options));
  };
  return ThroughReaderOfFormat(input, options, ValidateTrace, spool, traceml_convert::CheckExport);
}

namespace {

// `options` with the input's format settled, so that the input is looked at once.
OpenOptions Settled(const TraceInput& input, const OpenOptions& options) {
  OpenOptions settled = options;
  if (!settled.format) settled.format = DetectFormat(input);
  return settled;
}

bool IsSpool(const OpenOptions& settled) { return settled.format == InputFormat::kCirronSpool; }

// Every run of a spool, converted in the two passes of ConvertRuns.
Result<std::vector<cirron_convert::ConvertedRun>> SpoolRuns(const TraceInput& input,
                                                            const OpenOptions& options,
                                                            bool retain_records) {
  return WithSpool(input, options, [&](const cirron::SpoolLocation& location) {
    return cirron_convert::ConvertRuns(location, SpoolOptions(options),
                                       cirron_convert::SessionScope::kEvery, {}, retain_records);
  });
}

}  // namespace

Result<std::vector<CirronSession>> ListSessions(const TraceInput& input,
                                                const OpenOptions& options) {
  if (!IsSpool(Settled(input, options))) return std::vector<CirronSession>();
  return WithSpool(input, options, [&](const cirron::SpoolLocation& location) {
    return cirron_convert::ListSpoolSessions(location, SpoolOptions(options));
  });
}

Result<std::vector<SessionDocument>> ReadSessions(const TraceInput& input,
                                                  const OpenOptions& given) {
  const OpenOptions options = Settled(input, given);
  std::vector<SessionDocument> documents;
  if (!IsSpool(options)) {
    BOOST_OUTCOME_TRY(TraceDocument document, ReadDocument(input, options));
    documents.push_back(SessionDocument{std::nullopt, std::move(document)});
    return documents;
  }
  BOOST_OUTCOME_TRY(std::vector<cirron_convert::ConvertedRun> runs, SpoolRuns(input, options, true));
  for (cirron_convert::ConvertedRun& run : runs) {
    if (run.error) return *run.error;
    if (options.diagnostics != nullptr) options.diagnostics->Append(std::move(run.findings));
    BOOST_OUTCOME_TRY(TraceDocument document, std::move(run.builder).Finish());
    documents.push_back(SessionDocument{std::move(run.session), std::move(document)});
  }
  return documents;
}

Result<std::vector<SessionVerdict>> ValidateSessions(const TraceInput& input,
                                                     const OpenOptions& given) {
  const OpenOptions options = Settled(input, given);
  std::vector<SessionVerdict> verdicts;
  if (!IsSpool(options)) {
    const Result<void> checked = ValidateInput(input, options);
    SessionVerdict& verdict = verdicts.emplace_back();
    if (!checked) verdict.error = checked.error();
    return verdicts;
  }
  BOOST_OUTCOME_TRY(std::vector<cirron_convert::ConvertedRun> runs,
                    SpoolRuns(input, options, false));
  for (cirron_convert::ConvertedRun& run : runs) {
    SessionVerdict& verdict = verdicts.emplace_back();
    verdict.session = std::move(run.session);
    verdict.run_id = std::move(run.run_id);
    verdict.findings = std::move(run.findings);
    if (run.error) {
      verdict.error = std::move(run.error);
      continue;
    }
    const Result<void> checked = std::move(run.builder).Verify();
    if (!checked) verdict.error = checked.error();
  }
  return verdicts;
}

}  // namespace tracedoc
