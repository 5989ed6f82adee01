// The `issues` array both health reports write (trace/10's TraceHealth and trace/6's): one
// `{severity, code, message}` object per issue, messages escaped as any other string.
#pragma once

#include <span>

#include "emit/json_emitter.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::health {

inline void EmitIssues(emit::JsonEmitter& json, std::span<const HealthIssue> issues) {
  json.BeginArray();
  for (const HealthIssue& issue : issues) {
    json.BeginObject();
    json.Key("severity").String(HealthSeverityName(issue.severity));
    json.Key("code").String(HealthCodeName(issue.code));
    json.Key("message").String(issue.message);
    json.EndObject();
  }
  json.EndArray();
}

}  // namespace tracedoc::health
