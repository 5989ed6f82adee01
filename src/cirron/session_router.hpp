// A spool's records, each handed to the sink of its session (docs/cirron-conversion.md,
// "Sessions"), once SpoolSessions has settled which session holds each span: the second pass
// of reading a spool of several sessions, so that N sessions cost two reads, not N.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "cirron/spool_sessions.hpp"
#include "cirron/spool_sink.hpp"
#include "tracedoc/diagnostic.hpp"

namespace tracedoc::cirron {

class SessionRouter final : public SpoolSink {
 public:
  /// `sinks[i]` receives session i's records (none: they are dropped). `sessions` is settled
  /// and not empty.
  SessionRouter(const SpoolSessions& sessions, std::vector<SpoolSink*> sinks);

  void OnSpan(const SpanView& span, const RecordSource& source) override;
  void OnMark(const MarkView& mark, const RecordSource& source) override;
  void OnSnapshot(const SnapshotView& snapshot, const RecordSource& source) override;
  /// To each session that had a record of the batch; a batch of none to the session of its
  /// `created_ns`.
  void OnBatch(const BatchView& batch, const BatchSource& source) override;

  /// Every batch file's path, in order (the files the findings name).
  const std::vector<std::string>& paths() const { return paths_; }
  /// One cirron_outside_session warning for each kind of record that no session root held
  /// (spans under an evicted or unwritten parent, marks on "root" or on a span not in the
  /// spool, snapshots of a span not in the spool), with how many and where they went.
  void Warn(DiagnosticLog& log) const;

 private:
  void Route(std::uint32_t session);
  // The session of a mark's or snapshot's span (none: "root"), else of its time, counted in
  // `outside`; routed.
  std::uint32_t RouteRecord(std::optional<std::string_view> span_id, std::uint64_t ts_ns,
                            std::uint64_t& outside);

  const SpoolSessions& sessions_;
  std::vector<SpoolSink*> sinks_;
  // The sessions the current batch gave a record to, as flags and in the order first touched.
  std::vector<bool> touched_;
  std::vector<std::uint32_t> touched_list_;
  std::vector<std::string> paths_;
  std::uint64_t outside_marks_ = 0;
  std::uint64_t outside_snapshots_ = 0;
};

}  // namespace tracedoc::cirron
