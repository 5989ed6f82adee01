// Interned strings: each distinct string is stored once and handed out as a stable view.
// A document's ids, devices, dtypes and names repeat on most lines, so this is most of its text.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_set.hpp>

#include "util/arena.hpp"
#include "util/chunk_directory.hpp"
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
  /// A pool whose chunks `directory` numbers (a document's, shared with its shards); a pool of
  /// its own when none is given.
  explicit StringPool(PoolMode mode = PoolMode::kIntern,
                      std::shared_ptr<ChunkDirectory> directory = nullptr)
      : mode_(mode), directory_(std::move(directory)) {}
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;

  /// The pooled copy of `s`; the same view for equal strings (in kIntern mode, up to strings of
  /// a few hundred KB, which are copied each time).
  std::string_view Intern(std::string_view s) {
    // A large value already in an adopted block (a conversion's meta) is the document's as is.
    if (mode_ == PoolMode::kCopy || s.size() > kLongestIndexed || arena_.HoldsAdopted(s)) {
      return arena_.CopyString(s);
    }
    const Recent* pooled = InternIndexed(s, false);
    // Past what the directory can number (4 GiB of distinct strings), a plain copy.
    return pooled != nullptr ? pooled->text : arena_.CopyString(s);
  }

  /// The ref of the pooled copy of `s` (equal strings share one in kIntern mode); none when the
  /// directory can number no more chunks.
  std::optional<StringRef> InternRef(std::string_view s) {
    return RefTo(s, false, mode_ == PoolMode::kIntern);
  }

  /// As InternRef, for bytes that hold an array: the bytes start 8-byte aligned, so the array
  /// can be read where it lies (a shape's integers, an op's input refs).
  std::optional<StringRef> InternAligned(std::string_view bytes) {
    return RefTo(bytes, true, mode_ == PoolMode::kIntern);
  }

  /// A ref to a copy of `bytes` of its own, not indexed (8-byte aligned when `aligned`): for
  /// values rarely equal to another (a record's unknown members, an op's list of inputs), whose
  /// index entries would cost more than the copies they save. None when the directory is full.
  std::optional<StringRef> CopyRef(std::string_view bytes, bool aligned) {
    return RefTo(bytes, aligned, false);
  }

  /// The string at `ref`, which this pool or another of its directory handed out.
  std::string_view View(StringRef ref) const noexcept { return directory_->View(ref); }

  /// The directory that numbers this pool's chunks (made with the first chunk when not given).
  const std::shared_ptr<ChunkDirectory>& directory() {
    if (!directory_) directory_ = std::make_shared<ChunkDirectory>();
    return directory_;
  }

  /// Storage for the arrays that records refer to.
  Arena& arena() noexcept { return arena_; }

  /// Forgets which strings are stored, keeping them and the index's room: the strings interned
  /// next get copies of their own (a shard interns block by block, in a small index).
  void ForgetIndex() noexcept {
    index_.clear();
    recent_.fill({});
    array_slot_ = {};
  }

  /// How many distinct strings the index holds now.
  std::size_t indexed_count() const noexcept { return index_.size(); }

  /// Drops the index once nothing more will be interned (a finished document), and gives back
  /// the unwritten end of the last chunks: the strings stay. Interning afterwards still works.
  void ReleaseIndex() noexcept {
    index_ = Index(0, StoredHash{}, EntryEqual{this});
    recent_.fill({});
    array_slot_ = {};
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
  // and 4 bytes), so an index entry is 8 bytes: the hash and the string's ref (the chunk's
  // number in the directory, the offset). At 10^6 records the index is about half the size a
  // pointer-and-length entry would give it, and it is the read's peak. The first chunks are
  // small (a small document's pool stays small), the others a huge page each.
  static constexpr std::size_t kFirstChunkBytes = std::size_t{256} << 10;
  static constexpr std::size_t kChunkBytes = std::size_t{1} << ChunkDirectory::kOffsetBits;
  static constexpr std::size_t kLongestIndexed = kChunkBytes / 4;
  static constexpr std::size_t kArrayAlignment = 8;
  static constexpr std::uint32_t kArrayHash = 0x9E3779B9u;

  struct Entry {
    std::uint32_t hash;
    StringRef location;
  };
  struct Probe {
    std::string_view text;
    std::uint32_t hash;
    bool aligned;
  };
  struct EntryEqual {
    using is_transparent = void;
    const StringPool* pool;
    bool operator()(const Entry& a, const Entry& b) const noexcept {
      return a.location == b.location;
    }
    bool operator()(const Probe& p, const Entry& e) const noexcept {
      if (p.hash != e.hash) return false;
      const std::string_view stored = pool->View(e.location);
      return stored == p.text && (!p.aligned || IsAligned(stored.data()));
    }
    bool operator()(const Entry& e, const Probe& p) const noexcept { return (*this)(p, e); }
  };
  using Index = boost::unordered_flat_set<Entry, StoredHash, EntryEqual, HugePageAllocator<Entry>>;

  // A string recently interned, with its ref.
  struct Recent {
    std::string_view text;
    StringRef ref = kNoString;
  };

  static bool IsAligned(const char* p) noexcept {
    return reinterpret_cast<std::uintptr_t>(p) % kArrayAlignment == 0;
  }

  // The one way to a ref: a large value already in an adopted block is named where it lies
  // (as Intern keeps it), one longer than the index takes gets a chunk of its own, the others are
  // interned when `indexed`, else copied.
  std::optional<StringRef> RefTo(std::string_view bytes, bool aligned, bool indexed) {
    if (arena_.HoldsAdopted(bytes) && (!aligned || IsAligned(bytes.data()))) {
      return StoreIndirect(bytes);
    }
    if (bytes.size() > kLongestIndexed) return StoreAlone(bytes);
    if (!indexed) return Store(bytes, aligned);
    const Recent* pooled = InternIndexed(bytes, aligned);
    if (pooled == nullptr) return std::nullopt;
    return pooled->ref;
  }

  // The pooled copy of `s` (its bytes aligned when `aligned`), in its recent slot; null when
  // the directory is full.
  // Arrays and strings are kept apart (an array's hash is the string's with kArrayHash mixed in,
  // and only strings use the recent slots), so that an array never hands out a string's copy nor
  // a string an array's: equal strings keep one copy, and equal arrays of their views are equal.
  const Recent* InternIndexed(std::string_view s, bool aligned) {
    Recent& recent = aligned ? array_slot_ : recent_[RecentSlot(s)];
    if (recent.text.data() != nullptr && recent.text == s) return &recent;
    const auto hash = static_cast<std::uint32_t>(HashBytes(s)) ^ (aligned ? kArrayHash : 0u);
    const Probe probe{s, hash, aligned};
    const auto it = index_.find(probe);
    StringRef ref;
    if (it != index_.end()) {
      ref = it->location;
    } else {
      const std::optional<StringRef> stored = Store(s, aligned);
      if (!stored) return nullptr;
      ref = *stored;
      index_.insert(Entry{probe.hash, ref});
    }
    recent = Recent{View(ref), ref};
    return &recent;
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

  // Room for an entry of `prefix` + `size` bytes (the bytes after the prefix 8-byte aligned
  // when `aligned`) in the current chunk, or a new one: where it starts, and its ref. None when
  // the directory has no number for a new chunk.
  struct Room {
    char* at;
    StringRef ref;
  };
  std::optional<Room> Reserve(std::size_t prefix, std::size_t size, bool aligned) {
    auto start_in = [&](std::size_t used) {
      if (!aligned) return used;
      const std::size_t data = (used + prefix + kArrayAlignment - 1) & ~(kArrayAlignment - 1);
      return data - prefix;
    };
    std::size_t start = start_in(used_);
    if (chunks_.empty() || start + prefix + size > chunks_.back().size()) {
      // A string longer than a small chunk holds (kLongestIndexed at most) gets a full one.
      const std::size_t bytes = prefix + size + kArrayAlignment > kFirstChunkBytes
                                    ? kChunkBytes
                                    : NextChunkBytes(chunks_.size(), kFirstChunkBytes);
      MemoryChunk chunk(bytes);
      const std::optional<std::uint32_t> number = directory()->Register(chunk.data());
      if (!number) return std::nullopt;
      chunks_.push_back(std::move(chunk));
      chunk_bytes_held_ += bytes;
      chunk_number_ = *number;
      used_ = 0;
      start = start_in(0);
    }
    used_ = start + prefix + size;
    return Room{chunks_.back().data() + start, ChunkDirectory::RefOf(chunk_number_, start)};
  }

  // Stores `s` after its length prefix (its bytes 8-byte aligned when `aligned`).
  std::optional<StringRef> Store(std::string_view s, bool aligned) {
    const std::optional<Room> room =
        Reserve(ChunkDirectory::PrefixBytes(s.size()), s.size(), aligned);
    if (!room) return std::nullopt;
    ChunkDirectory::Write(room->at, s);
    return room->ref;
  }

  // Names `s` where it lies (in a block the arena adopted, which lives as long as the pool).
  std::optional<StringRef> StoreIndirect(std::string_view s) {
    const std::optional<Room> room = Reserve(ChunkDirectory::kIndirectBytes, 0, false);
    if (!room) return std::nullopt;
    ChunkDirectory::WriteIndirect(room->at, s);
    return room->ref;
  }

  // A string longer than the index takes, in a chunk of its own (its prefix at offset 0, so
  // the bytes after a 5-byte prefix are aligned by a 3-byte lead).
  std::optional<StringRef> StoreAlone(std::string_view s) {
    constexpr std::size_t kLead = kArrayAlignment - 1 - sizeof(std::uint32_t);
    MemoryChunk chunk(kLead + ChunkDirectory::PrefixBytes(s.size()) + s.size());
    const std::optional<std::uint32_t> number = directory()->Register(chunk.data());
    if (!number) return std::nullopt;
    ChunkDirectory::Write(chunk.data() + kLead, s);
    chunk_bytes_held_ += chunk.size();
    alone_.push_back(std::move(chunk));
    return ChunkDirectory::RefOf(*number, kLead);
  }

  PoolMode mode_;
  std::shared_ptr<ChunkDirectory> directory_;
  Arena arena_{256 * 1024};
  std::vector<MemoryChunk> chunks_;
  std::vector<MemoryChunk> alone_;  // StoreAlone's
  std::uint32_t chunk_number_ = 0;  // chunks_.back()'s number in the directory
  std::size_t chunk_bytes_held_ = 0;
  std::size_t used_ = 0;
  Index index_{0, StoredHash{}, EntryEqual{this}};
  std::array<Recent, std::size_t{1} << kRecentBits> recent_{};
  Recent array_slot_;  // the last array interned (a run of records often repeats one shape)
};

}  // namespace tracedoc::util
