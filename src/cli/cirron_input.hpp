// Cirron spools on the command line (docs/cirron-conversion.md, "Command line"): when an input
// is a spool (`--from cirron`, a directory, or a file named like a batch), read and converted.
#ifndef TRACEDOC_CLI_CIRRON_INPUT_HPP_
#define TRACEDOC_CLI_CIRRON_INPUT_HPP_

#include <ostream>
#include <string>
#include <string_view>

#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::cli {

/// The `--from` spellings: `trace` (candle-graph JSONL) and `cirron` (a spool).
inline constexpr std::string_view kFromTrace = "trace";
inline constexpr std::string_view kFromCirron = "cirron";

/// Whether `file` is read as a spool: `from` says so, or, when `from` is empty, `file` is a
/// directory with a `spool/` or a batch file in it, or a file named like a batch:
/// `<20 digits>-<32 lower-case hex>.json`.
bool IsCirronInput(const std::string& file, std::string_view from);

/// ReadCirronSpool, then ToTraceDocument.
Result<TraceDocument> ReadCirronDocument(const std::string& path);

/// `tracedoc validate` of a spool: prints the read error, or the unresolved references and the
/// scope findings (as text on stderr, or, with `json`, one object on `json_out`). The exit code:
/// 2 unreadable, 1 rejected, not convertible, or a scope finding of severity error, else 0.
int ValidateCirronSpool(const std::string& path, bool json, std::ostream& json_out);

}  // namespace tracedoc::cli

#endif  // TRACEDOC_CLI_CIRRON_INPUT_HPP_
