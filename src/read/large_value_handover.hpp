// Hands the large blocks a decoder made for one record (long unknown members, long arrays) to
// the document that keeps the record, so that the document adopts them instead of copying: a
// 100 MiB value then costs 100 MiB once, not twice (docs/tracedoc.md §5).
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "decode/decoder_access.hpp"
#include "fold/builder_access.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::detail {

/// Moves what `decoder` made for `event` into the storage of `builder`'s document, if the
/// builder keeps that record. A builder that keeps nothing of it needs nothing handed over:
/// the blocks stay with the decoder until its next record.
inline void HandOverLargeValues(RecordDecoder& decoder, DocumentBuilder& builder,
                                const Event& event) {
  if (!BuilderAccess::RetainsRecords(builder) && !std::holds_alternative<MetaRecord>(event)) {
    return;
  }
  std::vector<std::string> blocks = DecoderAccess::TakeLargeBlocks(decoder);
  if (!blocks.empty()) BuilderAccess::Pool(builder).arena().Adopt(std::move(blocks));
}

}  // namespace tracedoc::detail
