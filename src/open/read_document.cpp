// ReadDocument and ValidateInput: each input through the reader of its format, into the one
// DocumentBuilder.
#include "cirron_convert/spool_conversion.hpp"
#include "read/input_access.hpp"
#include "traceml_convert/export_conversion.hpp"
#include "tracedoc/open.hpp"

namespace tracedoc {
namespace {

Result<std::string> SpoolPath(const TraceInput& input) {
  if (InputAccess::kind(input) != InputAccess::kFile) {
    return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {},
                 input.display_name() + ": a Cirron spool is read from a path, not a stream"};
  }
  return InputAccess::path(input).string();
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
    case InputFormat::kCirronSpool: {
      BOOST_OUTCOME_TRY(const std::string path, SpoolPath(input));
      return spool(path, SpoolOptions(options));
    }
    case InputFormat::kTraceMLExport:
      return conversion(input, ExportOptions(options));
  }
  return trace(input, options.read);
}

}  // namespace

Result<TraceDocument> ReadDocument(const TraceInput& input, const OpenOptions& options) {
  return ThroughReaderOfFormat(input, options, ReadTrace, cirron_convert::ConvertSpool,
                               traceml_convert::ConvertExport);
}

Result<void> ValidateInput(const TraceInput& input, const OpenOptions& options) {
  return ThroughReaderOfFormat(input, options, ValidateTrace, cirron_convert::CheckSpool,
                               traceml_convert::CheckExport);
}

}  // namespace tracedoc
