// The key is drawn on first use from libsodium's generator; should libsodium fail to start, from
// std::random_device, and should that fail too, from the clock and an address (still unknown to
// whoever writes the input, if weaker). Nothing here throws or aborts.
#include "util/seeded_hash.hpp"

#include <sodium.h>

#include <chrono>
#include <cstring>
#include <random>

namespace tracedoc::util {
namespace {

static_assert(sizeof(HashKey) == crypto_shorthash_KEYBYTES);
static_assert(crypto_shorthash_BYTES == sizeof(std::uint64_t));

void FallbackKey(HashKey& key) noexcept {
  try {
    std::random_device device;
    for (std::size_t i = 0; i < key.size(); i += sizeof(unsigned)) {
      const unsigned word = device();
      std::memcpy(key.data() + i, &word, sizeof(word));
    }
    return;
  } catch (...) {
    // No random device: fall through to the clock.
  }
  const auto now = static_cast<std::uint64_t>(
      std::chrono::high_resolution_clock::now().time_since_epoch().count());
  const auto address = reinterpret_cast<std::uintptr_t>(&key);
  const std::uint64_t words[2] = {now * 0x9E3779B97F4A7C15ull,
                                  static_cast<std::uint64_t>(address) ^ (now >> 17)};
  std::memcpy(key.data(), words, sizeof(words));
}

HashKey DrawKey() noexcept {
  HashKey key{};
  if (sodium_init() < 0) {
    FallbackKey(key);
  } else {
    randombytes_buf(key.data(), key.size());
  }
  return key;
}

// A function-local static: drawn once, on first use, safely from any thread.
HashKey& ProcessKey() noexcept {
  static HashKey key = DrawKey();
  return key;
}

}  // namespace

std::uint64_t HashBytes(std::string_view s) noexcept {
  unsigned char out[crypto_shorthash_BYTES];
  crypto_shorthash(out, reinterpret_cast<const unsigned char*>(s.data()), s.size(),
                   ProcessKey().data());
  std::uint64_t hash;
  std::memcpy(&hash, out, sizeof(hash));
  return hash;
}

void SetHashKeyForTesting(const HashKey& key) noexcept { ProcessKey() = key; }

HashKey HashKeyForTesting() noexcept { return ProcessKey(); }

}  // namespace tracedoc::util
