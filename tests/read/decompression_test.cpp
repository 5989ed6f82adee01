// Compressed input (src/read/decompression.hpp, issue 42): gzip and zstd recognized by their magic
// bytes and read as the text they hold, through every bound a read has; corrupt, truncated and
// oversized data ends with the error that names it, a bomb with limit_exceeded in bounded memory.
#include "read/decompression.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "read/byte_source.hpp"
#include "support/compressed.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::read {
namespace {

using testdata::Gzipped;
using testdata::Zstded;

std::string ReadAllOf(ByteSource& source, std::size_t chunk) {
  std::string out;
  std::string buffer(chunk, '\0');
  for (;;) {
    const std::size_t got = source.Read(buffer.data(), buffer.size());
    if (got == 0) return out;
    out.append(buffer, 0, got);
  }
}

std::unique_ptr<ByteSource> DecodedOf(std::string_view bytes) {
  return Decompressed(std::make_unique<PeekableSource>(std::make_unique<BufferSource>(bytes)));
}

Result<TraceDocument> ReadText(std::string_view bytes, unsigned threads = 1) {
  ReadOptions options;
  options.threads = threads;
  return ReadTrace(TraceInput::FromString(bytes), options);
}

TEST(CompressionOfTest, MagicBytesAloneDecide) {
  EXPECT_EQ(CompressionOf("\x1f\x8b\x08\x00"), Compression::kGzip);
  EXPECT_EQ(CompressionOf(std::string_view("\x28\xb5\x2f\xfd", 4)), Compression::kZstd);
  EXPECT_EQ(CompressionOf("{\"kind\""), Compression::kNone);
  EXPECT_EQ(CompressionOf("\x1f"), Compression::kNone);
  EXPECT_EQ(CompressionOf(std::string_view("\x28\xb5\x2f", 3)), Compression::kNone);
  EXPECT_EQ(CompressionOf(""), Compression::kNone);
}

TEST(PeekableSourceTest, PeekedBytesAreReadAgainThenTheRest) {
  PeekableSource source(std::make_unique<BufferSource>("abcdefgh"));
  EXPECT_EQ(source.Peek(3), "abc");
  EXPECT_EQ(source.Peek(5), "abcde");
  char two[2];
  ASSERT_EQ(source.Read(two, 2), 2u);
  EXPECT_EQ(std::string_view(two, 2), "ab");
  EXPECT_EQ(source.Peek(2), "cd");
  EXPECT_EQ(ReadAllOf(source, 3), "cdefgh");
  EXPECT_EQ(source.Peek(4), "");
  EXPECT_FALSE(source.failure());
}

TEST(DecompressionTest, EachFormatGivesBackItsTextWhateverTheReadSize) {
  const std::string text = generator::GenerateTrace(2000, 7);
  for (const std::string& compressed : {Gzipped(text), Zstded(text)}) {
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{256} << 10}) {
      const std::unique_ptr<ByteSource> source = DecodedOf(compressed);
      EXPECT_EQ(ReadAllOf(*source, chunk), text);
      EXPECT_FALSE(source->failure()) << chunk << ": " << source->failure()->reason;
    }
  }
}

TEST(DecompressionTest, PlainBytesPassThrough) {
  const std::unique_ptr<ByteSource> source = DecodedOf("{\"a\":1}\n");
  EXPECT_EQ(ReadAllOf(*source, 3), "{\"a\":1}\n");
}

TEST(DecompressionTest, ConcatenatedMembersAndFramesAreOneStream) {
  EXPECT_EQ(ReadAllOf(*DecodedOf(Gzipped("ab\n") + Gzipped("") + Gzipped("cd\n")), 5),
            "ab\ncd\n");
  EXPECT_EQ(ReadAllOf(*DecodedOf(Zstded("ab\n") + Zstded("cd\n")), 5), "ab\ncd\n");
}

TEST(DecompressionTest, TruncatedDataFailsNamingTheFormat) {
  const std::string text = generator::GenerateTrace(500, 3);
  for (const std::string& compressed : {Gzipped(text), Zstded(text)}) {
    const std::unique_ptr<ByteSource> source =
        DecodedOf(std::string_view(compressed).substr(0, compressed.size() / 2));
    const std::string got = ReadAllOf(*source, 4096);
    EXPECT_LT(got.size(), text.size());
    EXPECT_EQ(text.substr(0, got.size()), got);
    ASSERT_TRUE(source->failure());
    EXPECT_EQ(source->failure()->code, ErrorCode::kIoError);
    EXPECT_NE(source->failure()->reason.find("the compressed data ends before its end"),
              std::string::npos)
        << source->failure()->reason;
  }
}

TEST(DecompressionTest, CorruptDataFailsWithTheLibrarysReason) {
  std::string gzip = Gzipped(generator::GenerateTrace(200, 1));
  gzip[20] = static_cast<char>(gzip[20] ^ 0x55);
  gzip[21] = static_cast<char>(gzip[21] ^ 0x55);
  const std::unique_ptr<ByteSource> source = DecodedOf(gzip);
  ReadAllOf(*source, 4096);
  ASSERT_TRUE(source->failure());
  EXPECT_EQ(source->failure()->code, ErrorCode::kIoError);
  EXPECT_EQ(source->failure()->reason.rfind("gzip: ", 0), 0u) << source->failure()->reason;

  const std::string corrupt_zstd("\x28\xb5\x2f\xfd\xff\xff\xff", 7);  // outlives its source
  const std::unique_ptr<ByteSource> zstd = DecodedOf(corrupt_zstd);
  ReadAllOf(*zstd, 4096);
  ASSERT_TRUE(zstd->failure());
  EXPECT_EQ(zstd->failure()->reason.rfind("zstd: ", 0), 0u) << zstd->failure()->reason;
}

TEST(DecompressionTest, AZstdFrameAskingForAHugeWindowIsALimit) {
  // Frame header: no content size, window descriptor 0xA8 (2^31 bytes), then one raw block.
  const std::string frame("\x28\xb5\x2f\xfd\x00\xa8\x09\x00\x00x", 10);
  const std::unique_ptr<ByteSource> source = DecodedOf(frame);
  EXPECT_EQ(ReadAllOf(*source, 4096), "");
  ASSERT_TRUE(source->failure());
  EXPECT_EQ(source->failure()->code, ErrorCode::kLimitExceeded);
  EXPECT_NE(source->failure()->reason.find("2^27"), std::string::npos);
}

// ---- through the read ----------------------------------------------------------------------

TEST(CompressedReadTest, ACompressedTraceFoldsToThePlainOnesDocument) {
  const std::string text = generator::GenerateTrace(100000, 42);
  const Result<TraceDocument> plain = ReadText(text);
  ASSERT_TRUE(plain) << plain.error().message;
  const std::string expected = WriteJsonl(plain.value());
  for (const std::string& compressed : {Gzipped(text, 1), Zstded(text, 1)}) {
    for (const unsigned threads : {1u, 2u}) {
      const Result<TraceDocument> document = ReadText(compressed, threads);
      ASSERT_TRUE(document) << document.error().message;
      EXPECT_EQ(WriteJsonl(document.value()), expected);
    }
  }
}

TEST(CompressedReadTest, ErrorsNameTheLineOfTheDecompressedStream) {
  std::string text = generator::GenerateTrace(50, 5);
  const std::size_t third = text.find('\n', text.find('\n') + 1) + 1;
  text.insert(third, "{\"kind\":\"op\"\n");  // line 3: an op without its fields
  const Result<TraceDocument> plain = ReadText(text);
  ASSERT_FALSE(plain);
  for (const std::string& compressed : {Gzipped(text), Zstded(text)}) {
    const Result<TraceDocument> document = ReadText(compressed);
    ASSERT_FALSE(document);
    EXPECT_EQ(document.error().code, plain.error().code);
    EXPECT_EQ(document.error().line, 3u);
    EXPECT_EQ(document.error().message, plain.error().message);
  }
}

TEST(CompressedReadTest, ATruncatedFileFailsAtTheLineAfterItsLastWholeOne) {
  const std::string text = generator::GenerateTrace(1000, 9);
  const std::string gzip = Gzipped(text);
  const Result<TraceDocument> document =
      ReadText(std::string_view(gzip).substr(0, gzip.size() - 40));
  ASSERT_FALSE(document);
  EXPECT_EQ(document.error().code, ErrorCode::kIoError);
  EXPECT_GT(document.error().line, 1u);
  EXPECT_NE(document.error().message.find("gzip: the compressed data ends before its end"),
            std::string::npos)
      << document.error().message;
}

TEST(CompressedReadTest, ACompressedExportIsRecognizedAndRead) {
  constexpr std::string_view kRecord =
      R"({"stream": "step_time", "rank": 0, "step": 1, "events": {}})";
  const std::string gzip = Gzipped(std::string(kRecord) + "\n");
  EXPECT_EQ(DetectFormat(TraceInput::FromString(gzip)), InputFormat::kTraceMLExport);
  EXPECT_EQ(DetectFormat(TraceInput::FromString(Gzipped(testdata::kSample))),
            InputFormat::kTrace);
}

// The sanitizers' shadow memory and quarantine add to every peak.
#ifdef TRACEDOC_SANITIZED
constexpr long kSanitizerSlackMiB = 800;
#else
constexpr long kSanitizerSlackMiB = 0;
#endif

// Runs `read` in a child process and returns the child's peak resident memory in MiB, and its
// exit code through `code`: the bound a bomb must keep is the child's own, not the test binary's.
template <class Read>
long ChildPeakMiB(Read read, int& code) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(read());
  int status = 0;
  struct rusage usage {};
  ::wait4(child, &status, 0, &usage);
  code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return usage.ru_maxrss / 1024;
}

TEST(CompressedReadTest, AGzipBombOf2GiBIn2MBEndsWithLimitExceededInBoundedMemory) {
  // 2,048 members of 1 MiB of zeros: 2 GiB decompressed, about 2 MB compressed; no line ends,
  // so the line bound (here 64 MiB) stops the read long before the end.
  const std::string bomb = testdata::GzipBomb('\0', 2048);
  EXPECT_LT(bomb.size(), std::size_t{3} << 20);
  int code = -1;
  const long peak = ChildPeakMiB(
      [&] {
        ReadOptions options;
        options.max_line_bytes = std::size_t{64} << 20;
        const Result<TraceDocument> document = ReadTrace(TraceInput::FromString(bomb), options);
        return !document && document.error().code == ErrorCode::kLimitExceeded &&
                       document.error().line == 1
                   ? 0
                   : 1;
      },
      code);
  EXPECT_EQ(code, 0);
  // The line bound is what a read buffers; the test binary itself holds the bomb and more.
  EXPECT_LT(peak, 400 + kSanitizerSlackMiB) << peak << " MiB";
}

TEST(CompressedReadTest, ABombOfBlankLinesStreamsThroughInBoundedMemory) {
  // 32 MiB of newlines (a 32 KB file): every line blank, none held; the read goes to the end
  // and fails there, as an empty trace does.
  const std::string bomb = testdata::GzipBomb('\n', 32);
  int code = -1;
  const long peak = ChildPeakMiB(
      [&] {
        const Result<void> checked = ValidateTrace(TraceInput::FromString(bomb));
        // Read to its end, which holds no record: missing_meta, as a blank file gives.
        return !checked && checked.error().code == ErrorCode::kMissingMeta ? 0 : 1;
      },
      code);
  EXPECT_EQ(code, 0);
  EXPECT_LT(peak, 200 + kSanitizerSlackMiB) << peak << " MiB";
}

TEST(CompressedReadTest, AStreamThatExpandsBeyondTheBoundIsALimit) {
  // 128 MiB of blank lines from 128 KB (gzip) or a few KB (zstd): each line costs the read as
  // much as in a plain file, so the expansion, not the lines, is what is bounded.
  std::string zstd;
  for (int i = 0; i < 128; ++i) zstd += Zstded(std::string(std::size_t{1} << 20, '\n'));
  for (const std::string& bomb : {testdata::GzipBomb('\n', 128), zstd}) {
    const Result<void> checked = ValidateTrace(TraceInput::FromString(bomb));
    ASSERT_FALSE(checked);
    EXPECT_EQ(checked.error().code, ErrorCode::kLimitExceeded);
    EXPECT_GT(checked.error().line, kExpansionCheckedFromBytes / 2);
    EXPECT_NE(checked.error().message.find("expands more than 256 times"), std::string::npos)
        << checked.error().message;
  }
}

}  // namespace
}  // namespace tracedoc::read
