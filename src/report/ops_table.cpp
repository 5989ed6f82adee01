#include "report/ops_table.hpp"

#include <algorithm>
#include <map>

#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "util/saturating.hpp"

namespace tracedoc::report {
namespace {

using util::SaturatingAdd;

// Groups by name (a tree, not a hash: names come from the input, and a tree cannot be flooded),
// then keeps the kTopOps largest by `key`, ties by name.
class OpGroups {
 public:
  void Add(std::string_view name, std::uint64_t duration_ns, std::uint64_t self_ns) {
    OpGroup& group = groups_[name];
    group.name = name;
    ++group.count;
    group.total_ns = SaturatingAdd(group.total_ns, duration_ns);
    group.self_ns = SaturatingAdd(group.self_ns, self_ns);
    group.longest_ns = std::max(group.longest_ns, duration_ns);
  }
  template <class Key>
  std::vector<OpGroup> Top(Key key) const {
    std::vector<OpGroup> rows;
    rows.reserve(groups_.size());
    for (const auto& entry : groups_) rows.push_back(entry.second);
    const auto before = [&](const OpGroup& a, const OpGroup& b) {
      return key(a) != key(b) ? key(a) > key(b) : a.name < b.name;
    };
    const std::size_t kept = std::min(rows.size(), kTopOps);
    std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(kept), rows.end(),
                      before);
    rows.resize(kept);
    return rows;
  }

 private:
  std::map<std::string_view, OpGroup> groups_;
};

void WriteTable(std::ostream& out, std::string_view css_class, std::string_view caption,
                std::string_view name_header, const std::vector<OpGroup>& rows, bool with_self) {
  out << "<table class=\"top-ops " << css_class << "\">\n<caption>" << caption
      << "</caption>\n<thead><tr><th>" << name_header << "</th><th>count</th><th>total</th>";
  if (with_self) out << "<th>self</th>";
  out << "<th>longest</th><th>mean</th></tr></thead>\n<tbody>\n";
  for (const OpGroup& row : rows) {
    out << "<tr><td>";
    WriteEscaped(out, row.name);
    out << "</td><td>" << FormatCount(row.count) << "</td><td>" << FormatDuration(row.total_ns)
        << "</td>";
    if (with_self) out << "<td>" << FormatDuration(row.self_ns) << "</td>";
    out << "<td>" << FormatDuration(row.longest_ns) << "</td><td>"
        << FormatDuration(row.total_ns / row.count) << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n";
}

}  // namespace

std::vector<OpGroup> TopOpsByTotal(const TraceDocument& document) {
  OpGroups groups;
  for (const OpRecord& op : document.ops()) groups.Add(op.op_name, op.duration_ns, 0);
  return groups.Top([](const OpGroup& g) { return g.total_ns; });
}

std::vector<OpGroup> TopOpSpansBySelf(const TraceDocument& document) {
  OpGroups groups;
  const SpanIndex index = document.span_index();
  const auto spans = document.spans();
  for (SpanPosition s = 0; s < spans.size(); ++s) {
    if (spans[s].kind != SpanKind::kOp) continue;
    groups.Add(spans[s].name, spans[s].duration_ns, index.self_time_ns(s));
  }
  return groups.Top([](const OpGroup& g) { return g.self_ns; });
}

void WriteOpsTables(std::ostream& out, const TraceDocument& document) {
  const std::vector<OpGroup> by_total = TopOpsByTotal(document);
  if (by_total.empty()) {
    out << "<p class=\"empty\">No op records.</p>\n";
  } else {
    WriteTable(out, "by-total", "Op records by total duration", "op_name", by_total, false);
  }
  const std::vector<OpGroup> by_self = TopOpSpansBySelf(document);
  if (by_self.empty()) {
    out << "<p class=\"empty\">No spans of kind op.</p>\n";
  } else {
    WriteTable(out, "by-self", "Spans of kind op by self time", "span name", by_self, true);
  }
}

}  // namespace tracedoc::report
