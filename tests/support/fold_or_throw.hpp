// A trace's text read into a document, for tests that build their input line by line: a read that
// fails throws its formatted error, which fails the test that asked for it and only that test.
#ifndef TRACEDOC_TESTS_SUPPORT_FOLD_OR_THROW_HPP_
#define TRACEDOC_TESTS_SUPPORT_FOLD_OR_THROW_HPP_

#include <stdexcept>
#include <string_view>
#include <utility>

#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::testing_support {

inline TraceDocument FoldOrThrow(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  if (!document) throw std::runtime_error(FormatError("<test>", document.error()));
  return std::move(document).value();
}

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_FOLD_OR_THROW_HPP_
