// The threaded read (ReadOptions::threads > 1): worker threads split blocks of lines and decode
// them; the calling thread folds the blocks in input order. Line numbers, record indices, and
// which error comes first are settled by the fold, so they match the one-thread read exactly.
#ifndef TRACEDOC_READ_THREADED_FOLD_HPP_
#define TRACEDOC_READ_THREADED_FOLD_HPP_

#include <cstdio>
#include <string>
#include <string_view>

#include "tracedoc/document_builder.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::read {

/// Folds the lines of a buffer the caller owns.
Result<void> ThreadedFoldBuffer(std::string_view text, const ReadOptions& options,
                                DocumentBuilder& builder);

/// Folds the lines of a stream; `display_name` names it in io_error messages.
Result<void> ThreadedFoldStream(std::FILE* stream, std::string_view display_name,
                                const ReadOptions& options, DocumentBuilder& builder);

}  // namespace tracedoc::read

#endif  // TRACEDOC_READ_THREADED_FOLD_HPP_
