// DiffTraces, the gate and both outputs on any two documents that fold (the input split at the
// line nearest its middle, each half repaired by FoldLeniently). Invariants: a run diffed with
// itself is empty and passes the gate; a diff is deterministic; swapping the runs swaps the
// added and removed span paths; the positions and the order the lists promise hold; the JSON is
// strict and the text ends with a newline.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.hpp"
#include "lenient_fold.hpp"
#include "strict_json.hpp"
#include "tracedoc/diff.hpp"

namespace {

using tracedoc::TraceDiff;

std::uint64_t Distance(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; }

void CheckLists(const TraceDiff& diff) {
  for (const std::size_t at : diff.added_spans) {
    TRACEDOC_FUZZ_CHECK(at < diff.spans.size());
    TRACEDOC_FUZZ_CHECK(diff.spans[at].base.count == 0);
  }
  for (const std::size_t at : diff.removed_spans) {
    TRACEDOC_FUZZ_CHECK(at < diff.spans.size());
    TRACEDOC_FUZZ_CHECK(diff.spans[at].candidate.count == 0);
  }
  for (std::size_t i = 1; i < diff.spans.size(); ++i) {
    const auto& a = diff.spans[i - 1];
    const auto& b = diff.spans[i];
    TRACEDOC_FUZZ_CHECK(Distance(a.base.total_ns, a.candidate.total_ns) >=
                        Distance(b.base.total_ns, b.candidate.total_ns));
  }
}

void CheckOutputs(const TraceDiff& diff) {
  const std::vector<tracedoc::Regression> regressions =
      tracedoc::FindRegressions(diff, tracedoc::DiffGate{});
  std::ostringstream json;
  tracedoc::WriteTraceDiffJson(diff, regressions, {.top = 3}, json);
  TRACEDOC_FUZZ_CHECK(tracedoc::fuzz::IsStrictJson(json.str()));
  std::ostringstream text;
  tracedoc::WriteTraceDiffText(diff, regressions, {.top = 3}, text);
  TRACEDOC_FUZZ_CHECK(text.str().empty() || text.str().back() == '\n');
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::size_t split = bytes.find('\n', bytes.size() / 2);
  split = split == std::string_view::npos ? bytes.size() : split + 1;
  const std::optional<tracedoc::TraceDocument> base =
      tracedoc::fuzz::FoldLeniently(bytes.substr(0, split));
  const std::optional<tracedoc::TraceDocument> candidate =
      tracedoc::fuzz::FoldLeniently(bytes.substr(split));
  if (!base || !candidate) return 0;

  const TraceDiff same = tracedoc::DiffTraces(*base, *base);
  TRACEDOC_FUZZ_CHECK(same.empty());
  TRACEDOC_FUZZ_CHECK(tracedoc::FindRegressions(same, tracedoc::DiffGate{}).empty());

  const TraceDiff diff = tracedoc::DiffTraces(*base, *candidate);
  TRACEDOC_FUZZ_CHECK(diff == tracedoc::DiffTraces(*base, *candidate));
  const TraceDiff swapped = tracedoc::DiffTraces(*candidate, *base);
  TRACEDOC_FUZZ_CHECK(swapped.added_spans.size() == diff.removed_spans.size());
  TRACEDOC_FUZZ_CHECK(swapped.removed_spans.size() == diff.added_spans.size());
  TRACEDOC_FUZZ_CHECK(swapped.spans.size() == diff.spans.size());
  CheckLists(diff);
  CheckOutputs(diff);
  return 0;
}
