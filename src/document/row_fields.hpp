// How a compact row keeps each kind of field (docs/architecture.md, "The compact document"):
// a string as the 32-bit ref of its pooled copy, an absent optional string as kNoString, an
// array (integers, or the views of a list of strings) as the ref of its bytes (8-byte aligned,
// read where they lie), unknown members as the ref of their block (UnknownFields' encoding;
// kNoString for none) with their count beside it in the row.
// Encoding interns into a pool of the document's directory and fails only when the directory
// is full; decoding reads through the directory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "tracedoc/event.hpp"
#include "util/chunk_directory.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail::row_fields {

using util::ChunkDirectory;
using util::kNoString;
using util::StringPool;
using util::StringRef;

/// The size a row keeps beside a ref: the string's own when it has the one-byte prefix (so that
/// decoding need not read the pool), else kSizeInPool.
inline constexpr std::uint8_t kSizeInPool = 0xFF;
inline constexpr std::uint8_t ShortSize(std::size_t size) noexcept {
  return size < ChunkDirectory::kIndirect ? static_cast<std::uint8_t>(size) : kSizeInPool;
}

/// A field as a row keeps it: the ref and the short size of what it names.
struct Stored {
  StringRef ref = kNoString;
  std::uint8_t size = 0;
};

/// Collects the refs of one record's fields; `ok` turns false at the first that did not fit.
class Encoder {
 public:
  explicit Encoder(StringPool& pool) noexcept : pool_(pool) {}
  bool ok() const noexcept { return ok_; }

  Stored String(std::string_view s) { return Checked(pool_.InternRef(s), s.size()); }
  Stored Optional(const std::optional<std::string_view>& s) {
    return s ? String(*s) : Stored{};
  }
  Stored Integers(ArrayView<std::uint64_t> values) {
    const std::string_view bytes(reinterpret_cast<const char*>(values.data()),
                                 values.size() * sizeof(std::uint64_t));
    return Checked(pool_.InternAligned(bytes), bytes.size());
  }
  /// A list of strings: each interned, then the array of their pooled views interned as bytes
  /// (a record hands out the list as an ArrayView of views, which must lie somewhere).
  Stored Strings(ArrayView<std::string_view> strings) {
    views_.clear();
    for (const std::string_view s : strings) {
      const std::optional<StringRef> ref = pool_.InternRef(s);
      if (!ref) {
        ok_ = false;
        return Stored{};
      }
      views_.push_back(pool_.View(*ref));
    }
    // Rarely two ops have the same inputs: a copy each, not indexed.
    const std::string_view bytes(reinterpret_cast<const char*>(views_.data()),
                                 views_.size() * sizeof(std::string_view));
    return Checked(pool_.CopyRef(bytes, true), bytes.size());
  }
  /// The block of `unknown` (its count is the row's to keep): a large one the document adopted
  /// from the decoder is named where it lies, not copied.
  StringRef Unknown(const UnknownFields& unknown) {
    if (unknown.empty()) return kNoString;
    return Checked(pool_.CopyRef(unknown.encoded(), false), unknown.encoded().size()).ref;
  }
  static std::uint32_t UnknownCount(const UnknownFields& unknown) noexcept {
    return static_cast<std::uint32_t>(unknown.size());
  }

 private:
  Stored Checked(std::optional<StringRef> ref, std::size_t size) noexcept {
    if (!ref) {
      ok_ = false;
      return Stored{};
    }
    return Stored{*ref, ShortSize(size)};
  }

  StringPool& pool_;
  std::vector<std::string_view> views_;
  bool ok_ = true;
};

/// The string at `ref` whose ShortSize is `size`.
inline std::string_view View(const ChunkDirectory& directory, StringRef ref,
                             std::uint8_t size) noexcept {
  if (size < ChunkDirectory::kIndirect) return std::string_view(directory.At(ref) + 1, size);
  return directory.View(ref);
}

inline std::optional<std::string_view> Optional(const ChunkDirectory& directory, StringRef ref,
                                                std::uint8_t size) noexcept {
  if (ref == kNoString) return std::nullopt;
  return View(directory, ref, size);
}
inline ArrayView<std::uint64_t> Integers(const ChunkDirectory& directory, StringRef ref,
                                         std::uint8_t size) noexcept {
  const std::string_view bytes = View(directory, ref, size);
  // Stored 8-byte aligned (StringPool::InternAligned), from the integers' own bytes.
  return ArrayView<std::uint64_t>(reinterpret_cast<const std::uint64_t*>(bytes.data()),
                                  bytes.size() / sizeof(std::uint64_t));
}
inline ArrayView<std::string_view> Strings(const ChunkDirectory& directory, StringRef ref,
                                          std::uint8_t size) noexcept {
  const std::string_view bytes = View(directory, ref, size);
  // Pooled views, stored 8-byte aligned (Encoder::Strings).
  return ArrayView<std::string_view>(reinterpret_cast<const std::string_view*>(bytes.data()),
                                     bytes.size() / sizeof(std::string_view));
}
inline UnknownFields Unknown(const ChunkDirectory& directory, StringRef ref,
                             std::uint32_t count) noexcept {
  if (ref == kNoString) return UnknownFields();
  return UnknownFields(directory.View(ref), count);
}

}  // namespace tracedoc::detail::row_fields
