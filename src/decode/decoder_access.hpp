// What the read pipeline may take from a RecordDecoder beyond its public API: the large blocks
// behind the last decoded Event, so that a document can adopt them (read/large_value_handover).
#ifndef TRACEDOC_DECODE_DECODER_ACCESS_HPP_
#define TRACEDOC_DECODE_DECODER_ACCESS_HPP_

#include <string>
#include <vector>

#include "tracedoc/record_decoder.hpp"

namespace tracedoc::detail {

struct DecoderAccess {
  /// The large blocks behind the last decoded Event.
  static std::vector<std::string> TakeLargeBlocks(RecordDecoder& decoder);
};

}  // namespace tracedoc::detail

#endif  // TRACEDOC_DECODE_DECODER_ACCESS_HPP_
