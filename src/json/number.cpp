// std::from_chars is correctly rounded (libstdc++ 12), unlike Boost.JSON 1.81's fast path.
#include "json/number.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <system_error>

namespace tracedoc::json {
namespace {

// The power of ten just above the literal's magnitude (1e3 and 999 give 3, 0.05 gives -1),
// saturating far outside the double range. The literal is a valid, non-zero JSON number.
long long DecimalOrder(std::string_view literal) {
  std::size_t i = literal.front() == '-' ? 1 : 0;
  long long order = 0;
  bool seen_nonzero = false;
  long long int_digits_after_first = 0;
  for (; i < literal.size() && literal[i] >= '0' && literal[i] <= '9'; ++i) {
    if (seen_nonzero) {
      ++int_digits_after_first;
    } else if (literal[i] != '0') {
      seen_nonzero = true;
      int_digits_after_first = 1;
    }
  }
  if (seen_nonzero) {
    order = int_digits_after_first;
  } else if (i < literal.size() && literal[i] == '.') {
    for (++i; i < literal.size() && literal[i] == '0'; ++i) --order;
  }
  while (i < literal.size() && literal[i] != 'e' && literal[i] != 'E') ++i;
  if (i < literal.size()) {
    ++i;
    const bool negative = literal[i] == '-';
    if (literal[i] == '-' || literal[i] == '+') ++i;
    long long exponent = 0;
    for (; i < literal.size(); ++i) {
      exponent = std::min<long long>(exponent * 10 + (literal[i] - '0'), 1'000'000'000);
    }
    order += negative ? -exponent : exponent;
  }
  return order;
}

}  // namespace

U64Status ParseU64(std::string_view literal, std::uint64_t& out) noexcept {
  if (HasFractionOrExponent(literal) || IsNonFiniteLiteral(literal)) {
    return U64Status::kFloatLiteral;
  }
  if (!literal.empty() && literal.front() == '-') return U64Status::kNegative;
  const auto [end, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), out);
  if (ec == std::errc::result_out_of_range) return U64Status::kTooLarge;
  // The tape only holds literals the JSON grammar accepted, so nothing else can fail here.
  return U64Status::kOk;
}

bool ParseF64(std::string_view literal, double& out) noexcept {
  if (IsNonFiniteLiteral(literal)) {
    out = literal == "NaN" ? std::numeric_limits<double>::quiet_NaN()
          : literal.front() == '-' ? -std::numeric_limits<double>::infinity()
                                   : std::numeric_limits<double>::infinity();
    return true;
  }
  const auto [end, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), out);
  if (ec != std::errc::result_out_of_range) return true;
  // from_chars reports both overflow and underflow as out of range; tell them apart by the
  // decimal order of magnitude. An underflow reads as a signed zero, as in the reference.
  if (DecimalOrder(literal) > 0) return false;
  out = literal.front() == '-' ? -0.0 : 0.0;
  return true;
}

}  // namespace tracedoc::json
