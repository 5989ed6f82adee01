// SpanIndex's accessors: reads of the index data sealed into the document.
#include "tracedoc/span_index.hpp"

#include "document/document_data.hpp"
#include "util/saturating.hpp"

namespace tracedoc {

std::size_t SpanIndex::size() const noexcept { return data_->spans.size(); }

std::optional<SpanPosition> SpanIndex::Find(std::string_view id) const noexcept {
  return data_->span_index.ids.Find(id);
}

std::optional<SpanPosition> SpanIndex::parent(SpanPosition span) const noexcept {
  const std::uint32_t parent = data_->span_index.parents[span];
  if (parent >= detail::SpanIndexData::kUnknownParent) return std::nullopt;
  return parent;
}

std::span<const SpanPosition> SpanIndex::children(SpanPosition span) const noexcept {
  return data_->span_index.children.Of(span);
}

std::span<const SpanPosition> SpanIndex::roots() const noexcept { return data_->span_index.roots; }

std::uint64_t SpanIndex::depth(SpanPosition span) const noexcept {
  const detail::SpanIndexData& index = data_->span_index;
  const std::uint32_t parent = index.parents[span];
  if (parent == detail::SpanIndexData::kNoParent) return 0;
  if (parent == detail::SpanIndexData::kUnknownParent) return 1;
  return index.chains[parent];
}

std::uint64_t SpanIndex::max_depth() const noexcept { return data_->span_index.max_depth; }

bool SpanIndex::reaches_cycle(SpanPosition span) const noexcept {
  return data_->span_index.reaches_cycle[span];
}

std::span<const std::uint32_t> SpanIndex::ops(SpanPosition span) const noexcept {
  return data_->span_index.ops.Of(span);
}

std::span<const std::uint32_t> SpanIndex::tensors(SpanPosition span) const noexcept {
  return data_->span_index.tensors.Of(span);
}

std::span<const std::uint32_t> SpanIndex::memory(SpanPosition span) const noexcept {
  return data_->span_index.memory.Of(span);
}

std::uint64_t SpanIndex::self_time_ns(SpanPosition span) const noexcept {
  const auto duration_of = [this](SpanPosition at) {
    return data_->spans.Get<&SpanRecord::duration_ns>(at);
  };
  std::uint64_t children_ns = 0;
  for (const SpanPosition child : children(span)) {
    children_ns = util::SaturatingAdd(children_ns, duration_of(child));
  }
  return util::SaturatingSub(duration_of(span), children_ns);
}

}  // namespace tracedoc
