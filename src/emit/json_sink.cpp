// The routes of JsonSink: string, or stream or chunk writer, compact or pretty. Only compact text
// for a string skips the chunk; the others pass through it, so no route holds two copies of the text.
#include "emit/json_sink.hpp"

#include <limits>
#include <ostream>
#include <utility>

namespace tracedoc::emit {

JsonSink::JsonSink(std::string& out, bool pretty, std::size_t chunk_bytes)
    : text_(pretty ? &chunk_ : &out),
      flush_at_(pretty ? chunk_bytes : std::numeric_limits<std::size_t>::max()) {
  if (pretty) pretty_.emplace(out);
}

// Once `out` has failed nothing more is written to it (the stream's state says so).
JsonSink::JsonSink(std::ostream& out, bool pretty, std::size_t chunk_bytes)
    : JsonSink(
          [&out](std::string_view piece) {
            if (out) out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
          },
          pretty, chunk_bytes) {}

JsonSink::JsonSink(std::function<void(std::string_view)> write_chunk, bool pretty,
                   std::size_t chunk_bytes)
    : text_(&chunk_), flush_at_(chunk_bytes), write_chunk_(std::move(write_chunk)) {
  if (pretty) pretty_.emplace(pretty_chunk_);
}

void JsonSink::Flush() {
  if (text_ != &chunk_) return;
  if (pretty_) pretty_->Append(chunk_);
  if (write_chunk_) {
    write_chunk_(pretty_ ? pretty_chunk_ : chunk_);
    pretty_chunk_.clear();
  }
  chunk_.clear();
}

void JsonSink::Finish() {
  Unstage();
  Flush();
  if (!pretty_) return;
  pretty_->Finish();
  if (write_chunk_) {
    write_chunk_(pretty_chunk_);
    pretty_chunk_.clear();
  }
}

}  // namespace tracedoc::emit
