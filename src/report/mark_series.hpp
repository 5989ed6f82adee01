// The numeric marks of a converted Cirron spool (docs/cirron-conversion.md, "Report"): the
// document's converted_facts().marks (tracedoc/converted_facts.hpp), one series per mark name.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tracedoc/document.hpp"

namespace tracedoc::report {

struct MarkPoint {
  std::uint64_t ts_ns = 0;
  double value = 0;
};

/// A float mark whose value is not a finite number: where it is, and what it was.
struct NonFiniteMark {
  std::uint64_t ts_ns = 0;
  std::string value;  // "NaN", "Infinity" or "-Infinity" as written (shortened)
};

/// The points of one mark name, in time order.
struct MarkSeries {
  std::string name;
  std::vector<MarkPoint> points;
  /// Not points of the curve (no coordinate can hold them): marked where they occur.
  std::vector<NonFiniteMark> non_finite;
};

/// One series per name of a float or int mark, names in order of first appearance (the meta's
/// marks, then the span starts' in span order). Empty for a trace without `cirron_marks`.
std::vector<MarkSeries> CollectMarkSeries(const TraceDocument& document);

}  // namespace tracedoc::report
