// The handler behind FastRecordDecoder. Each callback either takes the value the record expects
// next or declines (returns false), which stops the parse: the line then goes to the general
// path. It declines whatever the general path might read differently or fail on, so a line it
// accepts decodes to the same Event.
#include "decode/fast_record_decoder.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include <boost/json/basic_parser_impl.hpp>

#include "decode/fast_field_tables.hpp"
#include "format/revision_rules.hpp"
#include "json/number.hpp"
#include "json/no_parser_limits.hpp"

namespace tracedoc::decode {
namespace {

using format::SlotKind;
using boost::json::string_view;
using ErrorCode = boost::system::error_code;

template <class Word>
Word Load(const char* p) {
  Word word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// Whether two keys or names are equal. They are short: two loads of each (overlapping when
// shorter than twice the load) instead of a call to memcmp, which showed in the profile.
[[gnu::always_inline]] inline bool SameText(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  const char* x = a.data();
  const char* y = b.data();
  if (n >= 8) {
    if (n > 16) return std::memcmp(x, y, n) == 0;
    return Load<std::uint64_t>(x) == Load<std::uint64_t>(y) &&
           Load<std::uint64_t>(x + n - 8) == Load<std::uint64_t>(y + n - 8);
  }
  if (n >= 4) {
    return Load<std::uint32_t>(x) == Load<std::uint32_t>(y) &&
           Load<std::uint32_t>(x + n - 4) == Load<std::uint32_t>(y + n - 4);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (x[i] != y[i]) return false;
  }
  return true;
}

class FastRecordHandler : public json::NoParserLimits {
 public:
  explicit FastRecordHandler(std::size_t max_string_bytes)
      : tables_(GetFastTables()), max_string_bytes_(max_string_bytes) {}

  void Start(std::string_view line, util::Arena& arena, Event& event) {
    line_ = line;
    arena_ = &arena;
    event_ = &event;
    expect_ = Expect::kRecord;
    seen_ = 0;
    next_field_ = 0;
  }
  bool done() const { return expect_ == Expect::kDone; }

  bool on_document_begin(ErrorCode&) { return true; }
  bool on_document_end(ErrorCode&) { return true; }

  bool on_object_begin(ErrorCode& ec) {
    if (expect_ != Expect::kRecord) return Decline(ec);
    expect_ = Expect::kKindKey;
    return true;
  }
  bool on_object_end(std::size_t, ErrorCode& ec) {
    // Missing required fields are the general path's missing_field.
    if (expect_ != Expect::kFieldKey || (seen_ & table_->required) != table_->required) {
      return Decline(ec);
    }
    expect_ = Expect::kDone;
    return true;
  }
  bool on_array_begin(ErrorCode& ec) {
    if (expect_ != Expect::kFieldValue ||
        (field_->kind != SlotKind::kU64Array && field_->kind != SlotKind::kStringArray)) {
      return Decline(ec);
    }
    numbers_.clear();
    strings_.clear();
    expect_ = Expect::kElements;
    return true;
  }
  bool on_array_end(std::size_t, ErrorCode& ec) {
    if (expect_ != Expect::kElements) return Decline(ec);
    if (field_->kind == SlotKind::kU64Array) {
      SetArray(numbers_);
    } else {
      SetArray(strings_);
    }
    expect_ = Expect::kFieldKey;
    return true;
  }

  // Escaped keys and strings arrive in parts: declined.
  bool on_key_part(string_view, std::size_t, ErrorCode& ec) { return Decline(ec); }
  bool on_key(string_view s, std::size_t size, ErrorCode& ec) {
    if (size > max_string_bytes_) return Decline(ec);
    const std::string_view key(s.data(), s.size());
    switch (expect_) {
      case Expect::kKindKey:
        if (!SameText(key, "kind")) return Decline(ec);
        expect_ = Expect::kKindValue;
        return true;
      case Expect::kEdgeKindKey:
        if (!SameText(key, "edge_kind")) return Decline(ec);
        expect_ = Expect::kEdgeKindValue;
        return true;
      case Expect::kFieldKey:
        return FindField(key) || Decline(ec);
      default:
        return Decline(ec);
    }
  }
  bool on_string_part(string_view, std::size_t, ErrorCode& ec) { return Decline(ec); }
  bool on_string(string_view s, std::size_t size, ErrorCode& ec) {
    if (size > max_string_bytes_ || !InLine(s)) return Decline(ec);
    const std::string_view text(s.data(), s.size());
    switch (expect_) {
      case Expect::kKindValue:
        return SetKind(text) || Decline(ec);
      case Expect::kEdgeKindValue:
        return SetEdgeKind(text) || Decline(ec);
      case Expect::kElements:
        if (field_->kind != SlotKind::kStringArray) return Decline(ec);
        strings_.push_back(text);
        return true;
      case Expect::kFieldValue:
        break;
      default:
        return Decline(ec);
    }
    switch (field_->kind) {
      case SlotKind::kString:
        Member<std::string_view>() = text;
        break;
      case SlotKind::kOptionalString:
        Member<std::optional<std::string_view>>() = text;
        break;
      case SlotKind::kEnum:
      case SlotKind::kOptionalEnum:
        if (!field_->set_enum(Target(), text)) return Decline(ec);
        break;
      default:
        return Decline(ec);
    }
    expect_ = Expect::kFieldKey;
    return true;
  }

  bool on_number_part(string_view, ErrorCode& ec) { return Decline(ec); }
  // Boost.JSON reports integers without fraction or exponent as int64 or uint64, and every
  // other literal as a double. `-0` is an int64 0: the general path reads it as negative.
  bool on_int64(std::int64_t value, string_view s, ErrorCode& ec) {
    if (value < 0 || s.front() == '-') return Float(s, ec);
    return Unsigned(static_cast<std::uint64_t>(value), s, ec);
  }
  bool on_uint64(std::uint64_t value, string_view s, ErrorCode& ec) {
    return Unsigned(value, s, ec);
  }
  bool on_double(double, string_view s, ErrorCode& ec) { return Float(s, ec); }

  bool on_bool(bool value, ErrorCode& ec) {
    if (expect_ != Expect::kFieldValue || field_->kind != SlotKind::kBool) return Decline(ec);
    Member<bool>() = value;
    expect_ = Expect::kFieldKey;
    return true;
  }
  // A null is None for an optional field (the record's default), an error for any other.
  bool on_null(ErrorCode& ec) {
    if (expect_ != Expect::kFieldValue) return Decline(ec);
    switch (field_->kind) {
      case SlotKind::kOptionalString:
      case SlotKind::kOptionalU64:
      case SlotKind::kOptionalF64:
      case SlotKind::kOptionalEnum:
        expect_ = Expect::kFieldKey;
        return true;
      default:
        return Decline(ec);
    }
  }

  bool on_comment_part(string_view, ErrorCode& ec) { return Decline(ec); }
  bool on_comment(string_view, ErrorCode& ec) { return Decline(ec); }

 private:
  // What the next callback may be, in the order of a plain record.
  enum class Expect : std::uint8_t {
    kRecord,
    kKindKey,
    kKindValue,
    kEdgeKindKey,
    kEdgeKindValue,
    kFieldKey,
    kFieldValue,
    kElements,
    kDone,
  };

  static bool Decline(ErrorCode& ec) {
    ec = boost::json::error::syntax;
    return false;
  }

  bool InLine(string_view s) const {
    return s.data() >= line_.data() && s.data() + s.size() <= line_.data() + line_.size();
  }

  void* Target() const { return record_ + field_->offset; }
  template <class T>
  T& Member() const {
    return *static_cast<T*>(Target());
  }

  bool SetKind(std::string_view kind) {
    std::size_t index = 0;
    while (index < format::kKindCount && !SameText(format::kKindNames[index], kind)) ++index;
    if (index == format::kKindCount) return false;
    table_ = &tables_.kinds[index];
    if (table_->emplace == nullptr) return false;
    record_ = static_cast<std::byte*>(table_->emplace(*event_));
    expect_ =
        index == format::kVariantIndex<EdgeRecord> ? Expect::kEdgeKindKey : Expect::kFieldKey;
    return true;
  }
  bool SetEdgeKind(std::string_view spelling) {
    const std::optional<EdgeKind> edge_kind = EnumFromName<EdgeKind>(spelling);
    if (!edge_kind) return false;
    reinterpret_cast<EdgeRecord*>(record_)->edge_kind = *edge_kind;
    if (*edge_kind == EdgeKind::kData) table_ = &tables_.data_edge;
    expect_ = Expect::kFieldKey;
    return true;
  }

  // Keys mostly come in table order: the field after the last one is tried first.
  bool FindField(std::string_view key) {
    const std::vector<FastField>& fields = table_->fields;
    std::size_t f = next_field_;
    if (f >= fields.size() || !SameText(fields[f].name, key)) {
      f = 0;
      while (f < fields.size() && !SameText(fields[f].name, key)) ++f;
      if (f == fields.size()) return false;  // unknown, or a tag given twice
    }
    const std::uint32_t bit = 1u << f;
    if ((seen_ & bit) != 0) return false;  // duplicate_key
    seen_ |= bit;
    field_ = &fields[f];
    next_field_ = f + 1;
    expect_ = Expect::kFieldValue;
    return true;
  }

  bool Unsigned(std::uint64_t value, string_view s, ErrorCode& ec) {
    if (expect_ == Expect::kElements && field_->kind == SlotKind::kU64Array) {
      numbers_.push_back(value);
      return true;
    }
    if (expect_ != Expect::kFieldValue) return Decline(ec);
    switch (field_->kind) {
      case SlotKind::kU64:
        Member<std::uint64_t>() = value;
        break;
      case SlotKind::kOptionalU64:
        Member<std::optional<std::uint64_t>>() = value;
        break;
      case SlotKind::kF64:
      case SlotKind::kOptionalF64:
        return Float(s, ec);
      default:
        return Decline(ec);
    }
    expect_ = Expect::kFieldKey;
    return true;
  }
  // Read again from the literal, correctly rounded, as the general path does (Boost.JSON 1.81's
  // own conversion is not); a literal beyond the double range is the general path's error.
  bool Float(string_view s, ErrorCode& ec) {
    if (expect_ != Expect::kFieldValue) return Decline(ec);
    double value = 0;
    if (!json::ParseF64(std::string_view(s.data(), s.size()), value)) return Decline(ec);
    switch (field_->kind) {
      case SlotKind::kF64:
        Member<double>() = value;
        break;
      case SlotKind::kOptionalF64:
        Member<std::optional<double>>() = value;
        break;
      default:
        return Decline(ec);
    }
    expect_ = Expect::kFieldKey;
    return true;
  }

  template <class T>
  void SetArray(const std::vector<T>& items) {
    T* copy = arena_->Allocate<T>(items.size());
    if (!items.empty()) std::memcpy(static_cast<void*>(copy), items.data(), items.size() * sizeof(T));
    Member<ArrayView<T>>() = ArrayView<T>(copy, items.size());
  }

  const FastTables& tables_;
  const std::size_t max_string_bytes_;
  std::string_view line_;
  util::Arena* arena_ = nullptr;
  Event* event_ = nullptr;
  const FastRecordTable* table_ = nullptr;
  std::byte* record_ = nullptr;
  const FastField* field_ = nullptr;  // the field whose value comes next
  Expect expect_ = Expect::kRecord;
  std::uint32_t seen_ = 0;  // one bit per field of table_
  std::size_t next_field_ = 0;
  // The elements of the array being read; bounded by kMaxLineBytes.
  std::vector<std::uint64_t> numbers_;
  std::vector<std::string_view> strings_;
};

boost::json::parse_options ParseOptions(const DecodeOptions& options) {
  boost::json::parse_options parse;
  parse.max_depth = options.max_nesting_depth;
  return parse;
}

}  // namespace

struct FastRecordDecoder::Parser {
  explicit Parser(const DecodeOptions& options)
      : parser(ParseOptions(options), options.max_string_bytes) {}
  boost::json::basic_parser<FastRecordHandler> parser;
};

FastRecordDecoder::FastRecordDecoder(const DecodeOptions& options)
    : parser_(std::make_unique<Parser>(options)),
      // Its tables are trace/10's (and trace/9's).
      enabled_(!format::DecodingRules(options.trace6).legacy_fields) {}
FastRecordDecoder::~FastRecordDecoder() = default;

bool FastRecordDecoder::Decode(std::string_view line, util::Arena& arena, Event& event) {
  // `{` and `}` at the ends: nothing for the general path's Unicode trim to remove.
  if (!enabled_ || line.size() < 2 || line.size() > kMaxLineBytes || line.front() != '{' ||
      line.back() != '}') {
    return false;
  }
  arena.Reset();
  boost::json::basic_parser<FastRecordHandler>& parser = parser_->parser;
  parser.reset();
  parser.handler().Start(line, arena, event);
  boost::system::error_code ec;
  const std::size_t consumed = parser.write_some(false, line.data(), line.size(), ec);
  return !ec && consumed == line.size() && parser.handler().done();
}

}  // namespace tracedoc::decode
