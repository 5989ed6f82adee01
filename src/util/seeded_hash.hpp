// The one hash for strings that come from the input: SipHash-2-4 (libsodium's crypto_shorthash)
// under a random key drawn once per process. An unkeyed hash can be inverted, and ids made to
// collide turn every hash table into a list (issue 12, F2 and F3); without the key nobody can
// know which ids collide.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

namespace tracedoc::util {

/// A SipHash key.
using HashKey = std::array<unsigned char, 16>;

/// The keyed hash of `s`. Equal strings hash equal within one process; across processes, or
/// after SetHashKeyForTesting, they need not.
std::uint64_t HashBytes(std::string_view s) noexcept;

/// Replaces the process's key. For tests only: not thread-safe, and tables already filled under
/// the old key no longer find their entries.
void SetHashKeyForTesting(const HashKey& key) noexcept;

/// The process's key now (for tests that restore it).
HashKey HashKeyForTesting() noexcept;

/// A transparent hasher over HashBytes for hash tables keyed by input strings, pairs of them,
/// or a number with one. Its values are fully mixed, so boost::unordered does not mix again.
struct SeededHash {
  using is_transparent = void;
  using is_avalanching = void;

  std::size_t operator()(std::string_view s) const noexcept { return HashBytes(s); }
  std::size_t operator()(const std::pair<std::string_view, std::string_view>& p) const noexcept {
    return Combine(HashBytes(p.first), HashBytes(p.second));
  }
  std::size_t operator()(const std::pair<std::uint64_t, std::string_view>& p) const noexcept {
    return Combine(HashBytes(p.second), p.first);
  }

  /// Folds `value` into `hash` (a HashBytes result) asymmetrically, so that swapped pairs do not
  /// collide; the key keeps `hash`, and so the result, unknown.
  static std::size_t Combine(std::uint64_t hash, std::uint64_t value) noexcept {
    return std::rotl(hash * 0x9E3779B97F4A7C15ull, 29) ^ (value * 0xC2B2AE3D27D4EB4Full);
  }
};

/// The hasher of a table whose entries, and the probes that look them up, keep 32 bits of a
/// HashBytes value in a `hash` member: growing the table rehashes from those bits without
/// hashing a string again. They are fully mixed already, so boost::unordered does not mix again;
/// they are spread over the word because the set takes its group from the high bits.
struct StoredHash {
  using is_transparent = void;
  using is_avalanching = void;

  template <class Hashed>
  std::size_t operator()(const Hashed& hashed) const noexcept {
    return static_cast<std::size_t>(hashed.hash) * 0x9E3779B97F4A7C15ull;
  }
};

}  // namespace tracedoc::util
