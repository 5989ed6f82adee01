#include "emit/iso_timestamp.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace tracedoc::emit {

std::string IsoTimestamp(std::uint64_t unix_ns) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ns / 1'000'000'000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[64];
  const int length = std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%09uZ",
                                   utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday, utc.tm_hour,
                                   utc.tm_min, utc.tm_sec,
                                   static_cast<unsigned>(unix_ns % 1'000'000'000));
  return std::string(buffer, static_cast<std::size_t>(std::max(length, 0)));
}

}  // namespace tracedoc::emit
