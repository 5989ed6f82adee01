// Test matchers for tracedoc::Result: FailsWith(code, line) checks the specific failure,
// never "it failed somehow" (style.md).
#ifndef TRACEDOC_TESTS_SUPPORT_MATCHERS_HPP_
#define TRACEDOC_TESTS_SUPPORT_MATCHERS_HPP_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include <gmock/gmock.h>

#include "tracedoc/error.hpp"

namespace tracedoc {

inline void PrintTo(const Error& e, std::ostream* os) {
  *os << "Error{" << ErrorCodeName(e.code) << ", line " << e.line << ", index "
      << (e.index ? std::to_string(*e.index) : "none") << ", column "
      << (e.column ? std::to_string(*e.column) : "none") << ", field '" << e.field << "', '"
      << e.message << "'}";
}

namespace testing_support {

template <class T>
const Error* ErrorOf(const Result<T>& result) {
  return result ? nullptr : &result.error();
}

/// The result failed with `code` at physical `line` (any line when omitted).
MATCHER_P2(FailsWithAt, code, line,
           std::string("fails with ") + std::string(ErrorCodeName(code)) + " at line " +
               ::testing::PrintToString(line)) {
  const Error* e = ErrorOf(arg);
  if (e == nullptr) {
    *result_listener << "which succeeded";
    return false;
  }
  *result_listener << "which failed with " << ::testing::PrintToString(*e);
  return e->code == code && e->line == static_cast<std::uint64_t>(line);
}

MATCHER_P(FailsWithCode, code, std::string("fails with ") + std::string(ErrorCodeName(code))) {
  const Error* e = ErrorOf(arg);
  if (e == nullptr) {
    *result_listener << "which succeeded";
    return false;
  }
  *result_listener << "which failed with " << ::testing::PrintToString(*e);
  return e->code == code;
}

/// The result failed with `code`, and its message is exactly `message`.
MATCHER_P2(FailsWithMessage, code, message,
           std::string("fails with ") + std::string(ErrorCodeName(code)) + ": " + message) {
  const Error* e = ErrorOf(arg);
  if (e == nullptr) {
    *result_listener << "which succeeded";
    return false;
  }
  *result_listener << "which failed with " << ::testing::PrintToString(*e);
  return e->code == code && e->message == message;
}

MATCHER(Succeeds, "succeeds") {
  const Error* e = ErrorOf(arg);
  if (e != nullptr) *result_listener << "which failed with " << ::testing::PrintToString(*e);
  return e == nullptr;
}

}  // namespace testing_support

/// FailsWith(code, line): the specific error code at the specific 1-based physical line.
template <class Line>
auto FailsWith(ErrorCode code, Line line) {
  return testing_support::FailsWithAt(code, line);
}
inline auto FailsWith(ErrorCode code) { return testing_support::FailsWithCode(code); }
using testing_support::FailsWithMessage;
using testing_support::Succeeds;

}  // namespace tracedoc

#endif  // TRACEDOC_TESTS_SUPPORT_MATCHERS_HPP_
