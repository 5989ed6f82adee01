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

Result<SpoolTotals> ReadFiles(std::string_view path, const BatchReadOptions& options,
                              SpoolSink& sink, DiagnosticLog& log) {
  BOOST_OUTCOME_TRY(const std::vector<SpoolFile> files, ListSpoolFiles(path));
  BatchReader reader(options, sink);
  SpoolTotals totals;
  std::vector<std::string> paths;
  paths.reserve(files.size());
  for (const SpoolFile& file : files) {
    const auto batch = static_cast<std::uint32_t>(paths.size());
    paths.push_back(file.path);
    // One batch in memory at a time: the text is dropped before the next is read.
    BOOST_OUTCOME_TRY(const std::string text, ReadWholeFile(file.path, options.spool.max_batch_bytes));
    BOOST_OUTCOME_TRY(reader.Read(batch, file.name, file.path, text));
  }
  totals.batches = static_cast<std::uint32_t>(files.size());
  totals.non_finite_numbers = reader.non_finite_numbers();
  totals.unresolved_references = reader.references().Resolve(reader.ids(), paths, log);
  return totals;
}

}  // namespace

Result<SpoolTotals> ReadSpool(std::string_view path, const BatchReadOptions& options,
                              SpoolSink& sink, DiagnosticLog& log) {
  try {
    return ReadFiles(path, options, sink, log);
  } catch (const std::bad_alloc&) {
    // The one exception left: memory, which the byte bound of each batch keeps proportional.
    return Error{ErrorCode::kLimitExceeded, 0, std::nullopt, std::nullopt, {},
                 std::string(path) + ": out of memory"};
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
