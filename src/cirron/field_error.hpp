// A rule broken inside one batch: its code, the JSON path and a message. The reader turns it
// into an Error once it knows the file and the path's line and column.
#ifndef TRACEDOC_CIRRON_FIELD_ERROR_HPP_
#define TRACEDOC_CIRRON_FIELD_ERROR_HPP_

#include <string>

#include <boost/outcome/basic_result.hpp>
#include <boost/outcome/policy/terminate.hpp>
#include <boost/outcome/try.hpp>

#include "cirron/json_path.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::cirron {

struct FieldError {
  ErrorCode code = ErrorCode::kInvalidType;
  JsonPath path;
  std::string message;
};

/// A value read from a batch, or the rule it breaks.
template <class T>
using Checked =
    boost::outcome_v2::basic_result<T, FieldError, boost::outcome_v2::policy::terminate>;

/// `code` at `path`; the message names the path first (`spans[3].end_ns: ...`).
inline FieldError FieldErrorAt(ErrorCode code, const JsonPath& path, std::string_view what) {
  std::string message = path.ToString();
  message += ": ";
  message += what;
  return FieldError{code, path, std::move(message)};
}

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_FIELD_ERROR_HPP_
