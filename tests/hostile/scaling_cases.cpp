#include "hostile/scaling_cases.hpp"

#include <algorithm>

#include "hostile/cirron_inputs.hpp"
#include "hostile/hostile_inputs.hpp"
#include "hostile/traceml_inputs.hpp"

namespace tracedoc::hostile {
namespace {

const std::vector<std::string> kEveryCommand = {
    "validate", "cat",    "document", "summary", "memory",
    "health",   "export --format chrome", "export --format speedscope", "report", "import"};

// A spool is written as `.cirron/spool/` and given as its `.cirron` directory, which every
// command recognizes as a spool without `--from`.
using SpoolWrite =
    std::function<bool(const std::filesystem::path& spool_dir, std::uint64_t factor)>;
InputWriter Spool(SpoolWrite write) {
  return [write = std::move(write)](const std::filesystem::path& dir, std::uint64_t factor) {
    const std::filesystem::path cirron = dir / ".cirron";
    return write(cirron / "spool", factor) ? cirron : std::filesystem::path();
  };
}

// A JSON Lines file (a trace or a TraceML export), recognized by its first line.
using LinesWrite = std::function<void(FileWriter& out, std::uint64_t factor)>;
InputWriter Lines(LinesWrite write) {
  return [write = std::move(write)](const std::filesystem::path& dir, std::uint64_t factor) {
    const std::filesystem::path file = dir / "input.jsonl";
    FileWriter out(file);
    write(out, factor);
    return out.ok() ? file : std::filesystem::path();
  };
}

}  // namespace

std::vector<ScalingCase> ScalingCases() {
  const std::uint64_t scale = HostileScale();
  const auto scaled = [scale](std::uint64_t size) {
    return std::max<std::uint64_t>(1, size / scale);
  };
  std::vector<ScalingCase> cases;

  // 1. `0.` + 349 zeros + `1` in a mark value: every command died of SIGSEGV in RapidJSON's
  // strtod. One batch, then four.
  cases.push_back({.name = "spool_tiny_fraction_every_command",
                   .commands = kEveryCommand,
                   .write = Spool([](const std::filesystem::path& spool, std::uint64_t factor) {
                     return WriteTinyFractionSpool(spool, static_cast<unsigned>(factor));
                   }),
                   .exit_codes = {0, 1},
                   .sanitized_too = true});

  // 2. 10,000 and 40,000 mark ids that resolve to nothing, in one span of one batch (0.37 and
  // 1.45 MB): each warning's line and column were found by scanning the batch from its start.
  const std::uint64_t missing_marks = scaled(10000);
  cases.push_back({.name = "spool_unresolved_mark_ids_in_one_batch",
                   .commands = {"summary", "validate"},
                   .write = Spool([=](const std::filesystem::path& spool, std::uint64_t factor) {
                     return WriteUnresolvedMarkIds(spool, factor * missing_marks,
                                                   factor * missing_marks);
                   })});

  // 3. 250,000 and 10^6 warnings (10 and 42 MB, 100 unresolved mark ids a batch): every
  // warning was kept, with no cap.
  const std::uint64_t warnings = scaled(250000);
  cases.push_back({.name = "spool_1e6_warnings",
                   .commands = {"summary", "validate"},
                   .write = Spool([=](const std::filesystem::path& spool, std::uint64_t factor) {
                     return WriteUnresolvedMarkIds(spool, factor * warnings, 100);
                   })});

  // 4. 7,500 and 30,000 batches (9.5 and 38 MB), each with its own 1,000-byte sdk_version:
  // the versions were de-duplicated by comparing each with every one before it.
  const std::uint64_t versions = scaled(7500);
  cases.push_back({.name = "spool_distinct_sdk_versions",
                   .commands = {"summary", "validate"},
                   .write = Spool([=](const std::filesystem::path& spool, std::uint64_t factor) {
                     return WriteDistinctSdkVersions(spool, factor * versions, 1000);
                   })});

  // 5. A 100 kB span name over 500 and 2,000 `forward` children (0.28 and 0.77 MB): each
  // cirron_phase_not_under_step finding copied the parent's name, 200 MB on standard error.
  const std::uint64_t children = scaled(500);
  cases.push_back({.name = "spool_long_parent_name_findings",
                   .commands = {"validate", "validate --json"},
                   .write = Spool([=](const std::filesystem::path& spool, std::uint64_t factor) {
                     return WriteLongNamedParent(spool, 100000, factor * children);
                   }),
                   .bound_output = true,
                   .sanitized_too = true});

  // 6. A step's phase named with 100 kB, measured on 250 and 1,000 devices (0.12 and 0.19 MB):
  // each device's span copied the name; `export` peaked at 641 MiB and wrote 100 MB.
  const std::uint64_t devices = scaled(250);
  cases.push_back({.name = "traceml_long_phase_name_on_many_devices",
                   .commands = {"export --format chrome", "export --format speedscope", "import",
                                "document", "validate"},
                   .write = Lines([=](FileWriter& out, std::uint64_t factor) {
                     WriteTraceMLLongPhaseOnManyDevices(out, 100000, factor * devices);
                   }),
                   .bound_output = true,
                   .min_stdout_bytes = {{"export --format chrome", devices * 100}},
                   .sanitized_too = true});

  // 7. A trace/10 span named with 100 kB launching 1,000 and 4,000 device intervals (0.24 and
  // 0.67 MB): the Chrome export named every interval with it, 401 MB.
  const std::uint64_t intervals = scaled(1000);
  cases.push_back({.name = "trace_long_span_name_on_many_intervals",
                   .commands = {"export --format chrome", "export --format speedscope"},
                   .write = Lines([=](FileWriter& out, std::uint64_t factor) {
                     WriteLongNamedSpanWithIntervals(out, 100000, factor * intervals);
                   }),
                   .bound_output = true,
                   .min_stdout_bytes = {{"export --format chrome", intervals * 100}},
                   .sanitized_too = true});

  // 8. Ordinary inputs in every command: a spool of 13.5 and 54 MB (about 2 kB a step), which
  // peaked at 5 times its size; a TraceML export of 18 and 72 MB (6.2 kB a step of 8 ranks),
  // which peaked at 7 times its size in the commands that convert it.
  const std::uint64_t spool_steps = scaled(6875);
  cases.push_back({.name = "spool_ordinary_every_command",
                   .commands = kEveryCommand,
                   .write = Spool([=](const std::filesystem::path& spool, std::uint64_t factor) {
                     return WriteOrdinarySpool(spool, factor * spool_steps);
                   }),
                   .memory_numerator = 3,
                   .memory_denominator = 2});
  const std::uint64_t export_steps = scaled(2900);
  cases.push_back({.name = "traceml_ordinary_every_command",
                   .commands = kEveryCommand,
                   .write = Lines([=](FileWriter& out, std::uint64_t factor) {
                     WriteTraceMLRun(out, factor * export_steps);
                   }),
                   .memory_numerator = 3,
                   .memory_denominator = 2});

  // 9. Issue 31: one run with 250,000 and 10^6 tags (3.4 and 13.6 MB) exported as NDJSON tables;
  // the runs row holds them as one JSON object. The tables go to a folder of the test's working
  // directory (the build tree), the larger run replacing the smaller's partition. Reading so many
  // tags costs every command about 9.5 times the input (validate peaks at 126 MiB on 13.6 MB, the
  // export at 126 MiB too): the bound here, 5.5 times the input + 64 MiB (135 MiB), is the
  // reader's with 9 MiB to spare, so the export may not hold another copy of the tags.
  const std::uint64_t tags = scaled(250000);
  cases.push_back({.name = "trace_many_tags_as_tables",
                   .commands = {"validate", "export --format tables -o many_tags_tables"},
                   .write = Lines([=](FileWriter& out, std::uint64_t factor) {
                     WriteManyTags(out, factor * tags);
                   }),
                   .memory_numerator = 11,
                   .memory_denominator = 2,
                   .bound_output = true,
                   .sanitized_too = true});
  return cases;
}

}  // namespace tracedoc::hostile
