// The builder's index from span id to the span's position in the document's list. It keeps only
// the 4-byte positions and reads the ids from the list itself: at 10^5 spans and more, a map that
// held the ids too would cost several MB at the read's peak.
#ifndef TRACEDOC_FOLD_SPAN_POSITIONS_HPP_
#define TRACEDOC_FOLD_SPAN_POSITIONS_HPP_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "tracedoc/document.hpp"
#include "util/record_buffer.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::fold {

class SpanPositions {
 public:
  explicit SpanPositions(const util::RecordBuffer<SpanRecord>& spans)
      : positions_(0, Hash{&spans}, Equal{&spans}) {}

  /// The position of the span with `id`, if one was added.
  std::optional<std::uint32_t> Find(std::string_view id) const {
    const auto it = positions_.find(id);
    if (it == positions_.end()) return std::nullopt;
    return *it;
  }

  /// Indexes the span at `position`, whose id no span added before has.
  void Add(std::uint32_t position) { positions_.insert(position); }

  /// Frees the index.
  void Clear() {
    positions_.clear();
    positions_.rehash(0);
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
    bool operator()(std::uint32_t a, std::uint32_t b) const noexcept { return a == b; }
    bool operator()(std::string_view id, std::uint32_t b) const noexcept { return id == Id(b); }
    bool operator()(std::uint32_t a, std::string_view id) const noexcept { return Id(a) == id; }
  };

  boost::unordered_flat_set<std::uint32_t, Hash, Equal> positions_;
};

}  // namespace tracedoc::fold

#endif  // TRACEDOC_FOLD_SPAN_POSITIONS_HPP_
