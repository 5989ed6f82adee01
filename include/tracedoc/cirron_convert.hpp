// A Cirron spool as a candle-graph/trace/10 document (docs/cirron-conversion.md): what of the
// conversion a reader of the document needs to know. ReadDocument (tracedoc/open.hpp) converts.
#ifndef TRACEDOC_CIRRON_CONVERT_HPP_
#define TRACEDOC_CIRRON_CONVERT_HPP_

#include <string_view>

namespace tracedoc {

/// The unknown key that holds a span's marks on its span_start (and, on the meta, the marks of
/// no span of the spool): an array of the marks as the spool wrote them. The HTML report charts
/// the numeric ones from there, so a converted trace shows its loss curve after `import` too.
inline constexpr std::string_view kCirronMarksKey = "cirron_marks";

}  // namespace tracedoc

#endif  // TRACEDOC_CIRRON_CONVERT_HPP_
