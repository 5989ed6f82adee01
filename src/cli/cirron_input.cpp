// Spools as command-line inputs (docs/cirron-conversion.md, "Command line").
#include "cli/cirron_input.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/commands.hpp"
#include "emit/json_format.hpp"
#include "tracedoc/cirron_convert.hpp"
#include "tracedoc/cirron_scopes.hpp"
#include "tracedoc/validation_report.hpp"

namespace tracedoc::cli {
namespace {

// `<created_ns, 20 digits>-<batch_id, 32 lower-case hex>.json`, the SDK's batch file name.
bool IsBatchFileName(std::string_view name) {
  constexpr std::size_t kDigits = 20;
  constexpr std::size_t kHex = 32;
  if (name.size() != kDigits + 1 + kHex + 5 || !name.ends_with(".json")) return false;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto is_hex = [&](char c) { return is_digit(c) || (c >= 'a' && c <= 'f'); };
  return std::all_of(name.begin(), name.begin() + kDigits, is_digit) && name[kDigits] == '-' &&
         std::all_of(name.begin() + kDigits + 1, name.begin() + kDigits + 1 + kHex, is_hex);
}

// A directory is taken for a spool by itself when it has a spool/ (a .cirron directory) or holds
// a batch or a batch being written; any other directory stays an unreadable trace.
bool LooksLikeSpool(const std::filesystem::path& directory) {
  std::error_code error;
  if (std::filesystem::is_directory(directory / "spool", error)) return true;
  for (std::filesystem::directory_iterator it(directory, error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (IsBatchFileName(name) ||
        (name.ends_with(".json.tmp") && IsBatchFileName(name.substr(0, name.size() - 4)))) {
      return true;
    }
  }
  return false;
}

std::string_view SeverityName(CirronFindingSeverity severity) {
  return severity == CirronFindingSeverity::kError ? "error" : "warning";
}

void PrintText(const std::string& path, const CirronSpool& spool,
               const std::vector<CirronScopeFinding>& findings) {
  for (const CirronWarning& warning : spool.warnings) {
    std::cerr << path << ':' << warning.line << ": warning[" << CirronWarningCodeName(warning.code)
              << "]: " << warning.file << ": " << warning.path << ": " << warning.message << '\n';
  }
  for (const CirronScopeFinding& finding : findings) {
    std::cerr << path << ": " << SeverityName(finding.severity) << '[' << finding.code
              << "]: " << finding.message << '\n';
  }
}

// The report of `validate --json` with two more members, `warnings` and `findings`.
void PrintJson(const std::string& path, const Result<void>& verdict, const CirronSpool& spool,
               const std::vector<CirronScopeFinding>& findings, std::ostream& out) {
  std::string report = WriteValidationReportJson(path, verdict);
  report.pop_back();  // the closing brace
  report.append(",\"warnings\":[");
  for (std::size_t i = 0; i < spool.warnings.size(); ++i) {
    const CirronWarning& warning = spool.warnings[i];
    report.append(i == 0 ? "{\"code\":" : ",{\"code\":");
    emit::AppendJsonString(report, CirronWarningCodeName(warning.code));
    AppendStringMember(report, "file", warning.file);
    report.append(",\"line\":");
    emit::AppendJsonU64(report, warning.line);
    report.append(",\"column\":");
    emit::AppendJsonU64(report, warning.column);
    AppendStringMember(report, "path", warning.path);
    AppendStringMember(report, "message", warning.message);
    report.push_back('}');
  }
  report.append("],\"findings\":[");
  for (std::size_t i = 0; i < findings.size(); ++i) {
    report.append(i == 0 ? "{\"severity\":" : ",{\"severity\":");
    emit::AppendJsonString(report, SeverityName(findings[i].severity));
    AppendStringMember(report, "code", findings[i].code);
    AppendStringMember(report, "span_id", findings[i].span_id);
    AppendStringMember(report, "message", findings[i].message);
    report.push_back('}');
  }
  report.append("]}\n");
  out << report;
}

}  // namespace

bool IsCirronInput(const std::string& file, std::string_view from) {
  if (!from.empty()) return from == kFromCirron;
  if (file == "-") return false;
  const std::filesystem::path path(file);
  std::error_code error;
  if (!std::filesystem::is_directory(path, error)) return IsBatchFileName(path.filename().string());
  return LooksLikeSpool(path);
}

Result<TraceDocument> ReadCirronDocument(const std::string& path) {
  BOOST_OUTCOME_TRY(const CirronSpool spool, ReadCirronSpool(path));
  return ToTraceDocument(spool);
}

int ValidateCirronSpool(const std::string& path, bool json, std::ostream& json_out) {
  Result<CirronSpool> spool = ReadCirronSpool(path);
  CirronSpool empty;
  std::vector<CirronScopeFinding> findings;
  Result<void> verdict = boost::outcome_v2::success();
  if (!spool) {
    verdict = spool.error();
  } else {
    findings = AnalyzeCirronScopes(spool.value());
    const Result<TraceDocument> document = ToTraceDocument(spool.value());
    if (!document) verdict = document.error();
  }
  const CirronSpool& read = spool ? spool.value() : empty;
  if (json) {
    PrintJson(path, verdict, read, findings, json_out);
  } else {
    if (!verdict) std::cerr << FormatError(path, verdict.error()) << '\n';
    PrintText(path, read, findings);
  }
  if (!verdict) return verdict.error().code == ErrorCode::kIoError ? kExitUsage : kExitRejected;
  const bool error_finding = std::any_of(findings.begin(), findings.end(), [](const auto& f) {
    return f.severity == CirronFindingSeverity::kError;
  });
  return error_finding ? kExitRejected : kExitOk;
}

}  // namespace tracedoc::cli
