// DiffTraces: the parts of docs/diff.md put together, and the change figures.
#include <algorithm>
#include <bitset>
#include <limits>
#include <span>

#include "analysis/measured_total.hpp"
#include "diff/meta_changes.hpp"
#include "diff/op_stats.hpp"
#include "analysis/path_trie.hpp"
#include "diff/peak_sites.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/health.hpp"
#include "util/saturating.hpp"
#include "util/stable_order.hpp"

namespace tracedoc {
namespace {

std::uint64_t Distance(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; }

// The largest absolute change first; `name` makes the order total.
template <class Change, class Name>
void SortByChange(std::vector<Change>& changes, Name name) {
  std::sort(changes.begin(), changes.end(), [&name](const Change& a, const Change& b) {
    const std::uint64_t da = Distance(a.base.total_ns, a.candidate.total_ns);
    const std::uint64_t db = Distance(b.base.total_ns, b.candidate.total_ns);
    if (da != db) return da > db;
    return name(a) < name(b);
  });
}

// One run's figures of each span path (docs/diff.md §3), by the trie node its spans were
// placed at.
std::vector<SpanPathStats> SpanPathFigures(const TraceDocument& run,
                                           std::span<const analysis::PathNode> nodes,
                                           std::size_t node_count) {
  std::vector<SpanPathStats> stats(node_count);
  const SpanIndex index = run.span_index();
  const RecordList<SpanRecord> spans = run.spans();
  for (SpanPosition s = 0; s < spans.size(); ++s) {
    if (nodes[s] == analysis::kNoPathNode) continue;
    SpanPathStats& node = stats[nodes[s]];
    ++node.count;
    node.total_ns = util::SaturatingAdd(node.total_ns, spans[s].duration_ns);
    node.self_ns = util::SaturatingAdd(node.self_ns, index.self_time_ns(s));
  }
  return stats;
}

// Both runs' span paths, each node's figures compared: `stats` holds each run's figures by node
// (the base's list stops at the nodes it placed).
void DiffSpans(const analysis::PathTrie& trie, std::vector<SpanPathStats> (&stats)[2],
               bool include_unchanged, TraceDiff& out) {
  for (std::vector<SpanPathStats>& side : stats) side.resize(trie.size());
  // The list is sized first: grown by doubling, a list of every span path of two unrelated
  // runs would hold up to twice its room, and both buffers while it moves.
  std::size_t listed = 0;
  for (analysis::PathNode node = 0; node < trie.size(); ++node) {
    listed += include_unchanged || stats[0][node] != stats[1][node];
  }
  std::vector<SpanPathChange> in_node_order;
  in_node_order.reserve(listed);
  // Nodes are numbered in the base's pre-order, then the candidate's new ones in its own.
  for (analysis::PathNode node = 0; node < trie.size(); ++node) {
    const SpanPathStats& base = stats[0][node];
    const SpanPathStats& candidate = stats[1][node];
    if (!include_unchanged && base == candidate) continue;
    in_node_order.push_back({trie.Path(node), base, candidate});
  }
  // The per-node figures are in the list now: their memory goes before the sort.
  for (std::vector<SpanPathStats>& side : stats) std::vector<SpanPathStats>().swap(side);
  // Sorted through a permutation, so that the added and removed paths, in node order, can be
  // pointed at in the sorted list. Stable: equal changes and equal (elided) paths keep node order.
  std::vector<std::size_t> order =
      util::StableOrder<std::size_t>(in_node_order.size(), [&](std::size_t a, std::size_t b) {
        const SpanPathChange& x = in_node_order[a];
        const SpanPathChange& y = in_node_order[b];
        const std::uint64_t dx = Distance(x.base.total_ns, x.candidate.total_ns);
        const std::uint64_t dy = Distance(y.base.total_ns, y.candidate.total_ns);
        if (dx != dy) return dx > dy;
        return x.path < y.path;
      });
  std::vector<std::size_t> sorted_at(order.size());
  for (std::size_t at = 0; at < order.size(); ++at) sorted_at[order[at]] = at;
  // The permutation applied in place, cycle by cycle: no second list of every change.
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (order[start] == start) continue;
    SpanPathChange held = std::move(in_node_order[start]);
    std::size_t at = start;
    while (order[at] != start) {
      const std::size_t from = order[at];
      in_node_order[at] = std::move(in_node_order[from]);
      order[at] = at;
      at = from;
    }
    in_node_order[at] = std::move(held);
    order[at] = at;
  }
  out.spans = std::move(in_node_order);
  for (std::size_t i = 0; i < sorted_at.size(); ++i) {
    const SpanPathChange& change = out.spans[sorted_at[i]];
    if (change.base.count == 0) out.added_spans.push_back(sorted_at[i]);
    if (change.candidate.count == 0) out.removed_spans.push_back(sorted_at[i]);
  }
}

void DiffOps(const diff::OpNameTally& tally, bool include_unchanged, TraceDiff& out) {
  for (const diff::OpNameStats& op : tally.Compare()) {
    if (!include_unchanged && op.base == op.candidate) continue;
    out.ops.push_back({std::string(op.name), op.base, op.candidate});
  }
  SortByChange(out.ops, [](const OpChange& c) -> const std::string& { return c.op_name; });
}

using RaisedCodes = std::bitset<kHealthCodeCount>;

RaisedCodes RaisedBy(const TraceDocument& run) {
  RaisedCodes raised;
  for (const HealthIssue& issue : AnalyzeHealth(run).issues) {
    raised.set(static_cast<std::size_t>(issue.code));
  }
  return raised;
}

void DiffHealth(const RaisedCodes (&raised)[2], TraceDiff& out) {
  for (int code = 0; code < kHealthCodeCount; ++code) {
    if (raised[1][code] && !raised[0][code]) out.new_issues.push_back(HealthCode(code));
    if (raised[0][code] && !raised[1][code]) out.gone_issues.push_back(HealthCode(code));
  }
}

// A run's time in one (rank, step): the durations of its step spans, summed saturating.
struct StepTotal {
  std::uint64_t rank = 0;
  std::uint64_t number = 0;
  std::uint64_t duration_ns = 0;
  std::pair<std::uint64_t, std::uint64_t> key() const { return {rank, number}; }
};

// The run's step list is sorted by rank, then number: equal keys are neighbours.
std::vector<StepTotal> StepTotals(const TraceDocument& run) {
  std::vector<StepTotal> totals;
  const RecordList<SpanRecord> spans = run.spans();
  for (const RankStep& step : run.converted_facts().steps) {
    if (totals.empty() || totals.back().key() != std::pair(step.rank, step.number)) {
      totals.push_back({step.rank, step.number, 0});
    }
    totals.back().duration_ns =
        util::SaturatingAdd(totals.back().duration_ns, spans[step.span].duration_ns);
  }
  return totals;
}

// One figure per (rank, step): both lists are sorted by rank, then number, so one merge.
void DiffSteps(const std::vector<StepTotal> (&totals)[2], bool include_unchanged,
               TraceDiff& out) {
  std::size_t at[2] = {0, 0};
  while (at[0] < totals[0].size() || at[1] < totals[1].size()) {
    const bool has[2] = {at[0] < totals[0].size(), at[1] < totals[1].size()};
    const std::pair<std::uint64_t, std::uint64_t> next =
        !has[1] || (has[0] && totals[0][at[0]].key() < totals[1][at[1]].key())
            ? totals[0][at[0]].key()
            : totals[1][at[1]].key();
    StepChange change{next.first, next.second, {}};
    std::optional<std::uint64_t>* sides[2] = {&change.duration_ns.base,
                                              &change.duration_ns.candidate};
    for (int side = 0; side < 2; ++side) {
      if (has[side] && totals[side][at[side]].key() == next) {
        *sides[side] = totals[side][at[side]++].duration_ns;
      }
    }
    if (include_unchanged || change.duration_ns.base != change.duration_ns.candidate) {
      out.steps.push_back(change);
    }
  }
}

}  // namespace

std::int64_t DiffDelta(std::uint64_t base, std::uint64_t candidate) noexcept {
  constexpr std::uint64_t kMax = std::numeric_limits<std::int64_t>::max();
  if (candidate >= base) return static_cast<std::int64_t>(std::min(candidate - base, kMax));
  // −(base − candidate), clamped at −kMax − 1 without overflowing on the way.
  const std::uint64_t drop = base - candidate;
  if (drop > kMax) return std::numeric_limits<std::int64_t>::min();
  return -static_cast<std::int64_t>(drop);
}

std::optional<double> DiffRatio(std::uint64_t base, std::uint64_t candidate) noexcept {
  if (base == 0) return std::nullopt;
  return static_cast<double>(candidate) / static_cast<double>(base);
}

bool TraceDiff::empty() const noexcept {
  const auto same = [](const auto& change) { return change.base == change.candidate; };
  const auto same_peak = [&same](const PeakChange& peak) {
    return same(peak.live_bytes) && std::all_of(peak.sites.begin(), peak.sites.end(), same);
  };
  return meta.empty() && same(total_ns) && added_spans.empty() && removed_spans.empty() &&
         std::all_of(spans.begin(), spans.end(), same) &&
         std::all_of(ops.begin(), ops.end(), same) && same_peak(logical_peak) &&
         std::all_of(device_peaks.begin(), device_peaks.end(), same_peak) && new_issues.empty() &&
         gone_issues.empty() &&
         std::all_of(steps.begin(), steps.end(),
                     [&same](const StepChange& step) { return same(step.duration_ns); });
}

// What the diff keeps of each run once the run is taken: small beside the run, except the span
// paths' trie and figures, which a diff needs whole.
struct TraceDiffer::State {
  explicit State(const DiffOptions& diff_options) : options(diff_options) {}

  // The analyses whose working memory is large and whose results are small run first, so that
  // their memory is gone before the run's spans are placed.
  void Add(int side, const TraceDocument& run) {
    meta[side] = diff::SnapshotMeta(run);
    // The summary's total alone: a whole Summarize would also replay the run's memory events.
    total_ns[side] = analysis::MeasuredTotalNs(run.spans());
    raised[side] = RaisedBy(run);
    ops.AddRun(side, run);
    steps[side] = StepTotals(run);
    const std::vector<analysis::PathNode> nodes = side == 0 ? trie.Place(run) : trie.PlaceLast(run);
    peaks.AddRun(side, {&run, nodes});
    spans[side] = SpanPathFigures(run, nodes, trie.size());
  }

  TraceDiff Finish() {
    trie.ForgetLookup();  // every span is placed: only paths are asked for now
    TraceDiff out;
    out.meta = diff::CompareMeta(meta[0], meta[1]);
    out.total_ns = {total_ns[0], total_ns[1]};
    DiffHealth(raised, out);
    DiffOps(ops, options.include_unchanged, out);
    DiffSteps(steps, options.include_unchanged, out);
    diff::PeakComparison compared = peaks.Compare(options.include_unchanged);
    out.logical_peak = std::move(compared.overall);
    out.device_peaks = std::move(compared.devices);
    // Last: the span list of two unrelated runs spells every path.
    DiffSpans(trie, spans, options.include_unchanged, out);
    return out;
  }

  DiffOptions options;
  // The runs are dropped once taken: the trie copies their names.
  analysis::PathTrie trie{analysis::PathTrie::Names::kOwned};
  diff::PeakSites peaks{trie};
  diff::OpNameTally ops;
  diff::MetaSnapshot meta[2];
  std::uint64_t total_ns[2] = {0, 0};
  RaisedCodes raised[2];
  std::vector<StepTotal> steps[2];
  std::vector<SpanPathStats> spans[2];
};

TraceDiffer::TraceDiffer(const DiffOptions& options)
    : state_(std::make_unique<State>(options)) {}
TraceDiffer::~TraceDiffer() = default;
TraceDiffer::TraceDiffer(TraceDiffer&&) noexcept = default;
TraceDiffer& TraceDiffer::operator=(TraceDiffer&&) noexcept = default;

void TraceDiffer::AddBase(const TraceDocument& base) { state_->Add(0, base); }

TraceDiff TraceDiffer::Finish(const TraceDocument& candidate) && {
  state_->Add(1, candidate);
  TraceDiff out = state_->Finish();
  state_.reset();
  return out;
}

TraceDiff DiffTraces(const TraceDocument& base, const TraceDocument& candidate,
                     const DiffOptions& options) {
  TraceDiffer differ(options);
  differ.AddBase(base);
  return std::move(differ).Finish(candidate);
}

}  // namespace tracedoc
