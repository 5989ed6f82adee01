// Ids as bytes, their keyed hash, and the registry of a spool's records.
#include "cirron/id_registry.hpp"

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "util/enum_names.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cirron {
namespace {

// Indexed by RecordArray.
constexpr std::array<std::string_view, 3> kRecordArrayNames = {"spans", "marks", "snapshots"};
static_assert(kRecordArrayNames.size() == static_cast<std::size_t>(RecordArray::kSnapshots) + 1,
              "one name per RecordArray");

std::uint64_t HexDigit(char c) noexcept {
  return c <= '9' ? static_cast<std::uint64_t>(c - '0') : static_cast<std::uint64_t>(c - 'a' + 10);
}

std::uint64_t HexWord(std::string_view digits) noexcept {
  std::uint64_t word = 0;
  for (const char c : digits) word = (word << 4) | HexDigit(c);
  return word;
}

}  // namespace

Id128 ParseId(std::string_view hex) noexcept {
  return Id128{HexWord(hex.substr(0, 16)), HexWord(hex.substr(16, 16))};
}

std::string IdText(const Id128& id) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(32, '0');
  for (int i = 0; i < 16; ++i) {
    text[15 - i] = kDigits[(id.high >> (4 * i)) & 0xF];
    text[31 - i] = kDigits[(id.low >> (4 * i)) & 0xF];
  }
  return text;
}

std::size_t Id128Hash::operator()(const Id128& id) const noexcept {
  char bytes[16];
  std::memcpy(bytes, &id.high, 8);
  std::memcpy(bytes + 8, &id.low, 8);
  return util::HashBytes(std::string_view(bytes, sizeof bytes));
}

std::string_view RecordArrayName(RecordArray array) noexcept {
  return util::EnumNameOr(kRecordArrayNames, array, "records");
}

std::optional<RecordPlace> IdRegistry::Add(RecordArray array, const Id128& id, RecordPlace place) {
  const auto [at, inserted] = tables_[static_cast<std::size_t>(array)].try_emplace(id, place);
  if (inserted) return std::nullopt;
  return at->second;
}

}  // namespace tracedoc::cirron
