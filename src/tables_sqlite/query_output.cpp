#include "tables_sqlite/query_output.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>

#include "emit/json_format.hpp"
#include "text/terminal_text.hpp"
#include "text/utf8.hpp"

namespace tracedoc::tables_sqlite {
namespace {

void AppendInteger(std::string& out, std::int64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

// A cell as the text CSV and the table print: numbers as JSON writes them, a REAL that is not
// finite as NaN, Infinity or -Infinity (JSON's null would read as SQL's NULL), text escaped for
// a terminal (text::AppendTerminalSafe: a name must not move the cursor or retitle the window).
void AppendPlain(std::string& out, const TableValue& value, std::string_view null) {
  struct Plain {
    std::string& out;
    std::string_view null;
    void operator()(std::monostate) const { out += null; }
    void operator()(std::int64_t v) const { AppendInteger(out, v); }
    void operator()(std::uint64_t v) const { emit::AppendJsonU64(out, v); }
    void operator()(double v) const {
      if (std::isnan(v)) {
        out += "NaN";
      } else if (std::isinf(v)) {
        out += v < 0 ? "-Infinity" : "Infinity";
      } else {
        emit::AppendJsonDouble(out, v);
      }
    }
    void operator()(bool v) const { out += v ? '1' : '0'; }
    void operator()(std::string_view v) const { text::AppendTerminalSafe(out, v); }
    void operator()(JsonText v) const { text::AppendTerminalSafe(out, v.json); }
  };
  std::visit(Plain{out, null}, value);
}

// JSON text is UTF-8: bytes that are not (a blob, `CAST(x'ff' AS TEXT)`) are written as U+FFFD.
void AppendJsonText(std::string& out, std::string& scratch, std::string_view bytes) {
  if (text::IsValidUtf8(bytes)) {
    emit::AppendJsonString(out, bytes);
    return;
  }
  scratch.clear();
  text::AppendReplacingInvalidUtf8(scratch, bytes);
  emit::AppendJsonString(out, scratch);
}

class NdjsonOutput : public QueryOutput {
 public:
  explicit NdjsonOutput(std::ostream& out) : out_(out) {}
  void Begin(std::vector<std::string> names) override {
    for (const std::string& name : names) {
      std::string key;
      AppendJsonText(key, scratch_, name);
      keys_.push_back(std::move(key) + ':');
    }
  }
  void Row(std::span<const TableValue> values) override {
    line_.clear();
    line_ += '{';
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i != 0) line_ += ',';
      line_ += keys_[i];
      if (const auto* text = std::get_if<std::string_view>(&values[i])) {
        AppendJsonText(line_, scratch_, *text);
      } else if (std::holds_alternative<std::monostate>(values[i])) {
        line_ += "null";
      } else {
        AppendPlain(line_, values[i], "null");
      }
    }
    line_ += "}\n";
    out_ << line_;
  }
  void End() override {}

 private:
  std::ostream& out_;
  std::vector<std::string> keys_;
  std::string line_;
  std::string scratch_;
};

class CsvOutput : public QueryOutput {
 public:
  explicit CsvOutput(std::ostream& out) : out_(out) {}
  void Begin(std::vector<std::string> names) override {
    line_.clear();
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i != 0) line_ += ',';
      cell_.clear();
      text::AppendTerminalSafe(cell_, names[i]);
      AppendField(cell_);
    }
    line_ += '\n';
    out_ << line_;
  }
  void Row(std::span<const TableValue> values) override {
    line_.clear();
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i != 0) line_ += ',';
      cell_.clear();
      AppendPlain(cell_, values[i], "");
      // An empty text is quoted: an empty field is NULL.
      const auto* text = std::get_if<std::string_view>(&values[i]);
      if (text != nullptr && text->empty()) {
        line_ += "\"\"";
      } else {
        AppendField(cell_);
      }
    }
    line_ += '\n';
    out_ << line_;
  }
  void End() override {}

 private:
  // RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
  // (Escaped for the terminal, a field holds no line break itself; a header may.)
  void AppendField(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
      line_ += field;
      return;
    }
    line_ += '"';
    for (const char c : field) {
      if (c == '"') line_ += '"';
      line_ += c;
    }
    line_ += '"';
  }

  std::ostream& out_;
  std::string line_;
  std::string cell_;
};

// Characters, not bytes: a UTF-8 continuation byte (10xxxxxx) adds no width.
std::size_t Width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(
      text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

class TableOutput : public QueryOutput {
 public:
  explicit TableOutput(std::ostream& out) : out_(out) {}
  void Begin(std::vector<std::string> names) override {
    widths_.clear();
    names_.clear();
    for (const std::string& name : names) {
      names_.push_back(text::TerminalSafe(name));
      widths_.push_back(Width(names_.back()));
    }
  }
  void Row(std::span<const TableValue> values) override {
    std::vector<std::string> cells;
    cells.reserve(values.size());
    for (const TableValue& value : values) {
      std::string cell;
      AppendPlain(cell, value, "NULL");  // one row, one line: a line break is written `\n`
      held_bytes_ += cell.size();
      cells.push_back(std::move(cell));
    }
    if (aligned_) {
      PrintLine(cells);
      return;
    }
    for (std::size_t i = 0; i < cells.size(); ++i) widths_[i] = std::max(widths_[i], Width(cells[i]));
    held_.push_back(std::move(cells));
    if (held_.size() == kQueryTableAlignRows || held_bytes_ >= kQueryTableAlignBytes) Flush();
  }
  void End() override {
    if (!aligned_) Flush();
  }

 private:
  void Flush() {
    aligned_ = true;
    PrintLine(names_);
    std::string rule;
    for (std::size_t i = 0; i < widths_.size(); ++i) {
      if (i != 0) rule += "  ";
      rule.append(widths_[i], '-');
    }
    out_ << rule << '\n';
    for (const std::vector<std::string>& cells : held_) PrintLine(cells);
    held_.clear();
    held_.shrink_to_fit();
  }
  void PrintLine(const std::vector<std::string>& cells) {
    line_.clear();
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i != 0) line_ += "  ";
      line_ += cells[i];
      if (i + 1 < cells.size()) {
        const std::size_t width = Width(cells[i]);
        if (width < widths_[i]) line_.append(widths_[i] - width, ' ');
      }
    }
    line_ += '\n';
    out_ << line_;
  }

  std::ostream& out_;
  std::vector<std::string> names_;
  std::vector<std::size_t> widths_;
  std::vector<std::vector<std::string>> held_;
  std::size_t held_bytes_ = 0;
  bool aligned_ = false;
  std::string line_;
};

}  // namespace

std::unique_ptr<QueryOutput> MakeQueryOutput(QueryFormat format, std::ostream& out) {
  switch (format) {
    case QueryFormat::kCsv:
      return std::make_unique<CsvOutput>(out);
    case QueryFormat::kTable:
      return std::make_unique<TableOutput>(out);
    case QueryFormat::kNdjson:
      break;
  }
  return std::make_unique<NdjsonOutput>(out);
}

}  // namespace tracedoc::tables_sqlite
