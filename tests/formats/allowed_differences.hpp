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

// Empty: today's readers give exactly the recorded verdicts. An entry looks like
//   {"cirron/missing_field/*", "column", "*", "*",
//    "a missing key is reported at the key before it, not at its object"},
inline constexpr std::array<AllowedDifference, 0> kAllowedDifferences{};

}  // namespace tracedoc::formats

#endif  // TRACEDOC_TESTS_FORMATS_ALLOWED_DIFFERENCES_HPP_
