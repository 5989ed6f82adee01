// ReadCirronBatch on any bytes, as the batch file 00000000000000000001-aaaa…a.json. Invariants:
// the read is deterministic; a failure has a code of the table, names the file (Error::file),
// and its line and column lie within the input; a strict-JSON read that succeeds is the default
// read, which then counted no NaN or Infinity; a strict read (unknown keys refused) accepts what
// the default accepts or fails with unknown_field; a batch that is read keeps every rule of the
// format.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace {

bool IsHexId(std::string_view id) {
  return id.size() == 32 && std::all_of(id.begin(), id.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

void CheckError(const tracedoc::Error& error, std::string_view file_name, std::string_view text) {
  TRACEDOC_FUZZ_CHECK(static_cast<int>(error.code) < tracedoc::kErrorCodeCount);
  TRACEDOC_FUZZ_CHECK(error.file == file_name);
  if (error.line == 0) return;
  const auto lines = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  TRACEDOC_FUZZ_CHECK(error.line <= lines);
  TRACEDOC_FUZZ_CHECK(error.column.has_value() && *error.column >= 1);
  TRACEDOC_FUZZ_CHECK(*error.column <= text.size() + 1);
}

void CheckBatch(const tracedoc::CirronBatch& batch) {
  TRACEDOC_FUZZ_CHECK(batch.schema_version == 1);
  TRACEDOC_FUZZ_CHECK(IsHexId(batch.batch_id));
  for (const tracedoc::CirronSpan& span : batch.spans) {
    TRACEDOC_FUZZ_CHECK(IsHexId(span.id));
    TRACEDOC_FUZZ_CHECK(!span.parent_id || IsHexId(*span.parent_id));
    TRACEDOC_FUZZ_CHECK(span.end_ns >= span.start_ns);
    TRACEDOC_FUZZ_CHECK(std::all_of(span.mark_ids.begin(), span.mark_ids.end(), IsHexId));
    TRACEDOC_FUZZ_CHECK(span.attrs_json.starts_with('{'));
  }
  for (const tracedoc::CirronMark& mark : batch.marks) {
    TRACEDOC_FUZZ_CHECK(IsHexId(mark.id));
    TRACEDOC_FUZZ_CHECK(mark.span_id == "root" || IsHexId(mark.span_id));
  }
  for (const tracedoc::CirronSnapshot& snapshot : batch.snapshots) {
    TRACEDOC_FUZZ_CHECK(IsHexId(snapshot.id) && IsHexId(snapshot.span_id));
    TRACEDOC_FUZZ_CHECK(snapshot.blob_uri.has_value() ==
                        (snapshot.mode != tracedoc::CirronSnapshotMode::kStats));
    if (!snapshot.stats) continue;
    const auto& bins = snapshot.stats->histogram.bins;
    for (std::size_t i = 1; i < bins.size(); ++i) TRACEDOC_FUZZ_CHECK(!(bins[i] < bins[i - 1]));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string file_name = "00000000000000000001-" + std::string(32, 'a') + ".json";
  std::uint64_t non_finite = 0;
  const tracedoc::Result<tracedoc::CirronBatch> read =
      tracedoc::ReadCirronBatch(file_name, text, {}, &non_finite);
  const tracedoc::Result<tracedoc::CirronBatch> again = tracedoc::ReadCirronBatch(file_name, text);
  TRACEDOC_FUZZ_CHECK(read.has_value() == again.has_value());
  tracedoc::CirronReadOptions strict_options;
  strict_options.refuse_nonfinite_literals = true;
  const tracedoc::Result<tracedoc::CirronBatch> strict =
      tracedoc::ReadCirronBatch(file_name, text, strict_options);
  if (!read) {
    TRACEDOC_FUZZ_CHECK(again.error() == read.error());
    CheckError(read.error(), file_name, text);
    if (!strict) CheckError(strict.error(), file_name, text);
    // Strict JSON is a subset: what the default read rejects, the strict read rejects too.
    TRACEDOC_FUZZ_CHECK(!strict);
    return 0;
  }
  CheckBatch(read.value());
  tracedoc::CirronReadOptions no_unknown_keys;
  no_unknown_keys.strict = true;
  const tracedoc::Result<tracedoc::CirronBatch> refusing =
      tracedoc::ReadCirronBatch(file_name, text, no_unknown_keys);
  TRACEDOC_FUZZ_CHECK(refusing || refusing.error().code == tracedoc::ErrorCode::kUnknownField);
  if (strict) TRACEDOC_FUZZ_CHECK(non_finite == 0);
  if (!strict) {
    CheckError(strict.error(), file_name, text);
    TRACEDOC_FUZZ_CHECK(strict.error().code == tracedoc::ErrorCode::kInvalidJson);
    TRACEDOC_FUZZ_CHECK(non_finite > 0);
  }
  return 0;
}
