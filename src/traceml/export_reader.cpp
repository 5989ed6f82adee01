// ReadExport: the line loop. The input is cut into blocks of whole lines and split into lines
// exactly as a trace is (read/line_blocks, read/line_reader), each non-blank line parsed by the
// tape with a trace line's codes and columns, then read as a record or as the closing line. One
// line is held at a time, and the objects that read it are reused from line to line.
#include "traceml/export_reader.hpp"

#include <cstdio>
#include <string>

#include "format/decode_context.hpp"
#include "json/json_tape.hpp"
#include "read/input_access.hpp"
#include "read/line_blocks.hpp"
#include "read/line_reader.hpp"
#include "read/read_errors.hpp"
#include "text/utf8.hpp"
#include "tracedoc/record_decoder.hpp"
#include "traceml/export_warnings.hpp"
#include "traceml/record_reader.hpp"
#include "util/arena.hpp"

namespace tracedoc::traceml {
namespace {

// As the trace reader's blocks: a few hundred KiB of whole lines at a time.
constexpr std::size_t kBlockBytes = std::size_t{256} << 10;

class ExportLines {
 public:
  ExportLines(const TraceMLReadOptions& options, ExportSink& sink, DiagnosticLog& log)
      : options_(options), warnings_(log), records_(sink, warnings_, totals_) {
    ctx_.strict_unknown_fields = options.strict;
    ctx_.warnings = &warnings_;
  }

  template <class Blocks>
  Result<ExportTotals> ReadAll(Blocks& blocks, std::string_view display_name) {
    read::LineBlock block;
    while (blocks.Next(block)) {
      BOOST_OUTCOME_TRY(ReadBlock(block, display_name));
      block = read::LineBlock();
    }
    if (closing_ && closing_->written_records != totals_.record_count()) {
      return Error{ErrorCode::kTraceMLWrittenRecordsMismatch,
                   closing_->line,
                   std::nullopt,
                   closing_->written_records_column,
                   "written_records",
                   "`written_records` is " + std::to_string(closing_->written_records) +
                       " but the file has " + std::to_string(totals_.record_count()) +
                       " records"};
    }
    totals_.warnings = warnings_.total();
    return totals_;
  }

 private:
  Result<void> ReadBlock(const read::LineBlock& block, std::string_view display_name) {
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
      return read::ReadFailed(lines_before_ + 1, display_name, block.read_failure->reason,
                              block.read_failure->code);
    }
    return boost::outcome_v2::success();
  }

  Result<void> ReadLine(std::string_view text, std::uint64_t number) {
    if (!text::IsValidUtf8(text)) return read::InvalidUtf8(number, index_);
    if (text::IsBlank(text)) return boost::outcome_v2::success();
    const std::uint64_t index = index_++;
    if (closing_) {
      return Error{ErrorCode::kTraceMLClosingLineNotLast,
                   closing_->line,
                   std::nullopt,
                   closing_->column,
                   {},
                   "the closing line is followed by line " + std::to_string(number) +
                       "; it must be the last non-blank line"};
    }
    BOOST_OUTCOME_TRY(Parse(text, number, index));
    arena_.Reset();
    ctx_.ClearUnescaped();
    ctx_.unknown_members.clear();
    ctx_.hoisted.clear();
    ctx_.path = nullptr;
    RecordSource at;
    at.line = number;
    at.index = index;
    const std::uint32_t stream_node = RecordReader::FindMember(ctx_, "stream");
    bool ok = false;
    if (stream_node != 0) {
      // The closing line is no record: only records count against the bound.
      if (options_.max_records != 0 && totals_.record_count() >= options_.max_records) {
        return read::TooManyRecords(number, index, options_.max_records);
      }
      ok = records_.ReadRecord(ctx_, stream_node, at);
    } else if (RecordReader::IsClosingLine(ctx_)) {
      ClosingPlace place;
      ok = records_.ReadClosingLine(ctx_, at, place);
      if (ok) closing_ = place;
    } else {
      ok = ctx_.FailAt(0, ErrorCode::kMissingField, "missing field `stream`", "stream");
    }
    if (ok) return boost::outcome_v2::success();
    return Error{ctx_.error.code, number,  index, warnings_.Column(tape_, ctx_.error_node),
                 ctx_.error.field, ctx_.error.message};
  }

  // The line's JSON, with the codes and columns a trace line's syntax errors have
  // (src/decode/record_decoder.cpp).
  Result<void> Parse(std::string_view line, std::uint64_t number, std::uint64_t index) {
    const std::string_view text = text::TrimUnicodeWhitespace(line);
    const std::size_t leading = static_cast<std::size_t>(text.data() - line.data());
    warnings_.StartLine(number, leading);
    const DecodeOptions bounds;
    json::ParseOptions parse;
    parse.max_depth = bounds.max_nesting_depth;
    parse.max_string_bytes = bounds.max_string_bytes;
    parse.track_offsets = true;
    const json::SyntaxResult syntax = tape_.Parse(text, parse);
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
  json::Tape tape_;
  util::Arena arena_{64 * 1024};
  format::DecodeContext ctx_{tape_, arena_};
  ExportTotals totals_;
  ExportWarnings warnings_;
  RecordReader records_;
  std::optional<ClosingPlace> closing_;
  std::uint64_t lines_before_ = 0;  // physical lines of the blocks already read
  std::uint64_t index_ = 0;         // non-blank lines so far
};

Result<ExportTotals> Read(const TraceInput& input, const TraceMLReadOptions& options,
                          ExportSink& sink, DiagnosticLog& log, const std::string& name) {
  ExportLines lines(options, sink, log);
  if (InputAccess::kind(input) == InputAccess::kString &&
      !read::NeedsDecoding(InputAccess::text(input))) {
    read::BufferBlocks blocks(InputAccess::text(input), kBlockBytes);
    return lines.ReadAll(blocks, name);
  }
  BOOST_OUTCOME_TRY(const read::InputSource source,
                    read::OpenInputSource(input, "TraceML export"));
  read::StreamBlocks blocks(source.bytes(), kBlockBytes, options.max_line_bytes);
  return lines.ReadAll(blocks, name);
}

}  // namespace

Result<ExportTotals> ReadExport(const TraceInput& input, const TraceMLReadOptions& options,
                                ExportSink& sink, DiagnosticLog& log) {
  const std::string name = input.display_name();
  const std::size_t kept = log.kept.size();
  const std::uint64_t total = log.total;
  const std::uint64_t errors = log.errors;
  Result<ExportTotals> totals = Read(input, options, sink, log, name);
  if (totals) return totals;
  // A rejected export reports its error alone, as it always has: the warnings met before it
  // described a file that is not read.
  log.kept.resize(kept);
  log.total = total;
  log.errors = errors;
  Error error = std::move(totals).error();
  error.file = name;
  return error;
}

}  // namespace tracedoc::traceml
