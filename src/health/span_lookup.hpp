// The span records that health's reference checks look up by id: by the id's view first (the
// fold interns ids), then through the document's span index, remembering the last answer
// (records name their spans in runs).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "document/cached_span_find.hpp"
#include "health/span_views.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::health {

class SpanLookup {
 public:
  /// `views` of the document's spans, shared by every lookup of one analysis.
  SpanLookup(const TraceDocument& document, const SpanViews& views)
      : spans_(document.spans()),
        index_(document.span_index()),
        by_view_{&views, &index_},
        find_(by_view_) {}
  SpanLookup(const SpanLookup&) = delete;
  SpanLookup& operator=(const SpanLookup&) = delete;

  /// The span with this id, if there is one.
  std::optional<SpanRecord> Find(std::string_view id) {
    const auto position = find_.Find(id);
    if (!position) return std::nullopt;
    return spans_[*position];
  }

 private:
  // The view first, then the id's bytes: what CachedSpanFind asks on a change of span.
  struct ByViewThenId {
    const SpanViews* views;
    const SpanIndex* index;
    std::optional<std::uint32_t> Find(std::string_view id) const {
      if (const auto position = views->Find(id)) return position;
      return index->Find(id);
    }
  };

  RecordList<SpanRecord> spans_;
  SpanIndex index_;
  ByViewThenId by_view_;
  detail::CachedSpanFind<ByViewThenId> find_;
};

}  // namespace tracedoc::health
