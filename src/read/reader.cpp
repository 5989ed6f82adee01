// The public reads: each opens its input and runs the read pipeline (read/read_pipeline.hpp)
// into a builder that keeps the document, keeps nothing, or hands each event to a sink.
#include "tracedoc/reader.hpp"

#include "read/error_log.hpp"
#include "read/input_access.hpp"
#include "read/read_pipeline.hpp"
#include "tracedoc/document_builder.hpp"

namespace tracedoc {

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

Result<void> FoldInput(const TraceInput& input, const ReadOptions& options,
                       DocumentBuilder& builder, read::EventTap& tap) {
  if (InputAccess::kind(input) == InputAccess::kString &&
      !read::NeedsDecoding(InputAccess::text(input))) {
    return read::FoldBuffer(InputAccess::text(input), options, builder, tap);
  }
  BOOST_OUTCOME_TRY(const read::InputSource source, read::OpenInputSource(input, "trace file"));
  return read::FoldStream(source.bytes(), input.display_name(), options, builder, tap);
}

// Without a log, the read's first error ends it, and the end-of-stream checks follow a clean
// read. With one, the pipeline has logged every error it went past; the error that ended it (an
// over-long line, a failed input, the record limit), or else those of the end-of-stream checks,
// join the log, and the read returns the log's first error. `finish` runs the end checks.
template <class Value, class Finish>
Result<Value> Conclude(const ReadOptions& options, Result<void> folded, Finish&& finish) {
  if (options.collect_errors == nullptr) {
    BOOST_OUTCOME_TRY(std::move(folded));
    return finish();
  }
  ErrorLog& log = *options.collect_errors;
  if (!folded) {
    read::AddToLog(log, std::move(folded).error());
  } else {
    Result<Value> finished = finish();
    if (!finished) read::AddToLog(log, finished.error());
    if (log.total == 0) return finished;
  }
  return log.errors.front();
}

BuildOptions BuildFor(const ReadOptions& options, bool retain_records) {
  return BuildOptions{.retain_records = retain_records,
                      .continue_after_errors = options.collect_errors != nullptr,
                      .threads = options.threads};
}

}  // namespace

Result<TraceDocument> ReadTrace(const TraceInput& input, const ReadOptions& options) {
  DocumentBuilder builder(BuildFor(options, true));
  read::EventTap no_sink;
  Result<void> folded = FoldInput(input, options, builder, no_sink);
  return Conclude<TraceDocument>(options, std::move(folded),
                                 [&] { return std::move(builder).Finish(); });
}

Result<void> ValidateTrace(const TraceInput& input, const ReadOptions& options) {
  DocumentBuilder builder(BuildFor(options, false));
  read::EventTap no_sink;
  Result<void> folded = FoldInput(input, options, builder, no_sink);
  return Conclude<void>(options, std::move(folded), [&] { return std::move(builder).Verify(); });
}

Result<void> ReadEvents(const TraceInput& input, const ReadOptions& options,
                        const EventSink& sink) {
  DocumentBuilder builder(BuildFor(options, false));
  read::EventTap state{&sink};
  Result<void> folded = FoldInput(input, options, builder, state);
  return Conclude<void>(options, std::move(folded), [&]() -> Result<void> {
    if (state.stopped) return boost::outcome_v2::success();
    return std::move(builder).Verify();
  });
}

}  // namespace tracedoc
