// One numbering for the chunks of every string pool of a document (its own and the decoding
// threads' shards), so that a string is named by 32 bits wherever it was stored: the chunk's
// number in the high bits, the offset in the low kOffsetBits (a StringRef). A compact record keeps
// these refs instead of 16-byte views, and a shard's refs need no renumbering when the document
// adopts it. Threads register chunks concurrently; a ref is read only after the block that made
// it has been handed to the folding thread (under the pipeline's lock).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace tracedoc::util {

/// A string's place: the chunk's number and the offset of its length prefix.
using StringRef = std::uint32_t;
/// Names no string (an absent optional, an empty unknown-member block): the last chunk number
/// is never handed out, so no string starts at this ref.
inline constexpr StringRef kNoString = 0xFFFFFFFFu;

class ChunkDirectory {
 public:
  static constexpr unsigned kOffsetBits = 21;
  static constexpr std::size_t kOffsetMask = (std::size_t{1} << kOffsetBits) - 1;
  /// Chunk numbers that exist; the last is kept back (kNoString).
  static constexpr std::size_t kMostChunks = (std::size_t{1} << (32 - kOffsetBits)) - 1;
  /// The length prefix: one byte (below kIndirect), or kLongLength and four bytes; kIndirect
  /// and a pointer and four bytes of length name a string kept elsewhere (a large value in a
  /// block the document adopted, which is not copied again).
  static constexpr unsigned char kIndirect = 0xFE;
  static constexpr unsigned char kLongLength = 0xFF;
  static constexpr std::size_t kIndirectBytes = 1 + sizeof(const char*) + sizeof(std::uint32_t);

  /// `most_chunks` (at most kMostChunks) lowers the capacity for tests of a full directory.
  explicit ChunkDirectory(std::size_t most_chunks = kMostChunks) noexcept
      : most_chunks_(most_chunks < kMostChunks ? most_chunks : kMostChunks) {}
  ChunkDirectory(const ChunkDirectory&) = delete;
  ChunkDirectory& operator=(const ChunkDirectory&) = delete;

  /// A number for the chunk at `base`; none once every number is taken (the document's strings
  /// and arrays then pass 4 GiB, or `most_chunks`).
  std::optional<std::uint32_t> Register(const char* base) noexcept {
    std::size_t number = next_.load(std::memory_order_relaxed);
    do {
      if (number >= most_chunks_) return std::nullopt;
    } while (!next_.compare_exchange_weak(number, number + 1, std::memory_order_relaxed));
    bases_[number].store(base, std::memory_order_release);
    return static_cast<std::uint32_t>(number);
  }

  static StringRef RefOf(std::uint32_t chunk, std::size_t offset) noexcept {
    return static_cast<StringRef>((std::size_t{chunk} << kOffsetBits) | offset);
  }

  /// Where the length prefix of `ref` (not kNoString) lies.
  const char* At(StringRef ref) const noexcept {
    return bases_[ref >> kOffsetBits].load(std::memory_order_acquire) + (ref & kOffsetMask);
  }

  /// The string stored at `ref` (not kNoString).
  std::string_view View(StringRef ref) const noexcept {
    const char* p = At(ref);
    const auto first = static_cast<unsigned char>(*p);
    if (first < kIndirect) return std::string_view(p + 1, first);
    std::uint32_t size;
    if (first == kLongLength) {
      std::memcpy(&size, p + 1, sizeof(size));
      return std::string_view(p + 1 + sizeof(size), size);
    }
    const char* data;
    std::memcpy(&data, p + 1, sizeof(data));
    std::memcpy(&size, p + 1 + sizeof(data), sizeof(size));
    return std::string_view(data, size);
  }

  /// How many bytes the length prefix of a string of `size` bytes takes.
  static constexpr std::size_t PrefixBytes(std::size_t size) noexcept {
    return size < kIndirect ? 1 : 1 + sizeof(std::uint32_t);
  }

  /// Writes an entry naming `s` where it lies at `p` (kIndirectBytes of room); `s` is shorter
  /// than 4 GiB.
  static void WriteIndirect(char* p, std::string_view s) noexcept {
    const char* data = s.data();
    const auto size = static_cast<std::uint32_t>(s.size());
    *p = static_cast<char>(kIndirect);
    std::memcpy(p + 1, &data, sizeof(data));
    std::memcpy(p + 1 + sizeof(data), &size, sizeof(size));
  }

  /// Writes the prefix and the bytes of `s` at `p` (PrefixBytes + size bytes of room).
  static void Write(char* p, std::string_view s) noexcept {
    if (PrefixBytes(s.size()) == 1) {
      *p = static_cast<char>(s.size());
    } else {
      const auto size = static_cast<std::uint32_t>(s.size());
      *p = static_cast<char>(kLongLength);
      std::memcpy(p + 1, &size, sizeof(size));
    }
    if (!s.empty()) std::memcpy(p + PrefixBytes(s.size()), s.data(), s.size());
  }

  std::size_t memory_bytes() const noexcept { return sizeof(*this); }

 private:
  std::size_t most_chunks_;
  std::atomic<std::size_t> next_{0};
  std::array<std::atomic<const char*>, kMostChunks> bases_{};
};

}  // namespace tracedoc::util
