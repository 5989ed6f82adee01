// Which files a spool path names, and reading one whole within its byte bound.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/error.hpp"

namespace tracedoc::cirron {

struct SpoolFile {
  std::string path;  ///< to open
  std::string name;  ///< the file's name, no directory
};

/// The batch files of `path`, sorted by name: a `.cirron` directory's `spool/` (when it has
/// one; `.cirron/spool/` for a directory holding a `.cirron` one), a spool directory's regular
/// files but the `*.json.tmp` ones, or the single file `path`.
/// io_error when `path` or the directory cannot be read.
Result<std::vector<SpoolFile>> ListSpoolFiles(std::string_view path);

/// The bytes of `path`: io_error, or limit_exceeded when larger than `max_bytes`.
Result<std::string> ReadWholeFile(const std::string& path, std::uint64_t max_bytes);

}  // namespace tracedoc::cirron
