// Builds the span index (see span_index.hpp).
#include "health/span_index.hpp"

namespace tracedoc::health {

SpanIndex::SpanIndex(std::span<const SpanRecord> spans) : spans_(spans) {
  positions_.reserve(spans.size());
  for (std::size_t i = 0; i < spans.size(); ++i) positions_.insert_or_assign(spans[i].id, i);
}

}  // namespace tracedoc::health
