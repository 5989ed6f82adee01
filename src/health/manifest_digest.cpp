// The gradient manifest digest (docs/analyses.md §6.9.3): SHA-256 over a length-framed encoding of
// the ordered manifest. SHA-256 comes from libsodium, the library's one cryptographic dependency
// (util's SipHash uses it too), not a hand-written one.
#include <sodium.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "tracedoc/validation.hpp"

namespace tracedoc {
namespace {

void Update(crypto_hash_sha256_state& state, std::string_view bytes) {
  crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(bytes.data()),
                            bytes.size());
}

// A field's framing: its UTF-8 byte length as a little-endian u64, then the bytes. The length
// prefix keeps ("ab", "c") and ("a", "bc") apart.
void UpdateField(crypto_hash_sha256_state& state, std::string_view field) {
  std::array<unsigned char, 8> length{};
  std::uint64_t size = field.size();
  for (unsigned char& byte : length) {
    byte = static_cast<unsigned char>(size & 0xff);
    size >>= 8;
  }
  crypto_hash_sha256_update(&state, length.data(), length.size());
  Update(state, field);
}

}  // namespace

std::optional<std::string> GradientManifestSha256(std::span<const ExpectedGradient> expected) {
  // libsodium asks for sodium_init() before any other call (safe to repeat, from any thread);
  // it fails only when the library cannot start, and then there is no digest.
  if (sodium_init() < 0) return std::nullopt;
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  Update(state, kGradientManifestSchema);
  Update(state, std::string_view("\0", 1));
  for (const ExpectedGradient& entry : expected) {
    UpdateField(state, entry.root);
    UpdateField(state, entry.key);
    UpdateField(state, entry.family);
  }
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256_final(&state, digest.data());

  constexpr std::string_view kHex = "0123456789abcdef";
  std::string out = "sha256:";
  out.reserve(out.size() + 2 * digest.size());
  for (const unsigned char byte : digest) {
    out += kHex[byte >> 4];
    out += kHex[byte & 0x0f];
  }
  return out;
}

}  // namespace tracedoc
