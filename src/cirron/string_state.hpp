// Byte-by-byte knowledge of whether JSON text is inside a string literal, for the linear scans
// that run before RapidJSON (depth bound, NaN count, zero literals).
#ifndef TRACEDOC_CIRRON_STRING_STATE_HPP_
#define TRACEDOC_CIRRON_STRING_STATE_HPP_

namespace tracedoc::cirron {

class StringState {
 public:
  /// Feeds the next byte; whether it belongs to a string literal, its quotes included.
  bool Inside(char c) noexcept {
    if (in_string_) {
      if (escaped_) {
        escaped_ = false;
      } else if (c == '\\') {
        escaped_ = true;
      } else if (c == '"') {
        in_string_ = false;
      }
      return true;
    }
    in_string_ = c == '"';
    return in_string_;
  }

 private:
  bool in_string_ = false;
  bool escaped_ = false;
};

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_STRING_STATE_HPP_
