// Reads and writes one JSON object through a field table: the loop that applies the §1.0 rules
// (duplicates, unknown keys kept, nulls, defaults, missing fields in declaration order).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "format/record_fields.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::format {

/// How AppendCompactJson writes.
struct CompactJsonOptions {
  /// A bare NaN, Infinity or -Infinity (a spool's) as the string "NaN", "Infinity" or
  /// "-Infinity", so the output is JSON; otherwise as written.
  bool non_finite_as_strings = false;
  /// A member of the value (an object) left out, with its value; none when empty.
  std::string_view skip_member;
};

/// Serializes the tape value at `node` as compact JSON: numbers as written, strings re-escaped.
void AppendCompactJson(const json::Tape& tape, std::uint32_t node, std::string& out,
                       const CompactJsonOptions& options = {});

/// What an object reader does beyond the rules every format shares (duplicate known keys,
/// missing required fields, unknown members kept, a strict read refusing them, the path in
/// errors). The defaults are a trace record's (docs/trace-format.md §1.0).
struct ObjectPolicy {
  /// An unknown key written twice in one object is duplicate_key too (a TraceML record).
  bool unknown_keys_unique = false;
  /// Members out of the table's order are a warning, once per object (ObjectWarnings), or
  /// under strict the error traceml_field_order.
  bool check_order = false;
  /// Unknown members go to the enclosing object's, under their path from it (a TraceML phase
  /// sample's belong to its record).
  bool hoist_unknown = false;
  /// Unknown members are tolerated and not kept (a Cirron snapshot's stats).
  bool drop_unknown = false;
  /// The known members are read in the table's order, not as written, after every key has
  /// been looked at (a Cirron batch: its schema_version decides before anything else).
  bool table_order = false;
};

/// What ReadObject met, for the rules of a record that span several fields.
struct ObjectMembers {
  /// One bit per field of the table that was present.
  std::uint32_t seen = 0;
  /// The value node of each field present, by its place in the table.
  std::array<std::uint32_t, 32> nodes{};
};

namespace detail {

// An unknown member to keep: its key as written, or its path from the object that keeps it.
inline UnknownMember Unknown(DecodeContext& ctx, std::uint32_t key_node, bool hoisted) {
  if (!hoisted || ctx.path == nullptr) return key_node;
  const PathStep step{ctx.path, ctx.text(key_node)};
  const std::string path = DecodeContext::PathString(&step, ctx.unknown_base);
  ctx.hoisted.push_back(HoistedMember{ctx.arena.CopyString(path), key_node});
  return kHoisted | static_cast<std::uint32_t>(ctx.hoisted.size() - 1);
}

// Encodes the unknown members from `first` on into `unknown`, in one buffer that has room for
// all of it (its pages cost only once written), so that growing it never copies a large value;
// a large one is then kept as is.
inline void EncodeUnknown(DecodeContext& ctx, std::size_t first, UnknownFields& unknown) {
  const std::size_t count = ctx.unknown_members.size() - first;
  if (count == 0) return;
  std::string& encoded = ctx.json_scratch;
  encoded.clear();
  encoded.reserve(ctx.tape.input_size() + 8 * count);
  CompactJsonOptions options;
  options.non_finite_as_strings = ctx.non_finite_as_strings;
  for (std::size_t i = first; i < ctx.unknown_members.size(); ++i) {
    const UnknownMember member = ctx.unknown_members[i];
    const bool hoisted = (member & kHoisted) != 0;
    const std::uint32_t key_node = hoisted ? ctx.hoisted[member & ~kHoisted].key_node : member;
    const std::string_view key =
        hoisted ? ctx.hoisted[member & ~kHoisted].path : ctx.text(key_node);
    const std::size_t json_start = encoded.size() + 8 + key.size();
    AppendUnknownField(encoded, key, {});
    AppendCompactJson(ctx.tape, key_node + 1, encoded, options);
    const std::size_t json_size = encoded.size() - json_start;
    for (int b = 0; b < 4; ++b) {
      encoded[json_start - 4 + b] = static_cast<char>((json_size >> (8 * b)) & 0xFF);
    }
  }
  if (encoded.size() >= util::Arena::kLargeBytes) {
    unknown = UnknownFields(ctx.arena.Keep(std::move(encoded)), count);
    encoded = std::string();
  } else {
    unknown = UnknownFields(ctx.arena.CopyString(encoded), count);
  }
  ctx.unknown_members.resize(first);
  if (first == 0) ctx.hoisted.clear();
}

// Reads one known member through its field; a `null` for a field that is not optional fails
// in the field's reader.
template <class Record>
bool ReadField(DecodeContext& ctx, const FieldSpec<Record>& field, std::uint32_t value_node,
               Record& record) {
  const PathStep step{ctx.path, field.name};
  const PathStep* saved = ctx.path;
  ctx.path = &step;
  ctx.current = value_node;
  const bool ok = field.read(ctx, value_node, record);
  ctx.path = saved;
  return ok;
}

}  // namespace detail

/// Reads the object at `node` into `record`, members in the order written, each known one by
/// its field's reader. Keys in `reserved` (the record's tags, `kind` and `edge_kind`, already
/// checked by the caller) are skipped. Keys no field names go to `unknown` or, in strict mode,
/// fail with unknown_field. `policy` adds a format's own rules; `members`, when given, says
/// which fields were present and where.
template <class Record>
bool ReadObject(DecodeContext& ctx, std::uint32_t node, std::span<const FieldSpec<Record>> fields,
                Record& record, UnknownFields& unknown,
                std::span<const std::string_view> reserved = {}, const ObjectPolicy& policy = {},
                ObjectMembers* members = nullptr) {
  const json::Node& object = ctx.node(node);
  if (object.type != json::NodeType::kObject) {
    return FailType(ctx, node, "a map");
  }
  std::uint32_t seen = 0;  // one bit per field; no table has 32 fields
  std::array<std::uint32_t, 32> value_nodes{};  // of the fields seen, when kept
  std::size_t furthest = 0;  // the furthest field of the table met so far (check_order)
  bool order_reported = false;
  // Unknown keys seen, to find one written twice (unknown_keys_unique); made on first need.
  std::optional<boost::unordered_flat_set<std::string_view, util::SeededHash, std::equal_to<>>>
      unknown_keys;
  const std::size_t unknown_start = ctx.unknown_members.size();
  // Hoisted members of objects inside this one are named from here.
  const PathStep* const saved_base = ctx.unknown_base;
  if (!policy.hoist_unknown) ctx.unknown_base = ctx.path;
  struct RestoreBase {
    DecodeContext& ctx;
    const PathStep* base;
    ~RestoreBase() { ctx.unknown_base = base; }
  } restore_base{ctx, saved_base};
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const std::uint32_t value_node = key_node + 1;
    const std::uint32_t next = ctx.node(value_node).end;
    const std::string_view key = ctx.text(key_node);
    std::size_t f = 0;
    while (f < fields.size() && fields[f].name != key) ++f;
    if (f == fields.size()) {
      if (std::find(reserved.begin(), reserved.end(), key) == reserved.end()) {
        if (policy.unknown_keys_unique) {
          if (!unknown_keys) unknown_keys.emplace();
          if (!unknown_keys->insert(key).second) {
            return ctx.FailAt(key_node, ErrorCode::kDuplicateKey,
                              "duplicate field `" + std::string(key) + "`", key);
          }
        }
        if (ctx.strict_unknown_fields) {
          return ctx.FailAt(key_node, ErrorCode::kUnknownField,
                            "unknown field `" + std::string(key) + "`", key);
        }
        if (!policy.drop_unknown) {
          if (ctx.warnings != nullptr) ctx.warnings->UnknownMember(ctx, ctx.path, key, key_node);
          ctx.unknown_members.push_back(detail::Unknown(ctx, key_node, policy.hoist_unknown));
        }
      }
      key_node = next;
      continue;
    }
    if (seen & (1u << f)) {
      return ctx.FailAt(key_node, ErrorCode::kDuplicateKey,
                        "duplicate field `" + std::string(key) + "`", key);
    }
    seen |= 1u << f;
    if (policy.check_order) {
      if (f < furthest && !order_reported) {
        if (ctx.strict_unknown_fields) {
          const PathStep here{ctx.path, key};
          const PathStep after{ctx.path, fields[furthest].name};
          return ctx.FailAt(key_node, ErrorCode::kTraceMLFieldOrder,
                            "`" + DecodeContext::PathString(&here) + "` after `" +
                                DecodeContext::PathString(&after) + "`, out of column order",
                            key);
        }
        order_reported = true;
        if (ctx.warnings != nullptr) {
          ctx.warnings->OutOfOrder(ctx, ctx.path, key, fields[furthest].name, key_node);
        }
      }
      furthest = std::max(furthest, f);
    }
    if (policy.table_order || members != nullptr) value_nodes[f] = value_node;
    if (!policy.table_order && !detail::ReadField(ctx, fields[f], value_node, record)) {
      return false;
    }
    key_node = next;
  }
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (seen & (1u << f)) {
      if (policy.table_order &&
          !detail::ReadField(ctx, fields[f], value_nodes[f], record)) {
        return false;
      }
    } else if (fields[f].presence == Presence::kRequired) {
      return ctx.FailAt(node, ErrorCode::kMissingField,
                        "missing field `" + std::string(fields[f].name) + "`", fields[f].name);
    }
  }
  if (members != nullptr) {
    members->seen = seen;
    members->nodes = value_nodes;
  }
  if (!policy.hoist_unknown) detail::EncodeUnknown(ctx, unknown_start, unknown);
  return true;
}

/// Writes the fields of `record` in table order, then its unknown members, into the object
/// open in `json`.
template <class Record>
void WriteFields(emit::JsonEmitter& json, std::span<const FieldSpec<Record>> fields,
                 const Record& record, const UnknownFields& unknown) {
  for (const FieldSpec<Record>& field : fields) {
    // A foreign record's field that cannot be written (a record array streamed away) is left out.
    if (field.write != nullptr) field.write(json, field.name, record);
  }
  WriteUnknown(json, unknown);
}

/// Re-points every string and array of `record`, its unknown members included, into `pool`.
template <class Record>
void OwnFields(util::StringPool& pool, std::span<const FieldSpec<Record>> fields, Record& record) {
  for (const FieldSpec<Record>& field : fields) field.own(pool, record);
  Own(pool, record.unknown);
}

}  // namespace tracedoc::format
