// The gradient manifest digest (docs/analyses.md §6.9.3): SHA-256 over a length-framed encoding of
// the ordered manifest, through util's one SHA-256 (libsodium's), not a hand-written one.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tracedoc/validation.hpp"
#include "util/sha256.hpp"

namespace tracedoc {
namespace {

// A field's framing: its UTF-8 byte length as a little-endian u64, then the bytes. The length
// prefix keeps ("ab", "c") and ("a", "bc") apart.
void UpdateField(util::Sha256& hash, std::string_view field) {
  std::array<char, 8> length{};
  std::uint64_t size = field.size();
  for (char& byte : length) {
    byte = static_cast<char>(size & 0xff);
    size >>= 8;
  }
  hash.Update(std::string_view(length.data(), length.size()));
  hash.Update(field);
}

}  // namespace

std::optional<std::string> GradientManifestSha256(std::span<const ExpectedGradient> expected) {
  // None only when libsodium cannot start.
  std::optional<util::Sha256> hash = util::Sha256::Start();
  if (!hash) return std::nullopt;
  hash->Update(kGradientManifestSchema);
  hash->Update(std::string_view("\0", 1));
  for (const ExpectedGradient& entry : expected) {
    UpdateField(*hash, entry.root);
    UpdateField(*hash, entry.key);
    UpdateField(*hash, entry.family);
  }
  return "sha256:" + util::LowerHex(hash->Finish());
}

}  // namespace tracedoc
