// Run ids as partition directory names: percent-encoding, then a digest past a bound.
#include "tables/partition_name.hpp"

#include <optional>

#include "util/sha256.hpp"

namespace tracedoc::tables {
namespace {

constexpr std::string_view kHexDigits = "0123456789ABCDEF";

bool KeptAsIs(unsigned char byte) {
  return (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') ||
         (byte >= '0' && byte <= '9') || byte == '.' || byte == '-';
}

// `~` and the first 32 hex digits (128 bits) of the id's SHA-256: a collision needs 2^64 ids.
// Without libsodium (it cannot start: no source of randomness) the suffix is `~` alone.
std::string DigestSuffix(std::string_view run_id) {
  std::string out = "~";
  std::optional<util::Sha256> hash = util::Sha256::Start();
  if (!hash) return out;
  hash->Update(run_id);
  const util::Sha256Digest digest = hash->Finish();
  for (std::size_t i = 0; i < 16; ++i) {
    out += kHexDigits[digest[i] >> 4];
    out += kHexDigits[digest[i] & 0xF];
  }
  return out;
}

}  // namespace

std::string EscapeRunIdForPath(std::string_view run_id) {
  if (run_id.empty()) return std::string(kEmptyRunIdName);
  std::string out;
  // Only as much as could be kept: a hostile id of gigabytes costs its bound, plus one digest.
  for (const char c : run_id) {
    const auto byte = static_cast<unsigned char>(c);
    if (KeptAsIs(byte)) {
      out += c;
    } else {
      out += '%';
      out += kHexDigits[byte >> 4];
      out += kHexDigits[byte & 0xF];
    }
    if (out.size() > kMaxEscapedRunIdBytes) break;
  }
  if (out.size() <= kMaxEscapedRunIdBytes) return out;
  std::size_t keep = kKeptEscapedRunIdBytes;
  // Never cut inside a `%XX`: back up to the escape's `%`.
  // (`%` only ever starts an escape: it is escaped itself and is no hex digit.)
  if (out[keep - 1] == '%') {
    keep -= 1;
  } else if (out[keep - 2] == '%') {
    keep -= 2;
  }
  out.resize(keep);
  return out + DigestSuffix(run_id);
}

std::string PartitionDirectoryName(std::string_view run_id) {
  return "run_id=" + EscapeRunIdForPath(run_id);
}

}  // namespace tracedoc::tables
