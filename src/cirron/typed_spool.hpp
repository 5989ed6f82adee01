// The sink that keeps a spool as the public typed records (tracedoc/cirron_spool.hpp).
#pragma once

#include "cirron/spool_sink.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron {

/// Copies every record into `spool`, a batch once it is complete.
class TypedSpool final : public SpoolSink {
 public:
  explicit TypedSpool(CirronSpool& spool) : spool_(spool) {}
  void OnSpan(const SpanView& span, const RecordSource& source) override;
  void OnMark(const MarkView& mark, const RecordSource& source) override;
  void OnSnapshot(const SnapshotView& snapshot, const RecordSource& source) override;
  void OnBatch(const BatchView& batch, const BatchSource& source) override;

 private:
  CirronSpool& spool_;
  CirronBatch batch_;
};

}  // namespace tracedoc::cirron
