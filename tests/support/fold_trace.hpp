// A trace's text read into a document, for tests that build their input line by line: a read
// that fails is a test failure with its message.
#ifndef TRACEDOC_TESTS_SUPPORT_FOLD_TRACE_HPP_
#define TRACEDOC_TESTS_SUPPORT_FOLD_TRACE_HPP_

#include <string_view>
#include <utility>

#include <gtest/gtest.h>

#include "tracedoc/reader.hpp"

namespace tracedoc::testing {

inline TraceDocument FoldTrace(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  EXPECT_TRUE(document.has_value()) << (document ? "" : document.error().message);
  return std::move(document).value();
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_FOLD_TRACE_HPP_
