// What makes bytes a Cirron batch for format detection, whatever the file is named: the keys of
// the object they open (docs/cirron-spool.md, "Files").
#pragma once

#include <string_view>

namespace tracedoc {

/// True when `prefix` (the first bytes of an input, possibly cut anywhere) opens a JSON object
/// (after white space and a UTF-8 byte-order mark) whose top-level keys, as far as `prefix`
/// goes, include `schema_version` and at least two of `sdk_version`, `batch_id`, `created_ns`,
/// `spans`, `marks` and `snapshots`. Not a validation: the batch reader checks the JSON. One
/// pass over `prefix`, no allocation.
bool LooksLikeCirronBatch(std::string_view prefix) noexcept;

}  // namespace tracedoc
