#include "report/units.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace tracedoc::report {
namespace {

struct Unit {
  std::string_view name;
  double size;
};

constexpr std::array<Unit, 5> kByteUnits = {
    {{"B", 1.0}, {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0},
     {"TiB", 1099511627776.0}}};
constexpr std::array<Unit, 4> kTimeUnits = {{{"ns", 1.0}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}}};

// The largest unit `value` is at least one of (the first for values below it).
template <std::size_t N>
Unit UnitFor(const std::array<Unit, N>& units, double value) {
  Unit chosen = units[0];
  for (const Unit& unit : units) {
    if (value >= unit.size) chosen = unit;
  }
  return chosen;
}

// `value` with at most `decimals` decimals, trailing zeros (and a bare point) dropped.
std::string Decimal(double value, int decimals) {
  std::array<char, 64> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                    std::chars_format::fixed, decimals);
  std::string text(buffer.data(), result.ptr);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

template <std::size_t N>
std::string WithUnit(const std::array<Unit, N>& units, std::uint64_t value) {
  const double v = static_cast<double>(value);
  const Unit unit = UnitFor(units, v);
  return Decimal(v / unit.size, unit.size == 1.0 ? 0 : 2) + " " + std::string(unit.name);
}

// `count` times 10^`exponent`, written exactly: the tick labels of a decimal step.
std::string ScaledInteger(std::uint64_t count, int exponent) {
  std::string digits = std::to_string(count);
  if (exponent >= 0) {
    if (count != 0) digits.append(static_cast<std::size_t>(exponent), '0');
    return digits;
  }
  const std::size_t places = static_cast<std::size_t>(-exponent);
  if (digits.size() <= places) digits.insert(0, places - digits.size() + 1, '0');
  digits.insert(digits.size() - places, ".");
  while (digits.back() == '0') digits.pop_back();
  if (digits.back() == '.') digits.pop_back();
  return digits;
}

}  // namespace

std::string FormatCount(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

std::string FormatBytes(std::uint64_t bytes) { return WithUnit(kByteUnits, bytes); }

std::string FormatDuration(std::uint64_t ns) { return WithUnit(kTimeUnits, ns); }

std::string FormatShape(ArrayView<std::uint64_t> shape) {
  // A shape may have millions of dimensions (issue 12, F6); a page shows the first few.
  constexpr std::size_t kShownDimensions = 8;
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size() && i < kShownDimensions; ++i) {
    if (i != 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  if (shape.size() > kShownDimensions) text += ", … " + FormatCount(shape.size()) + " dimensions";
  return text + "]";
}

std::string FormatPixels(double pixels) {
  const std::string text = Decimal(pixels, 1);
  return text == "-0" ? "0" : text;
}

Axis MakeAxis(Quantity quantity, std::uint64_t largest) {
  const double value = static_cast<double>(largest);
  const Unit unit = quantity == Quantity::kBytes ? UnitFor(kByteUnits, value)
                                                 : UnitFor(kTimeUnits, value);
  const double in_unit = value / unit.size;
  // The step: 1, 2 or 5 × 10^exponent of the unit, the smallest giving at most five steps.
  int exponent = in_unit > 0 ? static_cast<int>(std::floor(std::log10(in_unit / 5.0))) : 0;
  if (exponent < -3) exponent = -3;
  std::uint64_t mantissa = 1;
  for (;;) {
    const double step = static_cast<double>(mantissa) * std::pow(10.0, exponent);
    if (in_unit <= step * 5.0) break;
    if (mantissa == 1) {
      mantissa = 2;
    } else if (mantissa == 2) {
      mantissa = 5;
    } else {
      mantissa = 1;
      ++exponent;
    }
  }
  const double step = static_cast<double>(mantissa) * std::pow(10.0, exponent);
  std::uint64_t steps = in_unit > 0 ? static_cast<std::uint64_t>(std::ceil(in_unit / step)) : 1;
  if (steps == 0) steps = 1;
  Axis axis;
  axis.unit = unit.name;
  axis.unit_size = unit.size;
  axis.max = static_cast<double>(steps) * step * unit.size;
  for (std::uint64_t k = 0; k <= steps; ++k) {
    axis.ticks.push_back(static_cast<double>(k) * step * unit.size);
    axis.labels.push_back(ScaledInteger(k * mantissa, exponent));
  }
  return axis;
}

}  // namespace tracedoc::report

namespace tracedoc::report {

Axis MakeExactAxis(Quantity quantity, std::uint64_t largest) {
  Axis axis = MakeAxis(quantity, largest);
  if (largest == 0) return axis;
  const double end = static_cast<double>(largest);
  while (axis.ticks.size() > 1 && axis.ticks.back() > end) {
    axis.ticks.pop_back();
    axis.labels.pop_back();
  }
  axis.max = end;
  return axis;
}

}  // namespace tracedoc::report

namespace tracedoc::report {

std::string FormatSignedDuration(double ns) {
  const double rounded = std::round(std::fabs(ns));
  // 2^64 as a double: anything from there on is the largest u64.
  const std::uint64_t magnitude = rounded >= 18446744073709551616.0
                                      ? std::numeric_limits<std::uint64_t>::max()
                                      : static_cast<std::uint64_t>(rounded);
  return (ns < 0 ? "-" : "+") + FormatDuration(magnitude);
}

std::string FormatPercent(double percent) {
  if (!(percent >= 0.05) && percent > 0) return "< 0.1 %";
  if (!(percent < 1e6)) return "> 1,000,000 %";
  const auto tenths = static_cast<std::uint64_t>(percent * 10 + 0.5);
  return FormatCount(tenths / 10) + '.' + std::to_string(tenths % 10) + " %";
}

}  // namespace tracedoc::report
