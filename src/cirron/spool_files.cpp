// Finding and reading a spool's files (docs/cirron-spool.md, "Files"). std::filesystem is used
// through its error_code overloads only: nothing here throws. A batch is opened without blocking
// and must be a regular file: a link to a device, a FIFO or a socket planted in a spool is an
// error naming it, never data lost in silence nor a read that never ends.
#include "cirron/spool_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "cirron/batch_file_name.hpp"

namespace tracedoc::cirron {
namespace {

namespace fs = std::filesystem;

Error IoError(std::string message) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, std::move(message)};
}

Error NotARegularFile(const std::string& path) {
  return IoError(path + ": a spool's batch must be a regular file (this is a device, a FIFO, a "
                        "socket or a link to one)");
}

// Closes the descriptor it holds.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

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
  // A .cirron directory holds the spool in spool/ (and the blobs in snapshots/); a run's
  // directory may hold the .cirron one.
  if (fs::is_directory(directory / ".cirron" / "spool", ec)) directory /= ".cirron";
  if (fs::is_directory(directory / "spool", ec)) directory /= "spool";
  std::vector<SpoolFile> files;
  fs::directory_iterator it(directory, ec);
  if (ec) return IoError(directory.string() + ": " + ec.message());
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return IoError(directory.string() + ": " + ec.message());
    std::string name = it->path().filename().string();
    // A directory holds no batch; a batch still being written is not read.
    if (it->is_directory(ec) || IsTemporaryBatchFile(name)) continue;
    // Anything else is a batch, and must be a regular file once links are followed.
    if (!it->is_regular_file(ec)) return NotARegularFile(it->path().string());
    files.push_back(SpoolFile{it->path().string(), std::move(name)});
  }
  if (ec) return IoError(directory.string() + ": " + ec.message());
  std::sort(files.begin(), files.end(),
            [](const SpoolFile& a, const SpoolFile& b) { return a.name < b.name; });
  return files;
}

Result<std::string> ReadWholeFile(const std::string& path, std::uint64_t max_bytes) {
  // O_NONBLOCK: a FIFO put in the file's place since it was listed opens at once instead of
  // waiting for a writer, and is refused below; on a regular file the flag changes nothing.
  const Descriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (file.get() < 0) return IoError(path + ": cannot be opened: " + std::strerror(errno));
  struct stat status {};
  if (::fstat(file.get(), &status) != 0) return IoError(path + ": " + std::strerror(errno));
  if (!S_ISREG(status.st_mode)) return NotARegularFile(path);
  const auto size = static_cast<std::uint64_t>(status.st_size);
  if (size > max_bytes) {
    return Error{ErrorCode::kLimitExceeded,
                 0,
                 std::nullopt,
                 std::nullopt,
                 {},
                 path + ": " + std::to_string(size) + " bytes, above the batch bound of " +
                     std::to_string(max_bytes)};
  }
  std::string text(static_cast<std::size_t>(size), '\0');
  std::size_t got = 0;
  // A file that shrank since its size was taken is read as far as it goes.
  while (got < text.size()) {
    const ssize_t n = ::read(file.get(), text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return IoError(path + ": read failed: " + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace tracedoc::cirron
