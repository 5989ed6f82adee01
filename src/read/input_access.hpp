// What a TraceInput holds, for the readers of this library (a TraceInput is opaque to callers):
// the trace reader and the other line-by-line readers (TraceML exports) open inputs the same way.
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string_view>

#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {

class InputAccess {
 public:
  static TraceInput::Kind kind(const TraceInput& input) { return input.kind_; }
  static std::string_view text(const TraceInput& input) { return input.text_; }
  static const std::filesystem::path& path(const TraceInput& input) { return input.path_; }
  static constexpr TraceInput::Kind kString = TraceInput::Kind::kString;
  static constexpr TraceInput::Kind kFile = TraceInput::Kind::kFile;
};

namespace read {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using OwnedFile = std::unique_ptr<std::FILE, FileCloser>;

/// The stream of a file or standard input input (not a string's): a file is opened into
/// `owned`. io_error "open WHAT NAME: REASON" when it cannot be.
Result<std::FILE*> OpenInputStream(const TraceInput& input, std::string_view what,
                                   OwnedFile& owned);

}  // namespace read
}  // namespace tracedoc
