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
      if (InputAccess::kind(input) == InputAccess::kFile) {
        return spool(InputAccess::path(input).string(), SpoolOptions(options));
      }
      BOOST_OUTCOME_TRY(const std::string text,
                        ReadStreamedBatch(input, options.spool.max_batch_bytes));
      const std::string name = input.display_name();
      return spool(cirron::SpoolLocation::StreamedBatch(name, text), SpoolOptions(options));
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
