// SHA-256 through libsodium, the one hashing library (issue 29: one place per policy): the
// gradient manifest's digest, an exported file's digest, a long run id's directory name.
#pragma once

#include <sodium.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace tracedoc::util {

using Sha256Digest = std::array<unsigned char, crypto_hash_sha256_BYTES>;

/// A digest fed in pieces.
class Sha256 {
 public:
  /// None when libsodium cannot start (sodium_init failed: no source of randomness).
  static std::optional<Sha256> Start() noexcept;

  void Update(std::string_view bytes) noexcept;
  Sha256Digest Finish() noexcept;

 private:
  Sha256() noexcept;
  crypto_hash_sha256_state state_;
};

/// The digest as 64 lower-case hex digits.
std::string LowerHex(const Sha256Digest& digest);

}  // namespace tracedoc::util
