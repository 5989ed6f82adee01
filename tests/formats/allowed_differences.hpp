// The differences from tests/formats/expected_verdicts.tsv that the readers' rewrite (issue 26)
// intends. The old and the new readers must accept and reject the same cases with the same exit
// code, error code and line; an error's column and field, and a spool warning's column, may
// change only as an entry here says. Each entry names the case (exact, or a prefix ending in
// `*`), the item (`column`, `field`, `warning[N].column`), the value recorded and the value now
// as a row writes them (`-` for none, `*` for any), and why. Raise the array's size with each
// entry.
#ifndef TRACEDOC_TESTS_FORMATS_ALLOWED_DIFFERENCES_HPP_
#define TRACEDOC_TESTS_FORMATS_ALLOWED_DIFFERENCES_HPP_

#include <array>

#include "formats/verdict.hpp"

namespace tracedoc::formats {

// An entry looks like
//   {"cirron/missing_field/*", "column", "*", "*",
//    "a missing key is reported at the key before it, not at its object"},
inline constexpr std::array<AllowedDifference, 16> kAllowedDifferences{{
    {"cirron/duplicate_key/*", "line", "*", "*",
     "a key given twice is reported where its second occurrence is (the one that breaks the "
     "rule), not at the first one's value"},
    {"cirron/duplicate_key/*", "column", "*", "*",
     "a key given twice is reported where its second occurrence is (the one that breaks the "
     "rule), not at the first one's value"},
    {"cirron/first_error/duplicate_key_before_values/line", "column", "778", "781",
     "a key given twice is reported at its second occurrence's key, not at the first one's "
     "value"},
    {"cirron/invalid_json/b4_bad_escape/line", "column", "555", "556",
     "the tape's parser (Boost.JSON) stops at the character after the backslash, RapidJSON "
     "stopped at the backslash"},
    {"traceml/*", "column", "-", "*",
     "a TraceML error now carries the column of the value, key or record at fault (the tape's "
     "offsets), as a spool's does; only syntax errors had one"},
    {"traceml/*", "warning[0].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"traceml/*", "warning[1].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"traceml/*", "warning[2].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"traceml/*", "warning[3].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"traceml/*", "warning[4].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"golden/traceml/*", "column", "-", "*",
     "a TraceML error now carries the column of the value, key or record at fault (the tape's "
     "offsets), as a spool's does; only syntax errors had one"},
    {"golden/traceml/*", "warning[0].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"golden/traceml/*", "warning[1].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"golden/traceml/*", "warning[2].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"golden/traceml/*", "warning[3].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
    {"golden/traceml/*", "warning[4].column", "-", "*",
     "a TraceML warning now carries the column of the key, value or record it is about, as a "
     "spool's does"},
}};

}  // namespace tracedoc::formats

#endif  // TRACEDOC_TESTS_FORMATS_ALLOWED_DIFFERENCES_HPP_
