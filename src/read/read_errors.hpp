// The errors the reader itself raises (not the decoder's or the fold's), built in one place so
// the one-thread and the threaded reads word them identically.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tracedoc/error.hpp"

namespace tracedoc::read {

/// limit_exceeded: physical line `line` is longer than `max_line_bytes`.
Error LineTooLong(std::uint64_t line, std::size_t max_line_bytes);

/// invalid_utf8 at the record `index` on physical line `line`.
Error InvalidUtf8(std::uint64_t line, std::uint64_t index);

/// limit_exceeded: the record `index` on `line` is one more than `max_records`.
Error TooManyRecords(std::uint64_t line, std::uint64_t index, std::uint64_t max_records);

/// io_error (or the code given, limit_exceeded for compressed data beyond a bound): reading
/// `line` from `display_name` failed with `reason` (strerror's text, or the decompressor's).
Error ReadFailed(std::uint64_t line, std::string_view display_name, std::string_view reason,
                 ErrorCode code = ErrorCode::kIoError);

}  // namespace tracedoc::read
