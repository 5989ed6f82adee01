#include "timeline/speedscope_timeline.hpp"

#include <algorithm>
#include <charconv>

#include "emit/json_emitter.hpp"
#include "text/utf8.hpp"

namespace tracedoc::timeline {
namespace {

// One value written with its own emitter: the arrays' separators are written here, which the
// emitter's comma rule does not know.
template <class Emit>
void Value(emit::JsonSink& sink, const Emit& emit) {
  emit::JsonEmitter json(sink);
  emit(json);
}

void PutVarint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

std::uint64_t TakeVarint(std::string_view& in) {
  std::uint64_t value = 0;
  for (int shift = 0; !in.empty(); shift += 7) {
    const auto byte = static_cast<unsigned char>(in.front());
    in.remove_prefix(1);
    value |= std::uint64_t{byte & 0x7Fu} << shift;
    if (byte < 0x80) break;
  }
  return value;
}

}  // namespace

std::uint32_t SpeedscopeTimeline::NewTid() {
  tracks_.emplace_back();
  return static_cast<std::uint32_t>(tracks_.size() - 1);
}

void SpeedscopeTimeline::ProcessName(Track track, std::string_view name) {
  process_names_[track.pid] = text::Shortened(name, kMaxProfileNamePartBytes);
}

void SpeedscopeTimeline::ThreadName(Track track, std::string_view name) {
  TrackEvents& events = tracks_[track.tid];
  events.pid = track.pid;
  events.named = true;
  events.name = text::Shortened(name, kMaxProfileNamePartBytes);
}

std::uint32_t SpeedscopeTimeline::FrameOf(SliceRef slice) {
  std::string_view name = names_.Name(slice, name_buffer_);
  const auto kind = static_cast<std::uint64_t>(slice.kind);
  if (const auto found = frame_of_.find(std::pair(kind, name)); found != frame_of_.end()) {
    return found->second;
  }
  // A name made in the buffer is kept: the table and the frame point at it.
  if (name.data() == name_buffer_.data()) name = owned_names_.emplace_back(name_buffer_);
  const auto frame = static_cast<std::uint32_t>(frames_.size());
  frames_.push_back({name, slice.kind});
  frame_of_.emplace(std::pair(kind, name), frame);
  return frame;
}

void SpeedscopeTimeline::Add(std::uint32_t tid, std::uint32_t frame, bool close,
                             std::uint64_t at_ns) {
  TrackEvents& track = tracks_[tid];
  PutVarint(track.encoded, std::uint64_t{frame} << 1 | std::uint64_t{close});
  // Times never go back on a track; were they to, the difference wraps and unwraps exactly.
  PutVarint(track.encoded, at_ns - track.last_at_ns);
  track.last_at_ns = at_ns;
  first_at_ns_ = std::min(first_at_ns_, at_ns);
  last_at_ns_ = std::max(last_at_ns_, at_ns);
}

void SpeedscopeTimeline::Write(std::string_view name, std::string_view exporter,
                               emit::JsonSink& sink) const {
  sink.text() += R"({"$schema":"https://www.speedscope.app/file-format-schema.json",)";
  sink.text() += "\n\"exporter\":";
  Value(sink, [&](emit::JsonEmitter& json) { json.String(exporter); });
  sink.text() += ",\"name\":";
  Value(sink, [&](emit::JsonEmitter& json) { json.String(name); });
  sink.text() += ",\"activeProfileIndex\":0,\n\"shared\":{\"frames\":[";
  WriteFrames(sink);
  sink.text() += "]},\n\"profiles\":[";

  bool first = true;
  for (const TrackEvents& track : tracks_) {
    if (track.encoded.empty()) continue;
    sink.text() += first ? "\n" : ",\n";
    first = false;
    WriteProfile(&track, sink);
  }
  // speedscope shows a file of no profile as an error: a trace without slices gets one, empty.
  if (first) {
    sink.text() += "\n";
    WriteProfile(nullptr, sink);
  }
  sink.text() += "\n]}";
}

void SpeedscopeTimeline::WriteFrames(emit::JsonSink& sink) const {
  for (std::size_t i = 0; i < frames_.size(); ++i) {
    sink.text() += i == 0 ? "\n" : ",\n";
    Value(sink, [&](emit::JsonEmitter& json) {
      json.BeginObject();
      json.PlainKey("name").String(frames_[i].name);
      json.PlainMember("file", SliceNames::Category(frames_[i].kind));
      json.EndObject();
    });
    sink.MaybeFlush();
  }
  if (!frames_.empty()) sink.text() += "\n";
}

void SpeedscopeTimeline::WriteProfile(const TrackEvents* track, emit::JsonSink& sink) const {
  std::string profile_name = "spans";
  if (track != nullptr && track->named) {
    const auto process = process_names_.find(track->pid);
    profile_name = process != process_names_.end() ? process->second
                                                   : "pid " + std::to_string(track->pid);
    profile_name += ": " + track->name;
  }
  const bool empty = first_at_ns_ > last_at_ns_;
  Value(sink, [&](emit::JsonEmitter& json) {
    json.BeginObject();
    json.PlainMember("type", "evented");
    json.PlainKey("name").String(profile_name);
    json.PlainMember("unit", "nanoseconds");
    json.PlainMember("startValue", empty ? 0 : first_at_ns_);
    json.PlainMember("endValue", empty ? 0 : last_at_ns_);
  });
  sink.text() += ",\"events\":[";
  std::string_view encoded = track != nullptr ? std::string_view(track->encoded) : "";
  std::uint64_t at_ns = 0;
  for (bool first = true; !encoded.empty(); first = false) {
    const std::uint64_t frame_and_close = TakeVarint(encoded);
    at_ns += TakeVarint(encoded);
    // {"type":"O","frame":4294967295,"at":18446744073709551615}, and a separator
    constexpr std::size_t kEventBytes = 64;
    char* const begin = sink.Reserve(kEventBytes);
    char* out = begin;
    const auto put = [&](std::string_view text) {
      out = std::copy(text.begin(), text.end(), out);
    };
    put(first ? "\n" : ",\n");
    put(frame_and_close & 1 ? R"({"type":"C","frame":)" : R"({"type":"O","frame":)");
    out = std::to_chars(out, begin + kEventBytes, frame_and_close >> 1).ptr;
    put(R"(,"at":)");
    out = std::to_chars(out, begin + kEventBytes, at_ns).ptr;
    put("}");
    sink.Commit(out);
    sink.MaybeFlush();
  }
  sink.text() += track == nullptr ? "]}" : "\n]}";
}

}  // namespace tracedoc::timeline
