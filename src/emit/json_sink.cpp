// The four routes of JsonSink: string or stream, compact or pretty. Only compact text for a
// string skips the chunk; the others pass through it, so no route holds two copies of the text.
#include "emit/json_sink.hpp"

#include <limits>
#include <ostream>

namespace tracedoc::emit {

JsonSink::JsonSink(std::string& out, bool pretty, std::size_t chunk_bytes)
    : text_(pretty ? &chunk_ : &out),
      flush_at_(pretty ? chunk_bytes : std::numeric_limits<std::size_t>::max()) {
  if (pretty) pretty_.emplace(out);
}

JsonSink::JsonSink(std::ostream& out, bool pretty, std::size_t chunk_bytes)
    : text_(&chunk_), flush_at_(chunk_bytes), stream_(&out) {
  if (pretty) pretty_.emplace(pretty_chunk_);
}

void JsonSink::WriteToStream(const std::string& piece) {
  if (*stream_) stream_->write(piece.data(), static_cast<std::streamsize>(piece.size()));
}

void JsonSink::Flush() {
  if (text_ != &chunk_) return;
  if (pretty_) pretty_->Append(chunk_);
  if (stream_ != nullptr) {
    WriteToStream(pretty_ ? pretty_chunk_ : chunk_);
    pretty_chunk_.clear();
  }
  chunk_.clear();
}

void JsonSink::Finish() {
  Flush();
  if (!pretty_) return;
  pretty_->Finish();
  if (stream_ != nullptr) {
    WriteToStream(pretty_chunk_);
    pretty_chunk_.clear();
  }
}

}  // namespace tracedoc::emit
