// A compact row described once per record kind, as the list of its members and how each is kept
// (document/record_rows.hpp names them): the row's bytes, the encoding of a record into them and
// the decoding back are derived from that list at compile time. Fields are packed without padding
// in the order listed and read with memcpy, so a row is exactly the sum of its fields (and one
// byte of presence flags when it has optional numbers).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "document/row_fields.hpp"

namespace tracedoc::detail::row_layout {

using util::ChunkDirectory;
using util::StringRef;

namespace internal {

template <class T>
void Store(std::byte* at, const T& value) noexcept {
  std::memcpy(at, &value, sizeof(T));
}
template <class T>
T Load(const std::byte* at) noexcept {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

// A default record, out of line so that a copy of it is a copy, not a zeroing (Layout::Decode).
template <class Record>
[[gnu::noinline]] const Record& DefaultRecord() noexcept {
  static constexpr Record kDefault{};
  return kDefault;
}

// The member a pointer to member names, and its record.
template <auto Member>
struct MemberOf;
template <class Record, class T, T Record::*Member>
struct MemberOf<Member> {
  using record = Record;
  using type = T;
};

}  // namespace internal

/// A member kept as one ref and, beside it, the size of a short string: `Encode` (an Encoder's
/// member function) interns it, `Decode` (a row_fields function) reads it back. With the size
/// in the row, a record is decoded without reading the pool: only the strings a reader looks at
/// are fetched (measured: the summary's replay of 3 * 10^5 memory events took 43 ms with the
/// size read from each string's prefix, against 24 ms for the records' structs).
template <auto Member, auto Encode, auto Decode>
struct RefField {
  static constexpr auto kMember = Member;
  static constexpr std::size_t kBytes = sizeof(StringRef) + 1;
  static constexpr bool kFlag = false;
  template <class Record>
  static void Put(const Record& r, row_fields::Encoder& put, std::byte* at, std::uint8_t&,
                  unsigned) {
    const row_fields::Stored stored = (put.*Encode)(r.*Member);
    internal::Store(at, stored.ref);
    internal::Store(at + sizeof(StringRef), stored.size);
  }
  static auto Load(const ChunkDirectory& d, const std::byte* at, std::uint8_t, unsigned) noexcept {
    return Decode(d, internal::Load<StringRef>(at),
                  internal::Load<std::uint8_t>(at + sizeof(StringRef)));
  }
  template <class Record>
  static void Get(Record& r, const ChunkDirectory& d, const std::byte* at, std::uint8_t flags,
                  unsigned bit) {
    r.*Member = Load(d, at, flags, bit);
  }
};

/// A string member, by the ref of its pooled copy.
template <auto Member>
using String = RefField<Member, &row_fields::Encoder::String, &row_fields::View>;
/// An optional string member: kNoString when absent.
template <auto Member>
using OptionalString = RefField<Member, &row_fields::Encoder::Optional, &row_fields::Optional>;
/// An array of integers (a shape), by the ref of its aligned bytes.
template <auto Member>
using Integers = RefField<Member, &row_fields::Encoder::Integers, &row_fields::Integers>;
/// A list of strings, by the ref of the array of their pooled views.
template <auto Member>
using Strings = RefField<Member, &row_fields::Encoder::Strings, &row_fields::Strings>;

/// The unknown members: the ref of their block and their count.
template <auto Member>
struct Unknown {
  static constexpr auto kMember = Member;
  static constexpr std::size_t kBytes = sizeof(StringRef) + sizeof(std::uint32_t);
  static constexpr bool kFlag = false;
  template <class Record>
  static void Put(const Record& r, row_fields::Encoder& put, std::byte* at, std::uint8_t&,
                  unsigned) {
    internal::Store(at, put.Unknown(r.*Member));
    internal::Store(at + sizeof(StringRef), row_fields::Encoder::UnknownCount(r.*Member));
  }
  static UnknownFields Load(const ChunkDirectory& d, const std::byte* at, std::uint8_t,
                            unsigned) noexcept {
    return row_fields::Unknown(d, internal::Load<StringRef>(at),
                               internal::Load<std::uint32_t>(at + sizeof(StringRef)));
  }
  template <class Record>
  static void Get(Record& r, const ChunkDirectory& d, const std::byte* at, std::uint8_t flags,
                  unsigned bit) {
    r.*Member = Load(d, at, flags, bit);
  }
};

/// A number, an enumeration or a flag, as it is.
template <auto Member>
struct Value {
  using T = typename internal::MemberOf<Member>::type;
  static_assert(std::is_trivially_copyable_v<T>);
  static constexpr auto kMember = Member;
  static constexpr std::size_t kBytes = sizeof(T);
  static constexpr bool kFlag = false;
  template <class Record>
  static void Put(const Record& r, row_fields::Encoder&, std::byte* at, std::uint8_t&, unsigned) {
    internal::Store(at, r.*Member);
  }
  static T Load(const ChunkDirectory&, const std::byte* at, std::uint8_t, unsigned) noexcept {
    return internal::Load<T>(at);
  }
  template <class Record>
  static void Get(Record& r, const ChunkDirectory&, const std::byte* at, std::uint8_t, unsigned) {
    r.*Member = internal::Load<T>(at);
  }
};

/// An optional number: its value (0 when absent) and a presence bit in the row's flags.
template <auto Member>
struct OptionalValue {
  using T = typename internal::MemberOf<Member>::type::value_type;
  static_assert(std::is_trivially_copyable_v<T>);
  static constexpr auto kMember = Member;
  static constexpr std::size_t kBytes = sizeof(T);
  static constexpr bool kFlag = true;
  template <class Record>
  static void Put(const Record& r, row_fields::Encoder&, std::byte* at, std::uint8_t& flags,
                  unsigned bit) {
    const auto& value = r.*Member;
    internal::Store(at, value.value_or(T{}));
    if (value.has_value()) flags = static_cast<std::uint8_t>(flags | (1u << bit));
  }
  static std::optional<T> Load(const ChunkDirectory&, const std::byte* at, std::uint8_t flags,
                               unsigned bit) noexcept {
    if ((flags >> bit) & 1u) return internal::Load<T>(at);
    return std::nullopt;
  }
  template <class Record>
  static void Get(Record& r, const ChunkDirectory&, const std::byte* at, std::uint8_t flags,
                  unsigned bit) {
    if ((flags >> bit) & 1u) r.*Member = internal::Load<T>(at);
  }
};

/// The row of `Record` made of `Fields` (each one of the above), and its codec.
template <class Record, class... Fields>
struct Layout {
  static constexpr std::size_t kCount = sizeof...(Fields);
  static constexpr std::array<std::size_t, kCount> kFieldBytes{Fields::kBytes...};
  static constexpr std::array<bool, kCount> kFieldFlags{Fields::kFlag...};
  static constexpr std::size_t kFlagCount = (std::size_t{Fields::kFlag} + ... + 0);
  static_assert(kFlagCount <= 8, "one byte of presence flags");
  // Where each field starts; the flags byte, when there is one, comes last.
  static constexpr std::array<std::size_t, kCount> kOffsets = [] {
    std::array<std::size_t, kCount> offsets{};
    std::size_t at = 0;
    for (std::size_t i = 0; i < kCount; ++i) {
      offsets[i] = at;
      at += kFieldBytes[i];
    }
    return offsets;
  }();
  static constexpr std::array<unsigned, kCount> kFlagBits = [] {
    std::array<unsigned, kCount> bits{};
    unsigned next = 0;
    for (std::size_t i = 0; i < kCount; ++i) bits[i] = kFieldFlags[i] ? next++ : 0;
    return bits;
  }();
  static constexpr std::size_t kFieldsBytes = (Fields::kBytes + ... + 0);
  static constexpr std::size_t kBytes = kFieldsBytes + (kFlagCount > 0 ? 1 : 0);

  struct Row {
    std::byte bytes[kBytes];
  };

  static std::optional<Row> Encode(const Record& record, util::StringPool& pool) {
    row_fields::Encoder put(pool);
    Row row{};
    std::uint8_t flags = 0;
    PutAll(record, put, row, flags, std::make_index_sequence<kCount>());
    if (kFlagCount > 0) internal::Store(row.bytes + kFieldsBytes, flags);
    if (!put.ok()) return std::nullopt;
    return row;
  }

  static Record Decode(const Row& row, const ChunkDirectory& directory) {
    // A copy of a default record the compiler cannot see into, not `Record record;`: GCC zeroes
    // a fresh record (or a copy of a known one) with `rep stos`, which took half of the
    // decoding's time (perf, BM_Summary at 10^6 events); a plain copy is a few vector moves.
    Record record = internal::DefaultRecord<Record>();
    const std::uint8_t flags =
        kFlagCount > 0 ? internal::Load<std::uint8_t>(row.bytes + kFieldsBytes) : 0;
    GetAll(record, directory, row, flags, std::make_index_sequence<kCount>());
    return record;
  }

  /// The member `Member` (kept as a Value) of `row`, read and written in place: a change that
  /// keeps every ref (a conversion's time shift) needs no pool.
  template <auto Member>
  static auto Read(const Row& row) noexcept {
    constexpr std::size_t kIndex = IndexOf<Member>();
    static_assert(kIndex < kCount, "the member is not kept as a Value in this row");
    return internal::Load<typename internal::MemberOf<Member>::type>(row.bytes + kOffsets[kIndex]);
  }
  template <auto Member>
  static void Write(Row& row, typename internal::MemberOf<Member>::type value) noexcept {
    constexpr std::size_t kIndex = IndexOf<Member>();
    static_assert(kIndex < kCount, "the member is not kept as a Value in this row");
    internal::Store(row.bytes + kOffsets[kIndex], value);
  }

  /// The member `Member` of the record `row` holds, whatever its kind, without decoding the
  /// others (a span's id for a lookup, its start for a sort).
  template <auto Member>
  static auto Get(const Row& row, const ChunkDirectory& directory) noexcept {
    constexpr std::size_t kIndex = FieldOf<Member>();
    static_assert(kIndex < kCount, "the member is not in this row");
    return Field<kIndex>::Load(directory, row.bytes + kOffsets[kIndex], Flags(row),
                               kFlagBits[kIndex]);
  }

  /// Encodes `record`'s member `Member` into `row` in place of what it held (a span's end, when
  /// its span_end arrives). False, and the row unchanged, when the directory is full.
  template <auto Member>
  static bool Set(Row& row, const Record& record, util::StringPool& pool) {
    constexpr std::size_t kIndex = FieldOf<Member>();
    static_assert(kIndex < kCount, "the member is not in this row");
    row_fields::Encoder put(pool);
    std::byte bytes[kFieldBytes[kIndex]];
    std::uint8_t flags = Flags(row);
    // An optional's presence bit is cleared first: Put only sets it.
    if constexpr (kFieldFlags[kIndex]) {
      flags = static_cast<std::uint8_t>(flags & ~(1u << kFlagBits[kIndex]));
    }
    Field<kIndex>::Put(record, put, bytes, flags, kFlagBits[kIndex]);
    if (!put.ok()) return false;
    std::memcpy(row.bytes + kOffsets[kIndex], bytes, sizeof(bytes));
    if (kFlagCount > 0) internal::Store(row.bytes + kFieldsBytes, flags);
    return true;
  }

 private:
  template <std::size_t I>
  using Field = std::tuple_element_t<I, std::tuple<Fields...>>;

  // The position of Value<Member> among the fields; kCount when it is not one.
  template <auto Member>
  static constexpr std::size_t IndexOf() {
    constexpr std::array<bool, kCount> kIs{std::is_same_v<Fields, Value<Member>>...};
    for (std::size_t i = 0; i < kCount; ++i) {
      if (kIs[i]) return i;
    }
    return kCount;
  }

  // The position of the field that keeps Member, whatever its kind; kCount when none does.
  template <auto Field, auto Member>
  static constexpr bool Keeps() {
    if constexpr (std::is_same_v<decltype(Field), decltype(Member)>) {
      return Field == Member;
    } else {
      return false;
    }
  }
  template <auto Member>
  static constexpr std::size_t FieldOf() {
    constexpr std::array<bool, kCount> kIs{Keeps<Fields::kMember, Member>()...};
    for (std::size_t i = 0; i < kCount; ++i) {
      if (kIs[i]) return i;
    }
    return kCount;
  }

  static std::uint8_t Flags(const Row& row) noexcept {
    if constexpr (kFlagCount > 0) {
      return internal::Load<std::uint8_t>(row.bytes + kFieldsBytes);
    } else {
      return 0;
    }
  }

  template <std::size_t... I>
  static void PutAll(const Record& record, row_fields::Encoder& put, Row& row,
                     std::uint8_t& flags, std::index_sequence<I...>) {
    (Field<I>::Put(record, put, row.bytes + kOffsets[I], flags, kFlagBits[I]), ...);
  }
  template <std::size_t... I>
  static void GetAll(Record& record, const ChunkDirectory& directory, const Row& row,
                     std::uint8_t flags, std::index_sequence<I...>) {
    (Field<I>::Get(record, directory, row.bytes + kOffsets[I], flags, kFlagBits[I]), ...);
  }
};

}  // namespace tracedoc::detail::row_layout
