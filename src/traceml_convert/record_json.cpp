// docs/traceml-conversion.md, "Records kept whole": the seed's column order per stream.
#include "traceml_convert/record_json.hpp"

#include <optional>
#include <string_view>

#include "emit/json_emitter.hpp"
#include "emit/json_sink.hpp"

namespace tracedoc::traceml_convert {
namespace {

// One record object written member by member into a string.
class RecordWriter {
 public:
  RecordWriter(std::string& out, TraceMLStream stream) : sink_(out, /*pretty=*/false), json_(sink_) {
    json_.BeginObject();
    json_.PlainMember("stream", TraceMLStreamName(stream));
    json_.PlainMember("schema_version", std::uint64_t{1});
  }

  void Count(std::string_view name, const std::optional<std::uint64_t>& value) {
    json_.PlainKey(name).U64OrNull(value);
  }
  void Number(std::string_view name, const std::optional<double>& value) {
    json_.PlainKey(name);
    if (value) {
      json_.Double(*value);
    } else {
      json_.Null();
    }
  }
  void Text(std::string_view name, const std::optional<std::string>& value) {
    json_.PlainKey(name).StringOrNull(value ? std::optional<std::string_view>(*value)
                                            : std::nullopt);
  }
  // The integer booleans gpu_available and distributed_initialized: 0 or 1.
  void IntegerBool(std::string_view name, const std::optional<bool>& value) {
    Count(name, value ? std::optional<std::uint64_t>(*value ? 1 : 0) : std::nullopt);
  }

  // observed_timestamp_unix_ns, rank (when the stream has it), global_rank … hostname.
  void Identity(const TraceMLRecordBase& base, const TraceMLRankIdentity& identity,
                bool has_rank, bool has_hostname) {
    json_.PlainMember("observed_timestamp_unix_ns", base.observed_timestamp_unix_ns);
    if (has_rank) Count("rank", identity.global_rank);
    Count("global_rank", identity.global_rank);
    Count("local_rank", identity.local_rank);
    Count("world_size", identity.world_size);
    Count("local_world_size", identity.local_world_size);
    Count("node_rank", identity.node_rank);
    if (has_hostname) Text("hostname", identity.hostname);
  }
  // timestamp_unix_ns and seq, which follow the identity (after pid in runtime_environment).
  void Clock(const TraceMLRecordBase& base, const TraceMLRankIdentity& identity) {
    Count("timestamp_unix_ns", base.timestamp_unix_ns);
    Count("seq", identity.seq);
  }

  void Events(const std::vector<TraceMLPhaseSample>& events) {
    json_.PlainKey("events").BeginObject();
    std::optional<std::string_view> open_name;
    for (const TraceMLPhaseSample& sample : events) {
      if (open_name != sample.name) {
        if (open_name) json_.EndObject();
        json_.Key(sample.name).BeginObject();
        open_name = sample.name;
      }
      json_.Key(sample.device).BeginObject();
      PhaseFields(json_, sample);
      json_.EndObject();
    }
    if (open_name) json_.EndObject();
    json_.EndObject();
  }

  // The unknown fields, then the end of the object.
  void Finish(const TraceMLRecordBase& base) {
    for (const TraceMLUnknownField& field : base.unknown) json_.Key(field.key).Raw(field.json);
    json_.EndObject();
  }

  static void PhaseFields(emit::JsonEmitter& json, const TraceMLPhaseSample& sample) {
    json.PlainKey("is_gpu");
    if (sample.is_gpu) {
      json.Bool(*sample.is_gpu);
    } else {
      json.Null();
    }
    for (const auto& [name, value] : {std::pair{"duration_ms", &sample.duration_ms},
                                      std::pair{"cpu_ms", &sample.cpu_ms},
                                      std::pair{"gpu_ms", &sample.gpu_ms}}) {
      json.PlainKey(name);
      if (*value) {
        json.Double(**value);
      } else {
        json.Null();
      }
    }
    json.PlainKey("n_calls").U64OrNull(sample.n_calls);
  }

 private:
  emit::JsonSink sink_;
  emit::JsonEmitter json_;
};

}  // namespace

void AppendRecordJson(std::string& out, const TraceMLStepTime& record, bool has_hostname,
                      bool with_events) {
  RecordWriter writer(out, TraceMLStream::kStepTime);
  writer.Identity(record.base, record.identity, /*has_rank=*/true, has_hostname);
  writer.Clock(record.base, record.identity);
  writer.Count("step", record.step);
  if (with_events) writer.Events(record.events);
  writer.Finish(record.base);
}

void AppendRecordJson(std::string& out, const TraceMLStepMemory& record, bool has_hostname) {
  RecordWriter writer(out, TraceMLStream::kStepMemory);
  writer.Identity(record.base, record.identity, /*has_rank=*/true, has_hostname);
  writer.Clock(record.base, record.identity);
  writer.Text("device", record.device);
  writer.Count("step", record.step);
  writer.Number("peak_alloc_bytes", record.peak_alloc_bytes);
  writer.Number("peak_reserved_bytes", record.peak_reserved_bytes);
  writer.Finish(record.base);
}

void AppendRecordJson(std::string& out, const TraceMLSystem& record, bool has_hostname) {
  RecordWriter writer(out, TraceMLStream::kSystem);
  writer.Identity(record.base, record.identity, /*has_rank=*/false, has_hostname);
  writer.Clock(record.base, record.identity);
  writer.Number("cpu_percent", record.cpu_percent);
  writer.Number("ram_used_bytes", record.ram_used_bytes);
  writer.Number("ram_total_bytes", record.ram_total_bytes);
  writer.IntegerBool("gpu_available", record.gpu_available);
  writer.Count("gpu_count", record.gpu_count);
  writer.Finish(record.base);
}

void AppendRecordJson(std::string& out, const TraceMLSystemGpu& record, bool has_hostname) {
  RecordWriter writer(out, TraceMLStream::kSystemGpu);
  writer.Identity(record.base, record.identity, /*has_rank=*/false, has_hostname);
  writer.Clock(record.base, record.identity);
  writer.Count("gpu_idx", record.gpu_idx);
  writer.Number("util", record.util);
  writer.Number("mem_used_bytes", record.mem_used_bytes);
  writer.Number("mem_total_bytes", record.mem_total_bytes);
  writer.Number("temperature_c", record.temperature_c);
  writer.Number("power_usage_w", record.power_usage_w);
  writer.Number("power_limit_w", record.power_limit_w);
  writer.Finish(record.base);
}

void AppendRecordJson(std::string& out, const TraceMLProcess& record, bool has_hostname) {
  RecordWriter writer(out, TraceMLStream::kProcess);
  writer.Identity(record.base, record.identity, /*has_rank=*/true, has_hostname);
  writer.Clock(record.base, record.identity);
  writer.Number("cpu_percent", record.cpu_percent);
  writer.Count("cpu_logical_core_count", record.cpu_logical_core_count);
  writer.Number("ram_used_bytes", record.ram_used_bytes);
  writer.Number("ram_total_bytes", record.ram_total_bytes);
  writer.IntegerBool("gpu_available", record.gpu_available);
  writer.Count("gpu_count", record.gpu_count);
  writer.Count("gpu_device_index", record.gpu_device_index);
  writer.Number("gpu_mem_used_bytes", record.gpu_mem_used_bytes);
  writer.Number("gpu_mem_reserved_bytes", record.gpu_mem_reserved_bytes);
  writer.Number("gpu_mem_total_bytes", record.gpu_mem_total_bytes);
  writer.Finish(record.base);
}

void AppendRecordJson(std::string& out, const TraceMLRuntimeEnvironment& record,
                      bool has_hostname) {
  RecordWriter writer(out, TraceMLStream::kRuntimeEnvironment);
  writer.Identity(record.base, record.identity, /*has_rank=*/true, has_hostname);
  writer.Count("pid", record.pid);
  writer.Clock(record.base, record.identity);
  writer.Text("topology", record.topology);
  writer.IntegerBool("distributed_initialized", record.distributed_initialized);
  writer.Text("distributed_backend", record.distributed_backend);
  writer.Text("training_strategy", record.training_strategy);
  writer.Text("strategy_source", record.strategy_source);
  writer.Text("strategy_confidence", record.strategy_confidence);
  writer.Finish(record.base);
}

void AppendRecordJson(std::string& out, const TraceMLOutputLine& record, bool /*has_hostname*/) {
  // stdout_stderr has no hostname column: the export's choice does not apply.
  RecordWriter writer(out, TraceMLStream::kStdoutStderr);
  writer.Count("observed_timestamp_unix_ns", record.base.observed_timestamp_unix_ns);
  writer.Count("rank", record.rank);
  writer.Count("timestamp_unix_ns", record.base.timestamp_unix_ns);
  writer.Text("line", record.text);
  writer.Finish(record.base);
}

void AppendPhaseSampleJson(std::string& out, const TraceMLPhaseSample& sample) {
  emit::JsonSink sink(out, /*pretty=*/false);
  emit::JsonEmitter json(sink);
  json.BeginObject();
  json.PlainKey("name").String(sample.name);
  json.PlainKey("device").String(sample.device);
  RecordWriter::PhaseFields(json, sample);
  json.EndObject();
}

void AppendClosingJson(std::string& out, const TraceMLClosingLine& closing) {
  emit::JsonSink sink(out, /*pretty=*/false);
  emit::JsonEmitter json(sink);
  json.BeginObject();
  json.PlainMember("written_records", closing.written_records);
  json.PlainMember("dropped_batches", closing.dropped_batches);
  for (const TraceMLUnknownField& field : closing.unknown) json.Key(field.key).Raw(field.json);
  json.PlainMember("line", closing.line);
  json.EndObject();
}

}  // namespace tracedoc::traceml_convert
