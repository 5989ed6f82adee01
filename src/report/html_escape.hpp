// HTML escaping: every string that comes from a trace goes through here on its way to the page,
// in text and in attribute values alike, so a name such as `<script>` stays text.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

namespace tracedoc::report {

/// The most bytes of one trace string the page shows; the rest becomes `…`. A 100 MiB span name
/// must not make a 100 MiB page (or three, with its tooltip and table row).
inline constexpr std::size_t kMaxShownBytes = 200;

/// `text` cut to at most `max_bytes` at a UTF-8 sequence boundary; `cut` says whether it was.
std::string_view ShownPrefix(std::string_view text, std::size_t max_bytes, bool& cut) noexcept;

/// Writes `text` escaped for HTML text and for a quoted attribute value: & < > " ' become
/// references, and C0 controls other than tab, line feed and carriage return (which HTML
/// forbids) become U+FFFD. Longer than kMaxShownBytes, it is cut and ends with `…`.
void WriteEscaped(std::ostream& out, std::string_view text);

/// WriteEscaped into a string, for tests and short labels.
std::string Escaped(std::string_view text);

}  // namespace tracedoc::report
