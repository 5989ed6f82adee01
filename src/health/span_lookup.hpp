// The span records that health's reference checks look up by id, through the document's span
// index and remembering the last answer (records name their spans in runs).
#pragma once

#include <span>
#include <string_view>

#include "document/cached_span_find.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::health {

class SpanLookup {
 public:
  explicit SpanLookup(const TraceDocument& document)
      : spans_(document.spans()), index_(document.span_index()), find_(index_) {}
  SpanLookup(const SpanLookup&) = delete;
  SpanLookup& operator=(const SpanLookup&) = delete;

  /// The span with this id, or nullptr.
  const SpanRecord* Find(std::string_view id) {
    const auto position = find_.Find(id);
    return position ? &spans_[*position] : nullptr;
  }

 private:
  std::span<const SpanRecord> spans_;
  SpanIndex index_;
  detail::CachedSpanFind<SpanIndex> find_;
};

}  // namespace tracedoc::health
