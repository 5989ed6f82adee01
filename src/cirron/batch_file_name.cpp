// File names of a spool (docs/cirron-spool.md, "Files").
#include "cirron/batch_file_name.hpp"

#include <limits>

#include "cirron/hex_id.hpp"

namespace tracedoc::cirron {
namespace {

constexpr std::size_t kCreatedDigits = 20;
constexpr std::string_view kBatchSuffix = ".json";
constexpr std::string_view kTemporarySuffix = ".json.tmp";

std::optional<std::uint64_t> ParseDigits(std::string_view digits) noexcept {
  std::uint64_t value = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace

bool IsTemporaryBatchFile(std::string_view name) noexcept {
  return name.ends_with(kTemporarySuffix);
}

std::optional<BatchFileName> ParseBatchFileName(std::string_view name) noexcept {
  if (name.size() != kCreatedDigits + 1 + kHexIdLength + kBatchSuffix.size()) return std::nullopt;
  if (name[kCreatedDigits] != '-' || !name.ends_with(kBatchSuffix)) return std::nullopt;
  const std::optional<std::uint64_t> created = ParseDigits(name.substr(0, kCreatedDigits));
  const std::string_view batch_id = name.substr(kCreatedDigits + 1, kHexIdLength);
  if (!created || !IsHexId(batch_id)) return std::nullopt;
  return BatchFileName{*created, batch_id};
}

}  // namespace tracedoc::cirron
