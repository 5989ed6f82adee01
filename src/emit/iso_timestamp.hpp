// A Unix time in nanoseconds as the ISO-8601 text a converted trace's meta `timestamp` holds.
#pragma once

#include <cstdint>
#include <string>

namespace tracedoc::emit {

/// UTC with nanoseconds: 1764000000123456789 → `2025-11-24T16:00:00.123456789Z`.
std::string IsoTimestamp(std::uint64_t unix_ns);

}  // namespace tracedoc::emit
