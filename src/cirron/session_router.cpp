// SessionRouter: a record's session is its span's; what no session holds goes by its time.
#include "cirron/session_router.hpp"

#include <string>
#include <utility>

namespace tracedoc::cirron {

SessionRouter::SessionRouter(const SpoolSessions& sessions, std::vector<SpoolSink*> sinks)
    : sessions_(sessions), sinks_(std::move(sinks)), touched_(sinks_.size(), false) {}

void SessionRouter::Route(std::uint32_t session) {
  if (touched_[session]) return;
  touched_[session] = true;
  touched_list_.push_back(session);
}

void SessionRouter::OnSpan(const SpanView& span, const RecordSource& source) {
  // Every span read in the first pass has a session once there is one.
  const std::uint32_t session =
      sessions_.SessionOfSpan(ParseId(span.id.text)).value_or(sessions_.SessionAt(span.start_ns));
  Route(session);
  if (SpoolSink* sink = sinks_[session]) sink->OnSpan(span, source);
}

std::uint32_t SessionRouter::RouteRecord(std::optional<std::string_view> span_id,
                                         std::uint64_t ts_ns, std::uint64_t& outside) {
  std::optional<std::uint32_t> session;
  if (span_id) session = sessions_.SessionOfSpan(ParseId(*span_id));
  if (!session) {
    ++outside;
    session = sessions_.SessionAt(ts_ns);
  }
  Route(*session);
  return *session;
}

void SessionRouter::OnMark(const MarkView& mark, const RecordSource& source) {
  std::optional<std::string_view> span_id;
  if (!mark.span_id.root()) span_id = mark.span_id.text;
  const std::uint32_t session = RouteRecord(span_id, mark.ts_ns, outside_marks_);
  if (SpoolSink* sink = sinks_[session]) sink->OnMark(mark, source);
}

void SessionRouter::OnSnapshot(const SnapshotView& snapshot, const RecordSource& source) {
  const std::uint32_t session =
      RouteRecord(snapshot.span_id.text, snapshot.ts_ns, outside_snapshots_);
  if (SpoolSink* sink = sinks_[session]) sink->OnSnapshot(snapshot, source);
}

void SessionRouter::OnBatch(const BatchView& batch, const BatchSource& source) {
  paths_.emplace_back(source.path);
  if (touched_list_.empty()) Route(sessions_.SessionAt(batch.created_ns));
  // Only the sessions the batch touched: a batch costs its sessions, not every session.
  for (const std::uint32_t session : touched_list_) {
    if (sinks_[session] != nullptr) sinks_[session]->OnBatch(batch, source);
    touched_[session] = false;
  }
  touched_list_.clear();
}

void SessionRouter::Warn(DiagnosticLog& log) const {
  const auto warn = [&log](std::uint64_t count, std::string_view what) {
    if (count == 0) return;
    if (!log.WillKeep()) return log.Count(Severity::kWarning);
    log.Add(Diagnostic{Severity::kWarning, DiagnosticCode::kCirronOutsideSession, {}, 0,
                       std::nullopt, {},
                       std::to_string(count) + std::string(what) +
                           " no session root holds: each went to the session whose time holds "
                           "it, else the next to start, else the last"});
  };
  warn(sessions_.spans_outside_sessions(),
       " span(s) under a parent not in the spool (an evicted batch) or under a root that is "
       "not a session, which");
  warn(outside_marks_, " mark(s) on \"root\" (made outside profile()) or on a span not in the "
                       "spool, which");
  warn(outside_snapshots_, " snapshot(s) of a span not in the spool, which");
}

}  // namespace tracedoc::cirron
