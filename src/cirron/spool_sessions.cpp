// SpoolSessions: one pass over the spans gathers them, Settle walks each ancestry once.
#include "cirron/spool_sessions.hpp"

#include <algorithm>

namespace tracedoc::cirron {

bool SpoolSessions::IsSessionRoot(const SpanView& span) {
  return span.name == "cirron.session" && !span.parent_id;
}

void SpoolSessions::OnSpan(const SpanView& span, const RecordSource&) {
  const Id128 id = ParseId(span.id.text);
  Span entry;
  entry.start_ns = span.start_ns;
  if (span.parent_id) {
    entry.parent = ParseId(span.parent_id->text);
    entry.has_parent = true;
  }
  // The reader refuses a duplicate span id before the sink sees it.
  spans_.emplace(id, entry);
  if (IsSessionRoot(span)) sessions_.push_back(SessionRoot{id, span.start_ns, span.end_ns, 0});
}

// The first session whose end is not before `ts_ns` (in start order: the one holding it, else
// the next to start) is the first whose running maximum of ends is not: a binary search, so
// records outside every session cost a logarithm each whatever the number of sessions.
std::uint32_t SpoolSessions::SessionAt(std::uint64_t ts_ns) const {
  const auto first = std::lower_bound(latest_end_.begin(), latest_end_.end(), ts_ns);
  if (first == latest_end_.end()) return static_cast<std::uint32_t>(sessions_.size() - 1);
  return static_cast<std::uint32_t>(first - latest_end_.begin());
}

// The session of `id`'s ancestry, iteratively (a chain may be as long as the spool), marking
// the spans on the way so that each is walked once and a cycle of parents ends.
std::uint32_t SpoolSessions::SettleSpan(const Id128& id, std::vector<Span*>& path) {
  path.clear();
  std::uint32_t session = kOutside;
  Id128 at = id;
  while (true) {
    const auto found = spans_.find(at);
    if (found == spans_.end()) break;  // parent evicted
    Span& span = found->second;
    if (span.session == kVisiting) break;  // a cycle of parents
    if (span.session != kUnsettled) {
      session = span.session;
      break;
    }
    span.session = kVisiting;
    path.push_back(&span);
    if (!span.has_parent) break;  // a root that is not a session's
    at = span.parent;
  }
  for (Span* span : path) span->session = session;
  return session;
}

void SpoolSessions::Settle() {
  std::stable_sort(sessions_.begin(), sessions_.end(),
                   [](const SessionRoot& a, const SessionRoot& b) { return a.start_ns < b.start_ns; });
  for (std::uint32_t i = 0; i < sessions_.size(); ++i) {
    spans_.at(sessions_[i].id).session = i;
    latest_end_.push_back(std::max(sessions_[i].end_ns, i == 0 ? 0 : latest_end_.back()));
  }
  std::vector<Span*> path;
  for (auto& [id, span] : spans_) {
    if (span.session == kUnsettled) SettleSpan(id, path);
  }
  for (auto& [id, span] : spans_) {
    if (span.session == kOutside) {
      ++outside_;
      if (sessions_.empty()) continue;
      span.session = SessionAt(span.start_ns);
    }
    if (span.session < sessions_.size()) ++sessions_[span.session].spans;
  }
}

std::optional<std::uint32_t> SpoolSessions::SessionOfSpan(const Id128& id) const {
  const auto found = spans_.find(id);
  if (found == spans_.end() || found->second.session >= sessions_.size()) return std::nullopt;
  return found->second.session;
}

}  // namespace tracedoc::cirron
