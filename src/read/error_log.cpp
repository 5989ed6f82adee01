#include "read/error_log.hpp"

#include <algorithm>
#include <utility>

namespace tracedoc::read {
namespace {

// Cuts `message` to at most `limit` bytes, at the start of a UTF-8 sequence, and marks the cut.
void Shorten(std::string& message, std::size_t limit) {
  if (message.size() <= limit) return;
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(message[end]) & 0xC0) == 0x80) --end;
  message.resize(end);
  message += "…";
}

}  // namespace

void AddToLog(ErrorLog& log, Error error) {
  ++log.total;
  if (log.errors.size() >= std::max<std::size_t>(log.max_errors, 1)) return;
  if (!log.errors.empty()) Shorten(error.message, ErrorLog::kMaxLoggedMessageBytes);
  log.errors.push_back(std::move(error));
}

}  // namespace tracedoc::read
