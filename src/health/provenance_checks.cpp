// Checks 1–4 (docs/analyses.md §6.2). Checks 2 and 3 repeat fold rules (docs/trace-format.md §2.2 g, h):
// a folded document always passes them, one read from its JSON object form may not.
#include <cstdint>
#include <optional>
#include <string>

#include "document/latest_host_evidence.hpp"
#include "format/dense_bytes.hpp"
#include "health/checks.hpp"
#include "health/message.hpp"
#include "text/utf8.hpp"
#include "tracedoc/validation.hpp"

namespace tracedoc::health {
using detail::LatestHostEvidence;

void CheckProvenanceAndTerminal(HealthContext& context) {
  const TraceDocument& document = context.document();
  const TerminalRecord& terminal = document.terminal();

  if (std::optional<std::string> message = ValidateRunProvenance(document.run())) {
    context.AddError(HealthCode::kRunProvenanceInvalid, std::move(*message));
  }

  // Health says "outcome" where the fold says "event" (§6.11).
  if (terminal.outcome == RunOutcome::kComplete && terminal.reason.has_value()) {
    context.AddError(HealthCode::kCompleteWithFailureReason,
                     "complete terminal outcome cannot contain a failure reason");
  }
  if (terminal.outcome == RunOutcome::kFailed &&
      (!terminal.reason.has_value() || text::IsBlank(*terminal.reason))) {
    context.AddError(HealthCode::kFailedWithoutReason,
                     "failed terminal outcome requires a non-empty reason");
  }

  // The fold's computation (§2.2 h): device intervals and the rest do not count.
  const std::uint64_t latest = LatestHostEvidence(document);
  if (terminal.timestamp_ns < latest) {
    context.AddError(HealthCode::kTerminalPrecedesEvidence,
                     Message("terminal timestamp ", Decimal{terminal.timestamp_ns},
                             " precedes host evidence ending at ", Decimal{latest}));
  }

  if (context.failed()) {
    // The reason exactly as stored: not trimmed, and empty when it is empty.
    context.AddWarning(HealthCode::kCaptureFailed,
                       terminal.reason ? std::string(*terminal.reason)
                                       : std::string("capture ended with a failed outcome"));
  }
}

}  // namespace tracedoc::health
