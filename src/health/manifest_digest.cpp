// The gradient manifest digest (docs/analyses.md §6.9.3): SHA-256 over a length-framed encoding of
// the ordered manifest. SHA-256 comes from OpenSSL's libcrypto, not a hand-written one.
#include <openssl/evp.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tracedoc/validation.hpp"

namespace tracedoc {
namespace {

struct DigestContextDeleter {
  void operator()(EVP_MD_CTX* context) const noexcept { EVP_MD_CTX_free(context); }
};
using DigestContext = std::unique_ptr<EVP_MD_CTX, DigestContextDeleter>;

// OpenSSL fails only when it cannot allocate or its SHA-256 provider is missing; the library
// never aborts, so each step reports whether it worked and the caller gets no digest.
bool Update(EVP_MD_CTX* context, std::string_view bytes) {
  return EVP_DigestUpdate(context, bytes.data(), bytes.size()) == 1;
}

// A field's framing: its UTF-8 byte length as a little-endian u64, then the bytes. The length
// prefix keeps ("ab", "c") and ("a", "bc") apart.
bool UpdateField(EVP_MD_CTX* context, std::string_view field) {
  std::array<unsigned char, 8> length{};
  std::uint64_t size = field.size();
  for (unsigned char& byte : length) {
    byte = static_cast<unsigned char>(size & 0xff);
    size >>= 8;
  }
  return EVP_DigestUpdate(context, length.data(), length.size()) == 1 && Update(context, field);
}

}  // namespace

std::optional<std::string> GradientManifestSha256(std::span<const ExpectedGradient> expected) {
  const DigestContext context(EVP_MD_CTX_new());
  if (context == nullptr || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1 ||
      !Update(context.get(), kGradientManifestSchema) ||
      !Update(context.get(), std::string_view("\0", 1))) {
    return std::nullopt;
  }
  for (const ExpectedGradient& entry : expected) {
    if (!UpdateField(context.get(), entry.root) || !UpdateField(context.get(), entry.key) ||
        !UpdateField(context.get(), entry.family)) {
      return std::nullopt;
    }
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_size = 0;
  if (EVP_DigestFinal_ex(context.get(), digest.data(), &digest_size) != 1) return std::nullopt;

  constexpr std::string_view kHex = "0123456789abcdef";
  std::string out = "sha256:";
  out.reserve(out.size() + 2 * digest_size);
  for (unsigned int i = 0; i < digest_size; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0x0f];
  }
  return out;
}

}  // namespace tracedoc
