// Verdicts: read from validate --json, written as and read from a row of the verdicts file,
// and compared (verdict.hpp).
#include "formats/verdict.hpp"

#include <boost/json.hpp>

#include <charconv>
#include <cstdio>
#include <set>

namespace tracedoc::formats {
namespace {

constexpr std::string_view kNone = "-";

std::string Escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (byte < 0x20 || byte >= 0x7f) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", byte);
      out += hex;
    } else {
      out += c;
    }
  }
  return out;
}

std::optional<std::string> Unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    switch (text[i]) {
      case '\\':
        out += '\\';
        break;
      case 't':
        out += '\t';
        break;
      case 'n':
        out += '\n';
        break;
      case 'x': {
        unsigned value = 0;
        if (i + 2 >= text.size()) return std::nullopt;
        const auto [end, error] =
            std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
        if (error != std::errc() || end != text.data() + i + 3) return std::nullopt;
        out += static_cast<char>(value);
        i += 2;
        break;
      }
      default:
        return std::nullopt;
    }
  }
  return out;
}

std::string Optional(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : std::string(kNone);
}

std::string FieldText(std::string_view field) {
  return field.empty() ? std::string(kNone) : Escape(field);
}

std::optional<std::uint64_t> ParseNumber(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// `-` for none, else a number; false when it is neither.
bool ParseOptional(std::string_view text, std::optional<std::uint64_t>& out) {
  if (text == kNone) {
    out.reset();
    return true;
  }
  out = ParseNumber(text);
  return out.has_value();
}

std::vector<std::string_view> Split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

std::string WarningText(const VerdictWarning& warning) {
  std::string text = warning.code + "@" + std::to_string(warning.line);
  if (warning.column) text += ":" + std::to_string(*warning.column);
  return text;
}

std::optional<std::uint64_t> OptionalNumber(const boost::json::object& object,
                                            std::string_view key) {
  const boost::json::value* value = object.if_contains(key);
  if (value == nullptr || value->is_null()) return std::nullopt;
  if (value->is_uint64()) return value->get_uint64();
  if (value->is_int64() && value->get_int64() >= 0) {
    return static_cast<std::uint64_t>(value->get_int64());
  }
  return std::nullopt;
}

std::string StringMember(const boost::json::object& object, std::string_view key) {
  const boost::json::value* value = object.if_contains(key);
  if (value == nullptr || !value->is_string()) return {};
  return std::string(value->get_string());
}

bool Matches(std::string_view pattern, std::string_view value) {
  if (pattern == "*") return true;
  if (pattern.ends_with('*')) return value.starts_with(pattern.substr(0, pattern.size() - 1));
  return pattern == value;
}

bool Allowed(std::span<const AllowedDifference> allowed, std::string_view case_name,
             std::string_view item, std::string_view recorded, std::string_view now) {
  for (const AllowedDifference& entry : allowed) {
    if (Matches(entry.case_name, case_name) && entry.item == item &&
        Matches(entry.recorded, recorded) && Matches(entry.now, now)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<Verdict> ParseValidateOutput(std::string_view name, std::string_view flags,
                                           std::string_view output, int exit_code,
                                           std::string& why) {
  boost::json::error_code error;
  const boost::json::value parsed = boost::json::parse(output, error);
  if (error || !parsed.is_object()) {
    why = "validate --json printed no JSON object";
    return std::nullopt;
  }
  const boost::json::object& report = parsed.get_object();
  const boost::json::value* ok = report.if_contains("ok");
  const boost::json::value* failure = report.if_contains("error");
  if (ok == nullptr || !ok->is_bool() || failure == nullptr) {
    why = "validate --json printed no `ok` or no `error`";
    return std::nullopt;
  }
  Verdict verdict;
  verdict.name = std::string(name);
  verdict.flags = std::string(flags);
  verdict.ok = ok->get_bool();
  verdict.exit_code = exit_code;
  if (failure->is_object()) {
    const boost::json::object& object = failure->get_object();
    verdict.code = StringMember(object, "code");
    verdict.line = OptionalNumber(object, "line");
    verdict.column = OptionalNumber(object, "column");
    verdict.field = StringMember(object, "field");
  }
  // The readers' warnings: before issue 26 a report's `warnings`; since, its `diagnostics`,
  // which also hold a spool's scope-shape findings (the old report's `findings`, never
  // recorded here), left out so that the rows keep meaning the same.
  const boost::json::value* diagnostics = report.if_contains("diagnostics");
  const bool since_issue_26 = diagnostics != nullptr;
  const boost::json::value* warnings = since_issue_26 ? diagnostics : report.if_contains("warnings");
  std::uint64_t findings = 0;
  if (warnings != nullptr && warnings->is_array()) {
    for (const boost::json::value& item : warnings->get_array()) {
      if (!item.is_object()) continue;
      const boost::json::object& object = item.get_object();
      const std::string code = StringMember(object, "code");
      if (since_issue_26 && IsScopeFinding(code)) {
        ++findings;
        continue;
      }
      verdict.warnings.push_back(VerdictWarning{code, OptionalNumber(object, "line").value_or(0),
                                                OptionalNumber(object, "column")});
    }
  }
  const std::optional<std::uint64_t> count =
      OptionalNumber(report, since_issue_26 ? "diagnostic_count" : "warning_count");
  verdict.warning_count = count ? *count - findings : verdict.warnings.size();
  return verdict;
}

bool IsScopeFinding(std::string_view code) {
  return code == "cirron_no_session" || code == "cirron_nested_epoch" ||
         code == "cirron_epoch_not_under_session" || code == "cirron_step_not_under_epoch" ||
         code == "cirron_phase_not_under_step" || code == "cirron_request_not_under_session" ||
         code == "cirron_missing_index";
}

std::string VerdictFileHeader() {
  return "# The verdicts of `tracedoc validate --json FLAGS INPUT` on the format corpus\n"
         "# (tests/formats/README.md). Written by the test with TRACEDOC_UPDATE_VERDICTS=1;\n"
         "# do not edit by hand.\n"
         "# name\tflags\tverdict\texit\tcode\tline\tcolumn\tfield\twarnings\n";
}

std::string VerdictRow(const Verdict& verdict) {
  std::string warnings = std::to_string(verdict.warning_count);
  for (const VerdictWarning& warning : verdict.warnings) warnings += " " + WarningText(warning);
  std::string row;
  for (const std::string& cell :
       {verdict.name, verdict.flags, std::string(verdict.ok ? "ok" : "rejected"),
        std::to_string(verdict.exit_code), verdict.code.empty() ? std::string(kNone) : verdict.code,
        Optional(verdict.line), Optional(verdict.column), FieldText(verdict.field), warnings}) {
    if (!row.empty()) row += '\t';
    row += cell;
  }
  return row;
}

std::optional<Verdict> ParseVerdictRow(std::string_view row, std::string& why) {
  const std::vector<std::string_view> cells = Split(row, '\t');
  if (cells.size() != 9) {
    why = "a row has 9 tab-separated cells, this one " + std::to_string(cells.size());
    return std::nullopt;
  }
  Verdict verdict;
  verdict.name = std::string(cells[0]);
  verdict.flags = std::string(cells[1]);
  if (cells[2] != "ok" && cells[2] != "rejected") {
    why = "verdict is neither ok nor rejected";
    return std::nullopt;
  }
  verdict.ok = cells[2] == "ok";
  const std::optional<std::uint64_t> exit_code = ParseNumber(cells[3]);
  if (!exit_code || *exit_code > 255) {
    why = "exit code is not a number up to 255";
    return std::nullopt;
  }
  verdict.exit_code = static_cast<int>(*exit_code);
  verdict.code = cells[4] == kNone ? std::string() : std::string(cells[4]);
  const std::optional<std::string> field =
      cells[7] == kNone ? std::optional<std::string>("") : Unescape(cells[7]);
  if (!ParseOptional(cells[5], verdict.line) || !ParseOptional(cells[6], verdict.column) ||
      !field) {
    why = "line, column or field is malformed";
    return std::nullopt;
  }
  verdict.field = *field;
  const std::vector<std::string_view> warnings = Split(cells[8], ' ');
  const std::optional<std::uint64_t> count = ParseNumber(warnings[0]);
  if (!count) {
    why = "the warnings cell does not start with their count";
    return std::nullopt;
  }
  verdict.warning_count = *count;
  for (std::size_t i = 1; i < warnings.size(); ++i) {
    const std::size_t at = warnings[i].find('@');
    const std::vector<std::string_view> place =
        Split(warnings[i].substr(at == std::string_view::npos ? warnings[i].size() : at + 1), ':');
    VerdictWarning warning;
    warning.code = std::string(warnings[i].substr(0, at));
    const std::optional<std::uint64_t> line = ParseNumber(place[0]);
    if (at == std::string_view::npos || !line || place.size() > 2 ||
        (place.size() == 2 && !ParseNumber(place[1]))) {
      why = "a warning is not code@line or code@line:column";
      return std::nullopt;
    }
    warning.line = *line;
    if (place.size() == 2) warning.column = ParseNumber(place[1]);
    verdict.warnings.push_back(std::move(warning));
  }
  return verdict;
}

std::optional<std::vector<Verdict>> ParseVerdictFile(std::string_view text, std::string& why) {
  std::vector<Verdict> rows;
  std::set<std::string, std::less<>> names;
  std::size_t number = 0;
  for (const std::string_view line : Split(text, '\n')) {
    ++number;
    if (line.empty() || line.front() == '#') continue;
    std::optional<Verdict> verdict = ParseVerdictRow(line, why);
    if (verdict && !names.insert(verdict->name).second) {
      why = verdict->name + " is recorded twice";
      verdict.reset();
    }
    if (!verdict) {
      why = "line " + std::to_string(number) + ": " + why;
      return std::nullopt;
    }
    rows.push_back(std::move(*verdict));
  }
  return rows;
}

std::vector<std::string> VerdictDifferences(const Verdict& recorded, const Verdict& now,
                                            std::span<const AllowedDifference> allowed) {
  std::vector<std::string> out;
  const auto must_equal = [&](std::string_view item, const std::string& was,
                              const std::string& is) {
    if (was != is) out.push_back(std::string(item) + ": recorded " + was + ", now " + is);
  };
  const auto may_differ = [&](const std::string& item, const std::string& was,
                              const std::string& is) {
    if (was != is && !Allowed(allowed, recorded.name, item, was, is)) {
      out.push_back(item + ": recorded " + was + ", now " + is +
                    " (not in allowed_differences.hpp)");
    }
  };
  must_equal("flags", recorded.flags, now.flags);
  must_equal("verdict", recorded.ok ? "ok" : "rejected", now.ok ? "ok" : "rejected");
  must_equal("exit code", std::to_string(recorded.exit_code), std::to_string(now.exit_code));
  must_equal("code", recorded.code.empty() ? "-" : recorded.code,
             now.code.empty() ? "-" : now.code);
  // A line may move only with the error it is about (a key given twice, now reported where the
  // second one is), as an entry says.
  may_differ("line", Optional(recorded.line), Optional(now.line));
  may_differ("column", Optional(recorded.column), Optional(now.column));
  may_differ("field", FieldText(recorded.field), FieldText(now.field));
  must_equal("warning count", std::to_string(recorded.warning_count),
             std::to_string(now.warning_count));
  must_equal("warnings listed", std::to_string(recorded.warnings.size()),
             std::to_string(now.warnings.size()));
  for (std::size_t i = 0; i < recorded.warnings.size() && i < now.warnings.size(); ++i) {
    const std::string item = "warning[" + std::to_string(i) + "]";
    must_equal(item + ".code", recorded.warnings[i].code, now.warnings[i].code);
    must_equal(item + ".line", std::to_string(recorded.warnings[i].line),
               std::to_string(now.warnings[i].line));
    may_differ(item + ".column", Optional(recorded.warnings[i].column),
               Optional(now.warnings[i].column));
  }
  return out;
}

}  // namespace tracedoc::formats
