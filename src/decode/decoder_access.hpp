// What the read pipeline may take from a RecordDecoder beyond its public API: the large blocks
// behind the last decoded Event, so that a document can adopt them (read/large_value_handover);
// and, for tests and fuzzers, a switch that leaves every line to the general path.
#pragma once

#include <string>
#include <vector>

#include "tracedoc/record_decoder.hpp"

namespace tracedoc::detail {

struct DecoderAccess {
  /// The large blocks behind the last decoded Event.
  static std::vector<std::string> TakeLargeBlocks(RecordDecoder& decoder);
  /// With `enabled` false, every line takes the general path (the tape and the field tables),
  /// as if the fast path (decode/fast_record_decoder.hpp) did not exist. On by default.
  static void SetFastPath(RecordDecoder& decoder, bool enabled);
};

}  // namespace tracedoc::detail
