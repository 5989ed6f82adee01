// Finding and reading a spool's files (docs/cirron-spool.md, "Files"). std::filesystem is used
// through its error_code overloads only: nothing here throws.
#include "cirron/spool_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "cirron/batch_file_name.hpp"

namespace tracedoc::cirron {
namespace {

namespace fs = std::filesystem;

Error IoError(std::string message) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, std::move(message)};
}

}  // namespace

Result<std::vector<SpoolFile>> ListSpoolFiles(std::string_view path) {
  std::error_code ec;
  fs::path directory(path);
  if (!fs::is_directory(directory, ec)) {
    if (!fs::is_regular_file(directory, ec)) {
      return IoError(std::string(path) + ": not a spool directory or a batch file");
    }
    return std::vector<SpoolFile>{{directory.string(), directory.filename().string()}};
  }
  // A .cirron directory holds the spool in spool/ (and the blobs in snapshots/).
  if (fs::is_directory(directory / "spool", ec)) directory /= "spool";
  std::vector<SpoolFile> files;
  fs::directory_iterator it(directory, ec);
  if (ec) return IoError(directory.string() + ": " + ec.message());
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return IoError(directory.string() + ": " + ec.message());
    if (!it->is_regular_file(ec)) continue;
    std::string name = it->path().filename().string();
    if (IsTemporaryBatchFile(name)) continue;
    files.push_back(SpoolFile{it->path().string(), std::move(name)});
  }
  if (ec) return IoError(directory.string() + ": " + ec.message());
  std::sort(files.begin(), files.end(),
            [](const SpoolFile& a, const SpoolFile& b) { return a.name < b.name; });
  return files;
}

Result<std::string> ReadWholeFile(const std::string& path, std::uint64_t max_bytes) {
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return IoError(path + ": " + ec.message());
  if (size > max_bytes) {
    return Error{ErrorCode::kLimitExceeded,
                 0,
                 std::nullopt,
                 std::nullopt,
                 {},
                 path + ": " + std::to_string(size) + " bytes, above the batch bound of " +
                     std::to_string(max_bytes)};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return IoError(path + ": cannot be opened");
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  // A file that shrank since its size was taken is read as far as it goes.
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) return IoError(path + ": read failed");
  return text;
}

}  // namespace tracedoc::cirron
