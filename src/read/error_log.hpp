// Adding to an ErrorLog (ReadOptions::collect_errors): the count always, the error while there is
// room, its message cut short after the first so that the log stays small on hostile lines.
#pragma once

#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::read {

/// Counts `error` in `log` and keeps it when there is room (ErrorLog::max_errors, at least one).
void AddToLog(ErrorLog& log, Error error);

}  // namespace tracedoc::read
