// The way into a TraceDocument's data from inside the library: for analyses that need what the
// public views do not show, and for tests that make a document the fold would reject.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "document/document_data.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::detail {

struct DocumentAccess {
  static const DocumentData& Data(const TraceDocument& document) noexcept {
    return *document.data_;
  }

  /// Seals `data` as it is, unchecked: the records may break the fold's rules (repeated span
  /// ids, a terminal before its evidence), as a document read from its JSON object form may in
  /// the reference (docs/trace-format.md §1.14). Their strings may point anywhere that outlives
  /// the document.
  static TraceDocument SealUnchecked(std::shared_ptr<DocumentData> data) {
    data->span_index.ids.Reindex(static_cast<std::uint32_t>(data->spans.size()));
    data->Seal();
    return TraceDocument(std::move(data));
  }
};

}  // namespace tracedoc::detail
