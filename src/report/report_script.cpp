#include "report/report_script.hpp"

namespace tracedoc::report {

// Generated at build time from report_script.js (cmake/embed_text.cmake).
const std::string_view kReportScript =
#include "report/report_script.inc"
    ;

}  // namespace tracedoc::report
