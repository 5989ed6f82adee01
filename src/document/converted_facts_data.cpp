// docs/converted-facts.md: the conversions' unknown keys read once, when a document is sealed.
#include "document/converted_facts_data.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string_view>
#include <system_error>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "document/span_index_data.hpp"

namespace tracedoc::detail {
namespace {

bool IsTraceMLRun(const TraceRunMeta& run) {
  for (const Tag& tag : run.tags) {
    if (tag.key == kTraceMLSourceTag) return tag.value == kTraceMLSourceValue;
  }
  return false;
}

bool IsCirronRun(const TraceRunMeta& run) {
  return std::any_of(run.tags.begin(), run.tags.end(),
                     [](const Tag& tag) { return tag.key == kCirronBatchesTag; });
}

// The value of `key` among `unknown`, when it is there.
std::optional<std::string_view> Member(const UnknownFields& unknown, std::string_view key) {
  for (const UnknownField field : unknown) {
    if (field.key == key) return field.json;
  }
  return std::nullopt;
}

// A JSON value that is a plain decimal integer that fits, else nothing.
std::optional<std::uint64_t> PlainU64(std::string_view json) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(json.data(), json.data() + json.size(), value);
  if (error != std::errc() || end != json.data() + json.size()) return std::nullopt;
  return value;
}

// A JSON number that is finite, else nothing.
std::optional<double> FiniteNumber(std::string_view json) {
  double value = 0;
  const auto [end, error] = std::from_chars(json.data(), json.data() + json.size(), value);
  if (error != std::errc() || end != json.data() + json.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// S of a converted step's id `rR.sS`.
std::optional<std::uint64_t> StepNumber(std::string_view id) {
  const std::size_t at = id.rfind(".s");
  if (at == std::string_view::npos || at + 2 >= id.size()) return std::nullopt;
  return PlainU64(id.substr(at + 2));
}

// The marks of one `cirron_marks` array, their strings appended to `text` (the views are made
// once every mark is in: `text` grows meanwhile). A mark that is not an object with a string
// name, a value_type `float` or `int`, a value and an integer ts_ns is not numeric: skipped.
struct PendingMark {
  Mark mark;
  std::size_t name_at = 0, name_size = 0, text_at = 0, text_size = 0;
};

void ReadMarks(std::string_view json, bool on_span, SpanPosition span,
               std::vector<PendingMark>& pending, std::string& text) {
  boost::system::error_code error;
  const boost::json::value marks = boost::json::parse(json, error);
  if (error || !marks.is_array()) return;
  for (const boost::json::value& mark : marks.get_array()) {
    const boost::json::object* object = mark.if_object();
    if (object == nullptr) continue;
    const boost::json::value* name = object->if_contains("name");
    const boost::json::value* type = object->if_contains("value_type");
    const boost::json::value* value = object->if_contains("value");
    const boost::json::value* ts_ns = object->if_contains("ts_ns");
    if (name == nullptr || !name->is_string() || type == nullptr || !type->is_string() ||
        value == nullptr || ts_ns == nullptr || (!ts_ns->is_uint64() && !ts_ns->is_int64()) ||
        (type->get_string() != "float" && type->get_string() != "int")) {
      continue;
    }
    PendingMark& one = pending.emplace_back();
    one.mark.on_span = on_span;
    one.mark.span = span;
    one.mark.ts_ns = ts_ns->is_uint64() ? ts_ns->get_uint64()
                                        : static_cast<std::uint64_t>(ts_ns->get_int64());
    one.name_at = text.size();
    one.name_size = name->get_string().size();
    text.append(name->get_string());
    if (value->is_number()) {
      one.mark.is_number = true;
      one.mark.value = value->to_number<double>();
    } else if (value->is_string()) {
      one.text_at = text.size();
      one.text_size = value->get_string().size();
      text.append(value->get_string());
    }
  }
}

}  // namespace

void ConvertedFactsData::Build(const TraceRunMeta& run, RecordList<SpanRecord> spans,
                               RecordList<DeviceMemoryRecord> device_memory,
                               const PositionLists& children) {
  std::vector<PendingMark> pending;
  if (const auto meta_marks = Member(run.unknown, kCirronMarksKey)) {
    ReadMarks(*meta_marks, false, 0, pending, mark_text);
  }
  const bool traceml = IsTraceMLRun(run);
  const bool cirron = !traceml && IsCirronRun(run);
  for (SpanPosition p = 0; p < spans.size(); ++p) {
    if (spans[p].start_unknown.empty()) continue;
    if (const auto span_marks = Member(spans[p].start_unknown, kCirronMarksKey)) {
      ReadMarks(*span_marks, true, p, pending, mark_text);
    }
    if (cirron) AddCirronStep(spans, p);
    if (!traceml) continue;
    if (const auto rank = Member(spans[p].start_unknown, kTraceMLRankKey)) {
      if (const std::optional<std::uint64_t> number = PlainU64(*rank)) ranks.push_back({*number, p});
    }
  }
  marks.reserve(pending.size());
  for (PendingMark& one : pending) {
    one.mark.name = std::string_view(mark_text).substr(one.name_at, one.name_size);
    one.mark.text = std::string_view(mark_text).substr(one.text_at, one.text_size);
    marks.push_back(one.mark);
  }
  if (cirron) NumberCirronSteps(spans);
  if (!traceml) return;

  std::sort(ranks.begin(), ranks.end(), [](const RankSpan& a, const RankSpan& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.span < b.span;
  });
  // A rank's children come by start, then id; numbered steps go by number, a stable sort keeping
  // that order among equal numbers. One unnumbered step numbers every rank's in start order.
  bool& numbered = steps_numbered;
  std::vector<std::size_t> rank_starts;  // where each rank span's steps begin in `steps`
  for (const RankSpan& rank : ranks) {
    rank_starts.push_back(steps.size());
    for (const SpanPosition step : children.Of(rank.span)) {
      const std::optional<std::uint64_t> number = StepNumber(spans[step].id);
      numbered = numbered && number.has_value();
      steps.push_back({rank.rank, number.value_or(0), step});
    }
  }
  rank_starts.push_back(steps.size());
  for (std::size_t r = 0; r + 1 < rank_starts.size(); ++r) {
    const auto first = steps.begin() + static_cast<std::ptrdiff_t>(rank_starts[r]);
    const auto last = steps.begin() + static_cast<std::ptrdiff_t>(rank_starts[r + 1]);
    if (numbered) {
      std::stable_sort(first, last,
                       [](const RankStep& a, const RankStep& b) { return a.number < b.number; });
    } else {
      std::uint64_t k = 0;
      for (auto step = first; step != last; ++step) step->number = k++;
    }
  }

  for (std::uint32_t i = 0; i < device_memory.size(); ++i) {
    if (device_memory[i].unknown.empty()) continue;
    if (const auto util = Member(device_memory[i].unknown, kTraceMLGpuUtilKey)) {
      if (const std::optional<double> percent = FiniteNumber(*util)) {
        gpu_utilisation.push_back({i, *percent});
      }
    }
  }
}

void ConvertedFactsData::AddCirronStep(RecordList<SpanRecord> spans, SpanPosition p) {
  // The conversion names a step scope `step[INDEX]` and keeps the index as cirron_index.
  if (!spans[p].name.starts_with("step[") ||
      !Member(spans[p].start_unknown, kCirronIndexKey).has_value()) {
    return;
  }
  const std::optional<std::string_view> rank = Member(spans[p].start_unknown, kCirronRankKey);
  steps.push_back({rank ? PlainU64(*rank).value_or(0) : 0, 0, p});
}

void ConvertedFactsData::NumberCirronSteps(RecordList<SpanRecord> spans) {
  // The index restarts in every epoch: steps are numbered per rank in start order instead.
  steps_numbered = false;
  std::sort(steps.begin(), steps.end(), [&spans](const RankStep& a, const RankStep& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (spans[a.span].start_ns != spans[b.span].start_ns) {
      return spans[a.span].start_ns < spans[b.span].start_ns;
    }
    return a.span < b.span;
  });
  std::uint64_t number = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (i > 0 && steps[i].rank != steps[i - 1].rank) number = 0;
    steps[i].number = number++;
  }
}

std::size_t ConvertedFactsData::memory_bytes() const noexcept {
  return ranks.capacity() * sizeof(RankSpan) + steps.capacity() * sizeof(RankStep) +
         gpu_utilisation.capacity() * sizeof(GpuUtilisation) + marks.capacity() * sizeof(Mark) +
         mark_text.capacity();
}

}  // namespace tracedoc::detail
