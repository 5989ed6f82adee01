// The options every writer of tracedoc takes: JSONL, the document JSON, summary, memory profile,
// health (trace/10 and trace/6), the validation report and the TraceML run summary. One struct, so
// a program sets a layout once and passes it to any writer. The last stage of the pipeline: a
// document or an analysis → text. (The Chrome, speedscope and HTML exports take options about
// what they draw instead: ChromeTraceOptions, SpeedscopeOptions, HtmlReportOptions.)
#ifndef TRACEDOC_WRITE_OPTIONS_HPP_
#define TRACEDOC_WRITE_OPTIONS_HPP_

namespace tracedoc {

/// How a writer lays out its output. A field a writer does not honour is ignored; the keys, their
/// order and the values never change with any field.
struct WriteOptions {
  /// Honoured by every JSON object writer (WriteDocumentJson, WriteSummaryJson,
  /// WriteMemoryProfileJson, WriteHealthJson, WriteValidationReportJson,
  /// WriteTraceMLRunSummaryJson): indent with 2 spaces, one member or
  /// element per line, `"key": value`, `{}` and `[]` kept on one line. Streamed: a writer never
  /// holds the compact text and a second, pretty copy. Compact text has no white space outside
  /// strings and no trailing newline. The JSONL writers ignore it: a record is one line.
  bool pretty = false;
  /// Honoured by the writers that carry records (AppendEventJson, WriteJsonl, WriteJsonlFile,
  /// WriteDocumentJson): leave out the unknown members a record kept (docs/tracedoc.md §3), at
  /// every level; the output is then the reference's, byte for byte. The analyses' writers
  /// have no unknown members to drop.
  bool drop_unknown = false;
  /// Honoured by AppendEventJson only: write the record with candle-graph/trace/6's keys
  /// (docs/legacy-trace6.md §9.2). The writers of a whole document follow its revision.
  bool trace6 = false;
};

}  // namespace tracedoc

#endif  // TRACEDOC_WRITE_OPTIONS_HPP_
