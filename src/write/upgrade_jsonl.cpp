// UpgradeToTrace10 (tracedoc/upgrade.hpp, docs/upgrade.md): the document walked in to_events
// order, each record made a trace/10 record and written with trace/10's tables.
#include <algorithm>
#include <ostream>
#include <string>
#include <string_view>

#include "document/latest_host_evidence.hpp"
#include "emit/json_emitter.hpp"
#include "emit/json_format.hpp"
#include "format/record_traits.hpp"
#include "format/revision_rules.hpp"
#include "tracedoc/event_order.hpp"
#include "tracedoc/upgrade.hpp"
#include "write/record_json.hpp"

namespace tracedoc {
namespace {

template <class Fields>
bool TableNames(const Fields& fields, std::string_view key) {
  return std::any_of(fields.begin(), fields.end(),
                     [key](const auto& field) { return field.name == key; });
}

// Whether trace/10 writes a member named `key` in this record: its table's fields and its tags.
template <class Record>
bool Trace10Names(const Record& record, std::string_view key) {
  return key == "kind" || TableNames(format::RecordTraits<Record>::Fields(record), key);
}
bool Trace10Names(const MetaRecord& record, std::string_view key) {
  return key == "kind" || key == "schema" ||
         TableNames(format::RecordTraits<MetaRecord>::Fields(record), key);
}
bool Trace10Names(const EdgeRecord& record, std::string_view key) {
  return key == "kind" || key == "edge_kind" ||
         TableNames(format::RecordTraits<EdgeRecord>::Fields(record), key);
}

// `unknown` with the members trace/10 names for `record` (and any member already called
// kUpgradeLegacyMembersKey) moved, in order, into one object member of that name at the end;
// `unknown` itself when none clashes. The result's bytes live in `storage`.
template <class Record>
UnknownFields WithoutClashes(const Record& record, const UnknownFields& unknown,
                             std::string& storage) {
  const auto clashes = [&](std::string_view key) {
    return key == kUpgradeLegacyMembersKey || Trace10Names(record, key);
  };
  if (std::none_of(unknown.begin(), unknown.end(),
                   [&](const UnknownField& field) { return clashes(field.key); })) {
    return unknown;
  }
  storage.clear();
  std::string moved = "{";
  std::size_t count = 0;
  for (const UnknownField& field : unknown) {
    if (clashes(field.key)) {
      if (moved.size() > 1) moved += ',';
      emit::AppendJsonString(moved, field.key);
      moved += ':';
      moved += field.json;
    } else {
      AppendUnknownField(storage, field.key, field.json);
      ++count;
    }
  }
  moved += '}';
  AppendUnknownField(storage, kUpgradeLegacyMembersKey, moved);
  return UnknownFields(storage, count + 1);
}

class Upgrader {
 public:
  explicit Upgrader(const TraceDocument& document)
      : legacy_(format::RulesOf(document.revision()).legacy_fields) {}

  template <class Record>
  Record Upgrade(const Record& record) {
    Record upgraded = record;
    if (legacy_) upgraded.unknown = WithoutClashes(record, record.unknown, storage_);
    return upgraded;
  }
  MetaRecord Upgrade(const MetaRecord& record) {
    MetaRecord upgraded = record;
    upgraded.schema = kSchema;
    if (legacy_) upgraded.run.unknown = WithoutClashes(record, record.run.unknown, storage_);
    return upgraded;
  }
  // trace/6 keys an allocation by its tensor: the tensor id names the storage.
  MemoryRecord Upgrade(const MemoryRecord& record) {
    MemoryRecord upgraded = record;
    if (legacy_) {
      upgraded.storage_id = record.tensor_id;
      upgraded.unknown = WithoutClashes(record, record.unknown, storage_);
    }
    return upgraded;
  }

 private:
  bool legacy_;
  std::string storage_;  // the current record's rewritten unknown members
};

void EmitUpgradedLines(emit::JsonEmitter& json, const TraceDocument& document) {
  const write::RecordStyle style{.with_kind = true, .drop_unknown = false};
  Upgrader upgrader(document);
  ForEachEvent(document, [&](const auto& record) {
    write::EmitRecord(json, upgrader.Upgrade(record), style);
    json.EndLine();
  });
  if (document.has_terminal()) return;
  std::string provenance;
  std::string schema_json;
  emit::AppendJsonString(schema_json, document.schema());
  AppendUnknownField(provenance, kUpgradedFromKey, schema_json);
  TerminalRecord terminal;
  terminal.outcome = RunOutcome::kComplete;
  terminal.timestamp_ns = detail::LatestHostEvidence(document);
  terminal.unknown = UnknownFields(provenance, 1);
  write::EmitRecord(json, terminal, style);
  json.EndLine();
}

}  // namespace

std::string UpgradeToTrace10(const TraceDocument& document) {
  std::string out;
  emit::EmitJson(out, /*pretty=*/false, EmitUpgradedLines, document);
  return out;
}

void UpgradeToTrace10(const TraceDocument& document, std::ostream& out) {
  emit::EmitJson(out, /*pretty=*/false, EmitUpgradedLines, document);
}

}  // namespace tracedoc
