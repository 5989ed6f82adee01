// A spool's sessions (docs/cirron-conversion.md, "Sessions"): the SDK appends every run to the
// one spool, each run under its own `cirron.session` root span. Cirron writes a span when it
// ends, so a span's session is known only once its ancestors are read, possibly batches later:
// the spans' ids, parents and times are gathered as they come and settled after the last batch.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "cirron/id_registry.hpp"
#include "cirron/spool_sink.hpp"

namespace tracedoc::cirron {

/// One session: its root span's id and times, and how many spans it holds once settled (the
/// spans no session holds that the time rule gives it included).
struct SessionRoot {
  Id128 id;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::uint64_t spans = 0;
};

/// Which session each span belongs to. Memory: about 64 bytes per span, the text of no record.
class SpoolSessions final : public SpoolSink {
 public:
  /// A session root is a span named `cirron.session` without a parent.
  static bool IsSessionRoot(const SpanView& span);

  void OnSpan(const SpanView& span, const RecordSource& source) override;
  void OnMark(const MarkView&, const RecordSource&) override {}
  void OnSnapshot(const SnapshotView&, const RecordSource&) override {}
  void OnBatch(const BatchView&, const BatchSource&) override {}

  /// Settles each span's session once the last batch is read: the session root its ancestry
  /// reaches, else (a parent evicted, a spool without a session) the session of its start time
  /// (SessionAt). Sessions are then in start order, oldest first.
  void Settle();

  const std::vector<SessionRoot>& sessions() const { return sessions_; }
  /// After Settle: the session of the span `id`, none when the span is not in the spool.
  std::optional<std::uint32_t> SessionOfSpan(const Id128& id) const;
  /// The session whose time range holds `ts_ns`, else the first to start after it, else the
  /// last one. Sessions must not be empty.
  std::uint32_t SessionAt(std::uint64_t ts_ns) const;
  /// Spans whose ancestry reaches no session root (given a session by time).
  std::uint64_t spans_outside_sessions() const { return outside_; }

 private:
  static constexpr std::uint32_t kUnsettled = 0xffffffffu;
  static constexpr std::uint32_t kVisiting = 0xfffffffeu;
  static constexpr std::uint32_t kOutside = 0xfffffffdu;  // settled: no session root above
  struct Span {
    Id128 parent;
    std::uint64_t start_ns = 0;
    bool has_parent = false;
    std::uint32_t session = kUnsettled;
  };
  std::uint32_t SettleSpan(const Id128& id, std::vector<Span*>& path);

  boost::unordered_flat_map<Id128, Span, Id128Hash> spans_;
  std::vector<SessionRoot> sessions_;
  // The latest end among sessions 0..i, for SessionAt.
  std::vector<std::uint64_t> latest_end_;
  std::uint64_t outside_ = 0;
};

}  // namespace tracedoc::cirron
