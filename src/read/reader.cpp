// The pipeline: lines → records → fold, streaming, stopping at the first error (§2.1).
#include "tracedoc/reader.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "read/large_value_handover.hpp"
#include "read/line_reader.hpp"
#include "read/read_errors.hpp"
#include "read/threaded_fold.hpp"
#include "text/utf8.hpp"
#include "tracedoc/document_builder.hpp"

namespace tracedoc {

class InputAccess {
 public:
  static TraceInput::Kind kind(const TraceInput& input) { return input.kind_; }
  static std::string_view text(const TraceInput& input) { return input.text_; }
  static const std::filesystem::path& path(const TraceInput& input) { return input.path_; }
  static constexpr TraceInput::Kind kString = TraceInput::Kind::kString;
  static constexpr TraceInput::Kind kFile = TraceInput::Kind::kFile;
};

TraceInput TraceInput::FromString(std::string_view text) {
  TraceInput input;
  input.kind_ = Kind::kString;
  input.text_ = text;
  return input;
}

TraceInput TraceInput::FromFile(std::filesystem::path path) {
  TraceInput input;
  input.kind_ = Kind::kFile;
  input.path_ = std::move(path);
  return input;
}

TraceInput TraceInput::FromStandardInput() {
  TraceInput input;
  input.kind_ = Kind::kStandardInput;
  return input;
}

std::string TraceInput::display_name() const {
  switch (kind_) {
    case Kind::kString:
      return "<string>";
    case Kind::kFile:
      return path_.string();
    case Kind::kStandardInput:
      break;
  }
  return "-";
}

namespace {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

// Where a streaming read hands its events, and whether the sink stopped it.
struct SinkState {
  const EventSink* sink = nullptr;
  bool stopped = false;
};

// Feeds every line of `lines` through the decoder into the builder, and each event the builder
// accepts to the sink, if any.
template <class LineReader>
Result<void> FoldLines(LineReader& lines, const ReadOptions& options, DocumentBuilder& builder,
                       SinkState& sink) {
  RecordDecoder decoder(options.decode);
  std::uint64_t index = 0;
  read::Line line;
  for (;;) {
    BOOST_OUTCOME_TRY(const bool more, lines.Next(line));
    if (!more) break;
    if (!text::IsValidUtf8(line.text)) {
      // Not blank (blank lines are valid UTF-8), so it is the record at `index`.
      return read::InvalidUtf8(line.number, index);
    }
    if (text::IsBlank(line.text)) continue;
    if (options.max_records != 0 && index >= options.max_records) {
      return read::TooManyRecords(line.number, index, options.max_records);
    }
    const RecordPosition position{line.number, index};
    BOOST_OUTCOME_TRY(const Event event, decoder.DecodeValidUtf8(line.text, position));
    detail::HandOverLargeValues(decoder, builder, event);
    BOOST_OUTCOME_TRY(builder.Add(event, position));
    if (sink.sink != nullptr && (*sink.sink)(event, position) == EventControl::kStop) {
      sink.stopped = true;
      break;
    }
    ++index;
  }
  return boost::outcome_v2::success();
}

Result<void> FoldInput(const TraceInput& input, const ReadOptions& options,
                       DocumentBuilder& builder, SinkState& sink) {
  // A sink runs on the calling thread, event by event: the threaded read has no such place.
  const bool threaded = options.threads > 1 && sink.sink == nullptr;
  if (InputAccess::kind(input) == InputAccess::kString) {
    if (threaded) return read::ThreadedFoldBuffer(InputAccess::text(input), options, builder);
    read::BufferLineReader lines(InputAccess::text(input), options.max_line_bytes);
    return FoldLines(lines, options, builder, sink);
  }
  std::unique_ptr<std::FILE, FileCloser> owned;
  std::FILE* stream = stdin;
  if (InputAccess::kind(input) == InputAccess::kFile) {
    owned.reset(std::fopen(InputAccess::path(input).c_str(), "rb"));
    if (!owned) {
      return Error{ErrorCode::kIoError,
                   0,
                   std::nullopt,
                   std::nullopt,
                   {},
                   "open trace file " + input.display_name() + ": " + std::strerror(errno)};
    }
    stream = owned.get();
  }
  if (threaded) return read::ThreadedFoldStream(stream, input.display_name(), options, builder);
  read::StreamLineReader lines(stream, input.display_name(), options.max_line_bytes);
  return FoldLines(lines, options, builder, sink);
}

}  // namespace

Result<TraceDocument> ReadTrace(const TraceInput& input, const ReadOptions& options) {
  DocumentBuilder builder;
  SinkState no_sink;
  BOOST_OUTCOME_TRY(FoldInput(input, options, builder, no_sink));
  return std::move(builder).Finish();
}

Result<void> ValidateTrace(const TraceInput& input, const ReadOptions& options) {
  DocumentBuilder builder(BuildOptions{.retain_records = false});
  SinkState no_sink;
  BOOST_OUTCOME_TRY(FoldInput(input, options, builder, no_sink));
  return std::move(builder).Verify();
}

Result<void> ReadEvents(const TraceInput& input, const ReadOptions& options,
                        const EventSink& sink) {
  DocumentBuilder builder(BuildOptions{.retain_records = false});
  SinkState state{&sink};
  BOOST_OUTCOME_TRY(FoldInput(input, options, builder, state));
  if (state.stopped) return boost::outcome_v2::success();
  return std::move(builder).Verify();
}

}  // namespace tracedoc
