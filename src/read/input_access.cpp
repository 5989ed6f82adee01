#include "read/input_access.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "read/decompression.hpp"

namespace tracedoc::read {
namespace {

std::unique_ptr<PeekableSource> Decoded(std::unique_ptr<ByteSource> raw) {
  return std::make_unique<PeekableSource>(
      Decompressed(std::make_unique<PeekableSource>(std::move(raw))));
}

// Standard input can be read once: the probe that recognizes its format keeps what it read in
// this one source, and the read that follows starts with those bytes.
PeekableSource& StandardInput() {
  static const std::unique_ptr<PeekableSource> source =
      Decoded(std::make_unique<StdioSource>(stdin));
  return *source;
}

}  // namespace

bool NeedsDecoding(std::string_view text) noexcept {
  return CompressionOf(text.substr(0, kCompressionMagicBytes)) != Compression::kNone;
}

Result<InputSource> OpenInputSource(const TraceInput& input, std::string_view what) {
  switch (InputAccess::kind(input)) {
    case InputAccess::kStandardInput:
      return InputSource(StandardInput());
    case InputAccess::kString:
      return InputSource(Decoded(std::make_unique<BufferSource>(InputAccess::text(input))));
    case InputAccess::kFile:
      break;
  }
  OwnedFile file(std::fopen(InputAccess::path(input).c_str(), "rb"));
  if (!file) {
    return Error{
        ErrorCode::kIoError,
        0,
        std::nullopt,
        std::nullopt,
        {},
        "open " + std::string(what) + " " + input.display_name() + ": " + std::strerror(errno)};
  }
  return InputSource(Decoded(std::make_unique<StdioSource>(std::move(file))));
}

}  // namespace tracedoc::read
