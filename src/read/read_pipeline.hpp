// The one read pipeline: input → blocks of whole lines → lines → records → the fold, stopping at
// the first error. Blocks are decoded by ReadOptions::threads workers and folded in input order
// on the calling thread; with one thread, the calling thread is that one worker and decodes each
// block as it folds it. Line numbers, record indices and which error comes first are settled by
// the fold alone, so every thread count gives the same document or the same error.
#pragma once

#include <string_view>

#include "read/byte_source.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::read {

/// Where the fold hands each event it accepts (ReadEvents), and whether the sink stopped it.
struct EventTap {
  const EventSink* sink = nullptr;
  bool stopped = false;
};

/// Folds the lines of a buffer the caller owns.
Result<void> FoldBuffer(std::string_view text, const ReadOptions& options,
                        DocumentBuilder& builder, EventTap& tap);

/// Folds the lines of a source (a file, standard input, decompressed bytes); `display_name`
/// names it in io_error messages.
Result<void> FoldStream(ByteSource& source, std::string_view display_name,
                        const ReadOptions& options, DocumentBuilder& builder, EventTap& tap);

}  // namespace tracedoc::read
