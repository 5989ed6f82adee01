// ReadCirronSpool and ReadCirronBatch (docs/cirron-spool.md): each file's name, JSON and fields
// checked in file-name order, ids registered as they come, then the references resolved and the
// warnings located in their files.
#include <new>

#include "cirron/batch_file_name.hpp"
#include "cirron/batch_json.hpp"
#include "cirron/id_registry.hpp"
#include "cirron/path_positions.hpp"
#include "cirron/record_readers.hpp"
#include "cirron/reference_resolution.hpp"
#include "cirron/spool_files.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc {
namespace {

using cirron::FieldError;
using cirron::JsonPath;

// The file's name leads the message: the Error type has no place of its own for it.
Error InFile(std::string_view file_name, Error error) {
  error.message = std::string(file_name) + ": " + error.message;
  return error;
}

Error Located(std::string_view file_name, std::string_view text, const FieldError& failure,
              bool strict_json) {
  const cirron::TextPosition at = cirron::FindPathPositions(text, {failure.path}, strict_json)[0];
  return InFile(file_name, Error{failure.code, at.line, std::nullopt, at.column,
                                 failure.path.ToString(), failure.message});
}

Error NameError(ErrorCode code, std::string_view file_name, std::string message) {
  return InFile(file_name, Error{code, 0, std::nullopt, std::nullopt, {}, std::move(message)});
}

Result<CirronSpool> ReadSpool(std::string_view path, const CirronReadOptions& options) {
  BOOST_OUTCOME_TRY(const std::vector<cirron::SpoolFile> files, cirron::ListSpoolFiles(path));
  CirronSpool spool;
  std::vector<std::string> names;
  cirron::IdRegistry ids;
  for (const cirron::SpoolFile& file : files) {
    BOOST_OUTCOME_TRY(const std::string text,
                      cirron::ReadWholeFile(file.path, options.max_batch_bytes));
    std::uint64_t non_finite = 0;
    BOOST_OUTCOME_TRY(CirronBatch batch, ReadCirronBatch(file.name, text, options, &non_finite));
    names.push_back(file.name);
    const auto added = ids.Add(batch, spool.batches.size(), names);
    if (!added) return Located(file.name, text, added.error(), options.strict_json);
    spool.non_finite_numbers += non_finite;
    spool.batches.push_back(std::move(batch));
  }
  const std::vector<cirron::UnresolvedReference> unresolved =
      cirron::FindUnresolvedReferences(spool.batches, ids);
  // Positions are found only for what is reported: one more pass over each file with warnings.
  for (std::size_t first = 0; first < unresolved.size();) {
    std::size_t last = first;
    std::vector<JsonPath> paths;
    while (last < unresolved.size() && unresolved[last].batch == unresolved[first].batch) {
      paths.push_back(unresolved[last++].path);
    }
    const cirron::SpoolFile& file = files[unresolved[first].batch];
    std::vector<cirron::TextPosition> positions(paths.size());
    const Result<std::string> text = cirron::ReadWholeFile(file.path, options.max_batch_bytes);
    // A file gone since it was read keeps its warnings, at line 0.
    if (text) positions = cirron::FindPathPositions(text.value(), paths, options.strict_json);
    for (std::size_t i = first; i < last; ++i) {
      const cirron::UnresolvedReference& ref = unresolved[i];
      spool.warnings.push_back(CirronWarning{ref.code, file.name, positions[i - first].line,
                                             positions[i - first].column, ref.path.ToString(),
                                             ref.message});
    }
    first = last;
  }
  return spool;
}

}  // namespace

std::string_view CirronWarningCodeName(CirronWarningCode code) noexcept {
  switch (code) {
    case CirronWarningCode::kMissingParent:
      return "cirron_missing_parent";
    case CirronWarningCode::kMissingMark:
      return "cirron_missing_mark";
    case CirronWarningCode::kMissingSpan:
      return "cirron_missing_span";
  }
  return "cirron_unknown_warning";
}

Result<CirronBatch> ReadCirronBatch(std::string_view file_name, std::string_view text,
                                    const CirronReadOptions& options,
                                    std::uint64_t* non_finite_numbers) {
  const std::optional<cirron::BatchFileName> name = cirron::ParseBatchFileName(file_name);
  if (!name) {
    return NameError(ErrorCode::kCirronFileName, file_name,
                     "a batch file is named <created_ns, 20 digits>-<batch_id, 32 lower-case "
                     "hex>.json");
  }
  auto parsed = cirron::ParseBatchJson(text, options.strict_json, options.max_nesting_depth);
  if (!parsed) return InFile(file_name, parsed.error());
  auto batch = cirron::ReadBatchObject(*parsed.value().document);
  if (!batch) return Located(file_name, text, batch.error(), options.strict_json);
  CirronBatch& read = batch.value();
  if (read.created_ns != name->created_ns) {
    return Located(file_name, text,
                   cirron::FieldErrorAt(
                       ErrorCode::kCirronNameMismatch, JsonPath().Key("created_ns"),
                       "created_ns " + std::to_string(read.created_ns) + " is not the file name's"),
                   options.strict_json);
  }
  if (read.batch_id != name->batch_id) {
    return Located(file_name, text,
                   cirron::FieldErrorAt(ErrorCode::kCirronNameMismatch, JsonPath().Key("batch_id"),
                                        "batch_id " + read.batch_id + " is not the file name's"),
                   options.strict_json);
  }
  read.file_name = std::string(file_name);
  if (non_finite_numbers != nullptr) *non_finite_numbers = parsed.value().non_finite_numbers;
  return std::move(read);
}

Result<CirronSpool> ReadCirronSpool(std::string_view path, const CirronReadOptions& options) {
  try {
    return ReadSpool(path, options);
  } catch (const std::bad_alloc&) {
    // The one exception left: memory, which the byte bound of each batch keeps proportional.
    return Error{ErrorCode::kLimitExceeded,
                 0,
                 std::nullopt,
                 std::nullopt,
                 {},
                 std::string(path) + ": out of memory"};
  }
}

}  // namespace tracedoc
