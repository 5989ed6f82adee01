#include "analysis/traceml_ranks.hpp"

#include <algorithm>
#include <charconv>

#include "tracedoc/traceml_convert.hpp"

namespace tracedoc::analysis {

bool IsTraceMLDocument(const TraceDocument& document) {
  for (const Tag& tag : document.run().tags) {
    if (tag.key == kTraceMLSourceTag) return tag.value == kTraceMLSourceValue;
  }
  return false;
}

std::optional<std::uint64_t> UnknownU64(std::string_view json) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(json.data(), json.data() + json.size(), value);
  if (error != std::errc() || end != json.data() + json.size()) return std::nullopt;
  return value;
}

std::vector<RankSpan> TraceMLRankSpans(const TraceDocument& document) {
  std::vector<RankSpan> ranks;
  if (!IsTraceMLDocument(document)) return ranks;
  const std::span<const SpanRecord> spans = document.spans();
  for (SpanPosition p = 0; p < spans.size(); ++p) {
    for (const UnknownField field : spans[p].start_unknown) {
      if (field.key != kTraceMLRankKey) continue;
      if (const std::optional<std::uint64_t> rank = UnknownU64(field.json)) {
        ranks.push_back({*rank, p});
      }
      break;
    }
  }
  std::sort(ranks.begin(), ranks.end(), [](const RankSpan& a, const RankSpan& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.span < b.span;
  });
  return ranks;
}

}  // namespace tracedoc::analysis
