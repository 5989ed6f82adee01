// Span id → position in a list of spans: the one id lookup, used by the fold while spans arrive
// and by the document's span index once they are sorted. It keeps only the 4-byte positions and
// reads the ids from the list itself: at 10^5 spans and more, a map that held the ids too would
// cost several MB at the read's peak.
#ifndef TRACEDOC_DOCUMENT_SPAN_ID_TABLE_HPP_
#define TRACEDOC_DOCUMENT_SPAN_ID_TABLE_HPP_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "tracedoc/document.hpp"
#include "util/record_buffer.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::detail {

class SpanIdTable {
 public:
  explicit SpanIdTable(const util::RecordBuffer<SpanRecord>& spans)
      : positions_(0, Hash{&spans}, Equal{&spans}) {}

  /// The position of the span with `id`, if one was added.
  std::optional<std::uint32_t> Find(std::string_view id) const {
    const auto it = positions_.find(id);
    if (it == positions_.end()) return std::nullopt;
    return *it;
  }

  /// Indexes the span at `position`. When an indexed span has its id already, the later one
  /// (this one) wins, as when the reference collects its spans into a map.
  void Add(std::uint32_t position) {
    const auto [it, inserted] = positions_.insert(position);
    if (inserted) return;
    positions_.erase(it);
    positions_.insert(position);
  }

  /// Indexes spans 0 to count - 1 again, after the list was reordered. Keeps the table's room, so
  /// the fold's table becomes the document's without allocating.
  void Reindex(std::uint32_t count) {
    positions_.clear();
    for (std::uint32_t position = 0; position < count; ++position) Add(position);
  }

  /// The number of distinct ids.
  std::size_t size() const noexcept { return positions_.size(); }

  /// The bytes the table holds: a slot and a byte of metadata per bucket.
  std::size_t memory_bytes() const noexcept {
    return positions_.bucket_count() * (sizeof(std::uint32_t) + 1);
  }

 private:
  struct Hash {
    using is_transparent = void;
    using is_avalanching = void;  // HashBytes mixes fully, under a key nobody can know
    const util::RecordBuffer<SpanRecord>* spans;
    std::size_t operator()(std::string_view id) const noexcept { return util::HashBytes(id); }
    std::size_t operator()(std::uint32_t position) const noexcept {
      return util::HashBytes((*spans)[position].id);
    }
  };
  struct Equal {
    using is_transparent = void;
    const util::RecordBuffer<SpanRecord>* spans;
    std::string_view Id(std::uint32_t position) const noexcept { return (*spans)[position].id; }
    bool operator()(std::uint32_t a, std::uint32_t b) const noexcept { return Id(a) == Id(b); }
    bool operator()(std::string_view id, std::uint32_t b) const noexcept { return id == Id(b); }
    bool operator()(std::uint32_t a, std::string_view id) const noexcept { return Id(a) == id; }
  };

  boost::unordered_flat_set<std::uint32_t, Hash, Equal> positions_;
};

}  // namespace tracedoc::detail

#endif  // TRACEDOC_DOCUMENT_SPAN_ID_TABLE_HPP_
