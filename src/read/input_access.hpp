// What a TraceInput holds, for the readers of this library (a TraceInput is opaque to callers),
// and its bytes as every reader and format detection see them: a file's or standard input's,
// decompressed when they are gzip or zstd (read/decompression.hpp).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "read/byte_source.hpp"
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
  static constexpr TraceInput::Kind kStandardInput = TraceInput::Kind::kStandardInput;
};

namespace read {

/// The decoded bytes of one input, open for one read.
class InputSource {
 public:
  explicit InputSource(std::unique_ptr<PeekableSource> owned)
      : owned_(std::move(owned)), source_(owned_.get()) {}
  explicit InputSource(PeekableSource& shared) : source_(&shared) {}

  PeekableSource& bytes() const { return *source_; }

 private:
  std::unique_ptr<PeekableSource> owned_;
  PeekableSource* source_;
};

/// True when a string input must be read through a source (it is compressed); a plain string
/// is read in place, without a copy.
bool NeedsDecoding(std::string_view text) noexcept;

/// The bytes of `input`, decoded: a file opened anew, a string through a decompressor, or
/// standard input, which is one stream for the whole process: what a peek of it kept is read
/// first. io_error "open WHAT NAME: REASON" when a file cannot be opened.
Result<InputSource> OpenInputSource(const TraceInput& input, std::string_view what);

}  // namespace read
}  // namespace tracedoc
