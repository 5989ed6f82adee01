// One JSON text parsed into a tape, with the scratch arena and the decode context a format
// reader reads it through: the harness of the format layer's readers.
#ifndef TRACEDOC_TESTS_SUPPORT_PARSED_JSON_HPP_
#define TRACEDOC_TESTS_SUPPORT_PARSED_JSON_HPP_

#include <string>
#include <utility>

#include "format/decode_context.hpp"
#include "json/json_tape.hpp"
#include "util/arena.hpp"

namespace tracedoc::testing {

class ParsedJson {
 public:
  /// `non_finite`: NaN and the infinities are literals of the text.
  explicit ParsedJson(std::string text, bool non_finite = false) : text_(std::move(text)) {
    json::ParseOptions options;
    options.allow_non_finite = non_finite;
    status_ = tape_.Parse(text_, options).status;
  }
  ParsedJson(const ParsedJson&) = delete;
  ParsedJson& operator=(const ParsedJson&) = delete;

  bool ok() const { return status_ == json::SyntaxStatus::kOk; }
  format::DecodeContext& ctx() { return ctx_; }
  json::Tape& tape() { return tape_; }

 private:
  std::string text_;
  json::Tape tape_;
  util::Arena arena_;
  format::DecodeContext ctx_{.tape = tape_, .arena = arena_};
  json::SyntaxStatus status_;
};

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_PARSED_JSON_HPP_
