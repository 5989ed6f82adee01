// ReadTraceMLExport: the line loop. The input is cut into blocks of whole lines and split into
// lines exactly as a trace is (read/line_blocks, read/line_reader), each non-blank line parsed
// by the project's JSON syntax layer with a trace line's codes and columns, then read as a
// record or as the closing line. One line is held at a time; memory is the records kept.
#include <cstdio>
#include <string>

#include "json/json_tape.hpp"
#include "read/input_access.hpp"
#include "read/line_blocks.hpp"
#include "read/line_reader.hpp"
#include "read/read_errors.hpp"
#include "text/utf8.hpp"
#include "tracedoc/record_decoder.hpp"
#include "tracedoc/traceml_export.hpp"
#include "traceml/closing_line.hpp"
#include "traceml/line_context.hpp"
#include "traceml/record_line.hpp"

namespace tracedoc {
namespace {

// As the trace reader's blocks: a few hundred KiB of whole lines at a time.
constexpr std::size_t kBlockBytes = std::size_t{256} << 10;

// The reader's state from line to line.
class ExportLines {
 public:
  ExportLines(const TraceMLReadOptions& options, std::string_view display_name)
      : options_(options),
        display_name_(display_name),
        ctx_(tape_, options_, out_),
        records_(out_) {}

  template <class Blocks>
  Result<TraceMLExport> ReadAll(Blocks& blocks) {
    read::LineBlock block;
    while (blocks.Next(block)) {
      BOOST_OUTCOME_TRY(ReadBlock(block));
      block = read::LineBlock();
    }
    if (out_.closing) {
      BOOST_OUTCOME_TRY(traceml::CheckWrittenRecords(out_));
    }
    return std::move(out_);
  }

 private:
  Result<void> ReadBlock(const read::LineBlock& block) {
    read::BufferLineReader lines(block.bytes, options_.max_line_bytes);
    read::Line line;
    std::uint64_t last = 0;
    for (;;) {
      Result<bool> more = lines.Next(line);
      if (!more)
        return read::LineTooLong(lines_before_ + more.error().line, options_.max_line_bytes);
      if (!more.value()) break;
      last = line.number;
      BOOST_OUTCOME_TRY(ReadLine(line.text, lines_before_ + line.number));
    }
    lines_before_ += last;
    if (block.read_failure) {
      return read::ReadFailed(lines_before_ + 1, display_name_, *block.read_failure);
    }
    return boost::outcome_v2::success();
  }

  Result<void> ReadLine(std::string_view text, std::uint64_t number) {
    if (!text::IsValidUtf8(text)) return read::InvalidUtf8(number, index_);
    if (text::IsBlank(text)) return boost::outcome_v2::success();
    const std::uint64_t index = index_++;
    ctx_.StartLine(number, index);
    if (out_.closing) return traceml::LineAfterClosingLine(*out_.closing, number);
    BOOST_OUTCOME_TRY(Parse(text, number, index));
    const std::uint32_t stream_node = traceml::FindMember(ctx_, 0, "stream");
    if (stream_node != 0) {
      // The closing line is no record: only records count against the bound.
      if (options_.max_records != 0 && out_.record_count() >= options_.max_records) {
        return read::TooManyRecords(number, index, options_.max_records);
      }
      return records_.Read(ctx_, 0, stream_node);
    }
    if (!traceml::IsClosingLine(ctx_, 0)) {
      return ctx_.Fail(ErrorCode::kMissingField, "stream", "missing field `stream`");
    }
    Result<TraceMLClosingLine> closing = traceml::ReadClosingLine(ctx_, 0);
    if (!closing) return std::move(closing).error();
    out_.closing = std::move(closing).value();
    return boost::outcome_v2::success();
  }

  // The line's JSON, with the codes and columns a trace line's syntax errors have
  // (src/decode/record_decoder.cpp).
  Result<void> Parse(std::string_view line, std::uint64_t number, std::uint64_t index) {
    const std::string_view text = text::TrimUnicodeWhitespace(line);
    const std::size_t leading = static_cast<std::size_t>(text.data() - line.data());
    const DecodeOptions bounds;
    const json::SyntaxResult syntax =
        tape_.Parse(text, bounds.max_nesting_depth, bounds.max_string_bytes);
    const std::uint64_t column = leading + syntax.consumed + 1;
    auto fail = [&](ErrorCode code, std::optional<std::uint64_t> at, std::string message) {
      return Error{code, number, index, at, {}, std::move(message)};
    };
    switch (syntax.status) {
      case json::SyntaxStatus::kOk:
        break;
      case json::SyntaxStatus::kInvalidJson:
      case json::SyntaxStatus::kStopped:  // no visitor here: never
        return fail(ErrorCode::kInvalidJson, column,
                    syntax.reason + " at column " + std::to_string(column));
      case json::SyntaxStatus::kTooDeep:
        return fail(ErrorCode::kLimitExceeded, column,
                    "JSON nesting deeper than " + std::to_string(bounds.max_nesting_depth));
      case json::SyntaxStatus::kTooLong:
        return fail(ErrorCode::kLimitExceeded, column, "string longer than the bound");
      case json::SyntaxStatus::kNumberOutOfRange:
        return fail(ErrorCode::kOutOfRange, std::nullopt, "number out of range");
    }
    if (tape_.node(0).type != json::NodeType::kObject) {
      return fail(ErrorCode::kNotAnObject, std::nullopt,
                  "invalid type: not a map, expected a record object");
    }
    return boost::outcome_v2::success();
  }

  const TraceMLReadOptions& options_;
  std::string_view display_name_;
  TraceMLExport out_;
  json::Tape tape_;
  traceml::LineContext ctx_;
  traceml::RecordLines records_;
  std::uint64_t lines_before_ = 0;  // physical lines of the blocks already read
  std::uint64_t index_ = 0;         // non-blank lines so far
};

}  // namespace

Result<TraceMLExport> ReadTraceMLExport(const TraceInput& input,
                                        const TraceMLReadOptions& options) {
  const std::string name = input.display_name();
  ExportLines lines(options, name);
  if (InputAccess::kind(input) == InputAccess::kString) {
    read::BufferBlocks blocks(InputAccess::text(input), kBlockBytes);
    return lines.ReadAll(blocks);
  }
  read::OwnedFile owned;
  BOOST_OUTCOME_TRY(std::FILE* const stream, read::OpenInputStream(input, "TraceML export", owned));
  read::StreamBlocks blocks(stream, kBlockBytes, options.max_line_bytes);
  return lines.ReadAll(blocks);
}

}  // namespace tracedoc
