// Stage three of the pipeline: the fold (docs/trace-format.md §2.2, docs/tracedoc.md §2). Takes one
// record at a time, so a caller can stream; Finish() && runs the end-of-stream checks.
#ifndef TRACEDOC_DOCUMENT_BUILDER_HPP_
#define TRACEDOC_DOCUMENT_BUILDER_HPP_

#include <memory>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc {

struct BuildOptions {
  /// Keep the records to hand out a document. Off, the builder keeps only what the fold rules
  /// need (span ids and times, the meta, the terminal): memory grows with the number of spans
  /// only, and Verify() is the way to finish.
  bool retain_records = true;
  /// Go on after an error: a record that fails Add is not folded, and the builder stays as it
  /// was before it (ReadOptions::collect_errors). Off, every Add after an error fails with it.
  bool continue_after_errors = false;
  /// Threads Finish() may use to index a large document's spans (1: only the calling thread).
  /// The reader passes ReadOptions::threads.
  unsigned threads = 1;
};

namespace detail {
struct BuilderAccess;
}

class DocumentBuilder {
 public:
  explicit DocumentBuilder(BuildOptions options = {});
  ~DocumentBuilder();
  DocumentBuilder(DocumentBuilder&&) noexcept;
  DocumentBuilder& operator=(DocumentBuilder&&) noexcept;

  /// Folds the next record (copying what it keeps). `position` names the record in errors.
  /// Errors: missing_meta (a first record that is not meta), meta_not_first,
  /// unsupported_schema, event_after_terminal, duplicate_span_start, unknown_span_end,
  /// duplicate_span_end, schema_lacks_tensor_stats, invalid_tensor_stats. After an error the
  /// builder keeps failing with the same error, unless it continues after errors.
  Result<void> Add(const Event& event, RecordPosition position);

  /// Runs the end-of-stream checks and hands out the document. Errors: missing_meta,
  /// missing_terminal, complete_with_reason, failed_without_reason, terminal_before_evidence.
  /// Requires retain_records.
  Result<TraceDocument> Finish() &&;

  /// The end-of-stream checks alone, for a builder that does not retain records.
  Result<void> Verify() &&;

 private:
  friend struct detail::BuilderAccess;
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_DOCUMENT_BUILDER_HPP_
