// Where a file is written before it is renamed over its target, so that a reader never sees half
// of it: the same folder (one file system, so the rename is atomic) and a name no other process
// writing the same target uses.
#ifndef TRACEDOC_SRC_WRITE_TEMPORARY_PATH_HPP_
#define TRACEDOC_SRC_WRITE_TEMPORARY_PATH_HPP_

#include <filesystem>
#include <string>

#include <unistd.h>

namespace tracedoc::write {

/// `<target>.tmp.<pid>`.
inline std::filesystem::path TemporaryPathBeside(const std::filesystem::path& target) {
  std::filesystem::path temporary = target;
  temporary += ".tmp." + std::to_string(::getpid());
  return temporary;
}

}  // namespace tracedoc::write

#endif  // TRACEDOC_SRC_WRITE_TEMPORARY_PATH_HPP_
