// Mutations are made on a RapidJSON DOM. Number literals that RapidJSON would not write back
// verbatim (`-0`, `1.0`, `1e3`, 2^64) go through a placeholder string replaced after writing.
#include "record_mutations.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cctype>
#include <cstdlib>
#include <variant>

namespace tracedoc::schema_test {
namespace {

constexpr std::string_view kPlaceholder = "@@tracedoc-schema-mutation@@";

// A step from a value to one of its children.
using Step = std::variant<std::string, rapidjson::SizeType>;

std::string FieldPath(const std::vector<Step>& path) {
  std::string out;
  for (const Step& step : path) {
    if (const auto* key = std::get_if<std::string>(&step)) {
      if (!out.empty()) out += '.';
      out += *key;
    } else {
      out += '[' + std::to_string(std::get<rapidjson::SizeType>(step)) + ']';
    }
  }
  return out;
}

rapidjson::Value& At(rapidjson::Value& root, const std::vector<Step>& path, std::size_t depth) {
  rapidjson::Value* value = &root;
  for (std::size_t i = 0; i < depth; ++i) {
    if (const auto* key = std::get_if<std::string>(&path[i])) {
      value = &value->FindMember(key->c_str())->value;
    } else {
      value = &(*value)[std::get<rapidjson::SizeType>(path[i])];
    }
  }
  return *value;
}

std::string Write(const rapidjson::Document& document) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  document.Accept(writer);
  return buffer.GetString();
}

// The JSON type class a replacement must differ from: numbers are one class.
enum class TypeClass { kNull, kBool, kNumber, kString, kArray, kObject };

TypeClass ClassOf(const rapidjson::Value& value) {
  if (value.IsNull()) return TypeClass::kNull;
  if (value.IsBool()) return TypeClass::kBool;
  if (value.IsNumber()) return TypeClass::kNumber;
  if (value.IsString()) return TypeClass::kString;
  if (value.IsArray()) return TypeClass::kArray;
  return TypeClass::kObject;
}

struct Literal {
  std::string_view text;
  TypeClass type;
};

constexpr Literal kWrongTypeValues[] = {
    {"null", TypeClass::kNull},    {"true", TypeClass::kBool}, {"7", TypeClass::kNumber},
    {"\"x\"", TypeClass::kString}, {"[]", TypeClass::kArray},  {"{}", TypeClass::kObject},
};

struct NumberEdge {
  std::string_view literal;
  ErrorCode code_if_rejected;
};

// Valid for an f64 field, all but the u64 maximum wrong for a u64 field.
constexpr NumberEdge kNumberEdges[] = {
    {"-1", ErrorCode::kOutOfRange},
    {"-0", ErrorCode::kOutOfRange},
    {"18446744073709551615", ErrorCode::kOutOfRange},
    {"18446744073709551616", ErrorCode::kOutOfRange},
    {"1.0", ErrorCode::kInvalidType},
    {"1e3", ErrorCode::kInvalidType},
    {"0.5", ErrorCode::kInvalidType},
};

class Mutator {
 public:
  explicit Mutator(std::string_view line) {
    original_.Parse(line.data(), line.size());
    if (original_.HasParseError() || !original_.IsObject()) std::abort();
  }

  std::vector<Mutation> Run() {
    std::vector<Step> path;
    VisitObject(path);
    return std::move(out_);
  }

 private:
  // Copies the original, lets `edit` change the copy at `path`, and records the result.
  template <class Edit>
  void Emit(MutationKind kind, const std::vector<Step>& path, std::string label,
            ErrorCode code_if_rejected, Edit edit, std::string_view literal = {}) {
    rapidjson::Document copy;
    copy.CopyFrom(original_, copy.GetAllocator());
    edit(copy);
    std::string line = Write(copy);
    if (!literal.empty()) {
      const std::string quoted = '"' + std::string(kPlaceholder) + '"';
      line.replace(line.find(quoted), quoted.size(), literal);
    }
    out_.push_back({kind, FieldPath(path), std::move(label), std::move(line), code_if_rejected});
  }

  void ReplaceWithLiteral(MutationKind kind, const std::vector<Step>& path, std::string label,
                          ErrorCode code, std::string_view literal) {
    Emit(
        kind, path, std::move(label), code,
        [&](rapidjson::Document& copy) {
          At(copy, path, path.size())
              .SetString(kPlaceholder.data(), static_cast<rapidjson::SizeType>(kPlaceholder.size()),
                         copy.GetAllocator());
        },
        literal);
  }

  void ReplaceWithString(const std::vector<Step>& path, std::string label,
                         const std::string& text) {
    const ErrorCode code = path.size() == 1 && std::get<std::string>(path[0]) == "kind"
                               ? ErrorCode::kUnknownKind
                               : ErrorCode::kInvalidValue;
    Emit(MutationKind::kRespell, path, std::move(label), code, [&](rapidjson::Document& copy) {
      At(copy, path, path.size())
          .SetString(text.data(), static_cast<rapidjson::SizeType>(text.size()),
                     copy.GetAllocator());
    });
  }

  void VisitValue(std::vector<Step>& path) {
    const rapidjson::Value& value = At(original_, path, path.size());
    const TypeClass type = ClassOf(value);
    for (const Literal& wrong : kWrongTypeValues) {
      if (wrong.type == type) continue;
      ReplaceWithLiteral(MutationKind::kWrongType, path, std::string(wrong.text),
                         ErrorCode::kInvalidType, wrong.text);
    }
    if (type == TypeClass::kString) {
      const std::string text(value.GetString(), value.GetStringLength());
      ReplaceWithString(path, "unknown spelling", text + "_unknown");
      std::string miscased = text;
      if (!miscased.empty()) {
        miscased[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(miscased[0])));
      }
      if (miscased != text) ReplaceWithString(path, "miscased", miscased);
    }
    if (type == TypeClass::kNumber) {
      for (const NumberEdge& edge : kNumberEdges) {
        ReplaceWithLiteral(MutationKind::kNumber, path, std::string(edge.literal),
                           edge.code_if_rejected, edge.literal);
      }
    }
    if (type == TypeClass::kObject) VisitObject(path);
    if (type == TypeClass::kArray) {
      for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
        path.emplace_back(i);
        VisitValue(path);
        path.pop_back();
      }
    }
  }

  void VisitObject(std::vector<Step>& path) {
    Emit(MutationKind::kAddUnknownMember, path, "unknown member", ErrorCode::kUnknownField,
         [&](rapidjson::Document& copy) {
           // A string, so that the free-form `tags` map takes it as one more tag.
           At(copy, path, path.size()).AddMember("x_unknown_member", "x", copy.GetAllocator());
         });
    const rapidjson::Value& object = At(original_, path, path.size());
    for (auto member = object.MemberBegin(); member != object.MemberEnd(); ++member) {
      const std::string key(member->name.GetString(), member->name.GetStringLength());
      path.emplace_back(key);
      Emit(MutationKind::kRemove, path, "remove", ErrorCode::kMissingField,
           [&](rapidjson::Document& copy) {
             At(copy, path, path.size() - 1).EraseMember(key.c_str());
           });
      VisitValue(path);
      path.pop_back();
    }
  }

  rapidjson::Document original_;
  std::vector<Mutation> out_;
};

}  // namespace

std::string_view MutationKindName(MutationKind kind) {
  switch (kind) {
    case MutationKind::kRemove:
      return "remove";
    case MutationKind::kWrongType:
      return "wrong type";
    case MutationKind::kRespell:
      return "respell";
    case MutationKind::kNumber:
      return "number";
    case MutationKind::kAddUnknownMember:
      return "add unknown member";
  }
  return "?";
}

std::vector<Mutation> MutationsOf(std::string_view valid_line) { return Mutator(valid_line).Run(); }

}  // namespace tracedoc::schema_test
