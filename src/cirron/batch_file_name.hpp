// The file-name rule of a spool: `<created_ns, 20 digits>-<batch_id, 32 lower-case hex>.json`,
// and `.json.tmp` for a batch still being written.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracedoc::cirron {

/// What a batch file's name says about its batch.
struct BatchFileName {
  std::uint64_t created_ns = 0;
  std::string_view batch_id;
};

/// A write in progress: the SDK renames it to `.json` once complete, so readers skip it.
bool IsTemporaryBatchFile(std::string_view name) noexcept;

/// The parts of a well-formed batch file name; nullopt for any other name, including 20 digits
/// beyond 18446744073709551615, which no created_ns can equal.
std::optional<BatchFileName> ParseBatchFileName(std::string_view name) noexcept;

}  // namespace tracedoc::cirron
