// The TraceML export cases of the format corpus (docs/traceml-export.md, rule by rule). Each
// case is a seeded export from tests/support/traceml_export_generator with one fault (a few
// with two, to pin which is reported first) in its first record or a later one, a column, the
// events map or the closing line; `--strict` cases for the rules strict changes.
#include <algorithm>
#include <functional>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "formats/format_corpus.hpp"
#include "formats/json_tree.hpp"
#include "support/traceml_export_generator.hpp"

namespace tracedoc::formats {
namespace {

struct ExportLine {
  /// The parsed line; absent for a line kept as raw text.
  std::optional<JsonNode> tree;
  std::string text;
};

struct Export {
  std::vector<ExportLine> lines;
  /// Applied to the written file (line ends, text after the last newline).
  std::function<std::string(std::string)> edit_text;
};

using Edit = std::function<void(Export&)>;

enum class Base { kRun, kHostnames, kUnclosed };

// kRun: one node, two ranks, five steps, nulls, a duplicate row, the closing line.
// kHostnames: two nodes of one GPU, every record with its hostname, no nulls.
// kUnclosed: one rank, no closing line.
Export BaseExport(Base base) {
  testing_support::TraceMLExportPlan plan;
  switch (base) {
    case Base::kRun:
      plan.seed = 1;
      plan.nodes = 1;
      plan.gpus_per_node = 2;
      plan.steps = 5;
      break;
    case Base::kHostnames:
      plan.seed = 2;
      plan.nodes = 2;
      plan.gpus_per_node = 1;
      plan.steps = 3;
      plan.hostname = true;
      plan.nulls = false;
      break;
    case Base::kUnclosed:
      plan.seed = 3;
      plan.nodes = 1;
      plan.gpus_per_node = 1;
      plan.steps = 3;
      plan.duplicates = 0;
      plan.closing_line = false;
      break;
  }
  const std::string text = testing_support::GenerateTraceMLExport(plan).text;
  Export out;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    out.lines.push_back(ExportLine{ParseJsonTree(line), line});
    start = end + 1;
  }
  return out;
}

// ---- where an edit applies
// -----------------------------------------------------------------------

// A line: the `nth` record of `stream` (negative: from the end), or the closing line.
struct LineRef {
  std::string stream;
  int nth = 0;
};

LineRef First(std::string stream) { return LineRef{std::move(stream), 0}; }
LineRef Second(std::string stream) { return LineRef{std::move(stream), 1}; }
LineRef Last(std::string stream) { return LineRef{std::move(stream), -1}; }
const LineRef kClosing{"", 0};

std::size_t IndexOf(const Export& file, const LineRef& ref) {
  std::vector<std::size_t> matches;
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const std::optional<JsonNode>& tree = file.lines[i].tree;
    if (!tree) continue;
    const bool is_closing = tree->members.empty() || tree->members.front().key != "stream";
    if (ref.stream.empty()
            ? is_closing
            : !is_closing && tree->members.front().value.raw == "\"" + ref.stream + "\"") {
      matches.push_back(i);
    }
  }
  const std::size_t at = ref.nth < 0 ? matches.size() - static_cast<std::size_t>(-ref.nth)
                                     : static_cast<std::size_t>(ref.nth);
  return matches.at(at);
}

JsonNode& TreeOf(Export& file, const LineRef& ref) { return *file.lines[IndexOf(file, ref)].tree; }

// ---- edits
// ---------------------------------------------------------------------------------------

Edit All(std::initializer_list<Edit> edits) {
  return [list = std::vector<Edit>(edits)](Export& file) {
    for (const Edit& edit : list) edit(file);
  };
}

Edit Set(LineRef line, std::string path, std::string raw) {
  return [=](Export& file) { NodeAt(TreeOf(file, line), path) = RawJson(raw); };
}

Edit Remove(LineRef line, std::string path) {
  return [=](Export& file) {
    const MemberPlace place = MemberAt(TreeOf(file, line), path);
    place.object->members.erase(place.object->members.begin() +
                                static_cast<std::ptrdiff_t>(place.index));
  };
}

// The member at `path` written again right after itself, with the value `raw` (or its own).
Edit Repeat(LineRef line, std::string path, std::string raw = {}) {
  return [=](Export& file) {
    const MemberPlace place = MemberAt(TreeOf(file, line), path);
    JsonMember again = place.object->members[place.index];
    if (!raw.empty()) again.value = RawJson(raw);
    place.object->members.insert(
        place.object->members.begin() + static_cast<std::ptrdiff_t>(place.index) + 1, again);
  };
}

// A member `key: raw` inserted at `position` of the object at `path` (past the end: appended).
Edit Insert(LineRef line, std::string path, std::size_t position, std::string key,
            std::string raw) {
  return [=](Export& file) {
    std::vector<JsonMember>& members = NodeAt(TreeOf(file, line), path).members;
    members.insert(
        members.begin() + static_cast<std::ptrdiff_t>(std::min(position, members.size())),
        JsonMember{key, RawJson(raw)});
  };
}

Edit Append(LineRef line, std::string path, std::string key, std::string raw) {
  return Insert(std::move(line), std::move(path), static_cast<std::size_t>(-1), std::move(key),
                std::move(raw));
}

// The member at `path` moved to `position` of its object.
Edit Move(LineRef line, std::string path, std::size_t position) {
  return [=](Export& file) {
    const MemberPlace place = MemberAt(TreeOf(file, line), path);
    JsonMember member = place.object->members[place.index];
    place.object->members.erase(place.object->members.begin() +
                                static_cast<std::ptrdiff_t>(place.index));
    place.object->members.insert(
        place.object->members.begin() + static_cast<std::ptrdiff_t>(position), member);
  };
}

// The line's written text edited.
Edit EditLine(LineRef line, std::function<std::string(std::string)> edit) {
  return [=](Export& file) {
    ExportLine& target = file.lines[IndexOf(file, line)];
    const std::string text =
        target.tree ? WriteJsonTree(*target.tree, JsonLayout::kOneLine) : target.text;
    target = ExportLine{std::nullopt, edit(text)};
  };
}

// A raw line inserted before `line` (after it when `after`).
Edit InsertLine(LineRef line, std::string text, bool after = false) {
  return [=](Export& file) {
    const std::size_t at = IndexOf(file, line) + (after ? 1 : 0);
    file.lines.insert(file.lines.begin() + static_cast<std::ptrdiff_t>(at),
                      ExportLine{std::nullopt, text});
  };
}

// A copy of `line` inserted after `after`.
Edit CopyLineAfter(LineRef line, LineRef after) {
  return [=](Export& file) {
    const ExportLine copy = file.lines[IndexOf(file, line)];
    const std::size_t at = IndexOf(file, after) + 1;
    file.lines.insert(file.lines.begin() + static_cast<std::ptrdiff_t>(at), copy);
  };
}

Edit RemoveLine(LineRef line) {
  return [=](Export& file) {
    file.lines.erase(file.lines.begin() + static_cast<std::ptrdiff_t>(IndexOf(file, line)));
  };
}

Edit EditFile(std::function<std::string(std::string)> edit) {
  return [=](Export& file) { file.edit_text = edit; };
}

Edit ReplaceFile(std::string text) {
  return [=](Export& file) {
    file.lines.clear();
    file.edit_text = [text](const std::string&) { return text; };
  };
}

// `written_records` of the closing line moved by `delta`.
Edit ShiftWrittenRecords(int delta) {
  return [=](Export& file) {
    JsonNode& count = NodeAt(TreeOf(file, kClosing), "written_records");
    count.raw = std::to_string(static_cast<long long>(std::stoll(count.raw)) + delta);
  };
}

std::string Nested(std::size_t depth) {
  return std::string(depth, '[') + "0" + std::string(depth, ']');
}

// The events sample of the data loader (on the CPU) and of the optimizer on the CPU, in a
// step_time record that has a step.
const std::string kLoader = "events._traceml_internal:dataloader_next.cpu";
const std::string kOptimizerHost = "events._traceml_internal:optimizer_step.cpu";

// ---- cases
// ---------------------------------------------------------------------------------------

// The base exports, made once and only when a case is built.
const Export& BaseOf(Base base) {
  static const auto* const bases = new std::vector<Export>{
      BaseExport(Base::kRun), BaseExport(Base::kHostnames), BaseExport(Base::kUnclosed)};
  return (*bases)[static_cast<std::size_t>(base)];
}

CaseContent BuildExportCase(const std::string& name, const Edit& edit, Base base) {
  Export file = BaseOf(base);
  try {
    if (edit) edit(file);
  } catch (const std::exception& error) {
    // A case that names a place its export does not have is a bug of the corpus.
    throw std::logic_error(name + ": " + error.what());
  }
  std::string text;
  for (const ExportLine& line : file.lines) {
    text += line.tree ? WriteJsonTree(*line.tree, JsonLayout::kOneLine) : line.text;
    text += '\n';
  }
  if (file.edit_text) text = file.edit_text(std::move(text));
  return CaseContent{"export.jsonl", {CorpusFile{"export.jsonl", std::move(text)}}, {}};
}

class ExportCases {
 public:
  /// `traceml/RULE/WHAT`, read with --from traceml (and --strict when `strict`).
  void Add(const std::string& rule, const std::string& what, const Edit& edit,
           Base base = Base::kRun, bool strict = false) {
    const std::string name = "traceml/" + rule + "/" + what;
    std::vector<std::string> flags = {"--from", "traceml"};
    if (strict) flags.push_back("--strict");
    cases_.push_back(FormatCase{name, flags, [=] { return BuildExportCase(name, edit, base); }});
  }

  void AddStrict(const std::string& rule, const std::string& what, const Edit& edit,
                 Base base = Base::kRun) {
    Add(rule, what, edit, base, true);
  }

  void AddMissingInput(const std::string& rule, const std::string& what) {
    cases_.push_back(FormatCase{"traceml/" + rule + "/" + what, {"--from", "traceml"}, [] {
                                  return CaseContent{"no_such_export.jsonl", {}, {}};
                                }});
  }

  std::vector<FormatCase> Take() { return std::move(cases_); }

 private:
  std::vector<FormatCase> cases_;
};

void ValidExports(ExportCases& c) {
  c.Add("ok", "seed1_run", nullptr);
  c.Add("ok", "seed2_hostnames", nullptr, Base::kHostnames);
  c.Add("ok", "seed3_without_closing_line", nullptr, Base::kUnclosed);
  c.Add("ok", "seed1_run_strict", nullptr, Base::kRun, true);
  c.Add("ok", "empty_file", ReplaceFile(""));
  c.Add("ok", "blank_lines_only", ReplaceFile("\n  \n\t\n\n"));
  c.Add("ok", "closing_line_only",
        ReplaceFile("{\"written_records\": 0, \"dropped_batches\": 0}\n"));
  c.Add("ok", "crlf_line_ends", EditFile([](std::string text) {
          std::string out;
          for (const char ch : text) out += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
          return out;
        }));
  c.Add("ok", "no_final_newline",
        EditFile([](std::string text) { return text.substr(0, text.size() - 1); }));
  c.Add("ok", "blank_line_after_closing_line", InsertLine(kClosing, "   ", true));
  c.Add(
      "ok", "hostname_null_everywhere",
      [](Export& file) {
        for (ExportLine& line : file.lines) {
          if (!line.tree) continue;
          for (JsonMember& member : line.tree->members) {
            if (member.key == "hostname") member.value = RawJson("null");
          }
        }
      },
      Base::kHostnames);
  c.Add("ok", "whole_float_bytes", Set(First("step_memory"), "peak_alloc_bytes", "1048576.0"));
  c.Add("ok", "process_cpu_percent_above_100", Set(Last("process"), "cpu_percent", "812.5"));
  c.Add("ok", "empty_events_map", Set(Second("step_time"), "events", "{}"));
  c.Add("ok", "integers_at_u64_max", Set(First("step_memory"), "seq", "18446744073709551615"));
  c.Add("ok", "nesting_64_levels_in_unknown_field", Append(Last("system"), "", "deep", Nested(63)));
  c.Add("traceml_dropped_batches", "warning", Set(kClosing, "dropped_batches", "3"),
        Base::kHostnames);
  c.AddStrict("traceml_dropped_batches", "warning_under_strict",
              Set(kClosing, "dropped_batches", "1"));
  c.Add("traceml_duplicate_key", "repeated_rows",
        All({CopyLineAfter(First("runtime_environment"), First("process")),
             CopyLineAfter(Second("system_gpu"), Last("system_gpu")), ShiftWrittenRecords(2)}));
  c.AddStrict(
      "traceml_duplicate_key", "under_strict",
      All({CopyLineAfter(First("step_memory"), Last("step_time")), ShiftWrittenRecords(1)}));
  c.Add("traceml_unknown_field", "first_record",
        Append(First("runtime_environment"), "", "python_version", "\"3.11\""));
  c.Add("traceml_unknown_field", "later_record_between_columns",
        Insert(Last("step_memory"), "", 4, "gpu_name", "\"A100\""));
  c.Add("traceml_unknown_field", "events_sample",
        Append(Second("step_time"), kLoader, "bytes", "0"));
  c.Add("traceml_unknown_field", "closing_line", Append(kClosing, "", "exporter", "\"jsonl\""));
  c.Add("traceml_unknown_field", "hostname_on_stdout_stderr",
        Insert(First("stdout_stderr"), "", 4, "hostname", "\"node-0\""));
  c.Add("traceml_field_order", "first_record_swapped_columns",
        Move(First("runtime_environment"), "global_rank", 2));
  c.Add("traceml_field_order", "later_record_seq_last", Move(Last("process"), "seq", 17));
  c.Add("traceml_field_order", "events_sample_members",
        Move(Second("step_time"), kOptimizerHost + ".n_calls", 0));
  c.Add("traceml_field_order", "schema_version_before_stream",
        Move(First("stdout_stderr"), "schema_version", 0));
  c.Add("warn_several", "in_line_order",
        All({Set(kClosing, "dropped_batches", "2"), Append(Last("step_time"), "", "x", "1"),
             Move(First("system"), "gpu_count", 10), Append(kClosing, "", "y", "null")}));
  c.AddMissingInput("io_error", "no_such_file");
}

void SyntaxFaults(ExportCases& c) {
  c.Add("invalid_utf8", "first_line", EditLine(First("runtime_environment"), [](std::string t) {
          return t.insert(t.size() - 10, "\xff");
        }));
  c.Add("invalid_utf8", "later_line_stdout_text",
        Set(Last("stdout_stderr"), "line", "\"loss=\xc3\x28\""));
  c.Add("invalid_utf8", "in_a_key", Append(Second("step_memory"), "", "k\xed\xa0\x80", "1"));
  c.Add("edge", "byte_order_mark_on_first_line",
        EditFile([](std::string text) { return "\xef\xbb\xbf" + text; }));
  c.Add("invalid_json", "cut_line",
        EditLine(Second("step_time"), [](std::string t) { return t.substr(0, t.size() / 2); }));
  c.Add("invalid_json", "trailing_comma",
        EditLine(First("system"), [](std::string t) { return t.insert(t.size() - 1, ","); }));
  c.Add("invalid_json", "bare_nan", Set(First("system_gpu"), "temperature_c", "NaN"));
  c.Add("invalid_json", "bare_infinity", Set(Last("system_gpu"), "util", "Infinity"));
  c.Add("invalid_json", "text_after_object",
        EditLine(Last("step_memory"), [](std::string t) { return t + " {}"; }));
  c.Add("invalid_json", "closing_line_cut",
        EditLine(kClosing, [](std::string t) { return t.substr(0, t.size() - 3); }));
  c.Add("not_an_object", "array_line", InsertLine(First("step_time"), "[1, 2]"));
  c.Add("not_an_object", "number_first_line", InsertLine(First("runtime_environment"), "5"));
  c.Add("out_of_range", "number_1e999", Set(First("system_gpu"), "temperature_c", "1e999"));
  c.Add("out_of_range", "number_minus_1e999_in_unknown",
        Append(Second("process"), "", "extra", "-1e999"));
  c.Add("limit_exceeded", "nesting_65_levels_in_unknown_field",
        Append(Last("system"), "", "deep", Nested(64)));
  c.Add("limit_exceeded", "nesting_in_events", Set(Second("step_time"), "events", Nested(100)));
  c.Add("first_error", "utf8_of_a_line_before_its_json",
        EditLine(First("system"), [](std::string t) { return "\xfe" + t.substr(0, 20); }));
  c.Add("first_error", "earlier_line_wins",
        All({Set(Last("system_gpu"), "util", "Infinity"), Set(First("system_gpu"), "util", "-1")}));
}

void RecordFaults(ExportCases& c) {
  c.Add("duplicate_key", "record_column", Repeat(First("step_memory"), "step"));
  c.Add("duplicate_key", "events_phase",
        Repeat(Second("step_time"), "events._traceml_internal:dataloader_next"));
  c.Add("duplicate_key", "events_device", Repeat(Second("step_time"), kOptimizerHost));
  c.Add("duplicate_key", "events_sample_member", Repeat(Last("step_time"), kLoader + ".gpu_ms"));
  c.Add("duplicate_key", "closing_line_member", Repeat(kClosing, "dropped_batches"));
  c.Add("duplicate_key", "unknown_member_twice",
        All({Append(First("process"), "", "z", "1"), Append(First("process"), "", "z", "2")}));
  c.Add("missing_field", "stream_on_a_record", Remove(Second("process"), "stream"));
  c.Add("missing_field", "closing_line_without_dropped_batches",
        Remove(kClosing, "dropped_batches"));
  c.Add("missing_field", "schema_version", Remove(First("runtime_environment"), "schema_version"));
  c.Add("missing_field", "observed_timestamp_first_line",
        Remove(First("runtime_environment"), "observed_timestamp_unix_ns"));
  c.Add("missing_field", "seq_later_step_memory", Remove(Last("step_memory"), "seq"));
  c.Add("missing_field", "events", Remove(Second("step_time"), "events"));
  c.Add("missing_field", "stdout_line", Remove(Last("stdout_stderr"), "line"));
  c.Add("missing_field", "events_sample_n_calls",
        Remove(Second("step_time"), kLoader + ".n_calls"));
  c.Add("missing_field", "gpu_idx", Remove(First("system_gpu"), "gpu_idx"));
  c.Add("invalid_type", "stream_number", Set(First("system"), "stream", "5"));
  c.Add("invalid_type", "schema_version_string",
        Set(First("step_time"), "schema_version", "\"1\""));
  c.Add("invalid_type", "observed_timestamp_null",
        Set(First("stdout_stderr"), "observed_timestamp_unix_ns", "null"));
  c.Add("invalid_type", "step_fraction", Set(Second("step_time"), "step", "1.5"));
  c.Add("invalid_type", "events_null", Set(Second("step_time"), "events", "null"));
  c.Add("invalid_type", "events_phase_array",
        Set(Second("step_time"), "events._traceml_internal:forward_time", "[]"));
  c.Add("invalid_type", "events_device_number", Set(Second("step_time"), kOptimizerHost, "5"));
  c.Add("invalid_type", "events_is_gpu_integer",
        Set(Second("step_time"), kLoader + ".is_gpu", "0"));
  c.Add("invalid_type", "events_n_calls_float",
        Set(Last("step_time"), kOptimizerHost + ".n_calls", "1.0"));
  c.Add("invalid_type", "gpu_available_bool", Set(First("system"), "gpu_available", "true"));
  c.Add("invalid_type", "written_records_null", Set(kClosing, "written_records", "null"));
  c.Add("invalid_type", "hostname_number", Set(Last("step_memory"), "hostname", "7"),
        Base::kHostnames);
  c.Add("invalid_type", "gpu_idx_null", Set(Last("system_gpu"), "gpu_idx", "null"));
  c.Add("invalid_value", "bytes_fraction", Set(First("step_memory"), "peak_alloc_bytes", "1.5"));
  c.Add("invalid_value", "gpu_available_two", Set(Last("process"), "gpu_available", "2"));
  c.Add("invalid_value", "distributed_initialized_three",
        Set(First("runtime_environment"), "distributed_initialized", "3"));
  c.Add("invalid_value", "stdout_line_empty", Set(Last("stdout_stderr"), "line", "\"\""));
  c.Add("out_of_range", "schema_version_negative", Set(First("process"), "schema_version", "-1"));
  c.Add("out_of_range", "rank_negative",
        All({Set(First("step_memory"), "rank", "-1"),
             Set(First("step_memory"), "global_rank", "-1")}));
  c.Add("out_of_range", "cpu_percent_negative", Set(Last("system"), "cpu_percent", "-0.5"));
  c.Add("out_of_range", "bytes_negative", Set(First("system_gpu"), "mem_used_bytes", "-1.0"));
  c.Add("out_of_range", "events_duration_negative",
        Set(Last("step_time"), kLoader + ".duration_ms", "-1.0"));
  c.Add("out_of_range", "seq_above_u64", Set(Second("process"), "seq", "18446744073709551616"));
  c.Add("out_of_range", "written_records_negative", Set(kClosing, "written_records", "-1"));
  c.Add("traceml_unknown_stream", "capitalised",
        Set(First("step_time"), "stream", "\"Step_time\""));
  c.Add("traceml_unknown_stream", "unknown_name", Set(Last("system"), "stream", "\"gpu\""));
  c.Add("traceml_unsupported_schema", "two",
        Set(First("runtime_environment"), "schema_version", "2"));
  c.Add("traceml_unsupported_schema", "zero_on_a_later_line",
        Set(Last("step_time"), "schema_version", "0"));
  c.Add("traceml_unsupported_schema", "before_its_columns",
        All({Set(First("process"), "schema_version", "2"), Remove(First("process"), "seq"),
             Set(First("process"), "cpu_percent", "\"x\"")}));
  c.Add("traceml_rank_mismatch", "first_record", Set(First("runtime_environment"), "rank", "7"));
  c.Add("traceml_rank_mismatch", "rank_null_later", Set(Last("step_memory"), "rank", "null"));
  c.Add("traceml_hostname_inconsistent", "later_record_without",
        Remove(Last("process"), "hostname"), Base::kHostnames);
  c.Add("traceml_hostname_inconsistent", "first_record_without",
        Remove(First("runtime_environment"), "hostname"), Base::kHostnames);
  c.Add("traceml_hostname_inconsistent", "later_record_with",
        Insert(Last("step_time"), "", 9, "hostname", "\"node-0\""));
  c.Add("traceml_written_records_mismatch", "one_more", ShiftWrittenRecords(1));
  c.Add("traceml_written_records_mismatch", "record_removed", RemoveLine(Last("step_time")),
        Base::kHostnames);
  c.Add("traceml_closing_line_not_last", "record_after_it",
        CopyLineAfter(First("step_memory"), kClosing));
  c.Add("traceml_closing_line_not_last", "garbage_after_it", InsertLine(kClosing, "x", true));
  c.Add("traceml_closing_line_not_last", "closing_line_in_the_middle",
        InsertLine(First("step_memory"), "{\"written_records\": 3, \"dropped_batches\": 0}", true),
        Base::kUnclosed);
  c.AddStrict("unknown_field", "record_member",
              Append(First("runtime_environment"), "", "python_version", "\"3.11\""));
  c.AddStrict("unknown_field", "later_record",
              Insert(Last("system_gpu"), "", 3, "uuid", "\"GPU-1\""));
  c.AddStrict("unknown_field", "events_sample", Append(Second("step_time"), kLoader, "bytes", "0"));
  c.AddStrict("unknown_field", "closing_line", Append(kClosing, "", "exporter", "\"jsonl\""));
  c.AddStrict("traceml_field_order", "record_columns", Move(Second("step_memory"), "device", 4));
  c.AddStrict("traceml_field_order", "events_sample",
              Move(Last("step_time"), kLoader + ".cpu_ms", 0));
  c.Add("first_error", "missing_column_before_values",
        All({Remove(First("step_memory"), "peak_reserved_bytes"),
             Set(First("step_memory"), "peak_alloc_bytes", "\"x\"")}));
  c.Add("first_error", "columns_in_table_order",
        All({Move(Second("system"), "ram_total_bytes", 2),
             Set(Second("system"), "ram_total_bytes", "-1.0"),
             Set(Second("system"), "node_rank", "\"0\"")}));
  c.Add("first_error", "rank_mismatch_or_later_column",
        All({Set(Second("process"), "rank", "5"), Set(Second("process"), "gpu_count", "\"2\"")}));
}

}  // namespace

std::vector<FormatCase> TraceMLExportCorpus() {
  ExportCases cases;
  ValidExports(cases);
  SyntaxFaults(cases);
  RecordFaults(cases);
  return cases.Take();
}

}  // namespace tracedoc::formats
