#include "hostile/traceml_inputs.hpp"

#include <string>
#include <string_view>

namespace tracedoc::hostile {
namespace {

constexpr std::uint64_t kRanks = 8;
constexpr std::uint64_t kRanksPerNode = 4;
// 2025-12-02T00:00:00Z, and a step every 100 ms.
constexpr std::uint64_t kStartUnixNs = 1764633600000000000;
constexpr std::uint64_t kStepNs = 100000000;

std::string Decimal(std::uint64_t value) { return std::to_string(value); }

// The columns from `stream` to `seq` of a record of `stream` by `rank` at `unix_ns`, each
// followed by a comma.
void PutIdentity(FileWriter& out, std::string_view stream, std::uint64_t rank,
                 std::uint64_t unix_ns, std::uint64_t seq) {
  const std::string rank_text = Decimal(rank);
  const std::string time = Decimal(unix_ns);
  out.Put(R"({"stream":")");
  out.Put(stream);
  out.Put(R"(","schema_version":1,"observed_timestamp_unix_ns":)" + time + R"(,"rank":)" +
          rank_text + R"(,"global_rank":)" + rank_text + R"(,"local_rank":)" +
          Decimal(rank % kRanksPerNode) + R"(,"world_size":)" + Decimal(kRanks) +
          R"(,"local_world_size":)" + Decimal(kRanksPerNode) + R"(,"node_rank":)" +
          Decimal(rank / kRanksPerNode) + R"(,"timestamp_unix_ns":)" + time + R"(,"seq":)" +
          Decimal(seq) + ",");
}

// One events entry: phase `name` on `device`, as a member of the events map.
void PutPhase(FileWriter& out, std::string_view name, std::string_view device,
              std::string_view duration_ms) {
  out.Put("\"");
  out.Put(name);
  out.Put(R"(":{")");
  out.Put(device);
  out.Put(R"(":{"is_gpu":true,"duration_ms":)");
  out.Put(duration_ms);
  out.Put(R"(,"cpu_ms":0.25,"gpu_ms":)");
  out.Put(duration_ms);
  out.Put(R"(,"n_calls":1}})");
}

void PutClosingLine(FileWriter& out, std::uint64_t records) {
  out.Put(R"({"written_records":)" + Decimal(records) + R"(,"dropped_batches":0})" + "\n");
}

}  // namespace

void WriteTraceMLRun(FileWriter& out, std::uint64_t steps) {
  std::uint64_t records = 0;
  for (std::uint64_t step = 0; step < steps; ++step) {
    for (std::uint64_t rank = 0; rank < kRanks; ++rank) {
      const std::uint64_t unix_ns = kStartUnixNs + step * kStepNs + rank * 1000;
      const std::string device = "cuda:" + Decimal(rank % kRanksPerNode);
      PutIdentity(out, "step_time", rank, unix_ns, step);
      out.Put(R"("step":)" + Decimal(step) + R"(,"events":{)");
      PutPhase(out, "forward", device, "12.5");
      out.Put(",");
      PutPhase(out, "backward", device, "25.75");
      out.Put("}}\n");
      PutIdentity(out, "step_memory", rank, unix_ns, step);
      out.Put(R"("device":")" + device + R"(","step":)" + Decimal(step) +
              R"(,"peak_alloc_bytes":)" + Decimal((step % 1000 + 1) << 20) +
              R"(,"peak_reserved_bytes":2147483648})"
              "\n");
      records += 2;
      if (step % 100 != 0) continue;
      PutIdentity(out, "process", rank, unix_ns, step / 100);
      out.Put(R"("cpu_percent":97.5,"cpu_logical_core_count":32,"ram_used_bytes":1073741824,)"
              R"("ram_total_bytes":274877906944,"gpu_available":1,"gpu_count":4,)"
              R"("gpu_device_index":)" +
              Decimal(rank % kRanksPerNode) +
              R"(,"gpu_mem_used_bytes":1048576,"gpu_mem_reserved_bytes":2097152,)"
              R"("gpu_mem_total_bytes":85899345920})"
              "\n");
      ++records;
    }
  }
  PutClosingLine(out, records);
}

void WriteTraceMLHugeEvents(FileWriter& out, std::uint64_t phases) {
  PutIdentity(out, "step_time", 0, kStartUnixNs + kStepNs, 1);
  out.Put(R"("step":1,"events":{)");
  for (std::uint64_t phase = 0; phase < phases; ++phase) {
    if (phase != 0) out.Put(",");
    PutPhase(out, "p" + Decimal(phase), "cuda:0", "0.001");
  }
  out.Put("}}\n");
  PutClosingLine(out, 1);
}

void WriteTraceMLLongPhaseOnManyDevices(FileWriter& out, std::uint64_t name_bytes,
                                        std::uint64_t devices) {
  PutIdentity(out, "step_time", 0, kStartUnixNs + kStepNs, 1);
  out.Put(R"("step":1,"events":{")");
  out.Put(std::string(name_bytes, 'p'));
  out.Put(R"(":{)");
  for (std::uint64_t device = 0; device < devices; ++device) {
    if (device != 0) out.Put(",");
    // Durations that differ, as the devices of one rank's phase do.
    const std::string duration = Decimal(10 + device % 7) + ".5";
    out.Put(R"("cuda:)" + Decimal(device) + R"(":{"is_gpu":true,"duration_ms":)" + duration +
            R"(,"cpu_ms":0.25,"gpu_ms":)" + duration + R"(,"n_calls":1})");
  }
  out.Put("}}}\n");
  PutClosingLine(out, 1);
}

std::vector<HostileCase> TraceMLCases(std::uint64_t scale) {
  std::vector<HostileCase> cases;
  const std::vector<std::string> from_traceml = {"--from", "traceml"};
  // 128,000 records (48 MB) read and summarized: a key table entry per record, the records
  // kept, the summary's per-rank steps; linear in time and within the usual bound.
  const std::uint64_t steps = 8000 / scale;
  cases.push_back({"traceml_run_128k_records",
                   {"validate", "summary"},
                   [=](FileWriter& out) { WriteTraceMLRun(out, steps); },
                   from_traceml,
                   0,
                   10.0,
                   {{"summary", 1000}}});
  // The same run, 20,000 records, converted to a trace/10 document. The conversion holds the
  // export, the trace text it writes (twice the export's size: every step's record is kept
  // whole) and the document read from that text at once: about 7 times the input plus 64 MiB
  // on 70 MB (docs/tracedoc.md §5 says 2). Linear, but above the bound of the other commands.
  cases.push_back({"traceml_run_20k_records_converted",
                   {"document", "export --format chrome"},
                   [=](FileWriter& out) { WriteTraceMLRun(out, steps / 6); },
                   from_traceml,
                   0,
                   10.0,
                   {{"document", steps / 6 * 8 * 300}},
                   10});
  // One step_time line of 100,000 phases (9 MB). The JSON tape of a map of small members costs
  // about 3 times the line (14 nodes of 20 bytes for a phase's 95 bytes), up to twice that while
  // its vector grows, as it does for a trace line of as many small unknown members: within the
  // bound at this size thanks to its 64 MiB, not for much longer lines.
  const std::uint64_t phases = 100000 / scale;
  const auto huge_events = [=](FileWriter& out) { WriteTraceMLHugeEvents(out, phases); };
  cases.push_back({"traceml_events_1e5_phases_in_one_line",
                   {"validate", "summary"},
                   huge_events,
                   from_traceml,
                   0,
                   10.0,
                   {{"summary", phases * 50}}});
  // Converted, each phase is a span: its span_start and span_end lines and the document's span,
  // held with the export at once (about 8 times the input plus 64 MiB).
  cases.push_back({"traceml_events_1e5_phases_converted",
                   {"document"},
                   huge_events,
                   from_traceml,
                   0,
                   10.0,
                   {{"document", phases * 100}},
                   10});
  return cases;
}

}  // namespace tracedoc::hostile
