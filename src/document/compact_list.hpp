// The records of one kind held as compact rows (document/record_rows.hpp): what a document keeps
// instead of the records' structs. Rows are appended as the fold keeps records, copied whole
// between lists of one directory (a block's rows into the document's: their refs are the same
// everywhere), and decoded into records when a RecordList is read.
#pragma once

#include <cstddef>
#include <span>

#include "document/record_rows.hpp"
#include "tracedoc/record_list.hpp"
#include "util/chunk_directory.hpp"
#include "util/record_buffer.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

template <class Record>
class CompactList {
 public:
  using Codec = RowCodec<Record>;
  using Row = typename Codec::Row;

  /// Appends `record` as a row, its strings and arrays interned into `pool` (of the list's
  /// directory). False, and nothing appended, when the directory is full.
  bool Push(const Record& record, util::StringPool& pool) {
    const std::optional<Row> row = Codec::Encode(record, pool);
    if (!row) return false;
    // A list is read through the directory of the pools it was filled from.
    if (directory_ == nullptr) directory_ = pool.directory().get();
    rows_.push_back(*row);
    return true;
  }

  /// Appends a row encoded already (by Codec::Encode, into a pool of `directory`): a decoding
  /// thread's, made where the record's strings were interned.
  void PushRow(const Row& row, const util::ChunkDirectory& directory) {
    if (directory_ == nullptr) directory_ = &directory;
    rows_.push_back(row);
  }

  /// Appends `more`'s rows (made in a pool of the same directory).
  void Append(const CompactList& more) {
    if (directory_ == nullptr) directory_ = more.directory_;
    rows_.Append(std::span<const Row>(more.rows_.data(), more.rows_.size()));
  }

  Record operator[](std::size_t index) const { return Codec::Decode(rows_[index], *directory_); }
  /// One member of the record at `index`, without decoding the others.
  template <auto Member>
  auto Get(std::size_t index) const noexcept {
    return Codec::template Get<Member>(rows_[index], *directory_);
  }
  /// Encodes `record`'s member `Member` into the row at `index` (its other members stay); false
  /// when the directory is full.
  template <auto Member>
  bool Set(std::size_t index, const Record& record, util::StringPool& pool) {
    return Codec::template Set<Member>(rows_[index], record, pool);
  }
  /// Writes a member kept as a value into the row at `index`: no pool needed.
  template <auto Member, class T>
  void Write(std::size_t index, const T& value) noexcept {
    Codec::template Write<Member>(rows_[index], value);
  }
  std::size_t size() const noexcept { return rows_.size(); }
  bool empty() const noexcept { return rows_.empty(); }
  std::size_t capacity() const noexcept { return rows_.capacity(); }
  /// What the rows take (their strings and arrays are in the pools).
  std::size_t memory_bytes() const noexcept { return rows_.capacity() * sizeof(Row); }
  void ShrinkToFit() { rows_.ShrinkToFit(); }
  void clear() noexcept { rows_.clear(); }

  /// The rows themselves, for a change that keeps every ref (a conversion's time shift, the
  /// spans' sort by id).
  util::RecordBuffer<Row>& rows() noexcept { return rows_; }
  /// The directory the rows' refs are read through (null while the list is empty).
  const util::ChunkDirectory* directory() const noexcept { return directory_; }

  /// The records, decoded as they are read; valid while the list lives.
  RecordList<Record> records() const noexcept {
    return RecordList<Record>(this, &DecodeAt, rows_.size());
  }

 private:
  static Record DecodeAt(const void* list, std::size_t index) {
    return (*static_cast<const CompactList*>(list))[index];
  }

  util::RecordBuffer<Row> rows_;
  // The directory the rows' refs are read through: that of the pool of the first Push or of the
  // first list appended (null while the list is empty, when nothing is decoded).
  const util::ChunkDirectory* directory_ = nullptr;
};

}  // namespace tracedoc::detail
