// RapidJSON's schema validator over a DOM: parse the line with the default flags (integer
// literals stay integers, `1.0` is a double), then let the validator walk it.
#include "line_schema.hpp"

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace tracedoc::schema_test {
namespace {

std::string SchemaPath(Revision revision) {
  return std::string(TRACEDOC_SOURCE_DIR) + "/schemas/" +
         (revision == Revision::kTrace10 ? "candle-graph-trace-10.schema.json"
                                         : "candle-graph-trace-9.schema.json");
}

[[noreturn]] void Abort(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  std::abort();
}

std::string Stringify(const rapidjson::Pointer& pointer) {
  rapidjson::StringBuffer buffer;
  pointer.StringifyUriFragment(buffer);
  return buffer.GetString();
}

}  // namespace

std::string_view RevisionSchemaString(Revision revision) {
  return revision == Revision::kTrace10 ? "candle-graph/trace/10" : "candle-graph/trace/9";
}

struct LineSchema::Loaded {
  // The SchemaDocument is built from `source`; both live as long as the LineSchema.
  rapidjson::Document source;
  std::unique_ptr<rapidjson::SchemaDocument> schema;
};

LineSchema::LineSchema(Revision revision) : loaded_(std::make_unique<Loaded>()) {
  const std::string path = SchemaPath(revision);
  std::ifstream file(path, std::ios::binary);
  if (!file) Abort("cannot open " + path);
  std::ostringstream text;
  text << file.rdbuf();
  loaded_->source.Parse(text.str().c_str());
  if (loaded_->source.HasParseError()) {
    Abort(path + ": " + rapidjson::GetParseError_En(loaded_->source.GetParseError()));
  }
  loaded_->schema = std::make_unique<rapidjson::SchemaDocument>(loaded_->source);
}

LineSchema::~LineSchema() = default;

namespace {

SchemaVerdict Validate(const rapidjson::SchemaDocument& schema, std::string_view json) {
  rapidjson::Document document;
  document.Parse(json.data(), json.size());
  if (document.HasParseError()) {
    return {false, false, rapidjson::GetParseError_En(document.GetParseError())};
  }
  rapidjson::SchemaValidator validator(schema);
  document.Accept(validator);
  if (validator.IsValid()) return {true, true, {}};
  return {true, false,
          Stringify(validator.GetInvalidSchemaPointer()) + " " +
              validator.GetInvalidSchemaKeyword() + " at " +
              Stringify(validator.GetInvalidDocumentPointer())};
}

}  // namespace

SchemaVerdict LineSchema::Check(std::string_view line) const {
  return Validate(*loaded_->schema, line);
}

SchemaVerdict LineSchema::CheckDefinition(std::string_view definition,
                                          std::string_view json) const {
  const std::string name(definition);
  const rapidjson::Value& definitions = loaded_->source["definitions"];
  const auto member = definitions.FindMember(name.c_str());
  if (member == definitions.MemberEnd()) return {false, false, "no definition " + name};
  const rapidjson::SchemaDocument schema(member->value);
  return Validate(schema, json);
}

const LineSchema& SchemaFor(Revision revision) {
  static const LineSchema trace10(Revision::kTrace10);
  static const LineSchema trace9(Revision::kTrace9);
  return revision == Revision::kTrace10 ? trace10 : trace9;
}

}  // namespace tracedoc::schema_test
