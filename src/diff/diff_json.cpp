// The diff's JSON (docs/diff.md §7): one object, keys in a fixed order, lists in the diff's order
// and cut to the first `top` entries, so the same two runs always give the same bytes.
#include <boost/describe/class.hpp>

#include <algorithm>
#include <charconv>
#include <ostream>

#include "emit/described_json.hpp"
#include "emit/json_emitter.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc {

// The objects written member for member (emit/described_json.hpp), in their JSON's order.
BOOST_DESCRIBE_STRUCT(MetaFieldChange, (), (field, base, candidate))
BOOST_DESCRIBE_STRUCT(SpanPathStats, (), (count, total_ns, self_ns))
BOOST_DESCRIBE_STRUCT(OpStats, (), (count, total_ns, mean_ns, p50_ns, p90_ns, max_ns))
BOOST_DESCRIBE_STRUCT(SiteTally, (), (count, bytes))

namespace {

using emit::JsonEmitter;

template <class T>
void Described(JsonEmitter& json, const T& object) {
  emit::EmitDescribedObject(json, object);
}

void Signed(JsonEmitter& json, std::int64_t value) {
  char digits[24];
  json.Raw(std::string_view(digits, std::to_chars(digits, digits + sizeof digits, value).ptr));
}

void RatioOrNull(JsonEmitter& json, const std::optional<double>& ratio) {
  if (ratio) {
    json.Double(*ratio);
  } else {
    json.Null();
  }
}

// `"base","candidate","delta","ratio"` inside an object already open.
void FigureMembers(JsonEmitter& json, const FigureChange& figure) {
  json.Key("base").U64OrNull(figure.base);
  json.Key("candidate").U64OrNull(figure.candidate);
  Signed(json.Key("delta"), figure.delta());
  RatioOrNull(json.Key("ratio"), figure.ratio());
}

void Figure(JsonEmitter& json, const FigureChange& figure) {
  json.BeginObject();
  FigureMembers(json, figure);
  json.EndObject();
}

// The first `top` entries of `list` (all for 0), each written by `emit`.
template <class T, class Emit>
void List(JsonEmitter& json, const std::vector<T>& list, std::size_t top, Emit emit) {
  const std::size_t shown = top == 0 ? list.size() : std::min(top, list.size());
  json.BeginArray();
  for (std::size_t i = 0; i < shown; ++i) emit(json, list[i]);
  json.EndArray();
}

// The paths of the span entries at `positions`.
void PathsAt(JsonEmitter& json, const std::vector<SpanPathChange>& spans,
             const std::vector<std::size_t>& positions) {
  List(json, positions, 0, [&spans](JsonEmitter& j, std::size_t at) { j.String(spans[at].path); });
}

// A span path's or op name's entry: the name, both runs' figures, and the change of total_ns.
template <class Change, class Stats>
void TimeChange(JsonEmitter& json, std::string_view name_key, const std::string& name,
                const Change& change, Stats stats) {
  json.BeginObject();
  json.Key(name_key).String(name);
  stats(json.Key("base"), change.base);
  stats(json.Key("candidate"), change.candidate);
  Signed(json.Key("delta_ns"), change.delta_ns());
  RatioOrNull(json.Key("ratio"), change.ratio());
  json.EndObject();
}

void Span(JsonEmitter& json, const SpanPathChange& change) {
  TimeChange(json, "path", change.path, change, Described<SpanPathStats>);
}

void Op(JsonEmitter& json, const OpChange& change) {
  TimeChange(json, "op_name", change.op_name, change, Described<OpStats>);
}

std::string_view SiteStatus(const PeakSiteChange& site) {
  if (site.base.count == 0) return "added";
  if (site.candidate.count == 0) return "removed";
  return site.base == site.candidate ? "unchanged" : "changed";
}

void Sites(JsonEmitter& json, const std::vector<PeakSiteChange>& sites, std::size_t top) {
  List(json, sites, top, [](JsonEmitter& j, const PeakSiteChange& site) {
    j.BeginObject();
    j.Key("path").String(site.path);
    j.Key("op_name").StringOrNull(site.op_name);
    j.Key("status").String(SiteStatus(site));
    Described(j.Key("base"), site.base);
    Described(j.Key("candidate"), site.candidate);
    j.EndObject();
  });
}

void Memory(JsonEmitter& json, const TraceDiff& diff, std::size_t top) {
  json.BeginObject();
  Sites(json.Key("peak_sites"), diff.logical_peak.sites, top);
  List(json.Key("devices"), diff.device_peaks, 0, [top](JsonEmitter& j, const PeakChange& peak) {
    j.BeginObject();
    j.Key("device").String(peak.device);
    Figure(j.Key("logical_peak_bytes"), peak.live_bytes);
    Sites(j.Key("sites"), peak.sites, top);
    j.EndObject();
  });
  json.EndObject();
}

void Health(JsonEmitter& json, const TraceDiff& diff) {
  const auto codes = [&json](const std::vector<HealthCode>& list) {
    json.BeginArray();
    for (const HealthCode code : list) json.String(HealthCodeName(code));
    json.EndArray();
  };
  json.BeginObject();
  json.Key("new");
  codes(diff.new_issues);
  json.Key("gone");
  codes(diff.gone_issues);
  json.EndObject();
}

void Step(JsonEmitter& json, const StepChange& step) {
  json.BeginObject();
  json.Key("rank").U64(step.rank);
  json.Key("step").U64(step.step);
  Figure(json.Key("duration_ns"), step.duration_ns);
  json.EndObject();
}

void RegressionEntry(JsonEmitter& json, const Regression& regression) {
  json.BeginObject();
  json.Key("kind").String(RegressionKindName(regression.kind));
  json.Key("subject").String(regression.subject);
  FigureMembers(json, regression.figure);
  json.EndObject();
}

void EmitDiff(JsonEmitter& json, const TraceDiff& diff, std::span<const Regression> regressions,
              const DiffOutputOptions& options) {
  const std::size_t top = options.top;
  json.BeginObject();
  Figure(json.Key("total_ns"), diff.total_ns);
  Figure(json.Key("logical_peak_bytes"), diff.logical_peak.live_bytes);
  List(json.Key("meta"), diff.meta, 0, Described<MetaFieldChange>);
  json.Key("structure").BeginObject();
  PathsAt(json.Key("added"), diff.spans, diff.added_spans);
  PathsAt(json.Key("removed"), diff.spans, diff.removed_spans);
  json.EndObject();
  json.Key("top").U64(top);
  List(json.Key("spans"), diff.spans, top, Span);
  List(json.Key("ops"), diff.ops, top, Op);
  Memory(json.Key("memory"), diff, top);
  Health(json.Key("health"), diff);
  List(json.Key("steps"), diff.steps, top, Step);
  json.Key("regressions").BeginArray();
  for (const Regression& regression : regressions) RegressionEntry(json, regression);
  json.EndArray();
  json.EndObject();
}

}  // namespace

void WriteTraceDiffJson(const TraceDiff& diff, std::span<const Regression> regressions,
                        const DiffOutputOptions& options, std::ostream& out) {
  emit::EmitJson(out, options.pretty, EmitDiff, diff, regressions, options);
}

}  // namespace tracedoc
