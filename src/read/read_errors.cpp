#include "read/read_errors.hpp"

#include <optional>

namespace tracedoc::read {

Error LineTooLong(std::uint64_t line, std::size_t max_line_bytes) {
  return Error{ErrorCode::kLimitExceeded,
               line,
               std::nullopt,
               std::nullopt,
               {},
               "line " + std::to_string(line) + " is longer than " +
                   std::to_string(max_line_bytes) + " bytes"};
}

Error InvalidUtf8(std::uint64_t line, std::uint64_t index) {
  return Error{
      ErrorCode::kInvalidUtf8, line, index, std::nullopt, {}, "stream did not contain valid UTF-8"};
}

Error TooManyRecords(std::uint64_t line, std::uint64_t index, std::uint64_t max_records) {
  return Error{ErrorCode::kLimitExceeded,
               line,
               index,
               std::nullopt,
               {},
               "more than " + std::to_string(max_records) + " records"};
}

Error ReadFailed(std::uint64_t line, std::string_view display_name, std::string_view reason,
                 ErrorCode code) {
  return Error{code,
               line,
               std::nullopt,
               std::nullopt,
               {},
               "read trace JSONL line " + std::to_string(line) + " from " +
                   std::string(display_name) + ": " + std::string(reason)};
}

}  // namespace tracedoc::read
