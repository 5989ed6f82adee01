#include "format/unsupported_schema.hpp"

#include "format/revision_rules.hpp"
#include "text/debug_string.hpp"

namespace tracedoc::format {

std::string UnsupportedSchemaMessage(std::string_view schema) {
  constexpr std::string_view kFamily = "candle-graph/";
  constexpr std::string_view kTraceFamily = "candle-graph/trace/";
  std::string message = "unsupported trace schema " + text::DebugQuoted(schema);
  if (schema.starts_with(kFamily) && !schema.starts_with(kTraceFamily)) {
    message += " (another candle-graph protocol, not a trace)";
  }
  message += "; expected ";
  for (std::size_t i = 0; i < kEveryRevision.size(); ++i) {
    if (i != 0) message += i + 1 == kEveryRevision.size() ? " or " : ", ";
    message += text::DebugQuoted(kEveryRevision[i]->schema);
  }
  return message;
}

}  // namespace tracedoc::format
