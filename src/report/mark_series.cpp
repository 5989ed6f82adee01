// docs/cirron-conversion.md, "Report": the marks the conversion keeps as unknown keys.
#include "report/mark_series.hpp"

#include <algorithm>
#include <functional>
#include <string_view>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <boost/unordered/unordered_flat_map.hpp>

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
    std::erase_if(series_, [](const MarkSeries& one) { return one.points.empty(); });
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
    if (!value->is_number()) {
      ++series.non_finite;  // "NaN", "Infinity", "-Infinity"
      return;
    }
    series.points.push_back(
        {ts_ns->is_uint64() ? ts_ns->get_uint64() : static_cast<std::uint64_t>(ts_ns->get_int64()),
         value->to_number<double>()});
  }

  MarkSeries& SeriesNamed(std::string_view name) {
    const auto [at, added] = slots_.try_emplace(std::string(name), series_.size());
    if (added) series_.push_back(MarkSeries{std::string(name), {}, 0});
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
