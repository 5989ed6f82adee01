// The name and category a slice is shown under, the same in every export: a span's name, an
// op's name, and for a device interval the (shortened) name of the span that launched it.
#pragma once

#include <string>
#include <string_view>

#include "timeline/timeline_output.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::timeline {

/// The longest span name a device interval repeats (docs/chrome-trace.md): one span may launch
/// any number of intervals, and each would repeat all of it.
inline constexpr std::size_t kMaxIntervalNameBytes = 128;

class SliceNames {
 public:
  explicit SliceNames(const TraceDocument& document)
      : document_(document), spans_(document.span_index()) {}

  /// The slice's name: a view into the document, or into `buffer` for a shortened one.
  std::string_view Name(SliceRef slice, std::string& buffer) const;
  /// `span`, `op` or `device`.
  static std::string_view Category(SliceKind kind);

 private:
  const TraceDocument& document_;
  const SpanIndex spans_;
};

}  // namespace tracedoc::timeline
