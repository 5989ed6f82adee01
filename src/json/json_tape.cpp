// Builds the tape with Boost.JSON's basic_parser (a push parser with a handler).
//
// Why Boost.JSON here: decoding records is the hot path, and on this machine basic_parser with a
// typed handler measured about 650 MB/s against about 385 MB/s for RapidJSON's SAX reader over
// the same 200 MB trace (see bench/). Its number callbacks hand us the literal text, which we
// re-parse with std::from_chars: Boost.JSON 1.81 has no correctly rounded mode, and the format
// needs the literal anyway (1.0 versus 1 for integer fields). RapidJSON serves elsewhere (schema
// validation, the differential fuzzer).
#include "json/json_tape.hpp"

#include <boost/json/basic_parser_impl.hpp>

#include "json/number.hpp"

namespace tracedoc::json {
namespace {

class TapeHandler {
 public:
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);

  explicit TapeHandler(Tape* tape) : tape_(tape) {}

  // Where the parse input has a patched exponent (see Tape::Parse): the literal to record.
  struct LiteralOverride {
    std::size_t offset;  // of the literal in the patched input
    std::string original;
    std::size_t patched_length;
  };
  void SetOverrides(const std::vector<LiteralOverride>* overrides, const char* input) {
    overrides_ = overrides;
    input_ = input;
  }

  void Reset(std::size_t max_string_bytes) {
    max_string_bytes_ = max_string_bytes;
    part_start_ = kNoPart;
    string_too_long_ = false;
    number_out_of_range_ = false;
  }
  bool string_too_long() const { return string_too_long_; }
  bool number_out_of_range() const { return number_out_of_range_; }

  bool on_document_begin(boost::system::error_code&) { return true; }
  bool on_document_end(boost::system::error_code&) { return true; }

  bool on_object_begin(boost::system::error_code&) { return OpenContainer(NodeType::kObject); }
  bool on_object_end(std::size_t n, boost::system::error_code&) { return CloseContainer(n); }
  bool on_array_begin(boost::system::error_code&) { return OpenContainer(NodeType::kArray); }
  bool on_array_end(std::size_t n, boost::system::error_code&) { return CloseContainer(n); }

  bool on_key_part(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return AppendPart(s, n, ec);
  }
  bool on_key(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return FinishText(NodeType::kString, s, n, ec);
  }
  bool on_string_part(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return AppendPart(s, n, ec);
  }
  bool on_string(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return FinishText(NodeType::kString, s, n, ec);
  }

  bool on_number_part(boost::json::string_view s, boost::system::error_code& ec) {
    return AppendPart(s, 0, ec);
  }
  bool on_int64(std::int64_t, boost::json::string_view s, boost::system::error_code& ec) {
    return FinishNumber(s, ec);
  }
  bool on_uint64(std::uint64_t, boost::json::string_view s, boost::system::error_code& ec) {
    return FinishNumber(s, ec);
  }
  bool on_double(double, boost::json::string_view s, boost::system::error_code& ec) {
    return FinishNumber(s, ec);
  }

  bool on_bool(bool b, boost::system::error_code&) {
    return PushScalar(b ? NodeType::kTrue : NodeType::kFalse);
  }
  bool on_null(boost::system::error_code&) { return PushScalar(NodeType::kNull); }

  // Comments are off in the parse options; these are never called but must exist.
  bool on_comment_part(boost::json::string_view, boost::system::error_code&) { return true; }
  bool on_comment(boost::json::string_view, boost::system::error_code&) { return true; }

 private:
  static constexpr std::size_t kNoPart = static_cast<std::size_t>(-1);

  bool OpenContainer(NodeType type) {
    auto& nodes = tape_->mutable_nodes();
    tape_->open_containers().push_back(static_cast<std::uint32_t>(nodes.size()));
    nodes.push_back(Node{type});
    return true;
  }
  bool CloseContainer(std::size_t n) {
    auto& nodes = tape_->mutable_nodes();
    Node& node = nodes[tape_->open_containers().back()];
    tape_->open_containers().pop_back();
    node.count = static_cast<std::uint32_t>(n);
    node.end = static_cast<std::uint32_t>(nodes.size());
    return true;
  }
  bool PushScalar(NodeType type) {
    auto& nodes = tape_->mutable_nodes();
    Node node{type};
    node.end = static_cast<std::uint32_t>(nodes.size() + 1);
    nodes.push_back(node);
    return true;
  }
  bool AppendPart(boost::json::string_view s, std::size_t total, boost::system::error_code& ec) {
    if (total > max_string_bytes_) return StringTooLong(ec);
    std::string& text = tape_->mutable_text();
    if (part_start_ == kNoPart) part_start_ = text.size();
    text.append(s.data(), s.size());
    return true;
  }
  bool StringTooLong(boost::system::error_code& ec) {
    string_too_long_ = true;
    ec = boost::json::error::string_too_large;
    return false;
  }
  // Appends the last piece of a string or number and pushes its node.
  bool FinishText(NodeType type, boost::json::string_view s, std::size_t total,
                  boost::system::error_code& ec) {
    if (total > max_string_bytes_) return StringTooLong(ec);
    std::string& text = tape_->mutable_text();
    const std::size_t start = part_start_ == kNoPart ? text.size() : part_start_;
    part_start_ = kNoPart;
    text.append(s.data(), s.size());
    auto& nodes = tape_->mutable_nodes();
    Node node{type};
    node.end = static_cast<std::uint32_t>(nodes.size() + 1);
    node.text_offset = static_cast<std::uint32_t>(start);
    node.text_length = static_cast<std::uint32_t>(text.size() - start);
    nodes.push_back(node);
    return true;
  }
  bool FinishNumber(boost::json::string_view s, boost::system::error_code& ec) {
    if (overrides_ != nullptr && part_start_ == kNoPart) {
      for (const LiteralOverride& o : *overrides_) {
        if (input_ + o.offset == s.data()) {
          s = boost::json::string_view(o.original.data(), o.original.size());
          break;
        }
      }
    }
    if (!FinishText(NodeType::kNumber, s, 0, ec)) return false;
    Node& node = tape_->mutable_nodes().back();
    node.type = NodeType::kNumber;
    const std::string_view literal = tape_->text(node);
    node.is_float_literal = HasFractionOrExponent(literal);
    // Only an exponent or more than 308 digits can leave the double range. The reference
    // fails such a literal wherever it stands, before looking at fields.
    if (!number_out_of_range_ && (HasExponent(literal) || literal.size() > 308)) {
      double value = 0;
      number_out_of_range_ = !ParseF64(literal, value);
    }
    return true;
  }

  Tape* tape_;
  const std::vector<LiteralOverride>* overrides_ = nullptr;
  const char* input_ = nullptr;
  std::size_t max_string_bytes_ = static_cast<std::size_t>(-1);
  std::size_t part_start_ = kNoPart;
  bool string_too_long_ = false;
  bool number_out_of_range_ = false;
};

// Rewrites the exponent of the literal in which the parser stopped at `stop` to 999999 (keeping
// its sign) in `patched`, remembering the literal as written. False if no exponent is found.
bool ClampExponent(std::string_view input, std::size_t stop, std::string& patched,
                   std::vector<TapeHandler::LiteralOverride>& overrides) {
  auto is_number_char = [](char c) {
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
  };
  std::size_t end = std::min(stop, input.size());
  std::size_t begin = end;
  while (begin > 0 && is_number_char(input[begin - 1])) --begin;
  while (end < input.size() && is_number_char(input[end])) ++end;
  std::string_view literal = input.substr(begin, end - begin);
  const std::size_t e = literal.find_first_of("eE");
  if (e == std::string_view::npos) return false;
  std::size_t digits = e + 1;
  if (digits < literal.size() && (literal[digits] == '+' || literal[digits] == '-')) ++digits;
  // The literal ends with its exponent's digits: what follows (`-1` in `1e99999999999-1`, `.5`)
  // is not part of it and stays in the input for the parser to reject.
  std::size_t exponent_end = digits;
  while (exponent_end < literal.size() && literal[exponent_end] >= '0' &&
         literal[exponent_end] <= '9') {
    ++exponent_end;
  }
  literal = literal.substr(0, exponent_end);
  end = begin + exponent_end;
  std::string replacement(literal.substr(0, digits));
  replacement += "999999";
  std::string next(input.substr(0, begin));
  next += replacement;
  next += input.substr(end);
  // Earlier overrides after this literal move by the change in length.
  for (TapeHandler::LiteralOverride& o : overrides) {
    if (o.offset > begin) o.offset = o.offset + replacement.size() - literal.size();
  }
  overrides.push_back({begin, std::string(literal), replacement.size()});
  patched = std::move(next);
  return true;
}

}  // namespace

struct Tape::Parser {
  Parser(Tape* tape, std::size_t max_depth)
      : parser(MakeOptions(max_depth), tape), max_depth(max_depth) {}
  static boost::json::parse_options MakeOptions(std::size_t max_depth) {
    boost::json::parse_options options;
    options.max_depth = max_depth;
    return options;
  }
  boost::json::basic_parser<TapeHandler> parser;
  std::size_t max_depth;
};

Tape::Tape() = default;
Tape::~Tape() = default;

SyntaxResult Tape::Parse(std::string_view text, std::size_t max_depth,
                         std::size_t max_string_bytes) {
  nodes_.clear();
  text_.clear();
  open_.clear();
  // The tape indexes its text with 32-bit offsets; the reader's line bound keeps lines smaller.
  if (text.size() >= UINT32_MAX) return {SyntaxStatus::kTooLong, 0, "line too long"};
  if (!parser_ || parser_->max_depth != max_depth) {
    parser_ = std::make_unique<Parser>(this, max_depth);
  } else {
    parser_->parser.reset();
  }
  parser_->parser.handler().Reset(max_string_bytes);

  // Boost.JSON stops at an exponent beyond 32 bits, though the literal is valid JSON. Such a
  // literal is out of the double range or rounds to zero whatever its digits, so parse a copy
  // with the exponent clamped to 999999 and record the literal as written.
  std::string patched;
  std::vector<TapeHandler::LiteralOverride> overrides;
  std::string_view input = text;
  boost::system::error_code ec;
  std::size_t consumed = 0;
  for (;;) {
    parser_->parser.handler().SetOverrides(overrides.empty() ? nullptr : &overrides, input.data());
    consumed = parser_->parser.write_some(false, input.data(), input.size(), ec);
    if (ec != boost::json::error::exponent_overflow || overrides.size() >= 100000) break;
    if (!ClampExponent(input, consumed, patched, overrides)) break;
    input = patched;
    nodes_.clear();
    text_.clear();
    open_.clear();
    parser_->parser.reset();
    parser_->parser.handler().Reset(max_string_bytes);
    ec.clear();
  }
  // Report positions on the line as written, not on the patched copy.
  const std::size_t patched_consumed = consumed;
  for (const TapeHandler::LiteralOverride& o : overrides) {
    if (o.offset < patched_consumed) consumed = consumed + o.original.size() - o.patched_length;
  }
  if (ec) {
    if (parser_->parser.handler().string_too_long()) {
      return {SyntaxStatus::kTooLong, consumed, "string too long"};
    }
    if (ec == boost::json::error::too_deep) {
      return {SyntaxStatus::kTooDeep, consumed, "nesting too deep"};
    }
    return {SyntaxStatus::kInvalidJson, consumed, ec.message()};
  }
  if (patched_consumed != input.size()) {
    return {SyntaxStatus::kInvalidJson, consumed, "trailing characters"};
  }
  if (parser_->parser.handler().number_out_of_range()) {
    return {SyntaxStatus::kNumberOutOfRange, consumed, "number out of range"};
  }
  return {SyntaxStatus::kOk, consumed, {}};
}

}  // namespace tracedoc::json
