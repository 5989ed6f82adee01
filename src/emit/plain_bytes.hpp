// The emitter's hot path over short byte runs: whether a string is plain (no byte of it needs a
// JSON escape) and short copies, both inline, where a libc call would cost more than the bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace tracedoc::emit {
namespace detail {

inline std::uint64_t Load64(const char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof(word));
  return word;
}

inline std::uint32_t Load32(const char* p) {
  std::uint32_t word;
  std::memcpy(&word, p, sizeof(word));
  return word;
}

// Nonzero when any byte of `word` is below 0x20, `"` or `\` (the SWAR zero-byte test, exact for
// "any"; bytes of 0x80 and above never match).
inline std::uint64_t EscapeBits(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHighs = 0x8080808080808080ull;
  const std::uint64_t quote = word ^ (0x22 * kOnes);
  const std::uint64_t backslash = word ^ (0x5C * kOnes);
  const std::uint64_t control = (word - 0x20 * kOnes) & ~word;
  const std::uint64_t quote_zero = (quote - kOnes) & ~quote;
  const std::uint64_t backslash_zero = (backslash - kOnes) & ~backslash;
  return (control | quote_zero | backslash_zero) & kHighs;
}

}  // namespace detail

/// Whether AppendJsonString would copy `text` unchanged between its quotes: no byte below 0x20,
/// no `"`, no `\`. Reads only the bytes of `text`, a word at a time (overlapping at the end).
inline bool IsPlainJsonString(std::string_view text) {
  const char* const data = text.data();
  const std::size_t size = text.size();
  if (size >= 8) {
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      if (detail::EscapeBits(detail::Load64(data + i)) != 0) return false;
    }
    return i == size || detail::EscapeBits(detail::Load64(data + size - 8)) == 0;
  }
  // Fewer than 8 bytes: gathered into one word padded with 'a', which needs no escape.
  std::uint64_t word = 0x6161616161616161ull;
  if (size >= 4) {
    word = detail::Load32(data) | (std::uint64_t{detail::Load32(data + size - 4)} << 32);
  } else if (size > 0) {
    // Bytes 0, size/2 and size-1 cover every byte of a run of 1 to 3.
    word = (word & ~std::uint64_t{0xFFFFFF}) | static_cast<unsigned char>(data[0]) |
           (std::uint64_t{static_cast<unsigned char>(data[size / 2])} << 8) |
           (std::uint64_t{static_cast<unsigned char>(data[size - 1])} << 16);
  }
  return detail::EscapeBits(word) == 0;
}

/// Copies `bytes` to `out`, which has room for them, and returns the end: two overlapping fixed
/// moves for up to 32 bytes (most keys and values), memcpy beyond.
inline char* PutBytes(char* out, std::string_view bytes) {
  const char* const src = bytes.data();
  const std::size_t size = bytes.size();
  if (size >= 16) {
    if (size > 32) {
      std::memcpy(out, src, size);
    } else {
      char head[16];
      char tail[16];
      std::memcpy(head, src, 16);
      std::memcpy(tail, src + size - 16, 16);
      std::memcpy(out, head, 16);
      std::memcpy(out + size - 16, tail, 16);
    }
  } else if (size >= 8) {
    const std::uint64_t head = detail::Load64(src);
    const std::uint64_t tail = detail::Load64(src + size - 8);
    std::memcpy(out, &head, 8);
    std::memcpy(out + size - 8, &tail, 8);
  } else if (size >= 4) {
    const std::uint32_t head = detail::Load32(src);
    const std::uint32_t tail = detail::Load32(src + size - 4);
    std::memcpy(out, &head, 4);
    std::memcpy(out + size - 4, &tail, 4);
  } else if (size > 0) {
    const char first = src[0];
    const char middle = src[size / 2];
    const char last = src[size - 1];
    out[0] = first;
    out[size / 2] = middle;
    out[size - 1] = last;
  }
  return out + size;
}

}  // namespace tracedoc::emit
