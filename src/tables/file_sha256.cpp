// The `runs` table's file_sha256: the input file's bytes hashed with libsodium, as health hashes
// a gradient manifest, so an exported run can be matched to the file it came from.
#include <array>
#include <cstdio>
#include <memory>
#include <string>

#include <sodium.h>

#include "tracedoc/tables.hpp"

namespace tracedoc {

Result<std::string> FileSha256(const std::string& path) {
  const auto fail = [&path](const char* what) {
    return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {},
                 std::string(what) + " " + path};
  };
  // libsodium asks for sodium_init() before any other call (safe to repeat, from any thread).
  if (sodium_init() < 0) return fail("cannot start libsodium to hash");
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), std::fclose);
  if (!file) return fail("cannot open");
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  std::array<unsigned char, 1 << 16> block{};
  std::size_t got = 0;
  while ((got = std::fread(block.data(), 1, block.size(), file.get())) > 0) {
    crypto_hash_sha256_update(&state, block.data(), got);
  }
  if (std::ferror(file.get())) return fail("cannot read");
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256_final(&state, digest.data());
  std::string hex(digest.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), digest.data(), digest.size());
  hex.pop_back();
  return hex;
}

}  // namespace tracedoc
