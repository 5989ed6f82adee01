// The ids of a spool (docs/cirron-spool.md, "References"): each given once per record type,
// kept as 16 bytes each (not as text) with where the record is, so that duplicates are found
// as records arrive and references are resolved after the last batch.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

namespace tracedoc::cirron {

/// A 32-hex-digit id as its 16 bytes.
struct Id128 {
  std::uint64_t high = 0;
  std::uint64_t low = 0;
  friend bool operator==(const Id128&, const Id128&) = default;
};

/// The id of `hex`, which is 32 lower-case hex digits (IsHexId).
Id128 ParseId(std::string_view hex) noexcept;
/// The 32 lower-case hex digits of `id`.
std::string IdText(const Id128& id);

/// The project's keyed hash of an id's bytes: ids come from the input.
struct Id128Hash {
  using is_avalanching = void;
  std::size_t operator()(const Id128& id) const noexcept;
};

/// The three record arrays of a batch, in the order warnings list them.
enum class RecordArray : std::uint8_t { kSpans, kMarks, kSnapshots };

/// `spans`, `marks` or `snapshots`.
std::string_view RecordArrayName(RecordArray array) noexcept;

/// Where a record is: its batch (in file-name order) and its index in its array.
struct RecordPlace {
  std::uint32_t batch = 0;
  std::uint32_t index = 0;
};

class IdRegistry {
 public:
  /// Registers `id` for a record of `array` at `place`; when the id was given before to a
  /// record of that array, the first one's place instead.
  std::optional<RecordPlace> Add(RecordArray array, const Id128& id, RecordPlace place);
  /// Whether a record of `array` has `id`.
  bool Has(RecordArray array, const Id128& id) const {
    return tables_[static_cast<std::size_t>(array)].contains(id);
  }

 private:
  std::array<boost::unordered_flat_map<Id128, RecordPlace, Id128Hash>, 3> tables_;
};

}  // namespace tracedoc::cirron
