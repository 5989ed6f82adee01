// The canonical scope shape of a spool (docs/cirron-spool.md, "Scope shape"): each span is
// judged by its own name and its parent's, so the pass is linear whatever the tree's depth.
#include <functional>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/cirron_scopes.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc {
namespace {

constexpr std::string_view kSession = "cirron.session";

bool IsPhase(std::string_view name) {
  return name == "data_load" || name == "forward" || name == "backward" || name == "optimizer_step";
}

CirronScopeFinding Finding(CirronFindingSeverity severity, std::string_view code,
                           const CirronSpan& span, std::string_view what) {
  return CirronScopeFinding{severity, std::string(code),
                            std::string(span.name) + " span " + span.id + " " + std::string(what),
                            span.id};
}

}  // namespace

std::vector<CirronScopeFinding> AnalyzeCirronScopes(const CirronSpool& spool) {
  boost::unordered_flat_map<std::string_view, const CirronSpan*, util::SeededHash> spans;
  bool has_session = false;
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronSpan& span : batch.spans) {
      spans.emplace(span.id, &span);
      has_session = has_session || span.name == kSession;
    }
  }
  std::vector<CirronScopeFinding> findings;
  if (!has_session && !spans.empty()) {
    findings.push_back({CirronFindingSeverity::kWarning,
                        "cirron_no_session",
                        "no cirron.session span: the root of the run is not in the spool",
                        {}});
  }
  using enum CirronFindingSeverity;
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronSpan& span : batch.spans) {
      const bool indexed = span.name == "epoch" || span.name == "step";
      if (indexed && !span.index) {
        findings.push_back(Finding(kWarning, "cirron_missing_index", span, "has no index"));
      }
      if (!span.parent_id) continue;
      const auto parent_at = spans.find(std::string_view(*span.parent_id));
      if (parent_at == spans.end()) continue;  // evicted: nothing to judge by
      const std::string_view parent = parent_at->second->name;
      if (span.name == "epoch" && parent == "epoch") {
        findings.push_back(Finding(kError, "cirron_nested_epoch", span,
                                   "is nested in another epoch; epochs are siblings"));
      } else if (span.name == "epoch" && parent != kSession) {
        findings.push_back(Finding(kWarning, "cirron_epoch_not_under_session", span,
                                   "is under " + std::string(parent) + ", not cirron.session"));
      } else if (span.name == "step" && parent != "epoch" && parent != kSession) {
        findings.push_back(Finding(kWarning, "cirron_step_not_under_epoch", span,
                                   "is under " + std::string(parent) + ", not an epoch"));
      } else if (IsPhase(span.name) && parent != "step" && parent != kSession) {
        // Before the loop (warm-up, sanity checks) a phase is under the session, by design.
        findings.push_back(Finding(kWarning, "cirron_phase_not_under_step", span,
                                   "is under " + std::string(parent) + ", not a step"));
      } else if (span.name == "request" && parent != kSession) {
        findings.push_back(Finding(kWarning, "cirron_request_not_under_session", span,
                                   "is under " + std::string(parent) + ", not cirron.session"));
      }
    }
  }
  return findings;
}

}  // namespace tracedoc
