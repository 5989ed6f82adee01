// ReadSpool, and the public ReadCirronSpool and ReadCirronBatch on it.
#include "cirron/spool_reader.hpp"

#include <new>
#include <string>
#include <vector>

#include "cirron/spool_files.hpp"
#include "cirron/typed_spool.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc {
namespace cirron {
namespace {

SpoolTotals TotalsOf(BatchReader& reader, std::uint32_t batches,
                     const std::vector<std::string>& paths, DiagnosticLog& log) {
  SpoolTotals totals;
  totals.batches = batches;
  totals.non_finite_numbers = reader.non_finite_numbers();
  totals.unresolved_references = reader.references().Resolve(reader.ids(), paths, log);
  return totals;
}

// A batch from a stream has no name: the name rules and the name checks do not apply to it.
Result<SpoolTotals> ReadStreamedBatch(const SpoolLocation& spool, const BatchReadOptions& options,
                                      SpoolSink& sink, DiagnosticLog& log) {
  BatchReader reader(options, sink);
  BOOST_OUTCOME_TRY(reader.Read(0, {}, spool.path, *spool.streamed_text));
  return TotalsOf(reader, 1, {std::string(spool.path)}, log);
}

Result<SpoolTotals> ReadFiles(std::string_view path, const BatchReadOptions& options,
                              SpoolSink& sink, DiagnosticLog& log) {
  BOOST_OUTCOME_TRY(const std::vector<SpoolFile> files, ListSpoolFiles(path));
  BatchReader reader(options, sink);
  std::vector<std::string> paths;
  paths.reserve(files.size());
  for (const SpoolFile& file : files) {
    const auto batch = static_cast<std::uint32_t>(paths.size());
    paths.push_back(file.path);
    // One batch in memory at a time: the text is dropped before the next is read.
    BOOST_OUTCOME_TRY(const std::string text, ReadWholeFile(file.path, options.spool.max_batch_bytes));
    BOOST_OUTCOME_TRY(reader.Read(batch, file.name, file.path, text));
  }
  return TotalsOf(reader, static_cast<std::uint32_t>(files.size()), paths, log);
}

}  // namespace

Result<SpoolTotals> ReadSpool(const SpoolLocation& spool, const BatchReadOptions& options,
                              SpoolSink& sink, DiagnosticLog& log) {
  try {
    if (spool.streamed_text) return ReadStreamedBatch(spool, options, sink, log);
    return ReadFiles(spool.path, options, sink, log);
  } catch (const std::bad_alloc&) {
    // The one exception left: memory, which the byte bound of each batch keeps proportional.
    return Error{ErrorCode::kLimitExceeded, 0, std::nullopt, std::nullopt, {},
                 std::string(spool.path) + ": out of memory"};
  }
}

}  // namespace cirron

Result<CirronSpool> ReadCirronSpool(std::string_view path, const CirronReadOptions& options) {
  CirronSpool spool;
  spool.warnings.max_kept = options.max_warnings;
  cirron::TypedSpool sink(spool);
  BOOST_OUTCOME_TRY(cirron::ReadSpool(path, cirron::BatchReadOptions{options, false}, sink,
                                      spool.warnings));
  return spool;
}

Result<CirronBatch> ReadCirronBatch(std::string_view file_name, std::string_view text,
                                    const CirronReadOptions& options,
                                    std::uint64_t* non_finite_numbers) {
  CirronSpool spool;
  cirron::TypedSpool sink(spool);
  cirron::BatchReader reader(cirron::BatchReadOptions{options, false}, sink);
  try {
    BOOST_OUTCOME_TRY(reader.Read(0, file_name, file_name, text));
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::kLimitExceeded, 0, std::nullopt, std::nullopt, {},
                 std::string(file_name) + ": out of memory"};
  }
  if (non_finite_numbers != nullptr) *non_finite_numbers = spool.non_finite_numbers;
  return std::move(spool.batches.front());
}

}  // namespace tracedoc
