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
#include <cstring>

#include <boost/json/basic_parser_impl.hpp>

#include "json/number.hpp"
#include "json/no_parser_limits.hpp"

namespace tracedoc::json {

namespace {

// Where the parsed input has a literal rewritten (see PatchLiterals): the literal as written.
struct LiteralOverride {
  std::size_t offset;           // of the literal in the patched input
  std::size_t original_offset;  // of the literal in the line as written
  std::size_t original_length;
  std::size_t patched_length;
};

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsJsonWhiteSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A bare NaN, Infinity or -Infinity at `at`, where a value may start: its length, else 0.
std::size_t NonFiniteLiteralAt(std::string_view line, std::size_t at) {
  for (const std::string_view word : {std::string_view("NaN"), std::string_view("Infinity"),
                                      std::string_view("-Infinity")}) {
    if (line.substr(at, word.size()) == word) return word.size();
  }
  return 0;
}

// What stands in for a non-finite literal of `length` bytes, so that positions stay those of
// the line: a number of the same length when the literal ends where a value may end; when a
// `.`, `e` or `E` continues it, a literal with an exponent already, so that the parser fails
// at that character, where the fault is.
std::string_view NonFiniteStandIn(std::size_t length, bool continued) {
  switch (length) {
    case 3:
      return continued ? "0e0" : "0.0";
    case 8:
      return continued ? "0e000000" : "0.000000";
    default:
      return continued ? "-0e000000" : "-0.000000";
  }
}

// Where the string whose opening quote is at `open` ends (its closing quote), or the line's end:
// memchr finds each quote, and a quote after an odd run of backslashes is escaped.
std::size_t StringEnd(std::string_view line, std::size_t open) {
  std::size_t at = open + 1;
  for (;;) {
    const void* quote = std::memchr(line.data() + at, '"', line.size() - at);
    if (quote == nullptr) return line.size();
    const auto q = static_cast<std::size_t>(static_cast<const char*>(quote) - line.data());
    std::size_t backslashes = 0;
    while (q - backslashes > open + 1 && line[q - backslashes - 1] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return q;
    at = q + 1;
  }
}

// The character before `at` outside white space (and after `floor`), '\0' at the start. Each
// call walks back over one run of white space only.
char PreviousSignificant(std::string_view line, std::size_t at, std::size_t floor) {
  while (at > floor && IsJsonWhiteSpace(line[at - 1])) --at;
  return at > floor ? line[at - 1] : (floor == 0 ? '\0' : line[floor - 1]);
}

// Copies `line` into `patched` with every exponent of more than 9 digits (outside strings)
// rewritten to 999999, keeping its sign, and, when `non_finite`, each bare NaN, Infinity and
// -Infinity standing where a value may start replaced by a number of the same length; lists
// what was rewritten. Boost.JSON fails an exponent beyond 32 bits although the literal is
// valid JSON; such a literal is out of the double range or rounds to zero whatever its
// digits, and the tape records it as written. One pass over the line, strings skipped with
// memchr, whatever the number of literals (issue 12, F1). Returns false, with `patched`
// empty, when nothing was rewritten.
bool PatchLiterals(std::string_view line, bool non_finite, std::string& patched,
                   std::vector<LiteralOverride>& overrides) {
  patched.clear();
  overrides.clear();
  std::size_t copied = 0;      // line[0, copied) is in `patched`
  std::size_t token_floor = 0;  // where the text since the last string or rewrite starts
  auto copy_up_to = [&](std::size_t end) {
    if (patched.empty()) patched.reserve(line.size());
    patched.append(line.substr(copied, end - copied));
    copied = end;
  };
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c == '"') {
      i = StringEnd(line, i) + 1;
      token_floor = std::min(i, line.size());
      continue;
    }
    if (non_finite && (c == 'N' || c == 'I' || c == '-')) {
      const std::size_t length = NonFiniteLiteralAt(line, i);
      const char previous = length == 0 ? 'x' : PreviousSignificant(line, i, 0);
      if (length != 0 && (previous == '\0' || previous == '[' || previous == ',' ||
                          previous == ':')) {
        const std::size_t after = i + length;
        const char next = after < line.size() ? line[after] : ' ';
        const bool ends = IsJsonWhiteSpace(next) || next == ',' || next == ']' || next == '}';
        const bool continued = next == '.' || next == 'e' || next == 'E';
        if (ends || continued) {
          copy_up_to(i);
          const std::size_t patched_start = patched.size();
          patched.append(NonFiniteStandIn(length, continued));
          overrides.push_back({patched_start, i, length, length});
          copied = after;
          i = after;
          token_floor = after;
          continue;
        }
      }
    }
    if ((c == 'e' || c == 'E') && i > token_floor &&
        (IsDigit(line[i - 1]) || line[i - 1] == '.')) {
      std::size_t digits = i + 1;
      if (digits < line.size() && (line[digits] == '+' || line[digits] == '-')) ++digits;
      std::size_t end = digits;
      while (end < line.size() && IsDigit(line[end])) ++end;
      if (end - digits > 9) {
        // The literal's start: back over its digits, sign and point, no further than another
        // exponent (a literal has one; with two the parser fails it whatever is rewritten).
        std::size_t literal_start = i;
        bool second_exponent = false;
        while (literal_start > token_floor) {
          const char b = line[literal_start - 1];
          if (b == 'e' || b == 'E') {
            second_exponent = true;
            break;
          }
          if (!(IsDigit(b) || b == '-' || b == '+' || b == '.')) break;
          --literal_start;
        }
        if (!second_exponent) {
          copy_up_to(digits);
          const std::size_t patched_start = patched.size() - (digits - literal_start);
          patched.append("999999");
          overrides.push_back({patched_start, literal_start, end - literal_start,
                               patched.size() - patched_start});
          copied = end;
          token_floor = end;
        }
      }
      // What follows the exponent's digits (`-1` in `1e99999999999-1`) is not part of the
      // literal: it stays for the parser to judge.
      i = end;
      continue;
    }
    ++i;
  }
  if (overrides.empty()) return false;
  copy_up_to(line.size());
  return true;
}

}  // namespace

class TapeHandler : public NoParserLimits {
 public:
  explicit TapeHandler(Tape* tape) : tape_(tape) {}

  void Reset(std::size_t max_string_bytes, std::string_view line,
             const std::vector<LiteralOverride>* overrides, bool track_offsets,
             ElementVisitor* visitor) {
    max_string_bytes_ = max_string_bytes;
    part_start_ = kNoPart;
    string_too_long_ = false;
    number_out_of_range_ = false;
    out_of_range_at_ = 0;
    stopped_ = false;
    line_ = line;
    overrides_ = overrides;
    next_override_ = 0;
    run_ = kNoRun;
    raw_string_ = false;
    string_ordinal_ = 0;
    track_offsets_ = track_offsets || visitor != nullptr;
    visitor_ = visitor;
    cursor_ = 0;
    offset_override_ = 0;
    offset_delta_ = 0;
    streamed_array_ = kNoNode;
  }
  bool string_too_long() const { return string_too_long_; }
  bool number_out_of_range() const { return number_out_of_range_; }
  /// Where the first literal beyond the double range starts, in the text as given.
  std::size_t out_of_range_at() const { return out_of_range_at_; }
  bool stopped() const { return stopped_; }

  bool on_document_begin(boost::system::error_code&) { return true; }
  bool on_document_end(boost::system::error_code&) { return true; }

  bool on_object_begin(boost::system::error_code&) {
    return OpenContainer(NodeType::kObject, '{');
  }
  bool on_object_end(std::size_t n, boost::system::error_code& ec) {
    return CloseContainer(n, ec);
  }
  bool on_array_begin(boost::system::error_code&) { return OpenContainer(NodeType::kArray, '['); }
  bool on_array_end(std::size_t n, boost::system::error_code& ec) { return CloseContainer(n, ec); }

  bool on_key_part(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return AppendStringPart(s, n, ec);
  }
  bool on_key(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return FinishText(NodeType::kString, s, n, ec) && ElementDone(ec);
  }
  bool on_string_part(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return AppendStringPart(s, n, ec);
  }
  bool on_string(boost::json::string_view s, std::size_t n, boost::system::error_code& ec) {
    return FinishText(NodeType::kString, s, n, ec) && ElementDone(ec);
  }

  bool on_number_part(boost::json::string_view s, boost::system::error_code& ec) {
    return AppendPart(s, 0, ec);
  }
  bool on_int64(std::int64_t, boost::json::string_view s, boost::system::error_code& ec) {
    return FinishNumber(s, ec) && ElementDone(ec);
  }
  bool on_uint64(std::uint64_t, boost::json::string_view s, boost::system::error_code& ec) {
    return FinishNumber(s, ec) && ElementDone(ec);
  }
  bool on_double(double, boost::json::string_view s, boost::system::error_code& ec) {
    return FinishNumber(s, ec) && ElementDone(ec);
  }

  bool on_bool(bool b, boost::system::error_code& ec) {
    return PushScalar(b ? NodeType::kTrue : NodeType::kFalse, b ? 't' : 'f') && ElementDone(ec);
  }
  bool on_null(boost::system::error_code& ec) {
    return PushScalar(NodeType::kNull, 'n') && ElementDone(ec);
  }

  // Comments are off in the parse options; these are never called but must exist.
  bool on_comment_part(boost::json::string_view, boost::system::error_code&) { return true; }
  bool on_comment(boost::json::string_view, boost::system::error_code&) { return true; }

 private:
  static constexpr std::size_t kNoPart = static_cast<std::size_t>(-1);
  static constexpr std::uint32_t kNoRun = static_cast<std::uint32_t>(-1);
  static constexpr std::uint32_t kNoNode = static_cast<std::uint32_t>(-1);
  static constexpr std::size_t kRawStringBytes = 64 * 1024;

  std::uint32_t NodeCount() const { return static_cast<std::uint32_t>(tape_->nodes_.size()); }

  // Offsets. Values arrive in text order, so one cursor that only moves forward finds where
  // each starts: between two values there are only white space and the punctuation `,:]}`
  // (and a string's closing quote), so the first `target` at or after the cursor is the value.
  std::size_t Locate(char target) {
    while (cursor_ < line_.size() && line_[cursor_] != target) ++cursor_;
    return cursor_;
  }
  // Past the string whose opening quote is at `quote`, escapes and all.
  std::size_t SkipString(std::size_t quote) const {
    std::size_t i = quote + 1;
    while (i < line_.size() && line_[i] != '"') i += line_[i] == '\\' ? 2 : 1;
    return i + 1;
  }
  // An offset in the parsed text as one in the text as given: only a clamped exponent has a
  // length of its own. Offsets come in increasing order, so the overrides are walked once.
  std::size_t OriginalOffset(std::size_t parsed) {
    if (overrides_ == nullptr) return parsed;
    while (offset_override_ < overrides_->size()) {
      const LiteralOverride& o = (*overrides_)[offset_override_];
      if (o.offset + o.patched_length > parsed) break;
      offset_delta_ += static_cast<std::ptrdiff_t>(o.original_length) -
                       static_cast<std::ptrdiff_t>(o.patched_length);
      ++offset_override_;
    }
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(parsed) + offset_delta_);
  }
  // The same for one offset asked out of order (the one out-of-range literal).
  std::size_t OriginalOffsetOnce(std::size_t parsed) const {
    std::ptrdiff_t delta = 0;
    if (overrides_ != nullptr) {
      for (const LiteralOverride& o : *overrides_) {
        if (o.offset + o.patched_length > parsed) break;
        delta += static_cast<std::ptrdiff_t>(o.original_length) -
                 static_cast<std::ptrdiff_t>(o.patched_length);
      }
    }
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(parsed) + delta);
  }
  void PushNode(const Node& node, std::size_t parsed_offset) {
    tape_->nodes_.push_back(node);
    if (track_offsets_) {
      tape_->offsets_.push_back(static_cast<std::uint32_t>(OriginalOffset(parsed_offset)));
    }
  }

  bool OpenContainer(NodeType type, char bracket) {
    run_ = kNoRun;
    const std::size_t at = track_offsets_ ? Locate(bracket) : 0;
    if (track_offsets_) ++cursor_;
    Node node{type};
    // An array that is a member of the root object may be handed out element by element.
    if (visitor_ != nullptr && type == NodeType::kArray && tape_->open_.size() == 1 &&
        tape_->nodes_[tape_->open_.front()].type == NodeType::kObject) {
      const Node& key = tape_->nodes_.back();
      const std::string_view key_text = tape_->text(key);
      if (!key.raw_escaped && visitor_->StreamsMember(key_text)) {
        node.streamed = true;
        streamed_array_ = NodeCount();
        streamed_key_.assign(key_text);
        streamed_index_ = 0;
        streamed_text_bytes_ = tape_->text_.size();
      }
    }
    tape_->open_.push_back(NodeCount());
    PushNode(node, at);
    return true;
  }
  bool CloseContainer(std::size_t n, boost::system::error_code& ec) {
    run_ = kNoRun;
    if (track_offsets_) {
      Locate(tape_->nodes_[tape_->open_.back()].type == NodeType::kObject ? '}' : ']');
      ++cursor_;
    }
    const std::uint32_t closed = tape_->open_.back();
    Node& node = tape_->nodes_[closed];
    tape_->open_.pop_back();
    node.count = static_cast<std::uint32_t>(n);
    node.end = NodeCount();
    if (closed == streamed_array_) streamed_array_ = kNoNode;
    return ElementDone(ec);
  }
  bool PushScalar(NodeType type, char first) {
    run_ = kNoRun;
    const std::size_t at = track_offsets_ ? Locate(first) : 0;
    Node node{type};
    node.end = NodeCount() + 1;
    PushNode(node, at);
    return true;
  }
  // Called after each complete value: an element of a streamed array goes to the visitor,
  // and its nodes (and escaped strings copied for it) are dropped.
  bool ElementDone(boost::system::error_code& ec) {
    if (streamed_array_ == kNoNode || tape_->open_.size() != 2 ||
        tape_->open_.back() != streamed_array_) {
      return true;
    }
    // A key is not a value: the element is the object or value after it.
    const std::uint32_t first = streamed_array_ + 1;
    // The scratch node sits past the element, as after a whole parse.
    tape_->value_nodes_ = NodeCount();
    tape_->nodes_.push_back(Node{NodeType::kNumber});
    if (track_offsets_) tape_->offsets_.push_back(0);
    const bool go_on = visitor_->OnElement(*tape_, streamed_key_, streamed_index_++, first);
    tape_->nodes_.ResizeForOverwrite(first);
    if (track_offsets_) tape_->offsets_.resize(first);
    tape_->text_.resize(streamed_text_bytes_);
    if (!go_on) {
      stopped_ = true;
      ec = boost::json::error::extra_data;
      return false;
    }
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
  // as written in the line (Tape::ResolveRawStrings, or at once when offsets are tracked), so
  // it never costs a second copy.
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
    const bool whole_in_line = part_start_ == kNoPart && InLine(s);
    std::size_t at = 0;
    if (track_offsets_) {
      // Strings only: numbers with offsets go through FinishTextAt.
      if (whole_in_line && !raw_string_) {
        at = static_cast<std::size_t>(s.data() - line_.data()) - 1;
        cursor_ = at + s.size() + 2;
      } else {
        at = Locate('"');
        cursor_ = SkipString(at);
      }
    }
    if (raw_string_) {
      raw_string_ = false;
      node.in_input = true;
      node.raw_escaped = true;
      if (track_offsets_) {
        node.text_offset = static_cast<std::uint32_t>(at + 1);
        node.text_length = static_cast<std::uint32_t>(cursor_ - at - 2);
      } else {
        tape_->raw_strings_.emplace_back(string_ordinal_ - 1, NodeCount());
      }
    } else {
      PlaceText(node, s, whole_in_line);
    }
    PushNode(node, at);
    return true;
  }
  // Where a finished string's or number's text is: a view into the line when it arrived whole
  // and lies there, else the tape's own copy, its pieces joined.
  void PlaceText(Node& node, boost::json::string_view s, bool whole_in_line) {
    if (whole_in_line) {
      node.in_input = true;
      node.text_offset = static_cast<std::uint32_t>(s.data() - line_.data());
      node.text_length = static_cast<std::uint32_t>(s.size());
      return;
    }
    std::string& text = tape_->text_;
    const std::size_t start = part_start_ == kNoPart ? text.size() : part_start_;
    part_start_ = kNoPart;
    text.append(s.data(), s.size());
    node.text_offset = static_cast<std::uint32_t>(start);
    node.text_length = static_cast<std::uint32_t>(text.size() - start);
  }
  bool FinishNumber(boost::json::string_view s, boost::system::error_code& ec) {
    // A rewritten literal: record it as written. Numbers arrive in order, and so do the
    // overrides, so one cursor finds each.
    bool overridden = false;
    const char* const parsed_at = s.data();
    if (overrides_ != nullptr && part_start_ == kNoPart && next_override_ < overrides_->size()) {
      const LiteralOverride& o = (*overrides_)[next_override_];
      if (line_.data() + o.offset == s.data()) {
        s = boost::json::string_view(original_line_.data() + o.original_offset, o.original_length);
        overridden = true;
        ++next_override_;
      }
    }
    const std::string_view literal(s.data(), s.size());
    const bool non_finite = overridden && IsNonFiniteLiteral(literal);
    const bool is_float = non_finite || HasFractionOrExponent(literal);
    if (non_finite) ++tape_->non_finite_literals_;
    // Only an exponent or more than 308 digits can leave the double range. The reference
    // fails such a literal wherever it stands, before looking at fields. (Integers have no
    // exponent: only float literals are scanned a second time.)
    if (!non_finite && !number_out_of_range_ &&
        ((is_float && HasExponent(literal)) || literal.size() > 308)) {
      double value = 0;
      number_out_of_range_ = !ParseF64(literal, value);
      if (number_out_of_range_) {
        out_of_range_at_ = overridden ? static_cast<std::size_t>(s.data() - original_line_.data())
                                      : OriginalOffsetOnce(static_cast<std::size_t>(
                                            parsed_at - line_.data()));
      }
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
      if (track_offsets_) cursor_ = static_cast<std::size_t>(s.data() + s.size() - line_.data());
      return true;
    }
    if (track_offsets_) {
      // Where the literal stands in the parsed text (a rewritten one: where its stand-in is).
      const std::size_t at = static_cast<std::size_t>(parsed_at - line_.data());
      cursor_ = at;
      FinishNumberAt(s, at);
      cursor_ = at + (overridden ? (*overrides_)[next_override_ - 1].patched_length : s.size());
    } else if (!FinishText(NodeType::kNumber, s, 0, ec)) {
      return false;
    }
    Node& node = tape_->nodes_.back();
    node.is_float_literal = is_float;
    node.count = 1;
    const bool in_array =
        !tape_->open_.empty() && tape_->nodes_[tape_->open_.back()].type == NodeType::kArray &&
        tape_->open_.back() != streamed_array_;
    if (whole_in_line && in_array) run_ = NodeCount() - 1;
    return true;
  }
  // FinishText for a number whose place in the parsed text is known.
  void FinishNumberAt(boost::json::string_view s, std::size_t at) {
    run_ = kNoRun;
    Node node{NodeType::kNumber};
    node.end = NodeCount() + 1;
    PlaceText(node, s, part_start_ == kNoPart && InLine(s));
    PushNode(node, at);
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
  std::size_t out_of_range_at_ = 0;
  bool stopped_ = false;
  bool track_offsets_ = false;
  std::size_t cursor_ = 0;  // in the parsed text: where the next value's search starts
  std::size_t offset_override_ = 0;
  std::ptrdiff_t offset_delta_ = 0;
  ElementVisitor* visitor_ = nullptr;
  std::uint32_t streamed_array_ = kNoNode;  // the array whose elements go to the visitor
  std::string streamed_key_;
  std::uint32_t streamed_index_ = 0;
  std::size_t streamed_text_bytes_ = 0;  // the tape's copied text when that array opened
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
  if (value_nodes_ < offsets_.size()) {
    // A literal of a run is in the parsed text; a rewritten literal before it may have moved it.
    const auto parsed = static_cast<std::size_t>(literal.data() - input_.data());
    std::ptrdiff_t delta = 0;
    const std::vector<LiteralOverride>& overrides = parser_->overrides;
    const auto after = std::upper_bound(
        overrides.begin(), overrides.end(), parsed,
        [](std::size_t at, const LiteralOverride& o) { return at < o.offset + o.patched_length; });
    if (after != overrides.begin()) delta = override_deltas_[(after - overrides.begin()) - 1];
    offsets_[value_nodes_] =
        static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(parsed) + delta);
  }
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
  ParseOptions options;
  options.max_depth = max_depth;
  options.max_string_bytes = max_string_bytes;
  return Parse(text, options);
}

SyntaxResult Tape::Parse(std::string_view text, const ParseOptions& options,
                         ElementVisitor* visitor) {
  nodes_.clear();
  offsets_.clear();
  text_.clear();
  open_.clear();
  raw_strings_.clear();
  value_nodes_ = 0;
  non_finite_literals_ = 0;
  input_ = text;
  // The tape indexes its text with 32-bit offsets; the reader's line bound keeps lines smaller.
  if (text.size() >= UINT32_MAX) return {SyntaxStatus::kTooLong, 0, "line too long"};
  const bool track_offsets = options.track_offsets || visitor != nullptr;
  // No line has more values than half its bytes, plus one. Reserving that much (pages cost once
  // written) saves the copies of growing, up to a cap: past it the list grows by realloc, which
  // moves a block that large with mremap, without a copy, and a process with a bound on its
  // address space is not asked for ten times a long line up front. Elements handed to a
  // visitor leave the tape, so then it holds one at a time.
  constexpr std::size_t kReservedNodesCap = std::size_t{1} << 20;
  constexpr std::size_t kStreamedNodesReserve = std::size_t{1} << 12;
  const std::size_t reserved =
      std::min(text.size() / 2 + 2, visitor != nullptr ? kStreamedNodesReserve : kReservedNodesCap);
  nodes_.reserve(reserved);
  if (track_offsets) offsets_.reserve(reserved);
  // Likewise for escaped strings, which are copied: never more bytes than the line has.
  if (visitor == nullptr && text_.capacity() < text.size()) text_.reserve(text.size());
  if (!parser_ || parser_->max_depth != options.max_depth) {
    parser_ = std::make_unique<Parser>(this, options.max_depth);
  } else {
    parser_->parser.reset();
  }
  TapeHandler& handler = parser_->parser.handler();
  handler.original_line_ = text;
  std::vector<LiteralOverride>& overrides = parser_->overrides;
  overrides.clear();
  // With non-finite literals allowed, or elements handed out as they come (which must not be
  // handed out twice), the literals are rewritten before the one parse; otherwise only when a
  // long exponent makes the first parse fail, which no trace line of a sane producer does.
  const bool patch_first = options.allow_non_finite || visitor != nullptr;
  // What each rewritten literal moved the text after it by, summed, for ScratchNumber.
  auto sum_deltas = [&] {
    override_deltas_.clear();
    std::ptrdiff_t delta = 0;
    for (const LiteralOverride& o : overrides) {
      delta += static_cast<std::ptrdiff_t>(o.original_length) -
               static_cast<std::ptrdiff_t>(o.patched_length);
      override_deltas_.push_back(delta);
    }
  };
  bool patched = patch_first && PatchLiterals(text, options.allow_non_finite, patched_, overrides);
  if (patched) input_ = patched_;
  sum_deltas();
  handler.Reset(options.max_string_bytes, input_, patched ? &overrides : nullptr, track_offsets,
                visitor);

  boost::system::error_code ec;
  std::size_t consumed = parser_->parser.write_some(false, input_.data(), input_.size(), ec);
  if (!patch_first && ec == boost::json::error::exponent_overflow) {
    // Parse once more, every long exponent clamped (see PatchLiterals).
    patched = PatchLiterals(text, false, patched_, overrides);
    input_ = patched_;
    sum_deltas();
    nodes_.clear();
    offsets_.clear();
    text_.clear();
    open_.clear();
    raw_strings_.clear();
    parser_->parser.reset();
    handler.Reset(options.max_string_bytes, patched_, &overrides, track_offsets, nullptr);
    ec.clear();
    consumed = parser_->parser.write_some(false, patched_.data(), patched_.size(), ec);
  }
  const std::size_t parsed_consumed = consumed;
  if (patched) {
    // Report positions on the line as written, not on the patched copy.
    for (const LiteralOverride& o : overrides) {
      if (o.offset < parsed_consumed) consumed = consumed + o.original_length - o.patched_length;
    }
  }
  value_nodes_ = static_cast<std::uint32_t>(nodes_.size());
  if (!ec && !raw_strings_.empty()) ResolveRawStrings();

  // The scratch node, made now so that reading never moves the nodes readers refer to.
  nodes_.push_back(Node{NodeType::kNumber});
  if (track_offsets) offsets_.push_back(0);
  if (ec) {
    if (handler.stopped()) return {SyntaxStatus::kStopped, consumed, "stopped"};
    if (handler.string_too_long()) return {SyntaxStatus::kTooLong, consumed, "string too long"};
    if (ec == boost::json::error::too_deep) {
      return {SyntaxStatus::kTooDeep, consumed, "nesting too deep"};
    }
    return {SyntaxStatus::kInvalidJson, consumed, ec.message()};
  }
  if (parsed_consumed != input_.size()) {
    return {SyntaxStatus::kInvalidJson, consumed, "trailing characters"};
  }
  if (handler.number_out_of_range()) {
    return {SyntaxStatus::kNumberOutOfRange, handler.out_of_range_at(), "number out of range"};
  }
  return {SyntaxStatus::kOk, consumed, {}};
}

}  // namespace tracedoc::json
