// The corpus's editable JSON text (json_tree.hpp).
#include "formats/json_tree.hpp"

#include <charconv>
#include <stdexcept>

namespace tracedoc::formats {
namespace {

class TreeParser {
 public:
  explicit TreeParser(std::string_view text) : text_(text) {}

  JsonNode Document() {
    JsonNode node = Value();
    SkipSpace();
    if (at_ != text_.size()) Fail("text after the value");
    return node;
  }

 private:
  [[noreturn]] void Fail(const char* what) const {
    throw std::invalid_argument(std::string("json tree: ") + what + " at byte " +
                                std::to_string(at_));
  }

  void SkipSpace() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t')) {
      ++at_;
    }
  }

  void Expect(char c) {
    SkipSpace();
    if (at_ >= text_.size() || text_[at_] != c) Fail("unexpected character");
    ++at_;
  }

  bool Next(char c) {
    SkipSpace();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  // A string token, quotes and escapes kept.
  std::string StringToken() {
    SkipSpace();
    const std::size_t start = at_;
    if (at_ >= text_.size() || text_[at_] != '"') Fail("expected a string");
    for (++at_; at_ < text_.size() && text_[at_] != '"'; ++at_) {
      if (text_[at_] == '\\') ++at_;
    }
    if (at_ >= text_.size()) Fail("unterminated string");
    ++at_;
    return std::string(text_.substr(start, at_ - start));
  }

  JsonNode Value() {
    SkipSpace();
    if (at_ >= text_.size()) Fail("expected a value");
    JsonNode node;
    if (Next('{')) {
      node.kind = JsonNode::Kind::kObject;
      if (Next('}')) return node;
      do {
        std::string key = StringToken();
        Expect(':');
        node.members.push_back(JsonMember{key.substr(1, key.size() - 2), Value()});
      } while (Next(','));
      Expect('}');
      return node;
    }
    if (Next('[')) {
      node.kind = JsonNode::Kind::kArray;
      if (Next(']')) return node;
      do {
        node.items.push_back(Value());
      } while (Next(','));
      Expect(']');
      return node;
    }
    if (text_[at_] == '"') {
      node.raw = StringToken();
      return node;
    }
    // A number or a literal: everything up to the next delimiter.
    const std::size_t start = at_;
    while (at_ < text_.size() &&
           std::string_view(",]} \n\r\t").find(text_[at_]) == std::string_view::npos) {
      ++at_;
    }
    if (at_ == start) Fail("expected a value");
    node.raw = std::string(text_.substr(start, at_ - start));
    return node;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

void Write(const JsonNode& node, JsonLayout layout, std::size_t depth, std::string& out) {
  const auto new_line = [&](std::size_t indent) {
    out += '\n';
    out.append(indent * 2, ' ');
  };
  switch (node.kind) {
    case JsonNode::Kind::kScalar:
      out += node.raw;
      return;
    case JsonNode::Kind::kArray:
      out += '[';
      for (std::size_t i = 0; i < node.items.size(); ++i) {
        if (i != 0) out += layout == JsonLayout::kOneLine ? ", " : ",";
        if (layout == JsonLayout::kIndented) new_line(depth + 1);
        Write(node.items[i], layout, depth + 1, out);
      }
      if (layout == JsonLayout::kIndented && !node.items.empty()) new_line(depth);
      out += ']';
      return;
    case JsonNode::Kind::kObject:
      out += '{';
      for (std::size_t i = 0; i < node.members.size(); ++i) {
        if (i != 0) out += layout == JsonLayout::kOneLine ? ", " : ",";
        if (layout == JsonLayout::kIndented) new_line(depth + 1);
        out += '"' + node.members[i].key + "\": ";
        Write(node.members[i].value, layout, depth + 1, out);
      }
      if (layout == JsonLayout::kIndented && !node.members.empty()) new_line(depth);
      out += '}';
      return;
  }
}

// One step of a path: a key, or an index when `is_index`.
struct PathStep {
  std::string_view key;
  std::size_t index = 0;
  bool is_index = false;
};

std::vector<PathStep> SplitPath(std::string_view path) {
  std::vector<PathStep> steps;
  while (!path.empty()) {
    if (path.front() == '.') path.remove_prefix(1);
    if (path.front() == '[') {
      const std::size_t close = path.find(']');
      PathStep step;
      step.is_index = true;
      std::from_chars(path.data() + 1, path.data() + close, step.index);
      steps.push_back(step);
      path.remove_prefix(close + 1);
      continue;
    }
    const std::size_t end = path.find_first_of(".[");
    steps.push_back(PathStep{path.substr(0, end)});
    path.remove_prefix(end == std::string_view::npos ? path.size() : end);
  }
  return steps;
}

std::size_t MemberIndex(const JsonNode& object, std::string_view key, std::string_view path) {
  if (object.kind == JsonNode::Kind::kObject) {
    for (std::size_t i = 0; i < object.members.size(); ++i) {
      if (object.members[i].key == key) return i;
    }
  }
  throw std::out_of_range("json tree: no member `" + std::string(key) + "` in " +
                          std::string(path));
}

JsonNode& Step(JsonNode& node, const PathStep& step, std::string_view path) {
  if (!step.is_index) return node.members[MemberIndex(node, step.key, path)].value;
  if (node.kind != JsonNode::Kind::kArray || step.index >= node.items.size()) {
    throw std::out_of_range("json tree: no item " + std::to_string(step.index) + " in " +
                            std::string(path));
  }
  return node.items[step.index];
}

}  // namespace

JsonNode RawJson(std::string raw) {
  JsonNode node;
  node.raw = std::move(raw);
  return node;
}

JsonNode StringJson(std::string_view text) {
  std::string raw = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') raw += '\\';
    raw += c;
  }
  return RawJson(raw + '"');
}

JsonNode ParseJsonTree(std::string_view text) { return TreeParser(text).Document(); }

std::string WriteJsonTree(const JsonNode& node, JsonLayout layout) {
  std::string out;
  Write(node, layout, 0, out);
  return out;
}

JsonNode& NodeAt(JsonNode& root, std::string_view path) {
  JsonNode* node = &root;
  for (const PathStep& step : SplitPath(path)) node = &Step(*node, step, path);
  return *node;
}

MemberPlace MemberAt(JsonNode& root, std::string_view path) {
  std::vector<PathStep> steps = SplitPath(path);
  if (steps.empty() || steps.back().is_index) {
    throw std::out_of_range("json tree: " + std::string(path) + " names no member");
  }
  const PathStep last = steps.back();
  steps.pop_back();
  JsonNode* object = &root;
  for (const PathStep& step : steps) object = &Step(*object, step, path);
  return MemberPlace{object, MemberIndex(*object, last.key, path)};
}

}  // namespace tracedoc::formats
