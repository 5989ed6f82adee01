// Span id → position in a list of spans: the one id lookup, used by the fold while spans arrive
// and by the document's span index once they are sorted. It keeps 4-byte positions (and 4 bytes of
// each id's hash) and reads the ids from the list itself: at 10^5 spans and more, a map that held the ids too would
// cost several MB at the read's peak.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "document/compact_list.hpp"
#include "tracedoc/document.hpp"
#include "util/huge_page_allocator.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::detail {

class SpanIdTable {
 public:
  explicit SpanIdTable(const CompactList<SpanRecord>& spans)
      : positions_(0, util::StoredHash{}, Equal{&spans}) {}

  /// The keyed hash of an id, for the calls below that take one (computed once per record).
  static std::uint64_t HashOf(std::string_view id) noexcept { return util::HashBytes(id); }

  /// The position of the span with `id`, if one was added.
  std::optional<std::uint32_t> Find(std::string_view id) const { return Find(id, HashOf(id)); }
  std::optional<std::uint32_t> Find(std::string_view id, std::uint64_t hash) const {
    const auto it = positions_.find(Probe{id, static_cast<std::uint32_t>(hash)});
    if (it == positions_.end()) return std::nullopt;
    return it->position;
  }

  /// Indexes the span at `position`. When an indexed span has its id already, the later one
  /// (this one) wins, as when the reference collects its spans into a map.
  void Add(std::uint32_t position) { Add(position, HashOf(IdAt(position))); }
  /// As Add, with `hash` = HashOf(the span's id).
  void Add(std::uint32_t position, std::uint64_t hash) {
    const Entry entry{position, static_cast<std::uint32_t>(hash)};
    const auto [it, inserted] = positions_.insert(entry);
    if (inserted) return;
    positions_.erase(it);
    positions_.insert(entry);
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
    return positions_.bucket_count() * (sizeof(Entry) + 1);
  }

 private:
  // A span's position and 32 bits of its id's hash: growing the table rehashes from these
  // without hashing an id again, and a probe compares ids only when the bits agree.
  struct Entry {
    std::uint32_t position;
    std::uint32_t hash;
  };
  struct Probe {
    std::string_view id;
    std::uint32_t hash;
  };
  struct Equal {
    using is_transparent = void;
    const CompactList<SpanRecord>* spans;
    std::string_view Id(std::uint32_t position) const noexcept {
      return spans->Get<&SpanRecord::id>(position);
    }
    bool operator()(const Entry& a, const Entry& b) const noexcept {
      return a.hash == b.hash && Id(a.position) == Id(b.position);
    }
    bool operator()(const Probe& p, const Entry& e) const noexcept {
      return p.hash == e.hash && p.id == Id(e.position);
    }
    bool operator()(const Entry& e, const Probe& p) const noexcept { return (*this)(p, e); }
  };

  std::string_view IdAt(std::uint32_t position) const noexcept {
    return positions_.key_eq().Id(position);
  }

  boost::unordered_flat_set<Entry, util::StoredHash, Equal, util::HugePageAllocator<Entry>>
      positions_;
};

}  // namespace tracedoc::detail
