// OutputFile: a temporary beside a regular file, renamed over it; in place for anything else.
// POSIX calls throughout: std::filesystem cannot create a file exclusively or refuse links.
#include "tracedoc/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <streambuf>
#include <string>
#include <vector>

namespace tracedoc {
namespace {

Error IoError(const std::filesystem::path& path, std::string what) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {},
               "cannot write " + path.string() + ": " + std::move(what)};
}

std::string Reason(int error) { return std::strerror(error); }

// A stream buffer over a file descriptor that remembers the first write error (errno), so that
// a full disk or a closed pipe is reported by name rather than as a stream's bad bit.
class DescriptorBuffer final : public std::streambuf {
 public:
  DescriptorBuffer() : buffer_(64 * 1024) { setp(buffer_.data(), buffer_.data() + buffer_.size()); }
  DescriptorBuffer(const DescriptorBuffer&) = delete;
  DescriptorBuffer& operator=(const DescriptorBuffer&) = delete;
  void Attach(int fd) noexcept { fd_ = fd; }
  int error() const noexcept { return error_; }
  bool Drain() {
    const char* at = pbase();
    while (at < pptr()) {
      const ssize_t written = ::write(fd_, at, static_cast<std::size_t>(pptr() - at));
      if (written < 0) {
        if (errno == EINTR) continue;
        if (error_ == 0) error_ = errno;
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return false;
      }
      at += written;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return true;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!Drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return Drain() ? 0 : -1; }
  std::streamsize xsputn(const char* data, std::streamsize size) override {
    // Large pieces go straight to the descriptor, past the buffer.
    if (size >= static_cast<std::streamsize>(buffer_.size())) {
      if (!Drain()) return 0;
      std::streamsize done = 0;
      while (done < size) {
        const ssize_t written = ::write(fd_, data + done, static_cast<std::size_t>(size - done));
        if (written < 0) {
          if (errno == EINTR) continue;
          if (error_ == 0) error_ = errno;
          return done;
        }
        done += written;
      }
      return size;
    }
    return std::streambuf::xsputn(data, size);
  }

 private:
  int fd_ = -1;
  std::vector<char> buffer_;
  int error_ = 0;
};

// The mode a new file gets from `>`: 0666 less the umask (read without changing it for good).
mode_t NewFileMode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

struct OutputFile::State {
  std::filesystem::path path;  // as given, for messages
  std::filesystem::path final_path;  // what the temporary is renamed to
  std::string temporary;  // empty when written in place
  int fd = -1;
  DescriptorBuffer buffer;
  std::ostream stream{nullptr};
  bool committed = false;

  ~State() {
    if (fd >= 0) ::close(fd);
    if (!temporary.empty() && !committed) ::unlink(temporary.c_str());
  }
};

OutputFile::OutputFile(std::unique_ptr<State> state) : state_(std::move(state)) {}
OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;
OutputFile::~OutputFile() = default;

std::ostream& OutputFile::stream() { return state_->stream; }
bool OutputFile::in_place() const noexcept { return state_->temporary.empty(); }

Result<OutputFile> OutputFile::Open(const std::filesystem::path& path) {
  auto state = std::make_unique<State>();
  state->path = path;
  struct stat link_status {};
  struct stat status {};
  const bool exists = ::lstat(path.c_str(), &link_status) == 0;
  // Where the bytes end up: the path, or a link's target when that is a regular file.
  std::filesystem::path final_path = path;
  bool regular = true;
  mode_t mode = NewFileMode();
  if (exists) {
    if (::stat(path.c_str(), &status) == 0) {
      if (S_ISDIR(status.st_mode)) return IoError(path, "it is a directory");
      regular = S_ISREG(status.st_mode);
      if (regular) mode = status.st_mode & 07777;
      if (regular && S_ISLNK(link_status.st_mode)) {
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved) == nullptr) return IoError(path, Reason(errno));
        final_path = resolved;
      }
    }
    // A dangling link: the new file takes its place, as a new file takes a missing path's.
  }
  if (!regular) {
    // A device, a FIFO, a socket: written in place, as `>` writes it, never replaced.
    state->fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (state->fd < 0) return IoError(path, Reason(errno));
  } else {
    const std::filesystem::path directory =
        final_path.has_parent_path() ? final_path.parent_path() : std::filesystem::path(".");
    // Unguessable, and created exclusively: a link planted at that name fails the creation
    // instead of being followed.
    std::string name = (directory / ("." + final_path.filename().string() + ".XXXXXX")).string();
    state->fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (state->fd < 0) return IoError(path, Reason(errno));
    state->temporary = std::move(name);
    ::fchmod(state->fd, mode);
  }
  state->final_path = final_path;
  state->buffer.Attach(state->fd);
  state->stream.rdbuf(&state->buffer);
  return OutputFile(std::move(state));
}

Result<void> OutputFile::Commit() && {
  State& s = *state_;
  s.stream.flush();
  s.buffer.pubsync();
  if (s.buffer.error() != 0) return IoError(s.path, Reason(s.buffer.error()));
  if (!s.stream) return IoError(s.path, "the output failed");
  const int fd = std::exchange(s.fd, -1);
  if (::close(fd) != 0 && !s.temporary.empty()) return IoError(s.path, Reason(errno));
  if (s.temporary.empty()) return boost::outcome_v2::success();
  if (::rename(s.temporary.c_str(), s.final_path.c_str()) != 0) {
    return IoError(s.path, Reason(errno));
  }
  s.committed = true;
  return boost::outcome_v2::success();
}

}  // namespace tracedoc
