// An enum's spellings kept as a table in enumerator order (the name of value i at index i), the
// way the diagnostic, health, input-format and TraceML stream codes keep theirs: the spelling of
// an enumerator, and the enumerator a spelling names.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace tracedoc::util {

/// The spelling of `value` in `names`, or `unknown` for a value past the table's end (an integer
/// cast to the enum).
template <class Enum>
constexpr std::string_view EnumNameOr(std::span<const std::string_view> names, Enum value,
                                      std::string_view unknown) noexcept {
  const auto i = static_cast<std::size_t>(value);
  return i < names.size() ? names[i] : unknown;
}

/// The enumerator whose spelling in `names` is exactly `name` (case-sensitive), if any.
template <class Enum>
std::optional<Enum> EnumFromNames(std::span<const std::string_view> names,
                                  std::string_view name) noexcept {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<Enum>(i);
  }
  return std::nullopt;
}

}  // namespace tracedoc::util
