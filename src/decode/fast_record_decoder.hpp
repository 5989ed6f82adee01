// The decoder's fast path: a Boost.JSON handler that writes each value straight into the record
// as the parser reports it, with no tape in between. It takes only plain records and declines
// every other line, which the general path (record_decoder.cpp: the tape, then the field tables)
// decodes instead, errors included: every error comes from one place, unchanged.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "tracedoc/event.hpp"
#include "tracedoc/record_decoder.hpp"
#include "util/arena.hpp"

namespace tracedoc::decode {

class FastRecordDecoder {
 public:
  /// Lines longer than this go to the general path: the fast path's buffers stay small.
  static constexpr std::size_t kMaxLineBytes = 64 * 1024;

  explicit FastRecordDecoder(const DecodeOptions& options);
  ~FastRecordDecoder();
  FastRecordDecoder(const FastRecordDecoder&) = delete;
  FastRecordDecoder& operator=(const FastRecordDecoder&) = delete;

  /// Decodes `line` into `event` when it is a plain record: `{` first and `}` last, `kind` its
  /// first key (and an edge's `edge_kind` its second), not a meta, every other key a field of
  /// the kind's table given once, each value of the field's type and range, strings without
  /// escapes, no nesting but the fields' arrays; and not under trace/6. Strings are views into
  /// the line, arrays live in `arena` (reset first), exactly as the general path makes them.
  /// Returns false for any other line, `event` and `arena` then unspecified. A line it decodes
  /// is valid JSON and valid UTF-8 (Boost.JSON checked every byte).
  bool Decode(std::string_view line, util::Arena& arena, Event& event);

 private:
  struct Parser;
  std::unique_ptr<Parser> parser_;
  bool enabled_;
};

}  // namespace tracedoc::decode
