// The scope-shape findings, and AnalyzeCirronScopes on a typed spool.
#include "cirron/scope_shape.hpp"

#include "tracedoc/cirron_scopes.hpp"

namespace tracedoc::cirron {

ScopeShape::Kind ScopeShape::KindOf(std::string_view name) {
  if (name == "cirron.session") return Kind::kSession;
  if (name == "epoch") return Kind::kEpoch;
  if (name == "step") return Kind::kStep;
  if (name == "data_load" || name == "forward" || name == "backward" ||
      name == "optimizer_step") {
    return Kind::kPhase;
  }
  if (name == "request") return Kind::kRequest;
  return Kind::kOther;
}

void ScopeShape::Add(std::string_view id, std::string_view name,
                     std::optional<std::string_view> parent_id, bool has_index, RecordPlace place,
                     TextPosition position) {
  Span span;
  span.id = ParseId(id);
  span.kind = KindOf(name);
  has_session_ = has_session_ || span.kind == Kind::kSession;
  span.has_parent = parent_id.has_value();
  if (parent_id) span.parent = ParseId(*parent_id);
  span.has_index = has_index;
  span.place = place;
  span.position = position;
  std::string quoted = QuoteName(name);
  const auto [at, inserted] =
      name_index_.try_emplace(quoted, static_cast<std::uint32_t>(names_.size()));
  if (inserted) names_.push_back(std::move(quoted));
  span.name = at->second;
  by_id_.try_emplace(span.id, static_cast<std::uint32_t>(spans_.size()));
  spans_.push_back(span);
}

void ScopeShape::Finish(std::span<const std::string> files, DiagnosticLog& log) const {
  if (!has_session_ && !spans_.empty()) {
    log.Add(Diagnostic{Severity::kWarning, DiagnosticCode::kCirronNoSession, {}, 0, std::nullopt,
                       {}, "no cirron.session span: the root of the run is not in the spool"});
  }
  auto finding = [&](const Span& span, Severity severity, DiagnosticCode code,
                     const std::string& what) {
    if (!log.WillKeep()) {
      log.Count(severity);
      return;
    }
    Diagnostic diagnostic;
    diagnostic.severity = severity;
    diagnostic.code = code;
    diagnostic.file = files[span.place.batch];
    diagnostic.line = span.position.line;
    if (span.position.line != 0) diagnostic.column = span.position.column;
    diagnostic.field = "spans[" + std::to_string(span.place.index) + "]";
    diagnostic.message =
        diagnostic.field + ": " + names_[span.name] + " span " + IdText(span.id) + " " + what;
    log.Add(std::move(diagnostic));
  };
  using enum Severity;
  for (const Span& span : spans_) {
    if ((span.kind == Kind::kEpoch || span.kind == Kind::kStep) && !span.has_index) {
      finding(span, kWarning, DiagnosticCode::kCirronMissingIndex, "has no index");
    }
    if (!span.has_parent) continue;
    const auto parent_at = by_id_.find(span.parent);
    if (parent_at == by_id_.end()) continue;  // evicted: nothing to judge by
    const Span& parent = spans_[parent_at->second];
    const std::string under = "is under " + names_[parent.name] + " span " + IdText(parent.id);
    if (span.kind == Kind::kEpoch && parent.kind == Kind::kEpoch) {
      finding(span, kError, DiagnosticCode::kCirronNestedEpoch,
              "is nested in another epoch; epochs are siblings");
    } else if (span.kind == Kind::kEpoch && parent.kind != Kind::kSession) {
      finding(span, kWarning, DiagnosticCode::kCirronEpochNotUnderSession,
              under + ", not cirron.session");
    } else if (span.kind == Kind::kStep && parent.kind != Kind::kEpoch &&
               parent.kind != Kind::kSession) {
      finding(span, kWarning, DiagnosticCode::kCirronStepNotUnderEpoch, under + ", not an epoch");
    } else if (span.kind == Kind::kPhase && parent.kind != Kind::kStep &&
               parent.kind != Kind::kSession) {
      // Before the loop (warm-up, sanity checks) a phase is under the session, by design.
      finding(span, kWarning, DiagnosticCode::kCirronPhaseNotUnderStep, under + ", not a step");
    } else if (span.kind == Kind::kRequest && parent.kind != Kind::kSession) {
      finding(span, kWarning, DiagnosticCode::kCirronRequestNotUnderSession,
              under + ", not cirron.session");
    }
  }
}

}  // namespace tracedoc::cirron

namespace tracedoc {

std::vector<Diagnostic> AnalyzeCirronScopes(const CirronSpool& spool) {
  cirron::ScopeShape shape;
  std::vector<std::string> files;
  for (std::size_t b = 0; b < spool.batches.size(); ++b) {
    const CirronBatch& batch = spool.batches[b];
    files.push_back(batch.file_name);
    for (std::size_t i = 0; i < batch.spans.size(); ++i) {
      const CirronSpan& span = batch.spans[i];
      std::optional<std::string_view> parent;
      if (span.parent_id) parent = *span.parent_id;
      shape.Add(span.id, span.name, parent, span.index.has_value(),
                cirron::RecordPlace{static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(i)},
                cirron::TextPosition{});
    }
  }
  DiagnosticLog log;
  log.max_kept = static_cast<std::size_t>(-1);
  shape.Finish(files, log);
  return std::move(log.kept);
}

}  // namespace tracedoc
