// The mutation catalogue (issue 6): one rule-breaking change per fold rule of docs/trace-format.md
// §2.2 (docs/tracedoc.md §2's stream codes) and per line- and record-level error code. Each mutation
// turns a valid generated stream into one that must fail with its code at a known 1-based line
// (0 for the stream as a whole), at a known record index, and where known at a known field.
#ifndef TRACEDOC_TESTS_PROPERTY_TRACE_MUTATIONS_HPP_
#define TRACEDOC_TESTS_PROPERTY_TRACE_MUTATIONS_HPP_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "property/json_line.hpp"
#include "property/trace_generator.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::property {

/// A broken stream and the error it must give.
struct MutatedTrace {
  std::string text;
  ReadOptions options;
  ErrorCode code = ErrorCode::kIoError;
  std::uint64_t line = 0;
  std::optional<std::uint64_t> index;
  /// The field path, when the mutation knows it (fold errors have none: "").
  std::optional<std::string> field;
};

struct Mutation {
  std::string_view name;
  ErrorCode code;
  /// Breaks the rule in `trace` (a copy), drawing any choices from `gen`.
  MutatedTrace (*apply)(GeneratedTrace trace, TraceGenerator& gen);
};

namespace mutation_detail {

using Lines = std::vector<StreamLine>;

inline bool IsRecord(const StreamLine& line) { return line.record.has_value() || line.raw; }

inline std::vector<std::size_t> RecordLines(const Lines& lines) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (IsRecord(lines[i])) out.push_back(i);
  }
  return out;
}
inline std::size_t MetaAt(const Lines& lines) { return RecordLines(lines).front(); }
inline std::size_t TerminalAt(const Lines& lines) { return RecordLines(lines).back(); }

/// A position in [low, high].
inline std::size_t Between(RandomSource& rng, std::size_t low, std::size_t high) {
  return low + static_cast<std::size_t>(rng.Below(high - low + 1));
}

inline void Insert(Lines& lines, std::size_t at, StreamLine line) {
  lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), std::move(line));
}

/// The error expected at lines[at]: its physical line and its index among the records.
inline MutatedTrace At(const GeneratedTrace& trace, std::size_t at, ErrorCode code,
                       std::optional<std::string> field) {
  MutatedTrace out;
  out.text = trace.Text();
  out.code = code;
  out.line = at + 1;
  out.index = 0;
  for (std::size_t i = 0; i < at; ++i) *out.index += IsRecord(trace.lines[i]) ? 1 : 0;
  out.field = std::move(field);
  return out;
}

/// The error expected about the stream as a whole: line 0, no index.
inline MutatedTrace Stream(const GeneratedTrace& trace, ErrorCode code) {
  MutatedTrace out;
  out.text = trace.Text();
  out.code = code;
  out.field = "";
  return out;
}

inline void SetString(RecordLine& record, std::string_view key, std::string_view value) {
  record.Find(key)->value = JsonString(value, record.style);
}

/// Sets (or removes, when None) the terminal's outcome and reason.
inline void SetTerminal(RecordLine& terminal, bool failed, const std::optional<std::string>& reason,
                        bool reason_as_null) {
  SetString(terminal, "outcome", failed ? "failed" : "complete");
  std::erase_if(terminal.members, [](const JsonMember& m) { return m.known && m.key == "reason"; });
  if (!reason && !reason_as_null) return;
  JsonMember m;
  m.key = "reason";
  m.type = ValueType::kString;
  m.value = reason ? JsonString(*reason, terminal.style) : "null";
  terminal.members.push_back(std::move(m));
}

/// Lines of `kind` whose span id is `id` (span_start, span_end).
inline std::vector<std::size_t> SpanLines(const Lines& lines, RecordKind kind,
                                          const std::string& id) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].record && lines[i].record->kind == kind && lines[i].record->span_id == id) {
      out.push_back(i);
    }
  }
  return out;
}

/// A member somewhere in a record line, with its dotted key path.
struct MemberRef {
  std::vector<JsonMember>* list = nullptr;
  std::size_t position = 0;
  std::string path;
  JsonMember& member() const { return (*list)[position]; }
};

inline void CollectMembers(std::vector<JsonMember>& list, const std::string& prefix,
                           std::vector<MemberRef>& out) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].known) continue;
    const std::string path = prefix.empty() ? list[i].key : prefix + "." + list[i].key;
    out.push_back({&list, i, path});
    if (list[i].type == ValueType::kObject) CollectMembers(list[i].members, path, out);
  }
}

/// The known members of `record` (nested ones included) that satisfy `keep`.
template <class Keep>
std::vector<MemberRef> Members(RecordLine& record, Keep keep) {
  std::vector<MemberRef> all;
  CollectMembers(record.members, "", all);
  std::vector<MemberRef> out;
  for (const MemberRef& ref : all) {
    if (keep(ref)) out.push_back(ref);
  }
  return out;
}

inline bool IsNull(const JsonMember& m) { return m.value == "null"; }
inline bool IsKindTag(const MemberRef& ref) { return ref.path == "kind"; }

/// A record line chosen uniformly among those with a member that `keep` accepts, and one such
/// member. The meta always has a required string, integer and enumeration, so every mutation
/// here finds one.
template <class Keep>
std::pair<std::size_t, MemberRef> PickMember(GeneratedTrace& trace, RandomSource& rng, Keep keep) {
  std::vector<std::size_t> records = RecordLines(trace.lines);
  rng.Shuffle(records);
  for (const std::size_t at : records) {
    std::vector<MemberRef> refs = Members(*trace.lines[at].record, keep);
    if (!refs.empty()) return {at, refs[rng.Below(refs.size())]};
  }
  throw std::logic_error("no record has a member this mutation can break");
}

inline bool LineHoldsUnknown(const std::vector<JsonMember>& members) {
  return std::any_of(members.begin(), members.end(), [](const JsonMember& m) {
    return !m.known || m.holds_unknown ||
           (m.type == ValueType::kObject && LineHoldsUnknown(m.members));
  });
}

/// A record line chosen uniformly.
inline std::size_t PickRecordLine(const GeneratedTrace& trace, RandomSource& rng) {
  const std::vector<std::size_t> records = RecordLines(trace.lines);
  return records[rng.Below(records.size())];
}
/// The record's object alone, without the white space around it.
inline std::string ObjectText(const RecordLine& record) {
  std::string out;
  AppendObject(out, record.members, record.style, record.layout);
  return out;
}

// --- Fold rules (docs/trace-format.md §2.2). ---------------------------------------------------

inline MutatedTrace FirstRecordNotMeta(GeneratedTrace trace, TraceGenerator&) {
  trace.lines.erase(trace.lines.begin() + static_cast<std::ptrdiff_t>(MetaAt(trace.lines)));
  return At(trace, MetaAt(trace.lines), ErrorCode::kMissingMeta, "");
}

inline MutatedTrace EmptyStream(GeneratedTrace trace, TraceGenerator&) {
  std::erase_if(trace.lines, IsRecord);
  return Stream(trace, ErrorCode::kMissingMeta);
}

inline MutatedTrace MetaNotFirst(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = Between(gen.rng(), MetaAt(trace.lines) + 1, TerminalAt(trace.lines));
  Insert(trace.lines, at,
         gen.Line(gen.Meta(gen.rng().OneIn(2) ? "candle-graph/trace/10" : "candle-graph/trace/9")));
  return At(trace, at, ErrorCode::kMetaNotFirst, "");
}

inline MutatedTrace RecordAfterTerminal(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = Between(gen.rng(), TerminalAt(trace.lines) + 1, trace.lines.size());
  // Any kind, a second meta or terminal included: rule 1 looks at nothing else.
  const auto kind = static_cast<RecordKind>(gen.rng().Below(kRecordKindCount));
  Insert(trace.lines, at, gen.Line(gen.AnyRecord(kind)));
  return At(trace, at, ErrorCode::kEventAfterTerminal, "");
}

/// A span id no generated stream holds: generated ids end in `#` and digits.
inline std::string FreshSpanId(TraceGenerator& gen) { return gen.FreshSpanId() + "#m"; }

/// The id of a span that starts in `trace`, adding one right after the meta when none does.
inline std::string SomeSpan(GeneratedTrace& trace, TraceGenerator& gen) {
  if (trace.spans.empty()) {
    ExpectedSpan span;
    span.id = FreshSpanId(gen);
    Insert(trace.lines, MetaAt(trace.lines) + 1, gen.Line(gen.SpanStart(span.id, {}, 0, false)));
    trace.spans.push_back(span);
  }
  return trace.spans[gen.rng().Below(trace.spans.size())].id;
}

inline MutatedTrace DuplicateSpanStart(GeneratedTrace trace, TraceGenerator& gen) {
  const std::string id = SomeSpan(trace, gen);
  const std::size_t start = SpanLines(trace.lines, RecordKind::kSpanStart, id).front();
  const std::size_t at = Between(gen.rng(), start + 1, TerminalAt(trace.lines));
  Insert(trace.lines, at, gen.Line(gen.SpanStart(id, {}, 0, gen.rng().OneIn(2))));
  return At(trace, at, ErrorCode::kDuplicateSpanStart, "");
}

inline MutatedTrace UnknownSpanEnd(GeneratedTrace trace, TraceGenerator& gen) {
  std::size_t at = 0;
  std::string id;
  if (trace.spans.empty() || gen.rng().OneIn(2)) {
    id = FreshSpanId(gen);  // never started
    at = Between(gen.rng(), MetaAt(trace.lines) + 1, TerminalAt(trace.lines));
  } else {
    // Ended before it starts: the start must come earlier in the stream.
    id = trace.spans[gen.rng().Below(trace.spans.size())].id;
    const std::size_t start = SpanLines(trace.lines, RecordKind::kSpanStart, id).front();
    at = Between(gen.rng(), MetaAt(trace.lines) + 1, start);
  }
  Insert(trace.lines, at, gen.Line(gen.SpanEnd(id, gen.U64Value())));
  return At(trace, at, ErrorCode::kUnknownSpanEnd, "");
}

inline MutatedTrace DuplicateSpanEnd(GeneratedTrace trace, TraceGenerator& gen) {
  std::vector<std::string> closed;
  for (const ExpectedSpan& span : trace.spans) {
    if (span.closed) closed.push_back(span.id);
  }
  if (closed.empty()) {
    const std::string id = FreshSpanId(gen);
    const std::size_t after_meta = MetaAt(trace.lines) + 1;
    Insert(trace.lines, after_meta, gen.Line(gen.SpanStart(id, {}, 0, false)));
    Insert(trace.lines, after_meta + 1, gen.Line(gen.SpanEnd(id, 0)));
    closed.push_back(id);
  }
  const std::string& id = closed[gen.rng().Below(closed.size())];
  const std::size_t end = SpanLines(trace.lines, RecordKind::kSpanEnd, id).front();
  const std::size_t at = Between(gen.rng(), end + 1, TerminalAt(trace.lines));
  Insert(trace.lines, at, gen.Line(gen.SpanEnd(id, gen.U64Value())));
  return At(trace, at, ErrorCode::kDuplicateSpanEnd, "");
}

/// A tensor_stats record that breaks one validity rule (§2.2 7), the rule chosen at random.
inline RecordLine InvalidTensorStats(TraceGenerator& gen) {
  RandomSource& rng = gen.rng();
  std::string label = gen.NonBlankText();
  std::vector<std::uint64_t> shape = {rng.Below(5), rng.Below(5)};
  std::uint64_t elements = shape[0] * shape[1];
  std::uint64_t non_finite = rng.UpTo(elements);
  ExpectedTensorStats values{gen.NonNegativeDouble(), gen.NonNegativeDouble(), gen.DoubleValue()};
  static const std::vector<std::string> kBlank = {"", " ", "\u3000\t", "\u00a0\u2028", "\u0085"};
  switch (rng.Below(6)) {
    case 0:
      label = rng.Pick(kBlank);
      break;
    case 1:
      elements += 1 + rng.Below(3);  // not the product
      non_finite = 0;
      break;
    case 2:
      // The checked product overflows, so no element count matches (not even the saturated one).
      shape = {std::uint64_t{1} << 32, std::uint64_t{1} << 32};
      elements = rng.OneIn(2) ? kU64Max : 0;
      non_finite = 0;
      break;
    case 3:
      non_finite = elements + 1 + rng.Below(3);
      break;
    case 4:
      values.rms = -(values.rms == 0 ? 5e-324 : values.rms);
      break;
    default:
      values.abs_max = -(values.abs_max == 0 ? 1.0 : values.abs_max);
      break;
  }
  return gen.TensorStatsWith(gen.RandomText(3), label, shape, elements, non_finite, values);
}

inline void SetSchema(GeneratedTrace& trace, std::string_view schema) {
  SetString(*trace.lines[MetaAt(trace.lines)].record, "schema", schema);
}

inline MutatedTrace InvalidTensorStatsRule(GeneratedTrace trace, TraceGenerator& gen) {
  // Only trace/10 defines tensor_stats; a trace/9 stream is valid under trace/10 too.
  SetSchema(trace, "candle-graph/trace/10");
  const std::size_t at = Between(gen.rng(), MetaAt(trace.lines) + 1, TerminalAt(trace.lines));
  Insert(trace.lines, at, gen.Line(InvalidTensorStats(gen)));
  return At(trace, at, ErrorCode::kInvalidTensorStats, "");
}

inline MutatedTrace TensorStatsUnderTrace9(GeneratedTrace trace, TraceGenerator& gen) {
  SetSchema(trace, "candle-graph/trace/9");
  if (trace.tensor_stats.empty() || gen.rng().OneIn(2)) {
    const std::size_t at = Between(gen.rng(), MetaAt(trace.lines) + 1, TerminalAt(trace.lines));
    // Valid or not, a tensor_stats under trace/9 is named as the schema's fault.
    ExpectedTensorStats values;
    Insert(trace.lines, at,
           gen.Line(gen.rng().OneIn(2) ? InvalidTensorStats(gen)
                                       : gen.TensorStats(gen.RandomText(2), values)));
  }
  for (std::size_t i = 0;; ++i) {
    if (trace.lines[i].record && trace.lines[i].record->kind == RecordKind::kTensorStats) {
      return At(trace, i, ErrorCode::kSchemaLacksTensorStats, "");
    }
  }
}

inline MutatedTrace UnsupportedSchema(GeneratedTrace trace, TraceGenerator& gen) {
  static const std::vector<std::string> kSchemas = {"",
                                                    "candle-graph/trace/8",
                                                    "candle-graph/trace/11",
                                                    "candle-graph/trace/5",
                                                    "candle-graph/trace/7",
                                                    "Candle-graph/trace/10",
                                                    " candle-graph/trace/10",
                                                    "candle-graph/trace/10 ",
                                                    "candle-graph/trace/9\u00a0",
                                                    "candle-graph/runtime/1",
                                                    "a\"b\t\x1b"};
  SetSchema(trace, gen.rng().OneIn(4) ? "s" + gen.RandomText(6) : gen.rng().Pick(kSchemas));
  return At(trace, MetaAt(trace.lines), ErrorCode::kUnsupportedSchema, "");
}

inline MutatedTrace MissingTerminal(GeneratedTrace trace, TraceGenerator&) {
  trace.lines.erase(trace.lines.begin() + static_cast<std::ptrdiff_t>(TerminalAt(trace.lines)));
  return Stream(trace, ErrorCode::kMissingTerminal);
}

inline MutatedTrace CompleteWithReason(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = TerminalAt(trace.lines);
  // Any reason at all, even "" or white space.
  const std::string reason = gen.rng().OneIn(3) ? "" : gen.RandomText(5);
  SetTerminal(*trace.lines[at].record, false, reason, false);
  return At(trace, at, ErrorCode::kCompleteWithReason, "");
}

inline MutatedTrace FailedWithoutReason(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = TerminalAt(trace.lines);
  static const std::vector<std::string> kBlank = {"", " ", "\t\u3000", "\u2028", "\u0085\u00a0"};
  switch (gen.rng().Below(3)) {
    case 0:
      SetTerminal(*trace.lines[at].record, true, std::nullopt, false);  // absent
      break;
    case 1:
      SetTerminal(*trace.lines[at].record, true, std::nullopt, true);  // null
      break;
    default:
      SetTerminal(*trace.lines[at].record, true, gen.rng().Pick(kBlank), false);
      break;
  }
  return At(trace, at, ErrorCode::kFailedWithoutReason, "");
}

inline MutatedTrace TerminalBeforeEvidence(GeneratedTrace trace, TraceGenerator& gen) {
  std::uint64_t latest = trace.latest_evidence_ns;
  if (latest == 0) {
    // No evidence after 0: add some (a device_memory sample counts, §2.2 h).
    latest = 1 + gen.rng().Below(1000);
    const std::size_t at = Between(gen.rng(), MetaAt(trace.lines) + 1, TerminalAt(trace.lines));
    Insert(trace.lines, at, gen.Line(gen.DeviceMemory(latest)));
  }
  const std::size_t at = TerminalAt(trace.lines);
  const std::uint64_t timestamp = gen.rng().OneIn(2) ? latest - 1 : gen.rng().Below(latest);
  trace.lines[at].record->Find("timestamp_ns")->value = std::to_string(timestamp);
  return At(trace, at, ErrorCode::kTerminalBeforeEvidence, "");
}

// --- Record rules (docs/trace-format.md §1.0, docs/tracedoc.md §2 record stage). ----------------------

inline MutatedTrace DuplicateKey(GeneratedTrace trace, TraceGenerator& gen) {
  auto [at, ref] = PickMember(trace, gen.rng(), [](const MemberRef&) { return true; });
  JsonMember copy = ref.member();
  const std::size_t to = gen.rng().Below(ref.list->size() + 1);
  ref.list->insert(ref.list->begin() + static_cast<std::ptrdiff_t>(to), std::move(copy));
  return At(trace, at, ErrorCode::kDuplicateKey, ref.path);
}

inline MutatedTrace MissingField(GeneratedTrace trace, TraceGenerator& gen) {
  auto [at, ref] = PickMember(trace, gen.rng(), [](const MemberRef& r) {
    return r.member().presence == Presence::kRequired;
  });
  ref.list->erase(ref.list->begin() + static_cast<std::ptrdiff_t>(ref.position));
  return At(trace, at, ErrorCode::kMissingField, ref.path);
}

inline MutatedTrace UnknownKind(GeneratedTrace trace, TraceGenerator& gen) {
  static const std::vector<std::string> kKinds = {
      "Meta",      "SPAN_START", "span-end",       "ops",
      "",          " op",        "tensor ",        "tensorstats",
      "edge_call", "run",        "terminal\u00a0", "device memory"};
  const std::size_t at = PickRecordLine(trace, gen.rng());
  SetString(*trace.lines[at].record, "kind", gen.rng().Pick(kKinds));
  return At(trace, at, ErrorCode::kUnknownKind, "kind");
}

/// A JSON value of the wrong type for `m` (null only where null is not None).
inline std::string WrongType(const JsonMember& m, RandomSource& rng) {
  std::vector<std::string> options;
  switch (m.type) {
    case ValueType::kString:
      options = {"1", "true", "[]", "{}", "1.5"};
      break;
    case ValueType::kU64:
      options = {"\"1\"", "true", "1.0", "1e3", "2.5", "[]", "{}"};
      break;
    case ValueType::kF64:
      options = {"\"1.5\"", "false", "[1.0]", "{}"};
      break;
    case ValueType::kBool:
      options = {"1", "\"true\"", "[]", "0"};
      break;
    case ValueType::kEnum:
      options = {"1", "true", "[\"train\"]", "{}"};
      break;
    case ValueType::kStringArray:
      options = {"\"a\"", "{}", "1", "true"};
      break;
    case ValueType::kU64Array:
    case ValueType::kObjectArray:
      options = {"\"a\"", "{}", "7", "false"};
      break;
    case ValueType::kObject:
    case ValueType::kStringMap:
      options = {"[]", "\"a\"", "1", "true"};
      break;
    case ValueType::kAny:
      break;
  }
  if (m.presence != Presence::kOptional) options.push_back("null");
  return rng.Pick(options);
}

inline MutatedTrace InvalidType(GeneratedTrace trace, TraceGenerator& gen) {
  auto [at, ref] = PickMember(trace, gen.rng(), [](const MemberRef& r) { return !IsKindTag(r); });
  JsonMember& m = ref.member();
  m.value = WrongType(m, gen.rng());
  m.type = ValueType::kAny;
  m.members.clear();
  return At(trace, at, ErrorCode::kInvalidType, ref.path);
}

inline MutatedTrace InvalidValue(GeneratedTrace trace, TraceGenerator& gen) {
  auto [at, ref] = PickMember(trace, gen.rng(), [](const MemberRef& r) {
    return r.member().type == ValueType::kEnum && !IsKindTag(r) && !IsNull(r.member());
  });
  JsonMember& m = ref.member();
  static const std::vector<std::string> kAliases = {"training", "inference", "eval", "fwd", "bwd",
                                                    "optim",    "step",      "",     "NONE"};
  std::string spelling;
  do {
    const std::string original(m.spellings[gen.rng().Below(m.spellings.size())]);
    switch (gen.rng().Below(4)) {
      case 0:
        spelling = original;
        spelling[0] = static_cast<char>(spelling[0] - 'a' + 'A');  // miscased
        break;
      case 1:
        spelling = " " + original;
        break;
      case 2:
        spelling = original + "\u00a0";
        break;
      default:
        spelling = gen.rng().Pick(kAliases);
        break;
    }
  } while (std::find(m.spellings.begin(), m.spellings.end(), spelling) != m.spellings.end());
  m.value = JsonString(spelling, trace.lines[at].record->style);
  return At(trace, at, ErrorCode::kInvalidValue, ref.path);
}

inline MutatedTrace OutOfRange(GeneratedTrace trace, TraceGenerator& gen) {
  auto [at, ref] = PickMember(trace, gen.rng(), [](const MemberRef& r) {
    return (r.member().type == ValueType::kU64 || r.member().type == ValueType::kF64) &&
           !IsNull(r.member());
  });
  JsonMember& m = ref.member();
  if (m.type == ValueType::kF64) {
    // Beyond the double range: caught while parsing, before any field is known.
    static const std::vector<std::string> kFar = {"1e400", "-1e400", "1E999", "1.8e308",
                                                  "-17976931348623159e292"};
    m.value = gen.rng().Pick(kFar);
    return At(trace, at, ErrorCode::kOutOfRange, "");
  }
  static const std::vector<std::string> kOutside = {
      "-1", "-0", "18446744073709551616", "99999999999999999999999", "-9223372036854775808"};
  m.value = gen.rng().Pick(kOutside);
  return At(trace, at, ErrorCode::kOutOfRange, ref.path);
}

inline MutatedTrace UnknownFieldWhenStrict(GeneratedTrace trace, TraceGenerator& gen) {
  std::vector<std::size_t> records = RecordLines(trace.lines);
  const bool any = std::any_of(records.begin(), records.end(), [&](std::size_t i) {
    return LineHoldsUnknown(trace.lines[i].record->members);
  });
  if (!any) {
    const std::size_t at = records[gen.rng().Below(records.size())];
    JsonMember m;
    m.key = "x_" + gen.RandomText(3);
    m.known = false;
    m.value = "0";
    std::vector<JsonMember>& members = trace.lines[at].record->members;
    members.insert(members.begin() + static_cast<std::ptrdiff_t>(gen.rng().Below(members.size())),
                   std::move(m));
  }
  for (const std::size_t i : records) {
    if (LineHoldsUnknown(trace.lines[i].record->members)) {
      MutatedTrace out = At(trace, i, ErrorCode::kUnknownField, std::nullopt);
      out.options.decode.strict = true;
      return out;
    }
  }
  return {};  // not reached: a line with an unknown key exists by now
}

// --- Line rules (docs/tracedoc.md §2 line and input stages). ------------------------------------

inline MutatedTrace InvalidJson(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = PickRecordLine(trace, gen.rng());
  StreamLine& line = trace.lines[at];
  std::string object = ObjectText(*line.record);
  switch (gen.rng().Below(5)) {
    case 0:
      object += gen.rng().Pick(std::vector<std::string>{"x", "}", ",{}", " 1", "\"\""});
      break;
    case 1:
      object.pop_back();  // the closing brace
      break;
    case 2:
      object = "\uFEFF" + object;  // a byte-order mark is not white space
      break;
    case 3:
      object = "{\"kind\" \"meta\"}";
      break;
    default:
      object.insert(1, "'");
      break;
  }
  line.raw = line.leading + object + line.trailing;
  return At(trace, at, ErrorCode::kInvalidJson, "");
}

inline MutatedTrace InvalidUtf8(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = PickRecordLine(trace, gen.rng());
  std::string text = RenderLine(trace.lines[at]);
  static const std::vector<std::string> kBroken = {"\xff", "\xc0\xaf", "\xed\xa0\x80",
                                                   "\x80", "\xe4\xb8", "\xf4\x90\x80\x80"};
  text.insert(gen.rng().Below(text.size() + 1), gen.rng().Pick(kBroken));
  trace.lines[at].raw = text;
  return At(trace, at, ErrorCode::kInvalidUtf8, "");
}

inline MutatedTrace NotAnObject(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = PickRecordLine(trace, gen.rng());
  StreamLine& line = trace.lines[at];
  const std::vector<std::string> values = {
      "[" + ObjectText(*line.record) + "]", "\"meta\"", "1", "null", "true", "[]", "-0.5"};
  line.raw = line.leading + gen.rng().Pick(values) + line.trailing;
  return At(trace, at, ErrorCode::kNotAnObject, "");
}

inline MutatedTrace NestingTooDeep(GeneratedTrace trace, TraceGenerator& gen) {
  const std::size_t at = PickRecordLine(trace, gen.rng());
  // The record's object is depth 1; 64 levels are allowed, so 64 nested arrays are one too many.
  const std::size_t depth = 64 + gen.rng().Below(40);
  JsonMember m;
  m.key = "x_deep";
  m.known = false;
  m.value = std::string(depth, '[') + std::string(depth, ']');
  std::vector<JsonMember>& members = trace.lines[at].record->members;
  members.insert(members.begin() + static_cast<std::ptrdiff_t>(gen.rng().Below(members.size())),
                 std::move(m));
  return At(trace, at, ErrorCode::kLimitExceeded, "");
}

}  // namespace mutation_detail

/// Every mutation, one per fold rule and per line- and record-level error code.
inline const std::vector<Mutation>& Mutations() {
  using namespace mutation_detail;
  static const std::vector<Mutation> kMutations = {
      {"first_record_not_meta", ErrorCode::kMissingMeta, FirstRecordNotMeta},
      {"empty_stream", ErrorCode::kMissingMeta, EmptyStream},
      {"meta_not_first", ErrorCode::kMetaNotFirst, MetaNotFirst},
      {"record_after_terminal", ErrorCode::kEventAfterTerminal, RecordAfterTerminal},
      {"duplicate_span_start", ErrorCode::kDuplicateSpanStart, DuplicateSpanStart},
      {"unknown_span_end", ErrorCode::kUnknownSpanEnd, UnknownSpanEnd},
      {"duplicate_span_end", ErrorCode::kDuplicateSpanEnd, DuplicateSpanEnd},
      {"invalid_tensor_stats", ErrorCode::kInvalidTensorStats, InvalidTensorStatsRule},
      {"tensor_stats_under_trace_9", ErrorCode::kSchemaLacksTensorStats, TensorStatsUnderTrace9},
      {"unsupported_schema", ErrorCode::kUnsupportedSchema, UnsupportedSchema},
      {"missing_terminal", ErrorCode::kMissingTerminal, MissingTerminal},
      {"complete_with_reason", ErrorCode::kCompleteWithReason, CompleteWithReason},
      {"failed_without_reason", ErrorCode::kFailedWithoutReason, FailedWithoutReason},
      {"terminal_before_evidence", ErrorCode::kTerminalBeforeEvidence, TerminalBeforeEvidence},
      {"duplicate_key", ErrorCode::kDuplicateKey, DuplicateKey},
      {"missing_field", ErrorCode::kMissingField, MissingField},
      {"unknown_kind", ErrorCode::kUnknownKind, UnknownKind},
      {"invalid_type", ErrorCode::kInvalidType, InvalidType},
      {"invalid_value", ErrorCode::kInvalidValue, InvalidValue},
      {"out_of_range", ErrorCode::kOutOfRange, OutOfRange},
      {"unknown_field_when_strict", ErrorCode::kUnknownField, UnknownFieldWhenStrict},
      {"invalid_json", ErrorCode::kInvalidJson, InvalidJson},
      {"invalid_utf8", ErrorCode::kInvalidUtf8, InvalidUtf8},
      {"not_an_object", ErrorCode::kNotAnObject, NotAnObject},
      {"nesting_too_deep", ErrorCode::kLimitExceeded, NestingTooDeep},
  };
  return kMutations;
}

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_TRACE_MUTATIONS_HPP_
