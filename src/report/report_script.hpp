// The page's one script (src/report/report_script.js, docs/report.md "The interactive
// timeline"): it reads the data block and draws the zoomable timeline. Inlined into every page.
#pragma once

#include <string_view>

namespace tracedoc::report {

/// The script's text, without the `<script>` element around it.
extern const std::string_view kReportScript;

}  // namespace tracedoc::report
