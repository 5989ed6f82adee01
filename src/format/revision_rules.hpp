// What each revision of the format changes, as named rules: the one place that maps a schema
// string or a SchemaRevision to its behaviour. Reading, folding, writing and the analyses ask a
// rule ("has a terminal?", "trace/6's analyses?"), never which revision a document is, so what
// trace/6 and trace/9 change from trace/10 is this table (docs/legacy-trace6.md, docs/tracedoc.md §1).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "format/record_traits.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::format {

struct RevisionRules {
  SchemaRevision revision = SchemaRevision::kTrace10;
  /// The meta's `schema` that selects these rules.
  std::string_view schema;
  /// Whether the revision defines terminal, tensor_stats and device_interval records; a kind it
  /// does not define is unknown_kind where the kind is read. trace/6 defines none of them.
  bool terminal = true;
  bool tensor_stats = true;
  bool device_intervals = true;
  /// A tensor_stats record decodes but may not stand in the document (trace/9:
  /// schema_lacks_tensor_stats, named at the record).
  bool refuses_tensor_stats = false;
  /// trace/6's field tables and defaults (docs/legacy-trace6.md §9.2): untagged call edges,
  /// `storage_bytes`, a run meta without contracts; format::FieldsOf picks them.
  bool legacy_fields = false;
  /// Memory events keyed by tensor, not storage: trace/6's memory replay (§9.3), its health
  /// checks and JSON shapes (§9.4), and its summary's `peak_bytes`.
  bool legacy_analyses = false;

  /// Whether a record of the kind at `kind_index` (the Event variant's index) is defined.
  constexpr bool Defines(std::size_t kind_index) const {
    return (terminal || kind_index != kVariantIndex<TerminalRecord>) &&
           (tensor_stats || kind_index != kVariantIndex<TensorStatsRecord>) &&
           (device_intervals || kind_index != kVariantIndex<DeviceIntervalRecord>);
  }
};

inline constexpr RevisionRules kTrace10Rules{.revision = SchemaRevision::kTrace10,
                                             .schema = kSchema};
inline constexpr RevisionRules kTrace9Rules{
    .revision = SchemaRevision::kTrace9, .schema = kPreviousSchema, .refuses_tensor_stats = true};
inline constexpr RevisionRules kTrace6Rules{.revision = SchemaRevision::kTrace6,
                                            .schema = kLegacySchema,
                                            .terminal = false,
                                            .tensor_stats = false,
                                            .device_intervals = false,
                                            .legacy_fields = true,
                                            .legacy_analyses = true};

/// Every revision tracedoc reads.
inline constexpr std::array<const RevisionRules*, 3> kEveryRevision = {&kTrace10Rules, &kTrace9Rules,
                                                                       &kTrace6Rules};

/// The rules of the revision whose schema string is `schema`; null for a schema tracedoc does
/// not read (unsupported_schema).
constexpr const RevisionRules* RulesOfSchema(std::string_view schema) {
  for (const RevisionRules* rules : kEveryRevision) {
    if (rules->schema == schema) return rules;
  }
  return nullptr;
}

constexpr const RevisionRules& RulesOf(SchemaRevision revision) {
  for (const RevisionRules* rules : kEveryRevision) {
    if (rules->revision == revision) return *rules;
  }
  return kTrace10Rules;
}

/// The rules whose tables read and write a meta of `schema`: its own, or trace/10's for a schema
/// tracedoc does not read (the fold names that one: unsupported_schema).
constexpr const RevisionRules& MetaRules(std::string_view schema) {
  const RevisionRules* rules = RulesOfSchema(schema);
  return rules != nullptr ? *rules : kTrace10Rules;
}

/// The rules a decoder's `trace6` option asks for: trace/6's tables, or trace/10's (which read
/// trace/9 too).
constexpr const RevisionRules& DecodingRules(bool trace6) {
  return trace6 ? kTrace6Rules : kTrace10Rules;
}

}  // namespace tracedoc::format
