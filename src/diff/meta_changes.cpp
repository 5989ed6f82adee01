#include "diff/meta_changes.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "tracedoc/enums.hpp"

namespace tracedoc::diff {
namespace {

using Value = std::optional<std::string>;

Value Text(std::string_view text) { return std::string(text); }
Value Text(const std::optional<std::string_view>& text) {
  return text ? Value(std::string(*text)) : std::nullopt;
}
Value Number(std::uint64_t value) { return std::to_string(value); }
Value Flag(bool value) { return std::string(value ? "true" : "false"); }
template <class Enum>
Value Spelling(Enum value) {
  return std::string(EnumName(value));
}

// Reads one field of a run through `get` and keeps its text, for a comparison after the run is
// gone.
class MetaRecorder {
 public:
  MetaRecorder(const TraceDocument& run, MetaSnapshot& snapshot)
      : run_(run), snapshot_(snapshot) {}

  template <class Get>
  void Field(std::string_view name, Get get) {
    snapshot_.fields.push_back({std::string(name), get(run_)});
  }

 private:
  const TraceDocument& run_;
  MetaSnapshot& snapshot_;
};

void RecordRun(MetaRecorder& meta) {
  meta.Field("schema", [](const TraceDocument& d) { return Text(d.schema()); });
  meta.Field("run_id", [](const TraceDocument& d) { return Text(d.run().run_id); });
  meta.Field("correlation_id", [](const TraceDocument& d) { return Text(d.run().correlation_id); });
  meta.Field("entrypoint", [](const TraceDocument& d) { return Text(d.run().entrypoint); });
  meta.Field("phase", [](const TraceDocument& d) { return Spelling(d.run().phase); });
  meta.Field("timestamp", [](const TraceDocument& d) { return Text(d.run().timestamp); });
  meta.Field("capture_step", [](const TraceDocument& d) { return Number(d.run().capture_step); });
  meta.Field("warmup_steps", [](const TraceDocument& d) { return Number(d.run().warmup_steps); });
  meta.Field("device", [](const TraceDocument& d) { return Text(d.run().device); });
  meta.Field("measured_region_device_synchronized", [](const TraceDocument& d) {
    return Flag(d.run().measured_region_device_synchronized);
  });
  meta.Field("timing_mode", [](const TraceDocument& d) { return Spelling(d.run().timing_mode); });
  meta.Field("candle_version", [](const TraceDocument& d) { return Text(d.run().candle_version); });
}

void RecordContract(MetaRecorder& meta) {
  const auto level = [&meta](std::string_view name, CoverageLevel CaptureContract::*member) {
    meta.Field(name, [member](const TraceDocument& d) {
      return Spelling(d.run().capture_contract.*member);
    });
  };
  meta.Field("capture_contract.measurement_scope", [](const TraceDocument& d) {
    return Spelling(d.run().capture_contract.measurement_scope);
  });
  level("capture_contract.operations", &CaptureContract::operations);
  level("capture_contract.tensors", &CaptureContract::tensors);
  level("capture_contract.gradients", &CaptureContract::gradients);
  level("capture_contract.logical_memory", &CaptureContract::logical_memory);
  level("capture_contract.physical_memory", &CaptureContract::physical_memory);
  level("capture_contract.device_timing", &CaptureContract::device_timing);
}

// Each member is None in a run without a comparison identity.
void RecordIdentity(MetaRecorder& meta) {
  const auto field = [&meta](std::string_view name, auto read) {
    meta.Field(name, [read](const TraceDocument& d) -> Value {
      const std::optional<ComparisonIdentity>& identity = d.run().comparison_identity;
      return identity ? read(*identity) : std::nullopt;
    });
  };
  using Id = ComparisonIdentity;
  field("comparison_identity.implementation_id",
        [](const Id& id) { return Text(id.implementation_id); });
  field("comparison_identity.workload_id", [](const Id& id) { return Text(id.workload_id); });
  field("comparison_identity.model_id", [](const Id& id) { return Text(id.model_id); });
  field("comparison_identity.config_id", [](const Id& id) { return Text(id.config_id); });
  field("comparison_identity.data_id", [](const Id& id) { return Text(id.data_id); });
  field("comparison_identity.seed_policy", [](const Id& id) { return Text(id.seed_policy); });
  field("comparison_identity.physical_batch",
        [](const Id& id) { return Number(id.physical_batch); });
  field("comparison_identity.accumulation_steps",
        [](const Id& id) { return Number(id.accumulation_steps); });
  field("comparison_identity.precision", [](const Id& id) { return Text(id.precision); });
  field("comparison_identity.device_state", [](const Id& id) { return Text(id.device_state); });
  field("comparison_identity.pair_id", [](const Id& id) { return Text(id.pair_id); });
}

// The tags where they stand among the fields, sorted by key and unique as the run keeps them.
void RecordTags(const TraceDocument& run, MetaSnapshot& snapshot) {
  snapshot.tags_at = snapshot.fields.size();
  for (const Tag& tag : run.run().tags) {
    snapshot.tags.emplace_back(std::string(tag.key), std::string(tag.value));
  }
}

// A trace/6 document has no terminal: its fields are None.
void RecordTerminal(MetaRecorder& meta) {
  meta.Field("terminal.outcome", [](const TraceDocument& d) -> Value {
    return d.has_terminal() ? Spelling(d.terminal().outcome) : std::nullopt;
  });
  meta.Field("terminal.reason", [](const TraceDocument& d) -> Value {
    return d.has_terminal() ? Text(d.terminal().reason) : std::nullopt;
  });
}

// Both tag lists are sorted by key and unique: one merge.
template <class Add>
void CompareTags(const std::vector<MetaSnapshot::TagText>& a,
                 const std::vector<MetaSnapshot::TagText>& b, Add add) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() || j < b.size()) {
    const bool take_a = j == b.size() || (i < a.size() && a[i].first <= b[j].first);
    const bool take_b = i == a.size() || (j < b.size() && b[j].first <= a[i].first);
    const std::string& key = take_a ? a[i].first : b[j].first;
    // Equal tags are passed over before their field's name is spelt.
    if (!(take_a && take_b && a[i].second == b[j].second)) {
      add("tags." + key, take_a ? Value(a[i].second) : std::nullopt,
          take_b ? Value(b[j].second) : std::nullopt);
    }
    i += take_a ? 1 : 0;
    j += take_b ? 1 : 0;
  }
}

}  // namespace

MetaSnapshot SnapshotMeta(const TraceDocument& run) {
  MetaSnapshot snapshot;
  MetaRecorder meta(run, snapshot);
  RecordRun(meta);
  RecordContract(meta);
  RecordIdentity(meta);
  RecordTags(run, snapshot);
  RecordTerminal(meta);
  return snapshot;
}

std::vector<MetaFieldChange> CompareMeta(const MetaSnapshot& base, const MetaSnapshot& candidate) {
  std::vector<MetaFieldChange> changes;
  const auto add = [&changes](const std::string& name, const Value& a, const Value& b) {
    if (a != b) changes.push_back({name, a, b});
  };
  // Both snapshots list the same fields in the same order; only their tags differ.
  const auto fields = [&](std::size_t from, std::size_t to) {
    for (std::size_t f = from; f < to; ++f) {
      add(base.fields[f].first, base.fields[f].second, candidate.fields[f].second);
    }
  };
  fields(0, base.tags_at);
  CompareTags(base.tags, candidate.tags, add);
  fields(base.tags_at, base.fields.size());
  return changes;
}

}  // namespace tracedoc::diff
