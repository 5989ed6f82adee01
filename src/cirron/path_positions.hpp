// Where paths are in a batch file's text: the line and column of the value at each path (or of
// the deepest part of it that exists, for a missing key). Run only for what is reported.
#ifndef TRACEDOC_CIRRON_PATH_POSITIONS_HPP_
#define TRACEDOC_CIRRON_PATH_POSITIONS_HPP_

#include <string_view>
#include <vector>

#include "cirron/json_path.hpp"
#include "cirron/text_position.hpp"

namespace tracedoc::cirron {

/// One SAX pass over `text` (a batch that parsed under the same `strict_json`) finding every
/// path of `paths` at once; the result is in the order of `paths`. A path found nowhere, not
/// even its first step, is at the start of the value (line 1, column 1 for most files).
std::vector<TextPosition> FindPathPositions(std::string_view text,
                                            const std::vector<JsonPath>& paths, bool strict_json);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_PATH_POSITIONS_HPP_
