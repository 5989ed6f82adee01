// The record layer: finds `kind` (anywhere in the object), then reads the record's fields
// through its table. The syntax layer (json/json_tape) has already checked the JSON.
#include "tracedoc/record_decoder.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "decode/decoder_access.hpp"
#include "decode/fast_record_decoder.hpp"
#include "format/decode_context.hpp"
#include "format/object_codec.hpp"
#include "format/record_traits.hpp"
#include "format/revision_rules.hpp"
#include "format/trace6_fields.hpp"
#include "format/unsupported_schema.hpp"
#include "json/json_tape.hpp"
#include "text/utf8.hpp"

namespace tracedoc {
namespace {

constexpr std::array<std::string_view, 1> kReservedKind = {"kind"};
constexpr std::array<std::string_view, 2> kReservedMeta = {"kind", "schema"};
constexpr std::array<std::string_view, 2> kReservedEdge = {"kind", "edge_kind"};

// Finds the one member named `key` at the top of the object. A second one is duplicate_key.
// Sets `value_node` to 0 when absent (node 0 is the object itself, never a member).
bool FindUniqueMember(format::DecodeContext& ctx, std::string_view key, std::uint32_t& value_node) {
  value_node = 0;
  const json::Node& object = ctx.node(0);
  std::uint32_t key_node = 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    if (ctx.text(key_node) == key) {
      if (value_node != 0) {
        return ctx.Fail(ErrorCode::kDuplicateKey, "duplicate field `" + std::string(key) + "`",
                        key);
      }
      value_node = key_node + 1;
    }
    key_node = ctx.node(key_node + 1).end;
  }
  return true;
}

// A discriminator: present, a string, and spelled as one of `names`; its index in `names`.
bool ReadTag(format::DecodeContext& ctx, std::string_view key, const std::string_view* names,
             std::size_t count, ErrorCode unknown_code, std::size_t& tag) {
  std::uint32_t value_node = 0;
  if (!FindUniqueMember(ctx, key, value_node)) return false;
  if (value_node == 0) {
    return ctx.Fail(ErrorCode::kMissingField, "missing field `" + std::string(key) + "`", key);
  }
  const format::PathStep step{nullptr, key};
  ctx.path = &step;
  if (ctx.node(value_node).type != json::NodeType::kString) {
    format::FailType(ctx, value_node, "variant identifier");
    ctx.path = nullptr;
    return false;
  }
  const std::string_view text = ctx.text(value_node);
  for (tag = 0; tag < count; ++tag) {
    if (names[tag] == text) {
      ctx.path = nullptr;
      return true;
    }
  }
  ctx.Fail(unknown_code,
           "unknown variant `" + std::string(text) + "`, " + format::ExpectedOneOf(names, count));
  ctx.path = nullptr;
  return false;
}

// The members of a record, through its table (`kind` already read). The meta and the edge
// first read their second tag: `schema`, `edge_kind`.
template <class Record>
bool ReadMembers(format::DecodeContext& ctx, Record& record, const format::RevisionRules& rules) {
  return format::ReadObject(ctx, 0, format::FieldsOf(record, rules), record, record.unknown,
                            kReservedKind);
}

// The meta's own `schema` says which table its run metadata has.
bool ReadMembers(format::DecodeContext& ctx, MetaRecord& meta, const format::RevisionRules&) {
  std::uint32_t schema_node = 0;
  if (!FindUniqueMember(ctx, "schema", schema_node)) return false;
  if (schema_node == 0)
    return ctx.Fail(ErrorCode::kMissingField, "missing field `schema`", "schema");
  const format::PathStep step{nullptr, "schema"};
  ctx.path = &step;
  const bool ok = format::ReadValue(ctx, schema_node, meta.schema);
  ctx.path = nullptr;
  if (!ok) return false;
  // A schema tracedoc does not read says nothing of how the rest reads: the fold names it
  // (unsupported_schema) rather than a field that schema may not have.
  if (format::RulesOfSchema(meta.schema) == nullptr) return true;
  return format::ReadObject(ctx, 0, format::FieldsOf(meta, format::MetaRules(meta.schema)),
                            meta.run, meta.run.unknown, kReservedMeta);
}

bool ReadMembers(format::DecodeContext& ctx, EdgeRecord& edge,
                 const format::RevisionRules& rules) {
  if (rules.legacy_fields) {
    // trace/6's edge is untagged: a call between two spans.
    edge.edge_kind = EdgeKind::kCall;
    return format::ReadObject(ctx, 0, format::Edge6Fields(), edge, edge.unknown, kReservedKind);
  }
  const std::span<const std::string_view> edge_kinds = EnumSpellings<EdgeKind>();
  std::size_t edge_kind = 0;
  if (!ReadTag(ctx, "edge_kind", edge_kinds.data(), edge_kinds.size(), ErrorCode::kInvalidValue,
               edge_kind)) {
    return false;
  }
  edge.edge_kind = static_cast<EdgeKind>(edge_kind);
  return format::ReadObject(ctx, 0, format::RecordTraits<EdgeRecord>::Fields(edge), edge,
                            edge.unknown, kReservedEdge);
}

// A line without a trace's `kind` whose `schema` names one tracedoc does not read (another
// candle-graph protocol's first line, a later revision): that schema is the error to report.
bool NamesUnsupportedSchema(format::DecodeContext& ctx, std::string_view& schema) {
  const json::Node& object = ctx.node(0);
  std::uint32_t key_node = 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const json::Node& value = ctx.node(key_node + 1);
    if (ctx.text(key_node) == "schema" && value.type == json::NodeType::kString) {
      schema = ctx.text(key_node + 1);
      return format::RulesOfSchema(schema) == nullptr;
    }
    key_node = value.end;
  }
  return false;
}

}  // namespace

struct RecordDecoder::State {
  explicit State(const DecodeOptions& decode_options)
      : options(decode_options), fast(decode_options) {
    ctx.strict_unknown_fields = options.strict;
  }

  // The tape, then the record's table: any line, and every error.
  Result<Event> DecodeGeneral(std::string_view line, RecordPosition position);

  DecodeOptions options;
  json::Tape tape;
  util::Arena arena{16 * 1024};
  format::DecodeContext ctx{tape, arena, false, nullptr, {}, {}, {}, {}};
  // Plain records, straight from the parser's callbacks (decode/fast_record_decoder.hpp).
  decode::FastRecordDecoder fast;
  bool fast_path_enabled = true;
};

RecordDecoder::RecordDecoder(DecodeOptions options) {
  options.max_nesting_depth = std::min(options.max_nesting_depth, kMaxNestingDepthCap);
  state_ = std::make_unique<State>(options);
}
RecordDecoder::~RecordDecoder() = default;
RecordDecoder::RecordDecoder(RecordDecoder&&) noexcept = default;
RecordDecoder& RecordDecoder::operator=(RecordDecoder&&) noexcept = default;

// The fast path fills the result in place: an Event is large (the meta), and neither zeroing
// one nor copying it is free at millions of lines a second. It starts as a small record.
Result<Event> RecordDecoder::Decode(std::string_view line, RecordPosition position) {
  State& s = *state_;
  Result<Event> result(boost::outcome_v2::in_place_type<Event>,
                       std::in_place_type<SpanEndRecord>);
  // A line the fast path decodes is valid UTF-8: the parser has checked every byte.
  if (s.fast_path_enabled && s.fast.Decode(line, s.arena, result.value())) return result;
  if (!text::IsValidUtf8(line)) {
    result = Error{ErrorCode::kInvalidUtf8,
                   position.line,
                   position.index,
                   std::nullopt,
                   {},
                   "stream did not contain valid UTF-8"};
    return result;
  }
  result = s.DecodeGeneral(line, position);
  return result;
}

Result<Event> RecordDecoder::DecodeValidUtf8(std::string_view line, RecordPosition position) {
  State& s = *state_;
  Result<Event> result(boost::outcome_v2::in_place_type<Event>,
                       std::in_place_type<SpanEndRecord>);
  if (s.fast_path_enabled && s.fast.Decode(line, s.arena, result.value())) return result;
  result = s.DecodeGeneral(line, position);
  return result;
}

Result<Event> RecordDecoder::State::DecodeGeneral(std::string_view line, RecordPosition position) {
  const std::string_view text = text::TrimUnicodeWhitespace(line);
  const std::size_t leading = static_cast<std::size_t>(text.data() - line.data());
  auto fail = [&](ErrorCode code, std::optional<std::uint64_t> column, std::string field,
                  std::string message) -> Result<Event> {
    return Error{code, position.line, position.index, column, std::move(field), std::move(message)};
  };

  const json::SyntaxResult syntax =
      tape.Parse(text, options.max_nesting_depth, options.max_string_bytes);
  const std::uint64_t column = leading + syntax.consumed + 1;
  switch (syntax.status) {
    case json::SyntaxStatus::kOk:
      break;
    case json::SyntaxStatus::kInvalidJson:
    case json::SyntaxStatus::kStopped:  // no visitor here: never
      return fail(ErrorCode::kInvalidJson, column, {},
                  syntax.reason + " at column " + std::to_string(column));
    case json::SyntaxStatus::kTooDeep:
      return fail(ErrorCode::kLimitExceeded, column, {},
                  "JSON nesting deeper than " + std::to_string(options.max_nesting_depth));
    case json::SyntaxStatus::kTooLong:
      return fail(ErrorCode::kLimitExceeded, column, {}, "string longer than the bound");
    case json::SyntaxStatus::kNumberOutOfRange:
      return fail(ErrorCode::kOutOfRange, std::nullopt, {}, "number out of range");
  }

  if (ctx.node(0).type != json::NodeType::kObject) {
    return fail(
        ErrorCode::kNotAnObject, std::nullopt, {},
        "invalid type: " + format::DescribeUnexpected(ctx, 0) + ", expected a record object");
  }
  arena.Reset();
  ctx.ClearUnescaped();
  ctx.path = nullptr;
  ctx.unknown_members.clear();

  auto record_error = [&]() -> Result<Event> {
    ctx.error.line = position.line;
    ctx.error.index = position.index;
    ctx.error.column.reset();
    return ctx.error;
  };
  std::size_t kind = 0;
  if (!ReadTag(ctx, "kind", format::kKindNames.data(), format::kKindNames.size(),
               ErrorCode::kUnknownKind, kind)) {
    std::string_view schema;
    if (NamesUnsupportedSchema(ctx, schema)) {
      return fail(ErrorCode::kUnsupportedSchema, std::nullopt, {},
                  format::UnsupportedSchemaMessage(schema));
    }
    return record_error();
  }
  const format::RevisionRules& rules = format::DecodingRules(options.trace6);
  if (!rules.Defines(kind)) {
    std::vector<std::string_view> defined;
    for (std::size_t k = 0; k < format::kKindNames.size(); ++k) {
      if (rules.Defines(k)) defined.push_back(format::kKindNames[k]);
    }
    ctx.Fail(ErrorCode::kUnknownKind,
             "unknown variant `" + std::string(format::kKindNames[kind]) + "`, " +
                 format::ExpectedOneOf(defined.data(), defined.size()) + " (" +
                 std::string(rules.schema) + ")",
             "kind");
    return record_error();
  }
  Event event = format::EmptyEventOfKind(kind);
  if (!std::visit([&](auto& record) { return ReadMembers(ctx, record, rules); }, event)) {
    return record_error();
  }
  // Long escaped strings were copied once, into the tape: the event keeps that copy (and a
  // document can adopt it) rather than having it copied again.
  if (tape.copied_bytes() >= util::Arena::kLargeBytes) arena.Keep(tape.TakeCopiedText());
  return event;
}

std::vector<std::string> detail::DecoderAccess::TakeLargeBlocks(RecordDecoder& decoder) {
  return decoder.state_->arena.TakeLargeBlocks();
}

void detail::DecoderAccess::SetFastPath(RecordDecoder& decoder, bool enabled) {
  decoder.state_->fast_path_enabled = enabled;
}

}  // namespace tracedoc
