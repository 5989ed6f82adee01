// TraceML exports as command-line inputs (docs/traceml-export.md, "Command line").
#include "cli/traceml_input.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include "cli/commands.hpp"
#include "emit/json_format.hpp"
#include "json/json_tape.hpp"
#include "tracedoc/traceml_convert.hpp"
#include "tracedoc/traceml_export.hpp"
#include "tracedoc/validation_report.hpp"

namespace tracedoc::cli {
namespace {

// The most of a file read to recognise an export: its first line is a record or the closing
// line, a few hundred bytes unless its events map is huge.
constexpr std::size_t kMaxProbeBytes = std::size_t{1} << 20;

bool IsBlankLine(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// The first non-blank line of `path`, read from its first kMaxProbeBytes only (a trace's first
// line may be hundreds of MB); empty when there is none or it does not end within them.
// The first non-blank line of the file, or as much of it as the probe read (`complete` false).
std::string FirstNonBlankLine(const std::filesystem::path& path, bool& complete) {
  std::ifstream in(path, std::ios::binary);
  std::string head(kMaxProbeBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  const bool whole_file = head.size() < kMaxProbeBytes;
  std::string_view rest(head);
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    if (!IsBlankLine(line)) {
      complete = end != std::string_view::npos || whole_file;
      return std::string(line);
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  return {};
}

// A first line longer than the probe (a huge events map) is an export when it opens with the
// member `"stream"`, as every record does.
bool OpensWithStreamMember(std::string_view line) {
  const auto skip_space = [&line] {
    while (!line.empty() && (line[0] == ' ' || line[0] == '\t' || line[0] == '\r')) {
      line.remove_prefix(1);
    }
  };
  skip_space();
  if (line.empty() || line[0] != '{') return false;
  line.remove_prefix(1);
  skip_space();
  constexpr std::string_view kKey = "\"stream\"";
  if (line.substr(0, kKey.size()) != kKey) return false;
  line.remove_prefix(kKey.size());
  skip_space();
  return !line.empty() && line[0] == ':';
}

bool HasKey(const json::Tape& tape, std::string_view key) {
  const json::Node& object = tape.node(0);
  std::uint32_t key_node = 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    if (tape.text(tape.node(key_node)) == key) return true;
    key_node = tape.node(key_node + 1).end;
  }
  return false;
}

bool LooksLikeExportLine(std::string_view line) {
  json::Tape tape;
  constexpr std::size_t kProbeDepth = 64;
  if (tape.Parse(line, kProbeDepth, kMaxProbeBytes).status != json::SyntaxStatus::kOk) {
    return false;
  }
  const json::Node& object = tape.node(0);
  if (object.type != json::NodeType::kObject || object.count == 0) return false;
  if (tape.text(tape.node(1)) == "stream") return true;
  return !HasKey(tape, "stream") && HasKey(tape, "written_records") &&
         HasKey(tape, "dropped_batches");
}

void PrintText(const std::string& file, const TraceMLExport& read) {
  for (const TraceMLWarning& warning : read.warnings) {
    std::cerr << file << ':' << warning.line << ": warning[" << TraceMLWarningCodeName(warning.code)
              << "]: " << warning.message << '\n';
  }
  if (read.total_warnings > read.warnings.size()) {
    std::cerr << file << ": " << read.total_warnings - read.warnings.size()
              << " more warnings not shown\n";
  }
}

// The report of `validate --json` with two more members, `warnings` and `warning_count`.
void PrintJson(const std::string& file, const Result<void>& verdict, const TraceMLExport& read,
               std::ostream& out) {
  std::string report = WriteValidationReportJson(file, verdict);
  report.pop_back();  // the closing brace
  report.append(",\"warnings\":[");
  for (std::size_t i = 0; i < read.warnings.size(); ++i) {
    const TraceMLWarning& warning = read.warnings[i];
    report.append(i == 0 ? "{\"code\":" : ",{\"code\":");
    emit::AppendJsonString(report, TraceMLWarningCodeName(warning.code));
    report.append(",\"line\":");
    emit::AppendJsonU64(report, warning.line);
    AppendStringMember(report, "field", warning.field);
    AppendStringMember(report, "message", warning.message);
    report.push_back('}');
  }
  report.append("],\"warning_count\":");
  emit::AppendJsonU64(report, read.total_warnings);
  report.append("}\n");
  out << report;
}

}  // namespace

bool IsTraceMLInput(const std::string& file, std::string_view from) {
  if (!from.empty()) return from == kFromTraceML;
  if (file == "-") return false;
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) return false;
  bool complete = false;
  const std::string line = FirstNonBlankLine(file, complete);
  if (line.empty()) return false;
  return complete ? LooksLikeExportLine(line) : OpensWithStreamMember(line);
}

namespace {

Result<TraceMLExport> ReadExportFile(const std::string& file, const TraceMLReadOptions& options) {
  const TraceInput input =
      file == "-" ? TraceInput::FromStandardInput() : TraceInput::FromFile(file);
  return ReadTraceMLExport(input, options);
}

}  // namespace

Result<TraceMLExport> ReadTraceMLArgument(const std::string& file) {
  return ReadExportFile(file, {});
}

Result<TraceDocument> ReadTraceMLDocument(const std::string& file) {
  BOOST_OUTCOME_TRY(const TraceMLExport records, ReadTraceMLArgument(file));
  return ToTraceDocument(records);
}

int ValidateTraceMLExport(const std::string& file, bool strict, bool json, std::ostream& json_out) {
  TraceMLReadOptions options;
  options.strict = strict;
  const Result<TraceMLExport> read = ReadExportFile(file, options);
  const TraceMLExport none;
  const TraceMLExport& records = read ? read.value() : none;
  Result<void> verdict = boost::outcome_v2::success();
  if (!read) verdict = read.error();
  if (json) {
    PrintJson(file, verdict, records, json_out);
  } else {
    PrintText(file, records);
    if (!read) std::cerr << FormatError(file, read.error()) << '\n';
  }
  if (!read) return read.error().code == ErrorCode::kIoError ? kExitUsage : kExitRejected;
  return kExitOk;
}

}  // namespace tracedoc::cli
