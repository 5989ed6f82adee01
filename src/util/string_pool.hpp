// Interned strings: each distinct string is stored once and handed out as a stable view.
// A document's ids, devices, dtypes and names repeat on most lines, so this is most of its text.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_set.hpp>

#include "util/arena.hpp"
#include "util/huge_page_allocator.hpp"
#include "util/memory_chunk.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::util {

/// How a StringPool stores what it is given.
enum class PoolMode : std::uint8_t {
  /// Equal strings share one copy (a document's storage).
  kIntern,
  /// Every string is copied, no index is kept: for short-lived storage that is interned later
  /// anyway, where hashing twice would cost more than the duplicate bytes.
  kCopy,
};

class StringPool {
 public:
  explicit StringPool(PoolMode mode = PoolMode::kIntern) : mode_(mode) {}
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;

  /// The pooled copy of `s`; the same view for equal strings (in kIntern mode, up to strings of
  /// a few hundred KB, which are copied each time).
  std::string_view Intern(std::string_view s) {
    // A large value already in an adopted block (a conversion's meta) is the document's as is.
    if (mode_ == PoolMode::kCopy || s.size() > kLongestIndexed || arena_.HoldsAdopted(s)) {
      return arena_.CopyString(s);
    }
    std::string_view& recent = recent_[RecentSlot(s)];
    if (recent.data() != nullptr && recent == s) return recent;
    const Probe probe{s, static_cast<std::uint32_t>(HashBytes(s))};
    const auto it = index_.find(probe);
    if (it != index_.end()) return recent = View(it->location);
    if (Full(s.size())) return arena_.CopyString(s);  // past 4 GiB of distinct strings
    const std::uint32_t location = Store(s);
    index_.insert(Entry{probe.hash, location});
    return recent = View(location);
  }

  /// Storage for the arrays that records refer to.
  Arena& arena() noexcept { return arena_; }

  /// Forgets which strings are stored, keeping them and the index's room: the strings interned
  /// next get copies of their own (a shard interns block by block, in a small index).
  void ForgetIndex() noexcept {
    index_.clear();
    recent_.fill({});
  }

  /// How many distinct strings the index holds now.
  std::size_t indexed_count() const noexcept { return index_.size(); }

  /// Drops the index once nothing more will be interned (a finished document), and gives back
  /// the unwritten end of the last chunks: the strings stay. Interning afterwards still works.
  void ReleaseIndex() noexcept {
    index_ = Index(0, StoredHash{}, EntryEqual{this});
    recent_.fill({});
    if (!chunks_.empty()) {
      chunk_bytes_held_ -= chunks_.back().size();
      chunks_.back().TrimTo(used_);
      chunk_bytes_held_ += chunks_.back().size();
    }
    arena_.TrimLastChunk();
  }

  /// What the pool costs: its chunks plus the index's slots.
  std::size_t memory_bytes() const noexcept {
    return arena_.reserved_bytes() + chunk_bytes_held_ +
           index_.bucket_count() * (sizeof(Entry) + 1);
  }

 private:
  // Indexed strings live in chunks of up to kChunkBytes, each after its length (1 byte, or 0xFF
  // and 4 bytes), so an index entry is 8 bytes: the hash and where the string is (chunk number in
  // the high bits, offset in the low kOffsetBits). At 10^6 records the index is about half the
  // size a pointer-and-length entry would give it, and it is the read's peak. The first chunks
  // are small (a small document's pool stays small), the others a huge page each.
  static constexpr unsigned kOffsetBits = 21;
  static constexpr std::size_t kFirstChunkBytes = std::size_t{256} << 10;
  static constexpr std::size_t kChunkBytes = std::size_t{1} << kOffsetBits;
  static constexpr std::size_t kLongestIndexed = kChunkBytes / 4;
  static constexpr unsigned char kLongLength = 0xFF;

  struct Entry {
    std::uint32_t hash;
    std::uint32_t location;
  };
  struct Probe {
    std::string_view text;
    std::uint32_t hash;
  };
  struct EntryEqual {
    using is_transparent = void;
    const StringPool* pool;
    bool operator()(const Entry& a, const Entry& b) const noexcept {
      return a.location == b.location;
    }
    bool operator()(const Probe& p, const Entry& e) const noexcept {
      return p.hash == e.hash && pool->View(e.location) == p.text;
    }
    bool operator()(const Entry& e, const Probe& p) const noexcept { return (*this)(p, e); }
  };
  using Index = boost::unordered_flat_set<Entry, StoredHash, EntryEqual, HugePageAllocator<Entry>>;

  std::string_view View(std::uint32_t location) const noexcept {
    const char* p = chunks_[location >> kOffsetBits].data() + (location & (kChunkBytes - 1));
    const auto first = static_cast<unsigned char>(*p);
    if (first != kLongLength) return std::string_view(p + 1, first);
    std::uint32_t size;
    std::memcpy(&size, p + 1, sizeof(size));
    return std::string_view(p + 1 + sizeof(size), size);
  }

  // Strings recently interned, in front of the index: a record's dtype, device and span id are
  // usually those of a record a few lines up, and comparing them costs less than the keyed hash.
  // The slot comes from an unkeyed mix of the length and the first and last 8 bytes: input that
  // makes every string miss only costs one comparison more per string, never a chain.
  static constexpr unsigned kRecentBits = 8;
  static std::size_t RecentSlot(std::string_view s) noexcept {
    std::uint64_t head = 0;
    std::uint64_t tail = 0;
    if (s.size() >= sizeof(head)) {
      std::memcpy(&head, s.data(), sizeof(head));
      std::memcpy(&tail, s.data() + s.size() - sizeof(tail), sizeof(tail));
    } else if (!s.empty()) {
      std::memcpy(&head, s.data(), s.size());
    }
    const std::uint64_t mixed = (head ^ (tail * 0x9E3779B97F4A7C15ull) ^ s.size()) * 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(mixed >> (64 - kRecentBits));
  }

  static constexpr std::size_t kMaxChunks = std::size_t{1} << (32 - kOffsetBits);

  // Whether storing `size` more bytes would need a chunk that a location cannot name.
  bool Full(std::size_t size) const noexcept {
    return chunks_.size() == kMaxChunks &&
           used_ + 1 + sizeof(std::uint32_t) + size > chunks_.back().size();
  }

  std::uint32_t Store(std::string_view s) {
    const std::size_t prefix = s.size() < kLongLength ? 1 : 1 + sizeof(std::uint32_t);
    if (chunks_.empty() || used_ + prefix + s.size() > chunks_.back().size()) {
      // A string longer than a small chunk holds (kLongestIndexed at most) gets a full one.
      const std::size_t bytes = prefix + s.size() > kFirstChunkBytes
                                    ? kChunkBytes
                                    : NextChunkBytes(chunks_.size(), kFirstChunkBytes);
      chunks_.emplace_back(bytes);
      chunk_bytes_held_ += bytes;
      used_ = 0;
    }
    char* p = chunks_.back().data() + used_;
    if (prefix == 1) {
      *p = static_cast<char>(s.size());
    } else {
      const auto size = static_cast<std::uint32_t>(s.size());
      *p = static_cast<char>(kLongLength);
      std::memcpy(p + 1, &size, sizeof(size));
    }
    if (!s.empty()) std::memcpy(p + prefix, s.data(), s.size());
    const auto location = static_cast<std::uint32_t>(((chunks_.size() - 1) << kOffsetBits) | used_);
    used_ += prefix + s.size();
    return location;
  }

  PoolMode mode_;
  Arena arena_{256 * 1024};
  std::vector<MemoryChunk> chunks_;
  std::size_t chunk_bytes_held_ = 0;
  std::size_t used_ = 0;
  Index index_{0, StoredHash{}, EntryEqual{this}};
  std::array<std::string_view, std::size_t{1} << kRecentBits> recent_{};
};

}  // namespace tracedoc::util
