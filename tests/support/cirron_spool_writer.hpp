// A seeded writer of Cirron spools that follows the spool format v1 (docs/cirron-spool.md): the
// canonical scope tree of a training run cut into batches the way the SDK seals them, written
// as Python's json module writes (", " and ": ", bare NaN), so tests know every value read back.
#ifndef TRACEDOC_TESTS_SUPPORT_CIRRON_SPOOL_WRITER_HPP_
#define TRACEDOC_TESTS_SUPPORT_CIRRON_SPOOL_WRITER_HPP_

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/diagnostic.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"

namespace tracedoc::testing_support {

/// The shape of a generated run.
struct CirronSpoolPlan {
  std::uint64_t seed = 1;
  int epochs = 2;
  int steps_per_epoch = 3;
  /// Spans, marks and snapshots sealed per batch (the last batch may hold fewer).
  int records_per_batch = 7;
  /// Every third loss is NaN (a diverging run), written as Python does: a bare NaN.
  bool nan_losses = true;
  /// Unknown keys at the top level and on spans, marks and snapshots.
  bool unknown_keys = true;
  /// Epoch weight snapshots in mode "sampled" with a blob, others in mode "stats".
  bool sampled_snapshots = true;
  /// Runs appended to the one spool, as the SDK does when a script runs again (or
  /// profile(), shutdown(), profile()): each flushed into its own batches, each run's seed the
  /// plan's plus 7919 times its number, the clock running on with a second between runs.
  int sessions = 1;
  /// Each run under a `cirron.session` root. False: the flush thread's batches of a process
  /// that never called profile(), its epochs roots.
  bool session_span = true;
  /// A mark on "root" a millisecond before each run's session opens (a mark made before
  /// profile()), besides the one every run makes inside its session.
  bool root_mark_before_profile = false;
};

/// What was generated: the batches as the reader must return them, and each batch's file text.
struct GeneratedSpool {
  std::vector<CirronBatch> batches;
  std::vector<std::string> texts;
  /// Bare NaN / Infinity literals across all texts.
  std::uint64_t non_finite_numbers = 0;
};

GeneratedSpool GenerateCirronSpool(const CirronSpoolPlan& plan);

/// The spans of the batches from `evicted` on: what a read of the spool sees once its first
/// `evicted` batches are gone.
std::size_t SpanCount(const GeneratedSpool& spool, std::size_t evicted = 0);
/// The ids of the `cirron.session` spans, in the order the runs were made (oldest first).
std::vector<std::string> SessionSpanIds(const GeneratedSpool& spool);

/// One batch as Python's json.dumps writes it (attrs and unknown values as their compact JSON).
/// Adds the count of bare non-finite literals written to `non_finite` when given.
std::string CirronBatchJson(const CirronBatch& batch, std::uint64_t* non_finite = nullptr);

/// Writes `spool` as `<root>/.cirron/spool/<file_name>` files and returns the `.cirron`
/// directory. The first `evicted` batches are left out (the SDK's cap removed them), and a
/// `.json.tmp` of a half-written batch is added when `tmp_leftover`.
std::filesystem::path WriteCirronSpool(const GeneratedSpool& spool,
                                       const std::filesystem::path& root, std::size_t evicted = 0,
                                       bool tmp_leftover = true);

/// Writes the typed `spool` as a spool directory under `root` (each batch named after its
/// created_ns and batch_id, whatever its file_name says) and reads it into a document through
/// the one way in (ReadDocument), the directory removed afterwards: the conversion of a spool
/// given as values. `diagnostics`, when given, receives the read's warnings and findings.
Result<TraceDocument> ConvertTypedSpool(const CirronSpool& spool,
                                        DiagnosticLog* diagnostics = nullptr);

/// `<created_ns, 20 digits>-<batch_id>.json`.
std::string CirronBatchFileName(std::uint64_t created_ns, const std::string& batch_id);

/// The id of 32 times `c` (a hex digit), for hand-built records.
std::string CirronHexId(char c);
/// A span with id CirronHexId(`id`), under CirronHexId(`parent`) when given, from `start_ns`
/// to `end_ns`, with empty attrs and nothing else set.
CirronSpan CirronSpanOf(char id, std::string name, std::optional<char> parent,
                        std::uint64_t start_ns, std::uint64_t end_ns);
/// A point mark named "loss" with id CirronHexId(`id`) on `span_id`, empty attrs.
CirronMark CirronMarkOf(char id, std::string span_id, CirronMarkValue value, std::uint64_t ts_ns);

/// A run whose first kEvictedBatches batches, left out as the SDK's cap leaves them, leave
/// later records naming targets that are gone: spans are sealed when they end, after the marks
/// they name.
CirronSpoolPlan EvictionPlan();
inline constexpr std::size_t kEvictedBatches = 3;

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_CIRRON_SPOOL_WRITER_HPP_
