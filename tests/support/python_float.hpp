// Python's repr(float), the layout in which Python's json module writes every finite float: the
// spools and exports tracedoc reads are written so.
#ifndef TRACEDOC_TESTS_SUPPORT_PYTHON_FLOAT_HPP_
#define TRACEDOC_TESTS_SUPPORT_PYTHON_FLOAT_HPP_

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::testing_support {

// repr(float): the shortest digits that read back, positional when the decimal exponent is in
// [-4, 16), else `d.ddde+XX`; a whole number keeps `.0`.
inline std::string PythonFloat(double value) {
  char text[40];
  const auto end =
      std::to_chars(text, text + sizeof text, value, std::chars_format::scientific).ptr;
  std::string_view scientific(text, static_cast<std::size_t>(end - text));
  const bool negative = scientific.front() == '-';
  if (negative) scientific.remove_prefix(1);
  const std::size_t e_at = scientific.find('e');
  std::string digits(scientific.substr(0, e_at));
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int exponent = 0;
  std::from_chars(scientific.data() + e_at + 1 + (scientific[e_at + 1] == '+'),
                  scientific.data() + scientific.size(), exponent);
  std::string out = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out += "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else {
      const auto whole = static_cast<std::size_t>(exponent) + 1;
      if (digits.size() <= whole) {
        out += digits + std::string(whole - digits.size(), '0') + ".0";
      } else {
        out += digits.substr(0, whole) + "." + digits.substr(whole);
      }
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  // to_chars writes the exponent as repr does: a sign and at least two digits.
  return out + std::string(scientific.substr(e_at));
}

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_PYTHON_FLOAT_HPP_
