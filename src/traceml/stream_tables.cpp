// The tables, written out as the exporter's record classes list their columns, and the rule of
// the one column that is an object of objects: step_time's events map.
#include "traceml/stream_tables.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <new>
#include <optional>
#include <string>

#include <boost/unordered/unordered_flat_set.hpp>

#include "tracedoc/diagnostic.hpp"
#include "traceml/value_rules.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml {
namespace {

using format::FieldSpec;
using format::Presence;

// A field read by `Rule` (a function of value_rules.hpp) into the member at Path.
template <auto Rule, class Root, auto... Path>
bool ReadByRule(format::DecodeContext& ctx, std::uint32_t node, Root& record) {
  return Rule(ctx, node, format::detail::Get<Path...>(record));
}

template <auto Rule, class Root, auto... Path>
constexpr FieldSpec<Root> Column(std::string_view name, Presence presence = Presence::kRequired) {
  return format::ForeignField<Root, Path...>(name, &ReadByRule<Rule, Root, Path...>, presence);
}

template <class V>
constexpr std::array<FieldSpec<V>, 3> Lead() {
  return {format::ForeignField<V, &V::head, &RecordHead::stream>("stream"),
          format::ForeignField<V, &V::head, &RecordHead::schema_version>("schema_version"),
          Column<&ReadCount, V, &V::head, &RecordHead::observed_timestamp_unix_ns>(
              "observed_timestamp_unix_ns")};
}

template <class V>
constexpr std::array<FieldSpec<V>, 1> Rank() {
  return {Column<&ReadInteger, V, &V::head, &RecordHead::rank>("rank")};
}

// global_rank .. hostname; hostname may be absent (the exporter drops it unless told not to).
template <class V>
constexpr std::array<FieldSpec<V>, 6> Identity() {
  return {Column<&ReadInteger, V, &V::head, &RecordHead::global_rank>("global_rank"),
          Column<&ReadInteger, V, &V::head, &RecordHead::local_rank>("local_rank"),
          Column<&ReadInteger, V, &V::head, &RecordHead::world_size>("world_size"),
          Column<&ReadInteger, V, &V::head, &RecordHead::local_world_size>("local_world_size"),
          Column<&ReadInteger, V, &V::head, &RecordHead::node_rank>("node_rank"),
          Column<&ReadText, V, &V::head, &RecordHead::hostname>("hostname",
                                                                Presence::kOptional)};
}

template <class V>
constexpr std::array<FieldSpec<V>, 1> Timestamp() {
  return {Column<&ReadInteger, V, &V::head, &RecordHead::timestamp_unix_ns>("timestamp_unix_ns")};
}

template <class V>
constexpr std::array<FieldSpec<V>, 1> Seq() {
  return {Column<&ReadInteger, V, &V::head, &RecordHead::seq>("seq")};
}

// Concatenates column lists, so that the runs every stream shares are written once.
template <class V, std::size_t... N>
constexpr auto Join(const std::array<FieldSpec<V>, N>&... parts) {
  std::array<FieldSpec<V>, (N + ...)> out{};
  std::size_t at = 0;
  ((std::copy(parts.begin(), parts.end(), out.begin() + static_cast<std::ptrdiff_t>(at)),
    at += N),
   ...);
  return out;
}

template <class V, class... Fields>
constexpr std::array<FieldSpec<V>, sizeof...(Fields)> List(Fields... fields) {
  return {fields...};
}

using ST = StepTimeView;
constexpr auto kStepTimeFields =
    Join<ST>(Lead<ST>(), Rank<ST>(), Identity<ST>(), Timestamp<ST>(), Seq<ST>(),
             List<ST>(Column<&ReadInteger, ST, &ST::step>("step"),
                      format::ForeignField<ST, &ST::events>("events")));

using SM = StepMemoryView;
constexpr auto kStepMemoryFields =
    Join<SM>(Lead<SM>(), Rank<SM>(), Identity<SM>(), Timestamp<SM>(), Seq<SM>(),
             List<SM>(Column<&ReadText, SM, &SM::device>("device"),
                      Column<&ReadInteger, SM, &SM::step>("step"),
                      Column<&ReadBytes, SM, &SM::peak_alloc_bytes>("peak_alloc_bytes"),
                      Column<&ReadBytes, SM, &SM::peak_reserved_bytes>("peak_reserved_bytes")));

// system and system_gpu have no `rank`: their rows have none.
using SY = SystemView;
constexpr auto kSystemFields =
    Join<SY>(Lead<SY>(), Identity<SY>(), Timestamp<SY>(), Seq<SY>(),
             List<SY>(Column<&ReadNonNegative, SY, &SY::cpu_percent>("cpu_percent"),
                      Column<&ReadBytes, SY, &SY::ram_used_bytes>("ram_used_bytes"),
                      Column<&ReadBytes, SY, &SY::ram_total_bytes>("ram_total_bytes"),
                      Column<&ReadIntegerBool, SY, &SY::gpu_available>("gpu_available"),
                      Column<&ReadInteger, SY, &SY::gpu_count>("gpu_count")));

using SG = SystemGpuView;
constexpr auto kSystemGpuFields =
    Join<SG>(Lead<SG>(), Identity<SG>(), Timestamp<SG>(), Seq<SG>(),
             List<SG>(Column<&ReadCount, SG, &SG::gpu_idx>("gpu_idx"),
                      Column<&ReadNonNegative, SG, &SG::util>("util"),
                      Column<&ReadBytes, SG, &SG::mem_used_bytes>("mem_used_bytes"),
                      Column<&ReadBytes, SG, &SG::mem_total_bytes>("mem_total_bytes"),
                      Column<&ReadNumber, SG, &SG::temperature_c>("temperature_c"),
                      Column<&ReadNonNegative, SG, &SG::power_usage_w>("power_usage_w"),
                      Column<&ReadNonNegative, SG, &SG::power_limit_w>("power_limit_w")));

using PR = ProcessView;
constexpr auto kProcessFields = Join<PR>(
    Lead<PR>(), Rank<PR>(), Identity<PR>(), Timestamp<PR>(), Seq<PR>(),
    List<PR>(Column<&ReadNonNegative, PR, &PR::cpu_percent>("cpu_percent"),
             Column<&ReadInteger, PR, &PR::cpu_logical_core_count>("cpu_logical_core_count"),
             Column<&ReadBytes, PR, &PR::ram_used_bytes>("ram_used_bytes"),
             Column<&ReadBytes, PR, &PR::ram_total_bytes>("ram_total_bytes"),
             Column<&ReadIntegerBool, PR, &PR::gpu_available>("gpu_available"),
             Column<&ReadInteger, PR, &PR::gpu_count>("gpu_count"),
             Column<&ReadInteger, PR, &PR::gpu_device_index>("gpu_device_index"),
             Column<&ReadBytes, PR, &PR::gpu_mem_used_bytes>("gpu_mem_used_bytes"),
             Column<&ReadBytes, PR, &PR::gpu_mem_reserved_bytes>("gpu_mem_reserved_bytes"),
             Column<&ReadBytes, PR, &PR::gpu_mem_total_bytes>("gpu_mem_total_bytes")));

// pid sits between hostname and timestamp_unix_ns in this one stream.
using RE = RuntimeEnvironmentView;
constexpr auto kRuntimeEnvironmentFields = Join<RE>(
    Lead<RE>(), Rank<RE>(), Identity<RE>(), List<RE>(Column<&ReadInteger, RE, &RE::pid>("pid")),
    Timestamp<RE>(), Seq<RE>(),
    List<RE>(Column<&ReadText, RE, &RE::topology>("topology"),
             Column<&ReadIntegerBool, RE, &RE::distributed_initialized>("distributed_initialized"),
             Column<&ReadText, RE, &RE::distributed_backend>("distributed_backend"),
             Column<&ReadText, RE, &RE::training_strategy>("training_strategy"),
             Column<&ReadText, RE, &RE::strategy_source>("strategy_source"),
             Column<&ReadText, RE, &RE::strategy_confidence>("strategy_confidence")));

// The rank is this record's only identity: nothing to compare it with.
using OL = OutputLineView;
constexpr auto kOutputLineFields =
    Join<OL>(Lead<OL>(), Rank<OL>(), Timestamp<OL>(),
             List<OL>(Column<&ReadOutputLine, OL, &OL::line>("line")));

using PS = PhaseSampleView;
constexpr FieldSpec<PS> kPhaseSampleFields[] = {
    Column<&ReadBool, PS, &PS::is_gpu>("is_gpu"),
    Column<&ReadNonNegative, PS, &PS::duration_ms>("duration_ms"),
    Column<&ReadNonNegative, PS, &PS::cpu_ms>("cpu_ms"),
    Column<&ReadNonNegative, PS, &PS::gpu_ms>("gpu_ms"),
    Column<&ReadInteger, PS, &PS::n_calls>("n_calls"),
};

using CL = ClosingLineView;
constexpr FieldSpec<CL> kClosingLineFields[] = {
    Column<&ReadCount, CL, &CL::written_records>("written_records"),
    Column<&ReadCount, CL, &CL::dropped_batches>("dropped_batches"),
};

// ObjectMembers has room for 32 fields, the object reader's bit set as many.
static_assert(kProcessFields.size() <= 32 && kRuntimeEnvironmentFields.size() <= 32);

// Finds a key written twice among an object's members: a look back over a few keys, a keyed
// hash set for a large object (its own, so that the work stays linear in its size).
class KeySeen {
 public:
  explicit KeySeen(std::uint32_t count) {
    if (count > kScanned) large_.emplace();
  }
  bool Repeated(std::string_view key) {
    if (large_) return !large_->insert(key).second;
    for (std::size_t i = 0; i < small_count_; ++i) {
      if (small_[i] == key) return true;
    }
    small_[small_count_++] = key;
    return false;
  }

 private:
  static constexpr std::size_t kScanned = 8;
  std::array<std::string_view, kScanned> small_{};
  std::size_t small_count_ = 0;
  std::optional<boost::unordered_flat_set<std::string_view, util::SeededHash, std::equal_to<>>>
      large_;
};

// Calls visit(key, key node, value node) for each member of the object at `node` (a map, or
// invalid_type), with the key's path step set; a key written twice is duplicate_key.
template <class Visit>
bool ForEachMember(format::DecodeContext& ctx, std::uint32_t node, Visit visit) {
  const json::Node& object = ctx.node(node);
  if (object.type != json::NodeType::kObject) return format::FailType(ctx, node, "a map");
  KeySeen seen(object.count);
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const std::string_view key = ctx.text(key_node);
    if (seen.Repeated(key)) {
      return ctx.FailAt(key_node, ErrorCode::kDuplicateKey,
                        "duplicate field " +
                            QuoteName(format::DecodeContext::PathString(ctx.path).append(".")
                                          .append(key)),
                        key);
    }
    const format::PathStep step{ctx.path, key};
    const format::PathStep* saved = ctx.path;
    ctx.path = &step;
    const bool ok = visit(key, key_node + 1);
    ctx.path = saved;
    if (!ok) return false;
    key_node = ctx.node(key_node + 1).end;
  }
  return true;
}

}  // namespace

// Counted first, so that the samples take one allocation.
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, PhaseEvents& out) {
  const json::Node& events = ctx.node(node);
  if (events.type != json::NodeType::kObject) return format::FailType(ctx, node, "a map");
  std::size_t total = 0;
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < events.count; ++m) {
    const json::Node& devices = ctx.node(key_node + 1);
    if (devices.type == json::NodeType::kObject) total += devices.count;
    key_node = devices.end;
  }
  PhaseSampleView* samples = ctx.arena.Allocate<PhaseSampleView>(total);
  std::size_t count = 0;
  const bool ok = ForEachMember(ctx, node, [&](std::string_view name, std::uint32_t devices) {
    return ForEachMember(ctx, devices, [&](std::string_view device, std::uint32_t sample_node) {
      PhaseSampleView& sample = *new (&samples[count++]) PhaseSampleView{};
      sample.name = name;
      sample.device = device;
      return format::ReadObject(ctx, sample_node, PhaseSampleFields(), sample, sample.unknown,
                                {}, kSamplePolicy);
    });
  });
  out.samples = std::span<const PhaseSampleView>(samples, count);
  return ok;
}

std::span<const FieldSpec<StepTimeView>> StepTimeFields() { return kStepTimeFields; }
std::span<const FieldSpec<StepMemoryView>> StepMemoryFields() { return kStepMemoryFields; }
std::span<const FieldSpec<SystemView>> SystemFields() { return kSystemFields; }
std::span<const FieldSpec<SystemGpuView>> SystemGpuFields() { return kSystemGpuFields; }
std::span<const FieldSpec<ProcessView>> ProcessFields() { return kProcessFields; }
std::span<const FieldSpec<RuntimeEnvironmentView>> RuntimeEnvironmentFields() {
  return kRuntimeEnvironmentFields;
}
std::span<const FieldSpec<OutputLineView>> OutputLineFields() { return kOutputLineFields; }
std::span<const FieldSpec<PhaseSampleView>> PhaseSampleFields() { return kPhaseSampleFields; }
std::span<const FieldSpec<ClosingLineView>> ClosingLineFields() { return kClosingLineFields; }

void WriteValue(emit::JsonEmitter& json, const StreamColumn& stream) {
  json.String(TraceMLStreamName(stream.stream));
}

void WriteValue(emit::JsonEmitter& json, const SchemaVersionColumn&) { json.U64(1); }

void WriteValue(emit::JsonEmitter& json, const PhaseEvents& events) {
  json.BeginObject();
  const PhaseSampleView* open = nullptr;  // the sample whose phase is open
  for (const PhaseSampleView& sample : events.samples) {
    if (open == nullptr || open->name != sample.name) {
      if (open != nullptr) json.EndObject();
      json.Key(sample.name).BeginObject();
      open = &sample;
    }
    json.Key(sample.device).BeginObject();
    format::WriteFields(json, PhaseSampleFields(), sample, sample.unknown);
    json.EndObject();
  }
  if (open != nullptr) json.EndObject();
  json.EndObject();
}

}  // namespace tracedoc::traceml
