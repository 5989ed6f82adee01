// What converting another format into a document takes besides its input: the options of the
// format's reader, where the conversion's diagnostics go, and the threads the document's span
// index may use. The Cirron spool and the TraceML export conversions both take it.
#pragma once

#include "tracedoc/diagnostic.hpp"

namespace tracedoc::fold {

template <class ReadOptions>
struct ConversionOptions {
  ReadOptions read;
  /// Where the reader's warnings and the conversion's findings go; none: not collected.
  DiagnosticLog* diagnostics = nullptr;
  /// Threads the document's span index may be built with.
  unsigned threads = 1;

  /// `diagnostics`, or else `ignored`, set to keep nothing: the reader always has a log.
  DiagnosticLog& LogOr(DiagnosticLog& ignored) const {
    ignored.max_kept = 0;
    return diagnostics != nullptr ? *diagnostics : ignored;
  }
};

}  // namespace tracedoc::fold
