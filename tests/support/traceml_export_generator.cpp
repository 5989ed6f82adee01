// The seeded TraceML export generator (docs/traceml-export.md is the format it follows). Its own
// random source (SplitMix64, integer arithmetic only) and one draw per statement keep a seed's
// output the same under every compiler and standard library, so the committed example can be
// checked against it.
#include "support/traceml_export_generator.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <variant>

#include "support/python_float.hpp"
#include "support/table_order.hpp"
#include "traceml/stream_tables.hpp"

namespace tracedoc::testing_support {
namespace {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform enough in [0, n); 0 when n is 0.
  std::uint64_t Below(std::uint64_t n) { return n == 0 ? 0 : Next() % n; }
  /// In [low, high].
  std::uint64_t Between(std::uint64_t low, std::uint64_t high) {
    return low + Below(high - low + 1);
  }

 private:
  std::uint64_t state_;
};

// A value in thousandths, as a double with at most three decimals (readable, exact in repr).
double Milli(std::uint64_t thousandths) { return static_cast<double>(thousandths) / 1000.0; }

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;

// Where a record of each type goes in the export.
std::vector<TraceMLStepTime>& StreamOf(TraceMLExport& e, const TraceMLStepTime&) {
  return e.step_time;
}
std::vector<TraceMLStepMemory>& StreamOf(TraceMLExport& e, const TraceMLStepMemory&) {
  return e.step_memory;
}
std::vector<TraceMLSystem>& StreamOf(TraceMLExport& e, const TraceMLSystem&) { return e.system; }
std::vector<TraceMLSystemGpu>& StreamOf(TraceMLExport& e, const TraceMLSystemGpu&) {
  return e.system_gpu;
}
std::vector<TraceMLProcess>& StreamOf(TraceMLExport& e, const TraceMLProcess&) { return e.process; }
std::vector<TraceMLRuntimeEnvironment>& StreamOf(TraceMLExport& e,
                                                 const TraceMLRuntimeEnvironment&) {
  return e.runtime_environment;
}
std::vector<TraceMLOutputLine>& StreamOf(TraceMLExport& e, const TraceMLOutputLine&) {
  return e.stdout_stderr;
}

using AnyRecord = std::variant<TraceMLStepTime, TraceMLStepMemory, TraceMLSystem, TraceMLSystemGpu,
                               TraceMLProcess, TraceMLRuntimeEnvironment, TraceMLOutputLine>;

// The phases of a TraceML step (the names its step timer records), with their cost in µs.
struct PhaseCost {
  const char* name;
  std::uint64_t low_us;
  std::uint64_t high_us;
  bool on_gpu;
};
constexpr PhaseCost kPhases[] = {
    {"_traceml_internal:dataloader_next", 1500, 6000, false},
    {"_traceml_internal:forward_time", 38000, 46000, true},
    {"_traceml_internal:backward_time", 80000, 95000, true},
    {"_traceml_internal:optimizer_step", 9000, 14000, true},
};

class RunGenerator {
 public:
  explicit RunGenerator(const TraceMLExportPlan& plan)
      : plan_(plan),
        random_(plan.seed),
        world_size_(std::max<std::uint64_t>(plan.nodes, 1) *
                    std::max<std::uint64_t>(plan.gpus_per_node, 1)),
        gpus_per_node_(std::max<std::uint64_t>(plan.gpus_per_node, 1)) {}

  GeneratedTraceMLExport Run() {
    ChooseMissingSteps();
    std::vector<std::uint64_t> order(world_size_);
    for (std::uint64_t r = 0; r < world_size_; ++r) order[r] = r;
    // Each rank announces its environment and prints a line before its first step.
    Shuffle(order);
    for (const std::uint64_t rank : order) {
      Emit(RuntimeEnvironment(rank));
      Emit(Output(rank, "[rank " + std::to_string(rank) + "] starting training, world size " +
                            std::to_string(world_size_)));
    }
    if (plan_.nulls) Emit(StepWithoutNumber(0));
    for (std::uint64_t index = 0; index < plan_.steps; ++index) {
      Shuffle(order);
      for (const std::uint64_t rank : order) {
        if (skipped_[rank * plan_.steps + index]) continue;
        Emit(StepTime(rank, index));
        Emit(StepMemory(rank, index));
      }
      if ((index + 1) % std::max<std::uint64_t>(plan_.snapshot_every, 1) == 0) Snapshots(order);
      if (index == plan_.steps / 2) {
        // One draw a statement: the order of evaluation of operands is unspecified.
        const std::uint64_t loss_units = 2 + random_.Below(3);
        const std::uint64_t loss_thousandths = 100 + random_.Below(900);
        Emit(Output(order.front(), "step " + std::to_string(StepNumber(index)) +
                                       ": loss=" + std::to_string(loss_units) + "." +
                                       std::to_string(loss_thousandths)));
      }
    }
    AddDuplicates();
    return Finish();
  }

 private:
  std::uint64_t StepNumber(std::uint64_t index) const {
    const bool after_gap = plan_.step_gap != 0 && index > (plan_.steps - 1) / 2;
    return plan_.first_step + index + (after_gap ? plan_.step_gap : 0);
  }

  void Shuffle(std::vector<std::uint64_t>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[random_.Below(i)]);
  }

  // Interior (rank, step index) pairs, drawn without repeats.
  void ChooseMissingSteps() {
    skipped_.assign(world_size_ * plan_.steps, false);
    std::vector<std::uint64_t> interior;
    for (std::uint64_t r = 0; r < world_size_; ++r) {
      for (std::uint64_t i = 1; i + 1 < plan_.steps; ++i) interior.push_back(r * plan_.steps + i);
    }
    for (std::uint64_t n = 0; n < plan_.missing_steps && !interior.empty(); ++n) {
      const std::size_t pick = random_.Below(interior.size());
      skipped_[interior[pick]] = true;
      interior.erase(interior.begin() + static_cast<std::ptrdiff_t>(pick));
    }
  }

  // The clock: each record is measured a little after the previous one and stamped by the
  // aggregator a little later still.
  TraceMLRecordBase Base() {
    clock_ns_ += 1000000 + random_.Below(4000000);
    TraceMLRecordBase base;
    base.timestamp_unix_ns = clock_ns_;
    base.observed_timestamp_unix_ns = clock_ns_ + 2000000 + random_.Below(30000000);
    return base;
  }

  TraceMLRankIdentity Identity(std::uint64_t rank, std::uint64_t& seq) {
    TraceMLRankIdentity identity;
    identity.global_rank = rank;
    identity.local_rank = rank % gpus_per_node_;
    identity.world_size = world_size_;
    identity.local_world_size = gpus_per_node_;
    identity.node_rank = rank / gpus_per_node_;
    // A rank with an odd local rank sent no hostname when nulls are on.
    if (plan_.hostname && !(plan_.nulls && rank % gpus_per_node_ % 2 == 1)) {
      identity.hostname = "node-" + std::to_string(rank / gpus_per_node_);
    }
    identity.seq = seq++;
    return identity;
  }

  std::string Device(std::uint64_t rank) const {
    return "cuda:" + std::to_string(rank % gpus_per_node_);
  }

  TraceMLStepTime StepTime(std::uint64_t rank, std::uint64_t index) {
    TraceMLStepTime record;
    record.base = Base();
    record.identity = Identity(rank, Seqs(rank).step_time);
    record.step = StepNumber(index);
    // The last rank is the straggler: 15% slower on every phase.
    const bool slow = rank + 1 == world_size_ && world_size_ > 1;
    for (const PhaseCost& phase : kPhases) {
      std::uint64_t us = random_.Between(phase.low_us, phase.high_us);
      if (slow) us += us * 15 / 100;
      TraceMLPhaseSample sample;
      sample.name = phase.name;
      sample.n_calls = 1;
      if (phase.on_gpu) {
        sample.device = Device(rank);
        sample.is_gpu = true;
        sample.duration_ms = Milli(us);
        sample.gpu_ms = Milli(us);
        sample.cpu_ms = Milli(us * (20 + random_.Below(20)) / 100);
      } else {
        sample.device = "cpu";
        sample.is_gpu = false;
        // The first batch comes from a warm prefetch queue: a measured zero.
        sample.duration_ms = index == 0 ? 0.0 : Milli(us);
        sample.cpu_ms = sample.duration_ms;
        sample.gpu_ms = std::nullopt;  // no call of this phase measured the GPU clock
      }
      record.events.push_back(sample);
      // The optimizer's bookkeeping on the host, beside its kernels: the step takes the longer.
      if (std::string_view(phase.name) == "_traceml_internal:optimizer_step") {
        TraceMLPhaseSample host;
        host.name = phase.name;
        host.device = "cpu";
        host.is_gpu = false;
        host.duration_ms = Milli(us / 4 + random_.Below(500));
        host.cpu_ms = host.duration_ms;
        host.n_calls = 1;
        record.events.push_back(host);
      }
    }
    // The sampler stamps a step when it ends. Ranks run side by side, each on its own clock, and
    // a rank's steps follow one another: so a step's timestamp is its rank's previous one plus
    // the step's phases (no random draw, so the rest of the run is unchanged by this).
    const std::uint64_t delay_ns =
        record.base.observed_timestamp_unix_ns - *record.base.timestamp_unix_ns;
    const std::uint64_t end_ns = EndStep(rank, StepNanoseconds(record.events));
    record.base.timestamp_unix_ns = end_ns;
    record.base.observed_timestamp_unix_ns = end_ns + delay_ns;
    return record;
  }

  // A step's length: its phases one after another, each as long as its slowest device (the
  // samples of one phase are adjacent here).
  static std::uint64_t StepNanoseconds(const std::vector<TraceMLPhaseSample>& events) {
    double total_ms = 0;
    double phase_ms = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
      if (i > 0 && events[i].name != events[i - 1].name) {
        total_ms += phase_ms;
        phase_ms = 0;
      }
      phase_ms = std::max(phase_ms, events[i].duration_ms.value_or(0));
    }
    return static_cast<std::uint64_t>(std::llround((total_ms + phase_ms) * 1e6));
  }

  std::uint64_t EndStep(std::uint64_t rank, std::uint64_t step_ns) {
    constexpr std::uint64_t kBetweenStepsNs = 400000;  // the loop's own bookkeeping
    if (rank_clock_ns_.empty()) rank_clock_ns_.assign(world_size_, clock_ns_);
    rank_clock_ns_[rank] += step_ns + kBetweenStepsNs;
    clock_ns_ = std::max(clock_ns_, rank_clock_ns_[rank]);
    return rank_clock_ns_[rank];
  }

  TraceMLStepTime StepWithoutNumber(std::uint64_t rank) {
    TraceMLStepTime record;
    record.base = Base();
    record.identity = Identity(rank, Seqs(rank).step_time);
    record.step = std::nullopt;
    ++facts_.unplaced_records;
    return record;
  }

  TraceMLStepMemory StepMemory(std::uint64_t rank, std::uint64_t index) {
    TraceMLStepMemory record;
    record.base = Base();
    record.identity = Identity(rank, Seqs(rank).step_memory);
    record.device = Device(rank);
    record.step = StepNumber(index);
    const double alloc = 6 * kGiB + static_cast<double>(random_.Below(512)) * kMiB;
    record.peak_alloc_bytes = alloc;
    record.peak_reserved_bytes = alloc + static_cast<double>(512 + random_.Below(256) * 2) * kMiB;
    if (plan_.nulls && index == 0 && rank == 0) record.peak_reserved_bytes = std::nullopt;
    return record;
  }

  // One sampler tick: each node's local rank 0 sends a host snapshot (the host, then its GPUs,
  // in one envelope), and every rank a process snapshot.
  void Snapshots(const std::vector<std::uint64_t>& order) {
    const bool first_tick = !ticked_;
    ticked_ = true;
    for (const std::uint64_t rank : order) {
      if (rank % gpus_per_node_ != 0) continue;
      TraceMLSystem system;
      system.base = Base();
      system.identity = Identity(rank, Seqs(rank).system);
      // psutil's first reading of CPU use is a measured 0.
      system.cpu_percent = first_tick ? 0.0 : Milli(100 * (200 + random_.Below(500)));
      system.ram_used_bytes = 24 * kGiB + static_cast<double>(random_.Below(4096)) * kMiB;
      system.ram_total_bytes = 256 * kGiB;
      system.gpu_available = true;
      system.gpu_count = gpus_per_node_;
      const TraceMLRecordBase base = system.base;
      const std::uint64_t seq = *system.identity.seq;
      Emit(std::move(system));
      for (std::uint64_t gpu = 0; gpu < gpus_per_node_; ++gpu) {
        TraceMLSystemGpu record;
        record.base = base;
        std::uint64_t unused = seq;
        record.identity = Identity(rank, unused);
        record.gpu_idx = gpu;
        record.util = first_tick ? 0.0 : static_cast<double>(70 + random_.Below(30));
        record.mem_used_bytes = 7 * kGiB + static_cast<double>(random_.Below(1024)) * kMiB;
        record.mem_total_bytes = 80 * kGiB;
        record.temperature_c = static_cast<double>(45 + random_.Below(30));
        // This GPU's driver reports no power readings.
        if (!(plan_.nulls && gpu == 1)) {
          const std::uint64_t watts = 150 + random_.Below(200);
          const std::uint64_t half_watt = random_.Below(2);
          record.power_usage_w = Milli(1000 * watts + 500 * half_watt);
          record.power_limit_w = 400.0;
        }
        Emit(std::move(record));
      }
    }
    for (const std::uint64_t rank : order) {
      TraceMLProcess process;
      process.base = Base();
      process.identity = Identity(rank, Seqs(rank).process);
      process.cpu_percent = first_tick ? 0.0 : Milli(100 * (900 + random_.Below(1500)));
      process.cpu_logical_core_count = 64;
      process.ram_used_bytes = 3 * kGiB + static_cast<double>(random_.Below(1024)) * kMiB;
      process.ram_total_bytes = 256 * kGiB;
      process.gpu_available = true;
      process.gpu_count = gpus_per_node_;
      process.gpu_device_index = rank % gpus_per_node_;
      process.gpu_mem_used_bytes = 6 * kGiB + static_cast<double>(random_.Below(512)) * kMiB;
      process.gpu_mem_reserved_bytes = *process.gpu_mem_used_bytes + 512 * kMiB;
      process.gpu_mem_total_bytes = 80 * kGiB;
      Emit(std::move(process));
    }
  }

  TraceMLRuntimeEnvironment RuntimeEnvironment(std::uint64_t rank) {
    TraceMLRuntimeEnvironment record;
    record.base = Base();
    record.identity = Identity(rank, Seqs(rank).runtime_environment);
    record.pid = 41000 + rank * 7 + random_.Below(5);
    record.topology = plan_.nodes > 1 ? "multi_node" : "single_node";
    record.distributed_initialized = world_size_ > 1;
    if (world_size_ > 1) record.distributed_backend = "nccl";
    record.training_strategy = world_size_ > 1 ? "ddp" : "single_device";
    record.strategy_source = "auto";
    if (!plan_.nulls) record.strategy_confidence = "high";
    return record;
  }

  TraceMLOutputLine Output(std::uint64_t rank, std::string text) {
    TraceMLOutputLine record;
    record.base = Base();
    record.rank = rank;
    record.text = std::move(text);
    return record;
  }

  struct RankSeqs {
    std::uint64_t step_time = 0;
    std::uint64_t step_memory = 0;
    std::uint64_t system = 0;
    std::uint64_t process = 0;
    std::uint64_t runtime_environment = 0;
  };
  RankSeqs& Seqs(std::uint64_t rank) {
    if (seqs_.size() <= rank) seqs_.resize(rank + 1);
    return seqs_[rank];
  }

  void Emit(AnyRecord record) { file_.push_back(std::move(record)); }

  // Copies of keyed records (stdout_stderr lines have no key; the row without a step is not
  // placed), each sent again later in the file and stamped anew.
  void AddDuplicates() {
    for (std::uint64_t n = 0; n < plan_.duplicates; ++n) {
      std::vector<std::size_t> keyed;
      for (std::size_t i = 0; i < file_.size(); ++i) {
        if (std::holds_alternative<TraceMLOutputLine>(file_[i])) continue;
        if (const auto* step = std::get_if<TraceMLStepTime>(&file_[i]); step && !step->step)
          continue;
        keyed.push_back(i);
      }
      if (keyed.empty()) return;
      const std::size_t original = keyed[random_.Below(keyed.size())];
      AnyRecord copy = file_[original];
      std::visit(
          [&](auto& record) { record.base.observed_timestamp_unix_ns += 1 + random_.Below(1000); },
          copy);
      ++facts_.duplicates[copy.index()];
      const std::size_t at = original + 1 + random_.Below(file_.size() - original);
      file_.insert(file_.begin() + static_cast<std::ptrdiff_t>(at), std::move(copy));
    }
  }

  GeneratedTraceMLExport Finish() {
    GeneratedTraceMLExport out;
    TraceMLExport& records = out.records;
    records.has_hostname = plan_.hostname;
    std::uint64_t line = 0;
    for (AnyRecord& any : file_) {
      std::visit(
          [&](auto& record) {
            record.base.line = ++line;
            StreamOf(records, record).push_back(std::move(record));
          },
          any);
    }
    if (plan_.closing_line) {
      TraceMLClosingLine closing;
      closing.line = line + 1;
      closing.written_records = line;
      closing.dropped_batches = plan_.dropped_batches;
      records.closing = closing;
    }
    records.duplicates = facts_.duplicates;
    facts_.record_count = line;
    for (std::uint64_t rank = 0; rank < world_size_; ++rank)
      facts_.ranks.push_back(RankFacts(rank));
    out.facts = facts_;
    out.text = WriteTraceMLExportJsonl(records);
    return out;
  }

  TraceMLRankFacts RankFacts(std::uint64_t rank) const {
    TraceMLRankFacts facts;
    facts.global_rank = rank;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> gaps;
    for (std::uint64_t index = 0; index < plan_.steps; ++index) {
      if (skipped_[rank * plan_.steps + index]) {
        gaps.emplace_back(StepNumber(index), StepNumber(index));
      } else {
        ++facts.step_count;
      }
      if (index + 1 < plan_.steps && StepNumber(index + 1) > StepNumber(index) + 1) {
        gaps.emplace_back(StepNumber(index) + 1, StepNumber(index + 1) - 1);
      }
    }
    std::sort(gaps.begin(), gaps.end());
    for (const auto& gap : gaps) {
      if (!facts.missing_steps.empty() && facts.missing_steps.back().second + 1 == gap.first) {
        facts.missing_steps.back().second = gap.second;
      } else {
        facts.missing_steps.push_back(gap);
      }
    }
    return facts;
  }

  const TraceMLExportPlan& plan_;
  SplitMix64 random_;
  std::uint64_t world_size_;
  std::uint64_t gpus_per_node_;
  std::uint64_t clock_ns_ = 1764633600000000000ull;  // 2025-12-02T00:00:00Z
  bool ticked_ = false;
  /// Each rank's clock: when its last step ended (set at the first step).
  std::vector<std::uint64_t> rank_clock_ns_;
  std::vector<bool> skipped_;
  std::vector<RankSeqs> seqs_;
  std::vector<AnyRecord> file_;
  TraceMLExportFacts facts_;
};

// ---- Python's json.dumps ---------------------------------------------------------------------

// A string as json.dumps quotes it, appended to `out`.
void Quote(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
          out += escape;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

// One JSON object as json.dumps lays it out: `{"key": value, ...}`. With a table, its members
// are written in the table's order (support/table_order.hpp), its unknown members last.
class PythonObject {
 public:
  PythonObject() = default;
  explicit PythonObject(const TableOrder& order) : order_(&order) {}

  PythonObject& Key(std::string_view key) {
    members_.push_back({std::string(key), {}, false});
    return *this;
  }
  /// A member the record's table does not have, kept as the exporter wrote it.
  PythonObject& UnknownKey(std::string_view key) {
    members_.push_back({std::string(key), {}, true});
    return *this;
  }
  void Json(std::string_view json) { value() += json; }
  void Int(std::uint64_t value) { this->value() += std::to_string(value); }
  void Text(std::string_view value) { Quote(this->value(), value); }
  void Optional(const std::optional<std::uint64_t>& value) { value ? Int(*value) : Json("null"); }
  void Optional(const std::optional<double>& value) {
    value ? Json(PythonFloat(*value)) : Json("null");
  }
  void Optional(const std::optional<std::string>& value) { value ? Text(*value) : Json("null"); }
  void Optional(const std::optional<bool>& value) {
    value ? Json(*value ? "true" : "false") : Json("null");
  }
  /// An integer boolean (gpu_available, distributed_initialized).
  void IntBool(const std::optional<bool>& value) { value ? Int(*value ? 1 : 0) : Json("null"); }
  std::string Close() && {
    if (order_ != nullptr) order_->Sort(members_);
    std::string out = "{";
    for (const GeneratedMember& member : members_) {
      if (out.size() > 1) out += ", ";
      Quote(out, member.key);
      out += ": ";
      out += member.json;
    }
    return out + "}";
  }

 private:
  std::string& value() { return members_.back().json; }

  const TableOrder* order_ = nullptr;
  std::vector<GeneratedMember> members_;
};

// The reader's table of each stream, of a phase sample and of the closing line.
const TableOrder& OrderOf(TraceMLStream stream) {
  static const TableOrder kStepTime(traceml::StepTimeFields());
  static const TableOrder kStepMemory(traceml::StepMemoryFields());
  static const TableOrder kSystem(traceml::SystemFields());
  static const TableOrder kSystemGpu(traceml::SystemGpuFields());
  static const TableOrder kProcess(traceml::ProcessFields());
  static const TableOrder kRuntimeEnvironment(traceml::RuntimeEnvironmentFields());
  static const TableOrder kStdoutStderr(traceml::OutputLineFields());
  switch (stream) {
    case TraceMLStream::kStepTime:
      return kStepTime;
    case TraceMLStream::kStepMemory:
      return kStepMemory;
    case TraceMLStream::kSystem:
      return kSystem;
    case TraceMLStream::kSystemGpu:
      return kSystemGpu;
    case TraceMLStream::kProcess:
      return kProcess;
    case TraceMLStream::kRuntimeEnvironment:
      return kRuntimeEnvironment;
    case TraceMLStream::kStdoutStderr:
      break;
  }
  return kStdoutStderr;
}

PythonObject Begin(TraceMLStream stream) {
  PythonObject json(OrderOf(stream));
  json.Key("stream").Text(TraceMLStreamName(stream));
  json.Key("schema_version").Int(1);
  return json;
}

// The identity columns, from `observed_timestamp_unix_ns` to `seq`; `rank` where the stream has
// it, `pid` between hostname and timestamp for runtime_environment.
void Identity(PythonObject& json, const TraceMLRecordBase& base, const TraceMLRankIdentity& id,
              bool has_rank, bool has_hostname, const std::optional<std::uint64_t>* pid = nullptr) {
  json.Key("observed_timestamp_unix_ns").Int(base.observed_timestamp_unix_ns);
  if (has_rank) json.Key("rank").Optional(id.global_rank);
  json.Key("global_rank").Optional(id.global_rank);
  json.Key("local_rank").Optional(id.local_rank);
  json.Key("world_size").Optional(id.world_size);
  json.Key("local_world_size").Optional(id.local_world_size);
  json.Key("node_rank").Optional(id.node_rank);
  if (has_hostname) json.Key("hostname").Optional(id.hostname);
  if (pid != nullptr) json.Key("pid").Optional(*pid);
  json.Key("timestamp_unix_ns").Optional(base.timestamp_unix_ns);
  json.Key("seq").Optional(id.seq);
}

// The record's unknown members, after its columns, their values as kept (compact JSON).
void Unknown(PythonObject& json, const std::vector<TraceMLUnknownField>& unknown) {
  for (const TraceMLUnknownField& field : unknown) json.UnknownKey(field.key).Json(field.json);
}

std::string EventsJson(const std::vector<TraceMLPhaseSample>& events) {
  std::string out = "{";
  for (std::size_t i = 0; i < events.size();) {
    if (i != 0) out += ", ";
    PythonObject devices;
    std::size_t j = i;
    for (; j < events.size() && events[j].name == events[i].name; ++j) {
      const TraceMLPhaseSample& sample = events[j];
      static const TableOrder kSample(traceml::PhaseSampleFields());
      PythonObject stats(kSample);
      stats.Key("is_gpu").Optional(sample.is_gpu);
      stats.Key("duration_ms").Optional(sample.duration_ms);
      stats.Key("cpu_ms").Optional(sample.cpu_ms);
      stats.Key("gpu_ms").Optional(sample.gpu_ms);
      stats.Key("n_calls").Optional(sample.n_calls);
      Unknown(stats, sample.unknown);
      devices.Key(sample.device).Json(std::move(stats).Close());
    }
    PythonObject name;
    name.Key(events[i].name).Json(std::move(devices).Close());
    std::string member = std::move(name).Close();
    out += member.substr(1, member.size() - 2);
    i = j;
  }
  return out + "}";
}

std::string RecordJson(const TraceMLStepTime& r, bool hostname) {
  PythonObject json = Begin(TraceMLStream::kStepTime);
  Identity(json, r.base, r.identity, true, hostname);
  json.Key("step").Optional(r.step);
  json.Key("events").Json(EventsJson(r.events));
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

std::string RecordJson(const TraceMLStepMemory& r, bool hostname) {
  PythonObject json = Begin(TraceMLStream::kStepMemory);
  Identity(json, r.base, r.identity, true, hostname);
  json.Key("device").Optional(r.device);
  json.Key("step").Optional(r.step);
  json.Key("peak_alloc_bytes").Optional(r.peak_alloc_bytes);
  json.Key("peak_reserved_bytes").Optional(r.peak_reserved_bytes);
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

std::string RecordJson(const TraceMLSystem& r, bool hostname) {
  PythonObject json = Begin(TraceMLStream::kSystem);
  Identity(json, r.base, r.identity, false, hostname);
  json.Key("cpu_percent").Optional(r.cpu_percent);
  json.Key("ram_used_bytes").Optional(r.ram_used_bytes);
  json.Key("ram_total_bytes").Optional(r.ram_total_bytes);
  json.Key("gpu_available").IntBool(r.gpu_available);
  json.Key("gpu_count").Optional(r.gpu_count);
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

std::string RecordJson(const TraceMLSystemGpu& r, bool hostname) {
  PythonObject json = Begin(TraceMLStream::kSystemGpu);
  Identity(json, r.base, r.identity, false, hostname);
  json.Key("gpu_idx").Int(r.gpu_idx);
  json.Key("util").Optional(r.util);
  json.Key("mem_used_bytes").Optional(r.mem_used_bytes);
  json.Key("mem_total_bytes").Optional(r.mem_total_bytes);
  json.Key("temperature_c").Optional(r.temperature_c);
  json.Key("power_usage_w").Optional(r.power_usage_w);
  json.Key("power_limit_w").Optional(r.power_limit_w);
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

std::string RecordJson(const TraceMLProcess& r, bool hostname) {
  PythonObject json = Begin(TraceMLStream::kProcess);
  Identity(json, r.base, r.identity, true, hostname);
  json.Key("cpu_percent").Optional(r.cpu_percent);
  json.Key("cpu_logical_core_count").Optional(r.cpu_logical_core_count);
  json.Key("ram_used_bytes").Optional(r.ram_used_bytes);
  json.Key("ram_total_bytes").Optional(r.ram_total_bytes);
  json.Key("gpu_available").IntBool(r.gpu_available);
  json.Key("gpu_count").Optional(r.gpu_count);
  json.Key("gpu_device_index").Optional(r.gpu_device_index);
  json.Key("gpu_mem_used_bytes").Optional(r.gpu_mem_used_bytes);
  json.Key("gpu_mem_reserved_bytes").Optional(r.gpu_mem_reserved_bytes);
  json.Key("gpu_mem_total_bytes").Optional(r.gpu_mem_total_bytes);
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

std::string RecordJson(const TraceMLRuntimeEnvironment& r, bool hostname) {
  PythonObject json = Begin(TraceMLStream::kRuntimeEnvironment);
  Identity(json, r.base, r.identity, true, hostname, &r.pid);
  json.Key("topology").Optional(r.topology);
  json.Key("distributed_initialized").IntBool(r.distributed_initialized);
  json.Key("distributed_backend").Optional(r.distributed_backend);
  json.Key("training_strategy").Optional(r.training_strategy);
  json.Key("strategy_source").Optional(r.strategy_source);
  json.Key("strategy_confidence").Optional(r.strategy_confidence);
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

std::string RecordJson(const TraceMLOutputLine& r, bool /*hostname*/) {
  PythonObject json = Begin(TraceMLStream::kStdoutStderr);
  json.Key("observed_timestamp_unix_ns").Int(r.base.observed_timestamp_unix_ns);
  json.Key("rank").Optional(r.rank);
  json.Key("timestamp_unix_ns").Optional(r.base.timestamp_unix_ns);
  json.Key("line").Text(r.text);
  Unknown(json, r.base.unknown);
  return std::move(json).Close();
}

template <class Record>
void CollectLines(const std::vector<Record>& records, bool hostname,
                  std::vector<std::pair<std::uint64_t, std::string>>& lines) {
  for (const Record& record : records)
    lines.emplace_back(record.base.line, RecordJson(record, hostname));
}

}  // namespace

GeneratedTraceMLExport GenerateTraceMLExport(const TraceMLExportPlan& plan) {
  return RunGenerator(plan).Run();
}

std::string WriteTraceMLExportJsonl(const TraceMLExport& records) {
  std::vector<std::pair<std::uint64_t, std::string>> lines;
  const bool hostname = records.has_hostname;
  CollectLines(records.step_time, hostname, lines);
  CollectLines(records.step_memory, hostname, lines);
  CollectLines(records.system, hostname, lines);
  CollectLines(records.system_gpu, hostname, lines);
  CollectLines(records.process, hostname, lines);
  CollectLines(records.runtime_environment, hostname, lines);
  CollectLines(records.stdout_stderr, hostname, lines);
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out;
  for (const auto& line : lines) out += line.second + "\n";
  if (records.closing) {
    static const TableOrder kClosing(traceml::ClosingLineFields());
    PythonObject closing(kClosing);
    closing.Key("written_records").Int(records.closing->written_records);
    closing.Key("dropped_batches").Int(records.closing->dropped_batches);
    Unknown(closing, records.closing->unknown);
    out += std::move(closing).Close() + "\n";
  }
  return out;
}

}  // namespace tracedoc::testing_support
