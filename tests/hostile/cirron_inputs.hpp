// Generated Cirron spools (docs/cirron-spool.md) for the hostile bounds: directories of batch
// files, each written as the SDK writes it (Python's json.dumps: ", " and ": "). Batches go to
// disk as they are sealed, so the generator holds one batch, never the whole input.
#ifndef TRACEDOC_TESTS_HOSTILE_CIRRON_INPUTS_HPP_
#define TRACEDOC_TESTS_HOSTILE_CIRRON_INPUTS_HPP_

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::hostile {

/// The version the SDK of the example spool writes.
inline constexpr std::string_view kSdkVersion = "0.4.2";

struct SpoolSpan {
  std::string id = {};
  std::string name = {};
  /// Empty for the root (written as null).
  std::string parent_id = {};
  std::optional<std::uint64_t> index = {};
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::optional<std::uint64_t> gpu_ns = {};
  /// As JSON text.
  std::string attrs = "{}";
  std::vector<std::string> mark_ids = {};
  /// Members of a later SDK, kept by readers: `, "key": value` each, written last.
  std::string unknown_members = {};
};

struct SpoolMark {
  std::string id = {};
  /// A span id, or "root".
  std::string span_id = {};
  std::string name = {};
  /// `float`, `int`, `string` or `bool`, and the value as JSON text.
  std::string value_type = "float";
  std::string value = {};
  std::uint64_t ts_ns = 0;
};

/// A snapshot in mode `stats`: mean, std, min, max, norm and a 16-bin histogram from min to max.
struct SpoolSnapshot {
  std::string id = {};
  std::string span_id = {};
  std::string tensor_name = {};
  double mean = 0;
  double std_dev = 0;
  double min = 0;
  double max = 0;
  double norm = 0;
  std::array<std::uint64_t, 16> counts = {};
  std::uint64_t ts_ns = 0;
};

/// Writes the records added to it as batch files in a spool directory.
class SpoolWriter {
 public:
  /// Batches go to `spool_dir`, created if needed; `seed` varies the ids.
  explicit SpoolWriter(std::filesystem::path spool_dir, std::uint64_t seed = 1);

  /// A fresh id: 32 lower-case hex digits, unique within the writer.
  std::string NewId();

  void Add(const SpoolSpan& span);
  void Add(const SpoolMark& mark);
  void Add(const SpoolSnapshot& snapshot);
  /// Records added since the last Seal.
  std::uint64_t pending_records() const { return pending_records_; }

  /// Writes the pending records as the batch `<created_ns>-<new id>.json`.
  void Seal(std::uint64_t created_ns, std::string_view sdk_version = kSdkVersion);
  /// Writes `text` as it is, as the batch file of `created_ns` and `batch_id`.
  void WriteBatchText(std::uint64_t created_ns, std::string_view batch_id, std::string_view text);

  bool ok() const { return !failed_; }

 private:
  std::filesystem::path dir_;
  std::uint64_t next_id_;
  std::string spans_;
  std::string marks_;
  std::string snapshots_;
  std::uint64_t pending_records_ = 0;
  bool failed_ = false;
};

/// `<created_ns as 20 digits>-<batch_id>.json`.
std::string BatchFileName(std::uint64_t created_ns, std::string_view batch_id);

// Each Write… below returns whether every batch was written.

/// An ordinary training run: cirron.session → epoch[e] → step[s] → data_load, forward, backward,
/// optimizer_step (forward and backward with a gpu_ns, forward with the unknown member
/// `cuda_stream` as in examples/cirron), a loss mark per step, and at each
/// epoch's end four weight and gradient snapshots with stats. Sealed every 300 records, as the
/// SDK seals them (a span when it closes). About 2 kB a step.
bool WriteOrdinarySpool(const std::filesystem::path& spool_dir, std::uint64_t steps);

/// `mark_ids` ids that name no mark, in spans of `ids_per_span` ids under a session, one span
/// per batch: each one is a cirron_missing_mark warning. About 36 bytes an id.
bool WriteUnresolvedMarkIds(const std::filesystem::path& spool_dir, std::uint64_t mark_ids,
                            std::uint64_t ids_per_span);

/// `batches` batches with no records, each with its own `version_bytes`-byte sdk_version (they
/// differ only in their last bytes).
bool WriteDistinctSdkVersions(const std::filesystem::path& spool_dir, std::uint64_t batches,
                              std::uint64_t version_bytes);

/// A session holding a span whose name is `name_bytes` bytes (not `step`), holding `children`
/// spans named `forward`: each child is a cirron_phase_not_under_step finding about that parent.
bool WriteLongNamedParent(const std::filesystem::path& spool_dir, std::uint64_t name_bytes,
                          std::uint64_t children);

/// A 658-byte batch `00000000000000000001-aaaa…a.json` whose one mark's value is `0.`, 349 zeros
/// and `1` (valid JSON, 1e-350 rounds to 0): RapidJSON 1.1.0's strtod reads outside its table of
/// powers on it and every command crashed (issue 26 measured it in a 948-byte batch).
/// `batch` (0 to 15) varies the created_ns, batch id and mark id, so batches can share a spool;
/// an odd one holds the number in an unknown member of the mark instead.
std::string TinyFractionBatch(unsigned batch = 0);

/// `batches` TinyFractionBatch files (at most 16).
bool WriteTinyFractionSpool(const std::filesystem::path& spool_dir, unsigned batches);

}  // namespace tracedoc::hostile

#endif  // TRACEDOC_TESTS_HOSTILE_CIRRON_INPUTS_HPP_
