// Numbers as a person reads them on the page: bytes in B/KiB/MiB/GiB/TiB, durations in
// ns/µs/ms/s, counts with thousands separators, and chart axes with "nice" ticks (1, 2 or 5
// times a power of ten, in the unit the axis is labelled with).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/event.hpp"

namespace tracedoc::report {

/// `1234567` → `1,234,567`.
std::string FormatCount(std::uint64_t value);

/// `4096` → `4 KiB`, `1536` → `1.5 KiB`, `100` → `100 B`: at most two decimals, zeros dropped.
std::string FormatBytes(std::uint64_t bytes);

/// `850` → `850 ns`, `1200` → `1.2 µs`, `2500000000` → `2.5 s`: at most two decimals.
std::string FormatDuration(std::uint64_t ns);

/// A change of time with its sign, rounded to whole ns: `+1.25 ms`, `-300 ns`, `+0 ns`.
std::string FormatSignedDuration(double ns);

/// `12.345` → `12.3 %`: one decimal; below 0.1 (and above 0) `< 0.1 %`.
std::string FormatPercent(double percent);

/// A shape as `[32, 32]` (`[]` for a scalar); beyond eight dimensions the rest is counted.
std::string FormatShape(ArrayView<std::uint64_t> shape);

/// An SVG coordinate or length: one decimal at most (a tenth of a pixel), `12.5`, `40`.
std::string FormatPixels(double pixels);

/// What an axis measures; each has its own ladder of units.
enum class Quantity { kBytes, kNanoseconds };

/// One axis: its unit, and ticks from 0 to `max` (≥ the largest value) every `step`.
struct Axis {
  std::string_view unit;       // "KiB", "µs", …
  double unit_size = 1;        // base units (bytes, ns) per unit
  double max = 1;              // the axis' end, in base units: a whole number of steps
  std::vector<double> ticks;   // positions in base units, from 0
  std::vector<std::string> labels;  // in the unit, exact (no 0.30000000000000004)
};

/// The axis for values from 0 to `largest` (in base units): the unit largest fits in, and
/// about five steps of 1, 2 or 5 times a power of ten of that unit. `largest` 0 gives one step.
Axis MakeAxis(Quantity quantity, std::uint64_t largest);

/// The same ticks, but the axis ends exactly at `largest` (ticks beyond it dropped): for time,
/// so that every chart of the page spans the run and nothing more. `largest` 0: as MakeAxis.
Axis MakeExactAxis(Quantity quantity, std::uint64_t largest);

}  // namespace tracedoc::report
