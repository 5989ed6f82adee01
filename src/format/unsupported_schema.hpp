// The one message of unsupported_schema: the schema an input names and the ones tracedoc reads,
// so that another candle-graph protocol or a later trace revision is told apart from a broken
// trace (issue 47).
#pragma once

#include <string>
#include <string_view>

namespace tracedoc::format {

/// `unsupported trace schema "S"; expected "candle-graph/trace/10", … or "candle-graph/trace/6"`,
/// with ` (another candle-graph protocol, not a trace)` after S when S is `candle-graph/…` but
/// not a trace's. `schema` must be valid UTF-8 (it is quoted with its escapes).
std::string UnsupportedSchemaMessage(std::string_view schema);

}  // namespace tracedoc::format
