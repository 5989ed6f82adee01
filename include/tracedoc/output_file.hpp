// Where a command's output goes when it names a path: written the way a careful shell
// redirection writes it, in one place for every writer (tracedoc -o OUT, WriteJsonlFile).
#ifndef TRACEDOC_OUTPUT_FILE_HPP_
#define TRACEDOC_OUTPUT_FILE_HPP_

#include <filesystem>
#include <memory>
#include <ostream>

#include "tracedoc/error.hpp"

namespace tracedoc {

/// An output opened for writing. A regular file (or a path that does not exist yet, in an
/// existing directory) is written through a new temporary in its directory, created with
/// O_CREAT|O_EXCL under an unguessable name (so a link planted there is never followed), and
/// renamed over it by Commit: no reader ever sees half a file, and an output not committed
/// leaves the path as it was. A link to a regular file replaces its target the same way; the
/// link stays. Anything else (a character device, a FIFO, a socket, /dev/stdout and the links to
/// it) is opened and written in place, as `>` would, never replaced.
class OutputFile {
 public:
  /// Opens `path`. Errors: io_error naming `path` (a directory, a missing directory, no
  /// permission).
  static Result<OutputFile> Open(const std::filesystem::path& path);

  OutputFile(OutputFile&&) noexcept;
  OutputFile& operator=(OutputFile&&) noexcept;
  /// Not committed: the temporary is removed; the path is as it was.
  ~OutputFile();

  /// Where to write. A failed write is reported by Commit.
  std::ostream& stream();
  /// Whether the path is written in place (not a regular file).
  bool in_place() const noexcept;

  /// Writes out what is buffered, then renames the temporary over the path. Errors: io_error
  /// naming the path and why (a full disk, a closed pipe, the rename).
  Result<void> Commit() &&;

 private:
  struct State;
  explicit OutputFile(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_OUTPUT_FILE_HPP_
