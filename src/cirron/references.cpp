// Resolving a spool's references into warnings.
#include "cirron/references.hpp"

#include <algorithm>
#include <tuple>

namespace tracedoc::cirron {
namespace {

RecordArray TargetArray(ReferenceKind kind) {
  return kind == ReferenceKind::kMark ? RecordArray::kMarks : RecordArray::kSpans;
}

RecordArray SourceArray(ReferenceKind kind) {
  switch (kind) {
    case ReferenceKind::kParent:
    case ReferenceKind::kMark:
      return RecordArray::kSpans;
    case ReferenceKind::kMarkSpan:
      return RecordArray::kMarks;
    case ReferenceKind::kSnapshotSpan:
      return RecordArray::kSnapshots;
  }
  return RecordArray::kSpans;
}

std::string PathOf(const Reference& reference) {
  std::string path(RecordArrayName(SourceArray(reference.kind)));
  path += '[' + std::to_string(reference.place.index) + "].";
  switch (reference.kind) {
    case ReferenceKind::kParent:
      return path + "parent_id";
    case ReferenceKind::kMark:
      return path + "mark_ids[" + std::to_string(reference.entry) + ']';
    case ReferenceKind::kMarkSpan:
    case ReferenceKind::kSnapshotSpan:
      return path + "span_id";
  }
  return path;
}

}  // namespace

void References::Add(const IdRegistry& ids, const Reference& reference) {
  if (ids.Has(TargetArray(reference.kind), reference.target)) return;
  pending_.push_back(reference);
}

std::uint64_t References::Resolve(const IdRegistry& ids, std::span<const std::string> batch_paths,
                                  DiagnosticLog& log) {
  auto order = [](const Reference& r) {
    return std::make_tuple(r.place.batch, static_cast<int>(SourceArray(r.kind)), r.place.index,
                           r.entry);
  };
  std::stable_sort(pending_.begin(), pending_.end(),
                   [&](const Reference& a, const Reference& b) { return order(a) < order(b); });
  std::uint64_t missing = 0;
  for (const Reference& reference : pending_) {
    if (ids.Has(TargetArray(reference.kind), reference.target)) continue;
    ++missing;
    if (!log.WillKeep()) {
      log.Count(Severity::kWarning);
      continue;
    }
    Diagnostic warning;
    warning.severity = Severity::kWarning;
    warning.file = batch_paths[reference.place.batch];
    warning.line = reference.position.line;
    warning.column = reference.position.column;
    warning.field = PathOf(reference);
    const std::string id = IdText(reference.target);
    switch (reference.kind) {
      case ReferenceKind::kParent:
        warning.code = DiagnosticCode::kCirronMissingParent;
        warning.message = warning.field + ": parent span " + id + " is not in the spool";
        break;
      case ReferenceKind::kMark:
        warning.code = DiagnosticCode::kCirronMissingMark;
        warning.message = warning.field + ": mark " + id + " is not in the spool";
        break;
      case ReferenceKind::kMarkSpan:
      case ReferenceKind::kSnapshotSpan:
        warning.code = DiagnosticCode::kCirronMissingSpan;
        warning.message = warning.field + ": span " + id + " is not in the spool";
        break;
    }
    log.Add(std::move(warning));
  }
  pending_.clear();
  pending_.shrink_to_fit();
  return missing;
}

}  // namespace tracedoc::cirron
