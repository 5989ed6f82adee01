// gzip and zstd bytes for the tests of compressed input, made with the same Debian libraries the
// reader decompresses with (zlib, libzstd): no compressor binary is needed on the machine.
#ifndef TRACEDOC_TESTS_SUPPORT_COMPRESSED_HPP_
#define TRACEDOC_TESTS_SUPPORT_COMPRESSED_HPP_

#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tracedoc::testdata {

/// `text` as one gzip member.
inline std::string Gzipped(std::string_view text, int level = 6) {
  z_stream stream{};
  if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2");
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("deflate");
  return out;
}

/// `text` as one zstd frame.
inline std::string Zstded(std::string_view text, int level = 3) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const std::size_t size = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level);
  if (ZSTD_isError(size)) throw std::runtime_error(ZSTD_getErrorName(size));
  out.resize(size);
  return out;
}

/// A gzip bomb: `members` gzip members, each of 1 MiB of `byte`, about 1 KiB apiece: `members`
/// MiB once decompressed, read as one stream.
inline std::string GzipBomb(char byte, std::uint64_t members) {
  const std::string member = Gzipped(std::string(std::size_t{1} << 20, byte), 9);
  std::string out;
  out.reserve(member.size() * members);
  for (std::uint64_t i = 0; i < members; ++i) out += member;
  return out;
}

}  // namespace tracedoc::testdata

#endif  // TRACEDOC_TESTS_SUPPORT_COMPRESSED_HPP_
