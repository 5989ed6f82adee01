// The id spelling of the Cirron spool: 32 lower-case hex digits (a UUID4 without its dashes).
#pragma once

#include <string_view>

namespace tracedoc::cirron {

inline constexpr std::size_t kHexIdLength = 32;

/// Whether `text` is exactly 32 characters of [0-9a-f].
constexpr bool IsHexId(std::string_view text) noexcept {
  if (text.size() != kHexIdLength) return false;
  for (const char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace tracedoc::cirron
