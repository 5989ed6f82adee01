// For the analysis harnesses: turns nearly any mutated trace into a document that folds, so the
// fuzzer spends its time in the analyses rather than on inputs the reader rejects.
#ifndef TRACEDOC_FUZZ_LENIENT_FOLD_HPP_
#define TRACEDOC_FUZZ_LENIENT_FOLD_HPP_

#include <optional>
#include <string_view>

#include "tracedoc/document.hpp"

namespace tracedoc::fuzz {

/// Reads `bytes` with ReadTrace; while it fails at a line, drops that line and reads again, and
/// on missing_terminal appends a complete terminal at the largest timestamp. Gives up (None) on
/// any other stream-wide error or after a bounded number of repairs. Every document returned
/// came out of ReadTrace unchanged.
std::optional<TraceDocument> FoldLeniently(std::string_view bytes);

}  // namespace tracedoc::fuzz

#endif  // TRACEDOC_FUZZ_LENIENT_FOLD_HPP_
