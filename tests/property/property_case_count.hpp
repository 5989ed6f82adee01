// The case count every property of this binary runs: 1,000 unless RC_PARAMS names one
// (RC_PARAMS="max_success=100000" runs more). One place, so the properties cannot disagree.
#ifndef TRACEDOC_TESTS_PROPERTY_PROPERTY_CASE_COUNT_HPP_
#define TRACEDOC_TESTS_PROPERTY_PROPERTY_CASE_COUNT_HPP_

#include <cstdlib>
#include <string>

namespace tracedoc::property {

inline constexpr const char* kDefaultMaxSuccess = "max_success=1000";

// rapidcheck reads RC_PARAMS once, when the first property runs; this runs before main.
[[maybe_unused]] inline const bool kDefaultCaseCountApplied = [] {
  const char* params = std::getenv("RC_PARAMS");
  std::string value = params != nullptr ? params : "";
  if (value.find("max_success") == std::string::npos) {
    value += value.empty() ? kDefaultMaxSuccess : std::string(" ") + kDefaultMaxSuccess;
    ::setenv("RC_PARAMS", value.c_str(), 1);
  }
  return true;
}();

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_PROPERTY_CASE_COUNT_HPP_
