#include "traceml/stream_keys.hpp"

#include <cstdint>
#include <optional>

namespace tracedoc::traceml {
namespace {

void AppendNumber(std::string& key, std::uint64_t value) {
  for (int b = 0; b < 8; ++b) key.push_back(static_cast<char>((value >> (8 * b)) & 0xFF));
}

void Append(std::string& key, const std::optional<std::uint64_t>& value) {
  key.push_back(value ? '1' : '0');
  AppendNumber(key, value.value_or(0));
}

void Append(std::string& key, const std::optional<std::string>& value) {
  key.push_back(value ? '1' : '0');
  const std::string& text = value ? *value : std::string();
  AppendNumber(key, text.size());
  key += text;
}

}  // namespace

bool StreamKeys::Remember(TraceMLStream stream) {
  return seen_[static_cast<std::size_t>(stream)].insert(key_).second;
}

bool StreamKeys::Insert(const TraceMLStepTime& r) {
  key_.clear();
  Append(key_, r.identity.global_rank);
  Append(key_, r.step);
  return Remember(TraceMLStream::kStepTime);
}

bool StreamKeys::Insert(const TraceMLStepMemory& r) {
  key_.clear();
  Append(key_, r.identity.global_rank);
  Append(key_, r.device);
  Append(key_, r.step);
  return Remember(TraceMLStream::kStepMemory);
}

bool StreamKeys::Insert(const TraceMLSystem& r) {
  key_.clear();
  Append(key_, r.identity.global_rank);
  Append(key_, r.identity.seq);
  return Remember(TraceMLStream::kSystem);
}

bool StreamKeys::Insert(const TraceMLSystemGpu& r) {
  key_.clear();
  Append(key_, r.identity.global_rank);
  Append(key_, r.identity.seq);
  Append(key_, std::optional(r.gpu_idx));
  return Remember(TraceMLStream::kSystemGpu);
}

bool StreamKeys::Insert(const TraceMLProcess& r) {
  key_.clear();
  Append(key_, r.identity.global_rank);
  Append(key_, r.identity.seq);
  return Remember(TraceMLStream::kProcess);
}

bool StreamKeys::Insert(const TraceMLRuntimeEnvironment& r) {
  key_.clear();
  Append(key_, r.identity.global_rank);
  return Remember(TraceMLStream::kRuntimeEnvironment);
}

bool StreamKeys::Insert(const TraceMLOutputLine&) { return true; }

std::string_view StreamKeys::KeyName(TraceMLStream stream) {
  switch (stream) {
    case TraceMLStream::kStepTime:
      return "(global_rank, step)";
    case TraceMLStream::kStepMemory:
      return "(global_rank, device, step)";
    case TraceMLStream::kSystem:
    case TraceMLStream::kProcess:
      return "(global_rank, seq)";
    case TraceMLStream::kSystemGpu:
      return "(global_rank, seq, gpu_idx)";
    case TraceMLStream::kRuntimeEnvironment:
      return "global_rank";
    case TraceMLStream::kStdoutStderr:
      break;
  }
  return {};
}

}  // namespace tracedoc::traceml
