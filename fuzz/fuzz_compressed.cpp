// Compressed input (issue 42): any bytes, compressed with gzip and with zstd, read as the bytes
// themselves are read; and any bytes behind a gzip or a zstd magic, read as (almost always
// corrupt) compressed data. Invariants: a trace compressed either way folds to the plain read's
// document or fails with the plain read's error, at the same line; the format detected is the
// plain bytes' (the TraceML export's recognition included); bytes behind a magic never crash,
// never loop, and fail (when they fail) with a code of the table, ReadTrace and ValidateTrace
// agreeing.
#include <zlib.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "tracedoc/input_format.hpp"
#include "tracedoc/reader.hpp"

namespace {

constexpr std::string_view kGzipMagic = "\x1f\x8b";
constexpr std::string_view kZstdMagic = std::string_view("\x28\xb5\x2f\xfd", 4);

std::string Gzipped(std::string_view text) {
  z_stream stream{};
  TRACEDOC_FUZZ_CHECK(deflateInit2(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  TRACEDOC_FUZZ_CHECK(deflate(&stream, Z_FINISH) == Z_STREAM_END);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

std::string Zstded(std::string_view text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const std::size_t size = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 1);
  TRACEDOC_FUZZ_CHECK(!ZSTD_isError(size));
  out.resize(size);
  return out;
}

void CheckSameRead(std::string_view plain, std::string_view compressed) {
  const auto plain_input = tracedoc::TraceInput::FromString(plain);
  const auto compressed_input = tracedoc::TraceInput::FromString(compressed);
  const tracedoc::Result<tracedoc::TraceDocument> expected = tracedoc::ReadTrace(plain_input);
  const tracedoc::Result<tracedoc::TraceDocument> got = tracedoc::ReadTrace(compressed_input);
  TRACEDOC_FUZZ_CHECK(got.has_value() == expected.has_value());
  if (expected) {
    TRACEDOC_FUZZ_CHECK(got.value() == expected.value());
  } else {
    TRACEDOC_FUZZ_CHECK(got.error() == expected.error());
  }
  TRACEDOC_FUZZ_CHECK(tracedoc::DetectFormat(compressed_input) ==
                      tracedoc::DetectFormat(plain_input));
}

void CheckCorruptData(std::string_view bytes) {
  const auto input = tracedoc::TraceInput::FromString(bytes);
  const tracedoc::Result<tracedoc::TraceDocument> document = tracedoc::ReadTrace(input);
  const tracedoc::Result<void> validated = tracedoc::ValidateTrace(input);
  TRACEDOC_FUZZ_CHECK(document.has_value() == validated.has_value());
  if (!document) {
    TRACEDOC_FUZZ_CHECK(static_cast<int>(document.error().code) < tracedoc::kErrorCodeCount);
    TRACEDOC_FUZZ_CHECK(document.error() == validated.error());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The plain bytes must not themselves be compressed data: their read would then be the
  // decompressed bytes', not theirs.
  if (text.substr(0, 2) != kGzipMagic && text.substr(0, 4) != kZstdMagic) {
    CheckSameRead(text, Gzipped(text));
    CheckSameRead(text, Zstded(text));
  }
  CheckCorruptData(std::string(kGzipMagic) + std::string(text));
  CheckCorruptData(std::string(kZstdMagic) + std::string(text));
  return 0;
}
