// A record's unknown members built in UnknownFields' encoding, for the converters that give a
// foreign record's extra data to a trace record. One builder is reused record after record, so
// a conversion allocates for its largest record, not for each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "emit/json_format.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::format {

class UnknownMembers {
 public:
  void Clear() {
    encoded_.clear();
    count_ = 0;
  }
  /// Adds `key` with `json`, one JSON value written compactly.
  void Add(std::string_view key, std::string_view json) {
    AppendUnknownField(encoded_, key, json);
    ++count_;
  }
  void AddCount(std::string_view key, std::uint64_t value) {
    scratch_.clear();
    emit::AppendJsonU64(scratch_, value);
    Add(key, scratch_);
  }
  void AddString(std::string_view key, std::string_view value) {
    scratch_.clear();
    emit::AppendJsonString(scratch_, value);
    Add(key, scratch_);
  }

  /// A member whose JSON is appended piece by piece to json() between Open and Close, its size
  /// written when it closes: a value of many megabytes is built once, in place.
  void Open(std::string_view key) {
    AppendUnknownField(encoded_, key, {});
    open_at_ = encoded_.size();
  }
  std::string& json() { return encoded_; }
  void Close() {
    const std::size_t size = encoded_.size() - open_at_;
    for (std::size_t b = 0; b < kSizeBytes; ++b) {
      encoded_[open_at_ - kSizeBytes + b] = static_cast<char>((size >> (8 * b)) & 0xFF);
    }
    ++count_;
  }

  /// Valid until the next change.
  UnknownFields View() const { return UnknownFields(encoded_, count_); }
  std::size_t count() const { return count_; }
  /// The encoded members, for a builder that adopts them; the builder is left empty.
  std::string Take() {
    count_ = 0;
    return std::exchange(encoded_, std::string());
  }

 private:
  // UnknownFields' encoding writes each value's size in 4 little-endian bytes before it.
  static constexpr std::size_t kSizeBytes = 4;

  std::string encoded_;
  std::string scratch_;
  std::size_t count_ = 0;
  std::size_t open_at_ = 0;
};

}  // namespace tracedoc::format
