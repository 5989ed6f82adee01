// docs/cirron-conversion.md, "Report": the numeric marks of the document's converted facts, one
// series per name.
#include "report/mark_series.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "text/utf8.hpp"
#include "tracedoc/converted_facts.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::report {
namespace {

class SeriesCollector {
 public:
  void Add(const Mark& mark) {
    MarkSeries& series = SeriesNamed(mark.name);
    if (!mark.is_number) {
      // The conversion writes NaN and the infinities as the strings "NaN", "Infinity",
      // "-Infinity".
      const std::string_view text = mark.text.empty() ? std::string_view("non-finite") : mark.text;
      series.non_finite.push_back({mark.ts_ns, text::Shortened(text, 32)});
      return;
    }
    if (!std::isfinite(mark.value)) {
      series.non_finite.push_back({mark.ts_ns, mark.value != mark.value ? "NaN"
                                               : mark.value > 0        ? "Infinity"
                                                                       : "-Infinity"});
      return;
    }
    series.points.push_back({mark.ts_ns, mark.value});
  }

  std::vector<MarkSeries> Finish() && {
    for (MarkSeries& one : series_) {
      std::stable_sort(one.points.begin(), one.points.end(),
                       [](const MarkPoint& a, const MarkPoint& b) { return a.ts_ns < b.ts_ns; });
    }
    for (MarkSeries& one : series_) {
      std::stable_sort(one.non_finite.begin(), one.non_finite.end(),
                       [](const NonFiniteMark& a, const NonFiniteMark& b) {
                         return a.ts_ns < b.ts_ns;
                       });
    }
    std::erase_if(series_, [](const MarkSeries& one) {
      return one.points.empty() && one.non_finite.empty();
    });
    return std::move(series_);
  }

 private:
  MarkSeries& SeriesNamed(std::string_view name) {
    const auto [at, added] = slots_.try_emplace(std::string(name), series_.size());
    if (added) series_.push_back(MarkSeries{std::string(name), {}, {}});
    return series_[at->second];
  }

  std::vector<MarkSeries> series_;
  boost::unordered_flat_map<std::string, std::size_t, util::SeededHash, std::equal_to<>> slots_;
};

}  // namespace

std::vector<MarkSeries> CollectMarkSeries(const TraceDocument& document) {
  SeriesCollector collector;
  for (const Mark& mark : document.converted_facts().marks) collector.Add(mark);
  return std::move(collector).Finish();
}

}  // namespace tracedoc::report
