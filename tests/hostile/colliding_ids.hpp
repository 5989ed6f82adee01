// Ids built to collide fully under the two unkeyed string hashes tracedoc used before issue 12's
// F2 and F3: its own HashBytes (commit 4c62b6b) and libstdc++'s std::hash<std::string_view>.
// Both are cheap to invert on 16-byte strings, so any number of colliding printable ids can be
// found in a second or two. Header-only, for the hostile suite and the benchmarks.
#ifndef TRACEDOC_TESTS_HOSTILE_COLLIDING_IDS_HPP_
#define TRACEDOC_TESTS_HOSTILE_COLLIDING_IDS_HPP_

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::hostile {

/// util::HashBytes as of commit 4c62b6b: unseeded, and invertible block by block.
inline std::uint64_t OldHashBytes(std::string_view s) {
  constexpr std::uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
  auto mix = [](std::uint64_t a, std::uint64_t b) {
    const std::uint64_t product = a * b;
    return product ^ (product >> 29);
  };
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t h = 0x2D358DCCAA6C78A5ull ^ (n * kMultiplier);
  while (n >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    h = mix(h ^ word, kMultiplier);
    p += 8;
    n -= 8;
  }
  if (n != 0) {
    std::uint64_t word = 0;
    std::memcpy(&word, p, n);
    h = mix(h ^ word, kMultiplier);
  }
  return mix(h, 0x8BB84B93962EACC9ull);
}

namespace colliding_detail {

// The 92 bytes an id may use inside a JSON string without escaping: 0x21-0x7E but `"` and `\`.
inline bool Printable(std::uint64_t word) {
  for (int i = 0; i < 8; ++i) {
    const auto byte = static_cast<unsigned char>(word >> (8 * i));
    if (byte < 0x21 || byte > 0x7E || byte == '"' || byte == '\\') return false;
  }
  return true;
}

inline const std::array<char, 92>& Alphabet() {
  static const std::array<char, 92> alphabet = [] {
    std::array<char, 92> chars{};
    std::size_t n = 0;
    for (int c = 0x21; c <= 0x7E; ++c) {
      if (c != '"' && c != '\\') chars[n++] = static_cast<char>(c);
    }
    return chars;
  }();
  return alphabet;
}

// Every printable 8-byte word in turn (little-endian), as an odometer: one byte changes per
// step but on a carry, so a hundred million words cost well under a second.
class PrintableWords {
 public:
  PrintableWords() {
    for (int i = 0; i < 8; ++i) Set(i, 0);
  }
  std::uint64_t word() const { return word_; }
  void Next() {
    for (int i = 0; i < 8; ++i) {
      const auto digit = static_cast<std::uint8_t>(digits_[i] == 91 ? 0 : digits_[i] + 1);
      Set(i, digit);
      if (digit != 0) return;
    }
  }

 private:
  void Set(int i, std::uint8_t digit) {
    digits_[i] = digit;
    const std::uint64_t mask = std::uint64_t{0xFF} << (8 * i);
    word_ =
        (word_ & ~mask) | (std::uint64_t{static_cast<unsigned char>(Alphabet()[digit])} << (8 * i));
  }
  std::array<std::uint8_t, 8> digits_{};
  std::uint64_t word_ = 0;
};

inline std::string Id(std::uint64_t first, std::uint64_t second) {
  std::string id(16, '\0');
  std::memcpy(id.data(), &first, 8);
  std::memcpy(id.data() + 8, &second, 8);
  return id;
}

// Walks printable first words and keeps those whose forced second word is printable too.
template <class SecondWord>
std::vector<std::string> Collect(std::size_t count, SecondWord second_word) {
  std::vector<std::string> ids;
  ids.reserve(count);
  for (PrintableWords words; ids.size() < count; words.Next()) {
    const std::uint64_t first = words.word();
    const std::uint64_t second = second_word(first);
    if (Printable(second)) ids.push_back(Id(first, second));
  }
  return ids;
}

}  // namespace colliding_detail

/// `count` distinct printable 16-byte ids with one OldHashBytes value. With kMultiplier K and
/// mix(a, b) = p ^ (p >> 29) for p = a * b, the state after the first word w1 is
/// h1 = mix(h0 ^ w1, K); choosing w2 = h1 makes the second state mix(0, K) whatever w1 was.
inline std::vector<std::string> IdsCollidingUnderOldHashBytes(std::size_t count) {
  constexpr std::uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
  constexpr std::uint64_t h0 = 0x2D358DCCAA6C78A5ull ^ (16 * kMultiplier);
  return colliding_detail::Collect(count, [](std::uint64_t first) {
    const std::uint64_t product = (h0 ^ first) * kMultiplier;
    return product ^ (product >> 29);
  });
}

/// `count` distinct printable 16-byte ids with one libstdc++ std::hash<std::string_view> value
/// (std::_Hash_bytes, seed 0xc70f6907, MurmurHash64A-like). Per 8-byte block w the state goes
/// from s to (s ^ D(w)) * mul with D(w) = shift_mix(w * mul) * mul; choosing D(w2) = s1 makes
/// the state after the second block 0 whatever w1 was. D is inverted with mul's inverse and
/// shift_mix's (x ^ x >> 47 undoes itself).
inline std::vector<std::string> IdsCollidingUnderStdHash(std::size_t count) {
  constexpr std::uint64_t kMul = 0xc6a4a7935bd1e995ull;
  constexpr std::uint64_t kSeed = 0xc70f6907ull;
  constexpr std::uint64_t h0 = kSeed ^ (16 * kMul);
  constexpr std::uint64_t kInverse = [] {
    std::uint64_t inverse = kMul;  // Newton's iteration doubles the correct low bits each step
    for (int i = 0; i < 6; ++i) inverse *= 2 - kMul * inverse;
    return inverse;
  }();
  static_assert(kMul * kInverse == 1);
  auto shift_mix = [](std::uint64_t v) { return v ^ (v >> 47); };
  return colliding_detail::Collect(count, [&](std::uint64_t first) {
    const std::uint64_t s1 = (h0 ^ (shift_mix(first * kMul) * kMul)) * kMul;
    return shift_mix(s1 * kInverse) * kInverse;  // D^-1(s1)
  });
}

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_COLLIDING_IDS_HPP_
