// The directory a run's rows go to in the NDJSON tables (docs/fleet.md §2):
// `run_id=<escaped id>`, a Hive-style partition. A run id comes from the input, so it is escaped
// until no id can leave DIR, name another run's directory or exceed a file name's length.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::tables {

/// The longest escaped run id kept whole; a longer one is cut and given a digest.
inline constexpr std::size_t kMaxEscapedRunIdBytes = 160;
/// How much of a longer escaped id is kept before its digest.
inline constexpr std::size_t kKeptEscapedRunIdBytes = 128;
/// What an empty run id is spelled as: Hive's name for a missing partition value.
inline constexpr std::string_view kEmptyRunIdName = "__HIVE_DEFAULT_PARTITION__";

/// The run id as a path component's value, one-to-one:
/// - every byte outside [A-Za-z0-9.-] (`/`, `%`, `_`, `=`, controls, each byte of a UTF-8
///   sequence) becomes `%XX`, upper-case hex, as in a URL: no escaped id holds a `/` or a NUL;
/// - the empty id is `__HIVE_DEFAULT_PARTITION__` (no other id escapes to it: `_` is escaped);
/// - an escape longer than 160 bytes is cut to its first 128 bytes (never inside a `%XX`) and
///   followed by `~` and the first 32 hex digits of the id's SHA-256 (`~` is `%7E` in every
///   escape kept whole, so a cut name never equals a whole one).
/// At most 161 bytes; the directory name adds `run_id=` (PartitionDirectoryName).
std::string EscapeRunIdForPath(std::string_view run_id);

/// `run_id=` and the escaped id: never `.` or `..`, at most 168 bytes (a file name may have 255).
std::string PartitionDirectoryName(std::string_view run_id);

}  // namespace tracedoc::tables
