// The two decompressing sources: each pulls compressed bytes from the source below it into a
// fixed buffer and decompresses into the caller's block, so a read holds one buffer and the
// decoder's own state (zlib's 32 KiB window, zstd's window within kMaxZstdWindowLog) whatever
// the ratio.
#include "read/decompression.hpp"

#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <climits>
#include <string>

namespace tracedoc::read {
namespace {

constexpr std::size_t kCompressedBufferBytes = std::size_t{64} << 10;

// The compressed bytes below a decompressor, a buffer at a time.
class CompressedInput {
 public:
  explicit CompressedInput(std::unique_ptr<ByteSource> source)
      : source_(std::move(source)), buffer_(new char[kCompressedBufferBytes]) {}

  /// Refills the buffer when it is used up; false at the end of the input (or its failure).
  bool Refill(const char*& next, std::size_t& available) {
    if (available != 0) return true;
    available = source_->Read(buffer_.get(), kCompressedBufferBytes);
    next = buffer_.get();
    read_ += available;
    return available != 0;
  }
  const std::optional<SourceFailure>& failure() const { return source_->failure(); }

  /// True when `decompressed` bytes from what was read so far pass the expansion bound.
  bool Exploded(std::uint64_t decompressed) const {
    return decompressed > kExpansionCheckedFromBytes && decompressed / kMaxExpansion > read_;
  }

 private:
  std::unique_ptr<ByteSource> source_;
  std::unique_ptr<char[]> buffer_;
  std::uint64_t read_ = 0;
};

std::string ExpansionMessage() {
  return "the data expands more than " + std::to_string(kMaxExpansion) +
         " times (a decompression bomb?); decompress it first to read it";
}

class GzipSource final : public ByteSource {
 public:
  explicit GzipSource(std::unique_ptr<ByteSource> compressed) : input_(std::move(compressed)) {
    // 15 + 16: a gzip wrapper (not zlib's), the largest window.
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) Fail("zlib could not start");
  }
  ~GzipSource() override { inflateEnd(&stream_); }

  std::size_t Read(char* out, std::size_t size) override {
    if (done_ || size == 0) return 0;
    size = std::min<std::size_t>(size, UINT_MAX);
    stream_.next_out = reinterpret_cast<Bytef*>(out);
    stream_.avail_out = static_cast<uInt>(size);
    while (stream_.avail_out == size) {
      if (!FillInput()) break;
      if (member_ended_) {
        // Another member follows: gzip's files may be concatenations, read as one stream.
        inflateReset(&stream_);
        member_ended_ = false;
      }
      const int status = inflate(&stream_, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        member_ended_ = true;
      } else if (status != Z_OK && status != Z_BUF_ERROR) {
        Fail(stream_.msg != nullptr ? stream_.msg : "invalid compressed data");
        break;
      }
    }
    const std::size_t produced = size - stream_.avail_out;
    produced_ += produced;
    if (input_.Exploded(produced_)) {
      done_ = true;
      failure_ = SourceFailure{ErrorCode::kLimitExceeded, "gzip: " + ExpansionMessage()};
      return 0;
    }
    return produced;
  }

 private:
  // Input for inflate; false when there is none left (the end, truncated data, or a failure).
  bool FillInput() {
    std::size_t available = stream_.avail_in;
    const char* next = reinterpret_cast<const char*>(stream_.next_in);
    if (!input_.Refill(next, available)) {
      done_ = true;
      if (input_.failure()) {
        failure_ = input_.failure();
      } else if (!member_ended_) {
        Fail("the compressed data ends before its end");
      }
      return false;
    }
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(next));
    stream_.avail_in = static_cast<uInt>(available);
    return true;
  }
  void Fail(const std::string& reason) {
    done_ = true;
    if (!failure_) failure_ = SourceFailure{ErrorCode::kIoError, "gzip: " + reason};
  }

  CompressedInput input_;
  std::uint64_t produced_ = 0;
  z_stream stream_{};
  bool member_ended_ = false;
  bool done_ = false;
};

class ZstdSource final : public ByteSource {
 public:
  explicit ZstdSource(std::unique_ptr<ByteSource> compressed)
      : input_(std::move(compressed)), context_(ZSTD_createDCtx()) {
    if (context_ == nullptr ||
        ZSTD_isError(ZSTD_DCtx_setParameter(context_, ZSTD_d_windowLogMax,
                                            static_cast<int>(kMaxZstdWindowLog)))) {
      Fail(ErrorCode::kIoError, "libzstd could not start");
    }
  }
  ~ZstdSource() override { ZSTD_freeDCtx(context_); }

  std::size_t Read(char* out, std::size_t size) override {
    if (done_ || size == 0) return 0;
    ZSTD_outBuffer output{out, size, 0};
    while (output.pos == 0) {
      // A call that filled the caller's block may have left decoded bytes inside zstd: they
      // come out of the next call without more input.
      if (in_.pos == in_.size && !may_hold_output_) {
        std::size_t available = 0;
        const char* next = nullptr;
        if (!input_.Refill(next, available)) {
          done_ = true;
          if (input_.failure()) {
            failure_ = input_.failure();
          } else if (frame_open_) {
            Fail(ErrorCode::kIoError, "the compressed data ends before its end");
          }
          break;
        }
        in_ = ZSTD_inBuffer{next, available, 0};
      }
      const std::size_t consumed_before = in_.pos;
      const std::size_t result = ZSTD_decompressStream(context_, &output, &in_);
      if (ZSTD_isError(result)) {
        const bool too_large =
            ZSTD_getErrorCode(result) == ZSTD_error_frameParameter_windowTooLarge;
        Fail(too_large ? ErrorCode::kLimitExceeded : ErrorCode::kIoError,
             too_large ? "a frame's window is larger than the bound of 2^" +
                             std::to_string(kMaxZstdWindowLog) + " bytes"
                       : ZSTD_getErrorName(result));
        break;
      }
      // 0: a frame is complete and flushed. A call that only looked for more output after a
      // frame's end (nothing in, nothing out) answers for a next frame not begun: it says nothing.
      if (output.pos != 0 || in_.pos != consumed_before) frame_open_ = result != 0;
      may_hold_output_ = output.pos == output.size;
    }
    produced_ += output.pos;
    if (input_.Exploded(produced_)) {
      Fail(ErrorCode::kLimitExceeded, ExpansionMessage());
      return 0;
    }
    return output.pos;
  }

 private:
  void Fail(ErrorCode code, const std::string& reason) {
    done_ = true;
    if (!failure_) failure_ = SourceFailure{code, "zstd: " + reason};
  }

  CompressedInput input_;
  std::uint64_t produced_ = 0;
  ZSTD_DCtx* context_;
  ZSTD_inBuffer in_{nullptr, 0, 0};
  bool frame_open_ = false;
  bool may_hold_output_ = false;
  bool done_ = false;
};

}  // namespace

Compression CompressionOf(std::string_view head) noexcept {
  if (head.size() >= 2 && head[0] == '\x1f' && head[1] == '\x8b') return Compression::kGzip;
  if (head.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4)) return Compression::kZstd;
  return Compression::kNone;
}

std::unique_ptr<ByteSource> Decompressed(std::unique_ptr<PeekableSource> raw) {
  switch (CompressionOf(raw->Peek(kCompressionMagicBytes))) {
    case Compression::kNone:
      break;
    case Compression::kGzip:
      return std::make_unique<GzipSource>(std::move(raw));
    case Compression::kZstd:
      return std::make_unique<ZstdSource>(std::move(raw));
  }
  return raw;
}

}  // namespace tracedoc::read
