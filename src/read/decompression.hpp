// gzip and zstd input read as the bytes it holds (Debian's zlib and libzstd), recognized by its
// magic bytes, never by a file name, so a compressed pipe is read like a compressed file. The
// decompressed bytes go through the read's bounds like any others (line length, records): a
// decompression bomb ends with limit_exceeded or streams through in bounded memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "read/byte_source.hpp"

namespace tracedoc::read {

enum class Compression : std::uint8_t { kNone, kGzip, kZstd };

/// The bytes that say a stream is compressed are at most this long.
inline constexpr std::size_t kCompressionMagicBytes = 4;

/// What the first bytes of an input say it is. No UTF-8 text starts like gzip (1f 8b) or zstd
/// (28 b5 2f fd), so no trace is ever taken for compressed data.
Compression CompressionOf(std::string_view head) noexcept;

/// The most memory a zstd frame may ask for its window: 2^27 bytes, zstd's own default bound
/// (what `zstd -d` accepts without --memory). A frame that asks for more is limit_exceeded.
inline constexpr unsigned kMaxZstdWindowLog = 27;

/// How much larger than the compressed bytes read so far the decompressed stream may grow, once
/// past kExpansionCheckedFromBytes: a trace compresses 5 to 50 times, a bomb about 1,000 times
/// (gzip's most); without the bound, 2 MB of blank lines would cost as much as 2 GB of them. A
/// stream beyond it is limit_exceeded; decompress it yourself (`zcat x | tracedoc cmd -`) to read
/// it anyway.
inline constexpr std::uint64_t kMaxExpansion = 256;
inline constexpr std::uint64_t kExpansionCheckedFromBytes = std::uint64_t{64} << 20;

/// `raw` itself when it is not compressed, else a source of its decompressed bytes. A
/// concatenation of gzip members or of zstd frames is read as one stream. Corrupt or truncated
/// compressed data fails the source with io_error, naming the format and zlib's or zstd's reason.
std::unique_ptr<ByteSource> Decompressed(std::unique_ptr<PeekableSource> raw);

}  // namespace tracedoc::read
