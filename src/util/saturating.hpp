// A running total of u64 values that can add and take away, read out saturated. The memory
// analyses keep one per device and per category instead of re-summing the live set.
#pragma once

#include <cstdint>
#include <limits>

namespace tracedoc::util {

inline constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

/// a + b, saturating at 2^64 − 1.
constexpr std::uint64_t SaturatingAdd(std::uint64_t a, std::uint64_t b) noexcept {
  return a > kU64Max - b ? kU64Max : a + b;
}

/// a − b, clamped at 0.
constexpr std::uint64_t SaturatingSub(std::uint64_t a, std::uint64_t b) noexcept {
  return a > b ? a - b : 0;
}

// A saturating sum cannot be undone (MAX − x is not the sum of the rest), so the total is kept
// exact in 128 bits and saturated only when read: Value() equals the saturating sum of exactly
// the values currently held, whatever order they came and went in. Two words instead of
// __int128, which -Wpedantic rejects.
class ExactSum {
 public:
  constexpr void Add(std::uint64_t v) noexcept {
    low_ += v;
    high_ += low_ < v ? 1 : 0;
  }
  /// Takes away a value that was added earlier.
  constexpr void Subtract(std::uint64_t v) noexcept {
    high_ -= low_ < v ? 1 : 0;
    low_ -= v;
  }
  /// The sum, saturated at 2^64 − 1.
  constexpr std::uint64_t Value() const noexcept { return high_ != 0 ? kU64Max : low_; }

 private:
  std::uint64_t low_ = 0;
  std::uint64_t high_ = 0;
};

}  // namespace tracedoc::util
