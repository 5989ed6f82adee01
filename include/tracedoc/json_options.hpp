// The layout every JSON writer of tracedoc takes: document, summary, memory profile, health and
// validation report. The last stage of the pipeline: a document or an analysis → JSON text.
#ifndef TRACEDOC_JSON_OPTIONS_HPP_
#define TRACEDOC_JSON_OPTIONS_HPP_

namespace tracedoc {

/// How a JSON writer lays out its output. The keys, their order and the values never change
/// with it; compact text has no white space outside strings and no trailing newline.
struct JsonOptions {
  /// Indent with 2 spaces, one member or element per line, `"key": value`, `{}` and `[]` kept
  /// on one line. Streamed: a writer never holds the compact text and a second, pretty copy.
  bool pretty = false;
  /// Leave out the unknown members the records kept, at every level (as
  /// WriteOptions::drop_unknown for JSONL). Only outputs that carry records have any: the
  /// document JSON; every other writer ignores it.
  bool drop_unknown = false;
};

}  // namespace tracedoc

#endif  // TRACEDOC_JSON_OPTIONS_HPP_
