// Reads and writes one JSON object through a field table: the loop that applies the §1.0 rules
// (duplicates, unknown keys kept, nulls, defaults, missing fields in declaration order).
#ifndef TRACEDOC_FORMAT_OBJECT_CODEC_HPP_
#define TRACEDOC_FORMAT_OBJECT_CODEC_HPP_

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "format/record_fields.hpp"

namespace tracedoc::format {

/// Serializes the tape value at `node` as compact JSON: numbers as written, strings re-escaped.
void AppendCompactJson(const json::Tape& tape, std::uint32_t node, std::string& out);

/// Reads the object at `node` into `record`. Keys in `reserved` (the record's tags, `kind` and
/// `edge_kind`, already checked by the caller) are skipped. Keys no field names go to `unknown`
/// or, in strict mode, fail with unknown_field.
template <class Record>
bool ReadObject(DecodeContext& ctx, std::uint32_t node, std::span<const FieldSpec<Record>> fields,
                Record& record, UnknownFields& unknown,
                std::span<const std::string_view> reserved = {}) {
  const json::Node& object = ctx.node(node);
  if (object.type != json::NodeType::kObject) {
    return FailType(ctx, node, "a map");
  }
  std::uint32_t seen = 0;  // one bit per field; no table has 32 fields
  const std::size_t unknown_start = ctx.unknown_members.size();
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const std::uint32_t value_node = key_node + 1;
    const std::uint32_t next = ctx.node(value_node).end;
    const std::string_view key = ctx.text(key_node);
    std::size_t f = 0;
    while (f < fields.size() && fields[f].name != key) ++f;
    if (f == fields.size()) {
      if (std::find(reserved.begin(), reserved.end(), key) == reserved.end()) {
        if (ctx.strict_unknown_fields) {
          return ctx.Fail(ErrorCode::kUnknownField, "unknown field `" + std::string(key) + "`",
                          key);
        }
        ctx.unknown_members.push_back(key_node);
      }
      key_node = next;
      continue;
    }
    if (seen & (1u << f)) {
      return ctx.Fail(ErrorCode::kDuplicateKey, "duplicate field `" + std::string(key) + "`", key);
    }
    seen |= 1u << f;
    // A `null` for a field that is not optional fails in the field's reader.
    const PathStep step{ctx.path, key};
    const PathStep* saved = ctx.path;
    ctx.path = &step;
    const bool ok = fields[f].read(ctx, value_node, record);
    ctx.path = saved;
    if (!ok) return false;
    key_node = next;
  }
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (!(seen & (1u << f)) && fields[f].presence == Presence::kRequired) {
      return ctx.Fail(ErrorCode::kMissingField,
                      "missing field `" + std::string(fields[f].name) + "`", fields[f].name);
    }
  }
  const std::size_t unknown_count = ctx.unknown_members.size() - unknown_start;
  if (unknown_count != 0) {
    // Encoded straight into one buffer that has room for all of it (its pages cost only once
    // written), so that growing it never copies a large value; a large one is then kept as is.
    std::string& encoded = ctx.json_scratch;
    encoded.clear();
    encoded.reserve(ctx.tape.input_size() + 8 * unknown_count);
    for (std::size_t i = 0; i < unknown_count; ++i) {
      const std::uint32_t member_key = ctx.unknown_members[unknown_start + i];
      const std::size_t json_start = encoded.size() + 8 + ctx.text(member_key).size();
      AppendUnknownField(encoded, ctx.text(member_key), {});
      AppendCompactJson(ctx.tape, member_key + 1, encoded);
      const std::size_t json_size = encoded.size() - json_start;
      for (int b = 0; b < 4; ++b) {
        encoded[json_start - 4 + b] = static_cast<char>((json_size >> (8 * b)) & 0xFF);
      }
    }
    if (encoded.size() >= util::Arena::kLargeBytes) {
      unknown = UnknownFields(ctx.arena.Keep(std::move(encoded)), unknown_count);
      encoded = std::string();
    } else {
      unknown = UnknownFields(ctx.arena.CopyString(encoded), unknown_count);
    }
    ctx.unknown_members.resize(unknown_start);
  }
  return true;
}

/// Writes the fields of `record` in table order, then its unknown members, into the object
/// open in `json`.
template <class Record>
void WriteFields(emit::JsonEmitter& json, std::span<const FieldSpec<Record>> fields,
                 const Record& record, const UnknownFields& unknown) {
  for (const FieldSpec<Record>& field : fields) field.write(json, field.name, record);
  WriteUnknown(json, unknown);
}

/// Re-points every string and array of `record`, its unknown members included, into `pool`.
template <class Record>
void OwnFields(util::StringPool& pool, std::span<const FieldSpec<Record>> fields, Record& record) {
  for (const FieldSpec<Record>& field : fields) field.own(pool, record);
  Own(pool, record.unknown);
}

}  // namespace tracedoc::format

#endif  // TRACEDOC_FORMAT_OBJECT_CODEC_HPP_
