// docs/cirron-conversion.md, "Report": the marks the conversion keeps as unknown keys.
#include "report/mark_series.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

#include "text/utf8.hpp"
#include "tracedoc/cirron_convert.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::report {
namespace {

class SeriesCollector {
 public:
  void AddMarks(const UnknownFields& unknown) {
    for (const UnknownField field : unknown) {
      if (field.key != kCirronMarksKey) continue;
      boost::system::error_code error;
      const boost::json::value marks = boost::json::parse(field.json, error);
      if (error || !marks.is_array()) continue;
      for (const boost::json::value& mark : marks.get_array()) AddMark(mark);
    }
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
  void AddMark(const boost::json::value& mark) {
    const boost::json::object* object = mark.if_object();
    if (object == nullptr) return;
    const boost::json::value* name = object->if_contains("name");
    const boost::json::value* type = object->if_contains("value_type");
    const boost::json::value* value = object->if_contains("value");
    const boost::json::value* ts_ns = object->if_contains("ts_ns");
    if (name == nullptr || !name->is_string() || type == nullptr || !type->is_string() ||
        value == nullptr || ts_ns == nullptr || (!ts_ns->is_uint64() && !ts_ns->is_int64())) {
      return;
    }
    if (type->get_string() != "float" && type->get_string() != "int") return;
    MarkSeries& series = SeriesNamed(name->get_string());
    const std::uint64_t at =
        ts_ns->is_uint64() ? ts_ns->get_uint64() : static_cast<std::uint64_t>(ts_ns->get_int64());
    if (!value->is_number()) {
      // The conversion writes NaN and the infinities as the strings "NaN", "Infinity",
      // "-Infinity".
      const std::string_view text = value->is_string() ? std::string_view(value->get_string())
                                                       : std::string_view("non-finite");
      series.non_finite.push_back({at, text::Shortened(text, 32)});
      return;
    }
    const double number = value->to_number<double>();
    if (!std::isfinite(number)) {
      series.non_finite.push_back({at, number != number ? "NaN" : number > 0 ? "Infinity"
                                                                             : "-Infinity"});
      return;
    }
    series.points.push_back({at, number});
  }

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
  collector.AddMarks(document.run().unknown);
  for (const SpanRecord& span : document.spans()) collector.AddMarks(span.start_unknown);
  return std::move(collector).Finish();
}

}  // namespace tracedoc::report
