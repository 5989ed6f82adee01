// Reads JSON number literals into the format's two numeric types, u64 and f64 (§1.0).
// Literals come from the tape as written, so the rules can tell `1` from `1.0`.
#pragma once

#include <cstdint>
#include <string_view>

namespace tracedoc::json {

enum class U64Status : std::uint8_t { kOk, kFloatLiteral, kNegative, kTooLarge };

/// Reads an integer literal in 0..=18446744073709551615. `-0` counts as negative: it is written
/// as a negative integer, and the reference reads it as the float -0.0, never as a u64.
U64Status ParseU64(std::string_view literal, std::uint64_t& out) noexcept;

/// Whether a JSON number literal has a fraction or an exponent. One pass: libstdc++'s
/// find_first_of calls memchr once per byte, which showed in the decode profile.
inline bool HasFractionOrExponent(std::string_view literal) noexcept {
  for (const char c : literal) {
    if (c == '.' || c == 'e' || c == 'E') return true;
  }
  return false;
}

/// Whether a literal is one of the non-finite words Python writes (`NaN`, `Infinity`,
/// `-Infinity`), which the tape reads only when asked (json::ParseOptions::allow_non_finite).
inline bool IsNonFiniteLiteral(std::string_view literal) noexcept {
  return literal == "NaN" || literal == "Infinity" || literal == "-Infinity";
}

/// Whether a JSON number literal has an exponent.
inline bool HasExponent(std::string_view literal) noexcept {
  for (const char c : literal) {
    if (c == 'e' || c == 'E') return true;
  }
  return false;
}

/// Reads any JSON number literal as the correctly rounded nearest double (NaN, Infinity and
/// -Infinity as such). Returns false when the value overflows the double range (`1E400`); an
/// underflow reads as a signed zero.
bool ParseF64(std::string_view literal, double& out) noexcept;

}  // namespace tracedoc::json
