#include "timeline/trace_event_writer.hpp"

#include <charconv>

namespace tracedoc::timeline {

char* PutMicroseconds(char* out, std::uint64_t ns) {
  char* end = std::to_chars(out, out + kMicrosecondsBytes, ns / 1000).ptr;
  const std::uint64_t fraction = ns % 1000;
  *end++ = '.';
  *end++ = static_cast<char>('0' + fraction / 100);
  *end++ = static_cast<char>('0' + fraction / 10 % 10);
  *end++ = static_cast<char>('0' + fraction % 10);
  return end;
}

TraceEventWriter::TraceEventWriter(emit::JsonSink& sink) : sink_(sink) {
  sink_.text() += "{\"traceEvents\":[";
}

void TraceEventWriter::Begin(std::string_view phase, std::string_view name) {
  sink_.text() += first_ ? "\n" : ",\n";
  first_ = false;
  json_.emplace(sink_);
  json_->BeginObjectWith("ph", phase);
  json_->PlainKey("name").String(name);
}

void TraceEventWriter::Timestamp(std::string_view key, std::uint64_t ns) {
  char buffer[kMicrosecondsBytes];
  json_->PlainKey(key).Raw(std::string_view(buffer, PutMicroseconds(buffer, ns)));
}

void TraceEventWriter::End() {
  json_->EndObject();
  json_.reset();
  sink_.MaybeFlush();
}

namespace {

void PutTrack(emit::JsonEmitter& json, Track track) {
  json.PlainMember("pid", std::uint64_t{track.pid});
  json.PlainMember("tid", std::uint64_t{track.tid});
}

}  // namespace

void TraceEventWriter::Metadata(std::string_view kind, Track track, std::string_view name) {
  Begin("M", kind);
  PutTrack(*json_, track);
  json_->PlainKey("args").BeginObject();
  json_->PlainKey("name").String(name);
  json_->EndObject();
  End();
}

void TraceEventWriter::BeginSliceEdge(std::string_view phase, std::string_view name,
                                      std::string_view category, Track track,
                                      std::uint64_t timestamp_ns) {
  Begin(phase, name);
  json_->PlainMember("cat", category);
  PutTrack(*json_, track);
  Timestamp("ts", timestamp_ns);
}

void TraceEventWriter::BeginThreadInstant(std::string_view name, std::string_view category,
                                          Track track, std::uint64_t timestamp_ns) {
  Begin("i", name);
  json_->PlainMember("cat", category);
  json_->PlainMember("s", "t");
  PutTrack(*json_, track);
  Timestamp("ts", timestamp_ns);
}

void TraceEventWriter::BeginCounter(std::string_view name, Track track,
                                    std::uint64_t timestamp_ns) {
  Begin("C", name);
  PutTrack(*json_, track);
  Timestamp("ts", timestamp_ns);
}

void TraceEventWriter::BeginInstant(std::string_view scope, std::string_view name, Track track,
                                    std::uint64_t timestamp_ns) {
  Begin("i", name);
  json_->PlainMember("s", scope);
  PutTrack(*json_, track);
  Timestamp("ts", timestamp_ns);
}

emit::JsonEmitter& TraceEventWriter::BeginMetadata() {
  sink_.text() += first_ ? "]" : "\n]";
  sink_.text() += ",\"displayTimeUnit\":\"ns\",\"metadata\":";
  json_.emplace(sink_);
  return *json_;
}

void TraceEventWriter::Finish() {
  json_.reset();
  sink_.text() += '}';
  sink_.Finish();
}

}  // namespace tracedoc::timeline
