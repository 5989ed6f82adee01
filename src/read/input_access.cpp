#include "read/input_access.hpp"

#include <cerrno>
#include <cstring>
#include <string>

namespace tracedoc::read {

Result<std::FILE*> OpenInputStream(const TraceInput& input, std::string_view what,
                                   OwnedFile& owned) {
  if (InputAccess::kind(input) != InputAccess::kFile) return stdin;
  owned.reset(std::fopen(InputAccess::path(input).c_str(), "rb"));
  if (!owned) {
    return Error{
        ErrorCode::kIoError,
        0,
        std::nullopt,
        std::nullopt,
        {},
        "open " + std::string(what) + " " + input.display_name() + ": " + std::strerror(errno)};
  }
  return owned.get();
}

}  // namespace tracedoc::read
