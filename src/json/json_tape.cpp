// Builds the tape with Boost.JSON's basic_parser (a push parser with a handler).
//
// Why Boost.JSON here: decoding records is the hot path, and on this machine basic_parser with a
// typed handler measured about 650 MB/s against about 385 MB/s for RapidJSON's SAX reader over
// the same 200 MB trace (see bench/). Its number callbacks hand us the literal text, which we
// re-parse with std::from_chars: Boost.JSON 1.81 has no correctly rounded mode, and the format
// needs the literal anyway (1.0 versus 1 for integer fields). RapidJSON serves elsewhere (schema
// validation, the differential fuzzer).
#include "json/json_tape.hpp"

#include <algorithm>

#include <boost/json/basic_parser_impl.hpp>

#include "json/number.hpp"

namespace tracedoc::json {

namespace {

// Where the parsed input has a clamped exponent (see Tape::Parse): the literal as written.
struct LiteralOverride {
  std::size_t offset;           // of the literal in the patched input
  std::size_t original_offset;  // of the literal in the line as written
  std::size_t original_length;
  std::size_t patched_length;
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Copies `line` into `patched` with every exponent of more than 9 digits (outside strings)
// rewritten to 999999, keeping its sign, and lists what was rewritten. Boost.JSON fails an
// exponent beyond 32 bits although the literal is valid JSON; such a literal is out of the
// double range or rounds to zero whatever its digits, and the tape records it as written. One
// pass over the line, whatever the number of literals (issue 12, F1).
void ClampLongExponents(std::string_view line, std::string& patched,
                        std::vector<LiteralOverride>& overrides) {
  patched.clear();
  patched.reserve(line.size());
  overrides.clear();
  std::size_t i = 0;
  std::size_t copied = 0;  // line[0, copied) is in `patched`
  bool in_string = false;
  std::size_t literal_start = 0;  // of the current number, outside strings
  bool in_number = false;
  while (i < line.size()) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == '"') in_string = false;
      ++i;
      continue;
    }
    if (c == '"') {
      in_string = true;
      in_number = false;
      ++i;
      continue;
    }
    const bool number_char = IsDigit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    if (!number_char) {
      in_number = false;
      ++i;
      continue;
    }
    if (!in_number) {
      in_number = true;
      literal_start = i;
    }
    if ((c == 'e' || c == 'E') && i > literal_start &&
        (IsDigit(line[i - 1]) || line[i - 1] == '.')) {
      std::size_t digits = i + 1;
      if (digits < line.size() && (line[digits] == '+' || line[digits] == '-')) ++digits;
      std::size_t end = digits;
      while (end < line.size() && IsDigit(line[end])) ++end;
      if (end - digits > 9) {
        patched.append(line.substr(copied, digits - copied));
        const std::size_t patched_start = patched.size() - (digits - literal_start);
        patched.append("999999");
        overrides.push_back(
            {patched_start, literal_start, end - literal_start, patched.size() - patched_start});
        copied = end;
      }
      // What follows the exponent's digits (`-1` in `1e99999999999-1`) is not part of the
      // literal: it stays for the parser to judge.
      i = end;
      in_number = false;
      continue;
    }
    ++i;
  }
  patched.append(line.substr(copied));
}

}  // namespace

class TapeHandler {
 public:
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);

  explicit TapeHandler(Tape* tape) : tape_(tape) {}

  void Reset(std::size_t max_string_bytes, std::string_view line,
             const std::vector<LiteralOverride>* overrides) {
    max_string_bytes_ = max_string_bytes;
    part_start_ = kNoPart;
    string_too_long_ = false;
    number_out_of_range_ = false;
    line_ = line;
    overrides_ = overrides;
    next_override_ = 0;
    run_ = kNoRun;
    raw_string_ = false;
    string_ordinal_ = 0;
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
    return AppendStringPart(s, n, ec);
  }
  bool on_key(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return FinishText(NodeType::kString, s, n, ec);
  }
  bool on_string_part(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return AppendStringPart(s, n, ec);
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
  static constexpr std::uint32_t kNoRun = static_cast<std::uint32_t>(-1);
  static constexpr std::size_t kRawStringBytes = 64 * 1024;

  std::uint32_t NodeCount() const { return static_cast<std::uint32_t>(tape_->nodes_.size()); }

  bool OpenContainer(NodeType type) {
    run_ = kNoRun;
    tape_->open_.push_back(NodeCount());
    tape_->nodes_.push_back(Node{type});
    return true;
  }
  bool CloseContainer(std::size_t n) {
    run_ = kNoRun;
    Node& node = tape_->nodes_[tape_->open_.back()];
    tape_->open_.pop_back();
    node.count = static_cast<std::uint32_t>(n);
    node.end = NodeCount();
    return true;
  }
  bool PushScalar(NodeType type) {
    run_ = kNoRun;
    Node node{type};
    node.end = NodeCount() + 1;
    tape_->nodes_.push_back(node);
    return true;
  }
  bool AppendPart(boost::json::string_view s, std::size_t total, boost::system::error_code& ec) {
    if (total > max_string_bytes_) return StringTooLong(ec);
    std::string& text = tape_->text_;
    if (part_start_ == kNoPart) part_start_ = text.size();
    text.append(s.data(), s.size());
    return true;
  }
  // A string in pieces has escapes. A long one is not copied at all: its node will refer to it
  // as written in the line (Tape::ResolveRawStrings), so it never costs a second copy.
  bool AppendStringPart(boost::json::string_view s, std::size_t total,
                        boost::system::error_code& ec) {
    if (total > max_string_bytes_) return StringTooLong(ec);
    if (raw_string_) return true;
    if (total >= kRawStringBytes) {
      if (part_start_ != kNoPart) tape_->text_.resize(part_start_);
      part_start_ = kNoPart;
      raw_string_ = true;
      return true;
    }
    return AppendPart(s, total, ec);
  }
  bool StringTooLong(boost::system::error_code& ec) {
    string_too_long_ = true;
    ec = boost::json::error::string_too_large;
    return false;
  }
  bool InLine(boost::json::string_view s) const {
    return s.data() >= line_.data() && s.data() + s.size() <= line_.data() + line_.size();
  }
  // Pushes the node of a string or number. Text that arrived whole and lies in the line is
  // referred to where it is; pieces are joined in the tape's own copy.
  bool FinishText(NodeType type, boost::json::string_view s, std::size_t total,
                  boost::system::error_code& ec) {
    run_ = kNoRun;
    if (total > max_string_bytes_) return StringTooLong(ec);
    Node node{type};
    node.end = NodeCount() + 1;
    if (type == NodeType::kString) ++string_ordinal_;
    if (raw_string_) {
      raw_string_ = false;
      node.in_input = true;
      node.raw_escaped = true;
      tape_->raw_strings_.emplace_back(string_ordinal_ - 1, NodeCount());
    } else if (part_start_ == kNoPart && InLine(s)) {
      node.in_input = true;
      node.text_offset = static_cast<std::uint32_t>(s.data() - line_.data());
      node.text_length = static_cast<std::uint32_t>(s.size());
    } else {
      std::string& text = tape_->text_;
      const std::size_t start = part_start_ == kNoPart ? text.size() : part_start_;
      part_start_ = kNoPart;
      text.append(s.data(), s.size());
      node.text_offset = static_cast<std::uint32_t>(start);
      node.text_length = static_cast<std::uint32_t>(text.size() - start);
    }
    tape_->nodes_.push_back(node);
    return true;
  }
  bool FinishNumber(boost::json::string_view s, boost::system::error_code& ec) {
    // A clamped exponent: record the literal as written. Numbers arrive in order, and so do
    // the overrides, so one cursor finds each.
    bool overridden = false;
    if (overrides_ != nullptr && part_start_ == kNoPart && next_override_ < overrides_->size()) {
      const LiteralOverride& o = (*overrides_)[next_override_];
      if (line_.data() + o.offset == s.data()) {
        s = boost::json::string_view(original_line_.data() + o.original_offset, o.original_length);
        overridden = true;
        ++next_override_;
      }
    }
    const std::string_view literal(s.data(), s.size());
    const bool is_float = HasFractionOrExponent(literal);
    // Only an exponent or more than 308 digits can leave the double range. The reference
    // fails such a literal wherever it stands, before looking at fields. (Integers have no
    // exponent: only float literals are scanned a second time.)
    if (!number_out_of_range_ && ((is_float && HasExponent(literal)) || literal.size() > 308)) {
      double value = 0;
      number_out_of_range_ = !ParseF64(literal, value);
    }
    // A number after a number in the same array extends the run: one node for any count.
    const bool whole_in_line = part_start_ == kNoPart && !overridden && InLine(s);
    if (whole_in_line && run_ != kNoRun) {
      Node& run = tape_->nodes_[run_];
      run.type = NodeType::kNumberRun;
      run.is_float_literal = run.is_float_literal || is_float;
      ++run.count;
      run.text_length =
          static_cast<std::uint32_t>(s.data() + s.size() - line_.data()) - run.text_offset;
      return true;
    }
    if (!FinishText(NodeType::kNumber, s, 0, ec)) return false;
    Node& node = tape_->nodes_.back();
    node.is_float_literal = is_float;
    node.count = 1;
    const bool in_array =
        !tape_->open_.empty() && tape_->nodes_[tape_->open_.back()].type == NodeType::kArray;
    if (whole_in_line && in_array) run_ = NodeCount() - 1;
    return true;
  }

 public:
  // The line as written, where overridden literals are (`line_` is what is parsed).
  std::string_view original_line_;

 private:
  Tape* tape_;
  std::string_view line_;
  const std::vector<LiteralOverride>* overrides_ = nullptr;
  std::size_t next_override_ = 0;
  std::size_t max_string_bytes_ = static_cast<std::size_t>(-1);
  std::size_t part_start_ = kNoPart;
  std::uint32_t run_ = kNoRun;        // the number node the next number in this array extends
  std::uint32_t string_ordinal_ = 0;  // keys and strings finished so far
  bool raw_string_ = false;           // the current string is long and escaped: not copied
  bool string_too_long_ = false;
  bool number_out_of_range_ = false;
};

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
  std::vector<LiteralOverride> overrides;
};

Tape::Tape() = default;
Tape::~Tape() = default;

bool NumberRunLiterals::Next(std::string_view& literal) {
  std::size_t i = 0;
  while (i < rest_.size() && (rest_[i] == ',' || rest_[i] == ' ' || rest_[i] == '\t' ||
                              rest_[i] == '\n' || rest_[i] == '\r')) {
    ++i;
  }
  if (i == rest_.size()) return false;
  std::size_t end = i;
  while (end < rest_.size() && rest_[end] != ',' && rest_[end] != ' ' && rest_[end] != '\t' &&
         rest_[end] != '\n' && rest_[end] != '\r') {
    ++end;
  }
  literal = rest_.substr(i, end - i);
  rest_.remove_prefix(end);
  return true;
}

// The parsed line is valid JSON, so every `"` outside a string opens one, and strings come in
// the order the parser reported them: the n-th string of the line is the n-th key or string.
void Tape::ResolveRawStrings() {
  std::size_t next = 0;
  std::uint32_t ordinal = 0;
  std::size_t i = 0;
  while (i < input_.size() && next < raw_strings_.size()) {
    if (input_[i] != '"') {
      ++i;
      continue;
    }
    const std::size_t start = i + 1;
    std::size_t end = start;
    while (end < input_.size() && input_[end] != '"') end += input_[end] == '\\' ? 2 : 1;
    if (ordinal == raw_strings_[next].first) {
      Node& node = nodes_[raw_strings_[next].second];
      node.text_offset = static_cast<std::uint32_t>(start);
      node.text_length = static_cast<std::uint32_t>(end - start);
      ++next;
    }
    ++ordinal;
    i = end + 1;
  }
}

std::uint32_t Tape::ScratchNumber(const Node& run, std::string_view literal) {
  Node& scratch = nodes_[value_nodes_];
  scratch.type = NodeType::kNumber;
  scratch.is_float_literal = HasFractionOrExponent(literal);
  scratch.in_input = run.in_input;
  scratch.count = 1;
  scratch.end = value_nodes_ + 1;
  const std::string_view base = run.in_input ? input_ : std::string_view(text_);
  scratch.text_offset = static_cast<std::uint32_t>(literal.data() - base.data());
  scratch.text_length = static_cast<std::uint32_t>(literal.size());
  return value_nodes_;
}

SyntaxResult Tape::Parse(std::string_view text, std::size_t max_depth,
                         std::size_t max_string_bytes) {
  nodes_.clear();
  text_.clear();
  open_.clear();
  raw_strings_.clear();
  value_nodes_ = 0;
  input_ = text;
  // The tape indexes its text with 32-bit offsets; the reader's line bound keeps lines smaller.
  if (text.size() >= UINT32_MAX) return {SyntaxStatus::kTooLong, 0, "line too long"};
  // No line has more values than half its bytes, plus one. Reserving that much (pages cost once
  // written) saves the copies of growing, up to a cap: past it the list grows by realloc, which
  // moves a block that large with mremap, without a copy, and a process with a bound on its
  // address space is not asked for ten times a long line up front.
  constexpr std::size_t kReservedNodesCap = std::size_t{1} << 20;
  nodes_.reserve(std::min(text.size() / 2 + 2, kReservedNodesCap));
  // Likewise for escaped strings, which are copied: never more bytes than the line has.
  if (text_.capacity() < text.size()) text_.reserve(text.size());
  if (!parser_ || parser_->max_depth != max_depth) {
    parser_ = std::make_unique<Parser>(this, max_depth);
  } else {
    parser_->parser.reset();
  }
  TapeHandler& handler = parser_->parser.handler();
  handler.original_line_ = text;
  handler.Reset(max_string_bytes, text, nullptr);

  boost::system::error_code ec;
  std::size_t consumed = parser_->parser.write_some(false, text.data(), text.size(), ec);
  std::vector<LiteralOverride>& overrides = parser_->overrides;
  overrides.clear();
  std::size_t patched_consumed = consumed;
  if (ec == boost::json::error::exponent_overflow) {
    // Parse once more, every long exponent clamped (see ClampLongExponents).
    ClampLongExponents(text, patched_, overrides);
    input_ = patched_;
    nodes_.clear();
    text_.clear();
    open_.clear();
    raw_strings_.clear();
    parser_->parser.reset();
    handler.Reset(max_string_bytes, patched_, &overrides);
    ec.clear();
    patched_consumed = parser_->parser.write_some(false, patched_.data(), patched_.size(), ec);
    // Report positions on the line as written, not on the patched copy.
    consumed = patched_consumed;
    for (const LiteralOverride& o : overrides) {
      if (o.offset < patched_consumed) consumed = consumed + o.original_length - o.patched_length;
    }
  }
  value_nodes_ = static_cast<std::uint32_t>(nodes_.size());
  if (!ec && !raw_strings_.empty()) ResolveRawStrings();
  // The scratch node, made now so that reading never moves the nodes readers refer to.
  nodes_.push_back(Node{NodeType::kNumber});
  if (ec) {
    if (handler.string_too_long()) return {SyntaxStatus::kTooLong, consumed, "string too long"};
    if (ec == boost::json::error::too_deep) {
      return {SyntaxStatus::kTooDeep, consumed, "nesting too deep"};
    }
    return {SyntaxStatus::kInvalidJson, consumed, ec.message()};
  }
  if (patched_consumed != input_.size()) {
    return {SyntaxStatus::kInvalidJson, consumed, "trailing characters"};
  }
  if (handler.number_out_of_range()) {
    return {SyntaxStatus::kNumberOutOfRange, consumed, "number out of range"};
  }
  return {SyntaxStatus::kOk, consumed, {}};
}

}  // namespace tracedoc::json
