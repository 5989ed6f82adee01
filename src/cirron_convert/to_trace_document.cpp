// ToTraceDocument (docs/cirron-conversion.md): the meta, then the spans' starts and ends, their
// device intervals and the tensor_stats in time order, then the terminal, written as trace/10
// lines and read back by ReadTrace, so the document passes every rule a trace does.
#include "tracedoc/cirron_convert.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "cirron_convert/record_lines.hpp"
#include "cirron_convert/spool_index.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using cirron_convert::SpoolIndex;

// One record to write, and where it stands in time. At one time, starts come before intervals,
// tensor_stats and ends, so a span of no length still ends after it starts.
struct Planned {
  enum class What : std::uint8_t { kSpanStart, kDeviceInterval, kTensorStats, kSpanEnd };
  std::uint64_t time_ns = 0;
  What what = What::kSpanStart;
  std::size_t position = 0;  // in SpoolIndex::spans or SpoolIndex::tensor_stats

  friend bool operator<(const Planned& a, const Planned& b) {
    if (a.time_ns != b.time_ns) return a.time_ns < b.time_ns;
    if (a.what != b.what) return a.what < b.what;
    return a.position < b.position;
  }
};

std::vector<Planned> PlanRecords(const SpoolIndex& index) {
  using What = Planned::What;
  std::vector<Planned> plan;
  plan.reserve(2 * index.spans.size() + index.tensor_stats.size());
  for (std::size_t i = 0; i < index.spans.size(); ++i) {
    const CirronSpan& span = *index.spans[i];
    const std::uint64_t start = index.Relative(span.start_ns);
    plan.push_back({start, What::kSpanStart, i});
    if (cirron_convert::HasDeviceInterval(span)) plan.push_back({start, What::kDeviceInterval, i});
    plan.push_back({index.Relative(span.end_ns), What::kSpanEnd, i});
  }
  for (std::size_t i = 0; i < index.tensor_stats.size(); ++i) {
    plan.push_back({index.Relative(index.tensor_stats[i].snapshot->ts_ns), What::kTensorStats, i});
  }
  std::sort(plan.begin(), plan.end());
  return plan;
}

std::string TraceText(const CirronSpool& spool, const SpoolIndex& index) {
  std::string text;
  cirron_convert::AppendMetaLine(text, spool, index);
  for (const Planned& planned : PlanRecords(index)) {
    switch (planned.what) {
      case Planned::What::kSpanStart:
        cirron_convert::AppendSpanStartLine(text, *index.spans[planned.position],
                                            index.attached[planned.position], index);
        break;
      case Planned::What::kDeviceInterval:
        cirron_convert::AppendDeviceIntervalLine(text, *index.spans[planned.position], index);
        break;
      case Planned::What::kTensorStats:
        cirron_convert::AppendTensorStatsLine(text, index.tensor_stats[planned.position]);
        break;
      case Planned::What::kSpanEnd:
        cirron_convert::AppendSpanEndLine(text, *index.spans[planned.position]);
        break;
    }
  }
  cirron_convert::AppendTerminalLine(text, index);
  return text;
}

}  // namespace

Result<TraceDocument> ToTraceDocument(const CirronSpool& spool) {
  if (spool.batches.empty()) {
    return Error{ErrorCode::kCirronEmptySpool, 0, std::nullopt, std::nullopt, {},
                 "the spool holds no batch: there is nothing to convert"};
  }
  const std::string text = TraceText(spool, cirron_convert::IndexSpool(spool));
  return ReadTrace(TraceInput::FromString(text));
}

}  // namespace tracedoc
