// Text for a terminal or a text file a person reads: the one escaping every text output uses for
// names, ids, paths and messages (tables, CSV, error lines), as JSON and HTML have theirs. A name
// from a trace must not move the cursor, retitle the terminal or overwrite a line.
#pragma once

#include <string>
#include <string_view>

namespace tracedoc::text {

/// True when `bytes` is valid UTF-8 and holds no C0 control (U+0000..U+001F), no DEL (U+007F)
/// and no C1 control (U+0080..U+009F): it may be written to a terminal as it is.
bool IsTerminalSafe(std::string_view bytes) noexcept;

/// Appends `bytes` with every C0 control, DEL and C1 control, and every byte that starts no valid
/// UTF-8 sequence, written as a visible escape: `\t`, `\n`, `\r` for those three, `\u00hh` for
/// any other control character (as JSON spells them), `\xhh` for a byte that is not UTF-8.
/// Everything else (printable ASCII, the backslash included, and valid UTF-8 above U+009F) is
/// copied as it is.
void AppendTerminalSafe(std::string& out, std::string_view bytes);
std::string TerminalSafe(std::string_view bytes);

}  // namespace tracedoc::text
