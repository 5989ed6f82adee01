// The state one health analysis shares between its checks: the document, whether the capture
// failed, the spans by their ids' views, and the issues found so far, in the order they are found.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "health/span_views.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::health {

class HealthContext {
 public:
  explicit HealthContext(const TraceDocument& document)
      : document_(document),
        failed_(document.has_terminal() && document.terminal().outcome == RunOutcome::kFailed) {}

  const TraceDocument& document() const noexcept { return document_; }
  // The spans by their ids' views, built on first use and shared by every check's lookups.
  const SpanViews& span_views() {
    if (!span_views_) span_views_.emplace(document_.spans());
    return *span_views_;
  }
  // "failed" in §6: the terminal outcome is `failed` (never for trace/6, which has no terminal).
  bool failed() const noexcept { return failed_; }

  void AddError(HealthCode code, std::string message) {
    Add(HealthSeverity::kError, code, std::move(message));
  }
  void AddWarning(HealthCode code, std::string message) {
    Add(HealthSeverity::kWarning, code, std::move(message));
  }
  // The issues that a failed capture downgrades: a capture cut short cannot be blamed for
  // evidence it never reached.
  void AddErrorUnlessFailed(HealthCode code, std::string message) {
    Add(failed_ ? HealthSeverity::kWarning : HealthSeverity::kError, code, std::move(message));
  }

  std::vector<HealthIssue> TakeIssues() && { return std::move(issues_); }

 private:
  void Add(HealthSeverity severity, HealthCode code, std::string message) {
    issues_.push_back(HealthIssue{severity, code, std::move(message)});
  }

  const TraceDocument& document_;
  bool failed_;
  std::optional<SpanViews> span_views_;
  std::vector<HealthIssue> issues_;
};

}  // namespace tracedoc::health
