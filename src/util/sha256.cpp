#include "util/sha256.hpp"

namespace tracedoc::util {

std::optional<Sha256> Sha256::Start() noexcept {
  // libsodium asks for sodium_init() before any other call (safe to repeat, from any thread).
  if (sodium_init() < 0) return std::nullopt;
  return Sha256();
}

Sha256::Sha256() noexcept { crypto_hash_sha256_init(&state_); }

void Sha256::Update(std::string_view bytes) noexcept {
  crypto_hash_sha256_update(&state_, reinterpret_cast<const unsigned char*>(bytes.data()),
                            bytes.size());
}

Sha256Digest Sha256::Finish() noexcept {
  Sha256Digest digest{};
  crypto_hash_sha256_final(&state_, digest.data());
  return digest;
}

std::string LowerHex(const Sha256Digest& digest) {
  constexpr std::string_view kHex = "0123456789abcdef";
  std::string out;
  out.reserve(2 * digest.size());
  for (const unsigned char byte : digest) {
    out += kHex[byte >> 4];
    out += kHex[byte & 0x0f];
  }
  return out;
}

}  // namespace tracedoc::util
