// The JSON Schemas of schemas/ say what the field tables (format/record_fields.cpp, the one
// description of every record) say: each record's and nested object's properties are the table's
// keys in the table's order, and its required keys are the table's required fields. A key added
// to a record and not to a schema, or made optional in one and not the other, fails here.
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include "format/record_fields.hpp"

namespace tracedoc::format {
namespace {

struct TableShape {
  std::vector<std::string> keys;
  std::set<std::string> required;
};

template <class Record>
TableShape ShapeOf(std::span<const FieldSpec<Record>> fields) {
  TableShape shape;
  for (const FieldSpec<Record>& field : fields) {
    shape.keys.emplace_back(field.name);
    if (field.presence == Presence::kRequired) shape.required.emplace(field.name);
  }
  return shape;
}

// Keys a schema definition has that are not fields: the record's `kind`, the meta's `schema`,
// an edge's `edge_kind` (each table is one edge kind's).
bool IsDiscriminator(std::string_view key) {
  return key == "kind" || key == "schema" || key == "edge_kind";
}

TableShape ShapeOf(const rapidjson::Value& definition) {
  TableShape shape;
  for (const auto& property : definition["properties"].GetObject()) {
    const std::string key = property.name.GetString();
    if (!IsDiscriminator(key)) shape.keys.push_back(key);
  }
  if (definition.HasMember("required")) {
    for (const auto& key : definition["required"].GetArray()) {
      if (!IsDiscriminator(key.GetString())) shape.required.emplace(key.GetString());
    }
  }
  return shape;
}

struct Definition {
  std::string_view name;
  std::function<TableShape()> table;
};

const std::vector<Definition>& Definitions() {
  static const std::vector<Definition> definitions{
      {"meta", [] { return ShapeOf(RunMetaFields()); }},
      {"capture_contract", [] { return ShapeOf(CaptureContractFields()); }},
      {"gradient_contract", [] { return ShapeOf(GradientContractFields()); }},
      {"expected_gradient", [] { return ShapeOf(ExpectedGradientFields()); }},
      {"gradient_family_contract", [] { return ShapeOf(GradientFamilyContractFields()); }},
      {"comparison_identity", [] { return ShapeOf(ComparisonIdentityFields()); }},
      {"span_start", [] { return ShapeOf(SpanStartFields()); }},
      {"span_end", [] { return ShapeOf(SpanEndFields()); }},
      {"op", [] { return ShapeOf(OpFields()); }},
      {"tensor", [] { return ShapeOf(TensorFields()); }},
      {"tensor_stats", [] { return ShapeOf(TensorStatsFields()); }},
      {"memory", [] { return ShapeOf(MemoryFields()); }},
      {"device_memory", [] { return ShapeOf(DeviceMemoryFields()); }},
      {"device_interval", [] { return ShapeOf(DeviceIntervalFields()); }},
      {"gradient", [] { return ShapeOf(GradientFields()); }},
      {"call_edge", [] { return ShapeOf(CallEdgeFields()); }},
      {"data_edge", [] { return ShapeOf(DataEdgeFields()); }},
      {"terminal", [] { return ShapeOf(TerminalFields()); }},
  };
  return definitions;
}

std::string ReadSchema(std::string_view file) {
  std::ifstream in(std::string(TRACEDOC_SOURCE_DIR "/schemas/") + std::string(file),
                   std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void ExpectSchemaFollowsTheFieldTables(std::string_view file, bool has_tensor_stats) {
  SCOPED_TRACE(std::string(file));
  const std::string text = ReadSchema(file);
  rapidjson::Document schema;
  schema.Parse(text.data(), text.size());
  ASSERT_FALSE(schema.HasParseError());
  ASSERT_TRUE(schema.HasMember("definitions"));
  const rapidjson::Value& definitions = schema["definitions"];
  std::size_t compared = 0;
  for (const Definition& definition : Definitions()) {
    SCOPED_TRACE(std::string(definition.name));
    const std::string name(definition.name);
    if (name == "tensor_stats" && !has_tensor_stats) {
      EXPECT_FALSE(definitions.HasMember(name.c_str())) << "trace/9 has no tensor_stats";
      continue;
    }
    ASSERT_TRUE(definitions.HasMember(name.c_str()));
    const TableShape table = definition.table();
    const TableShape written = ShapeOf(definitions[name.c_str()]);
    EXPECT_EQ(written.keys, table.keys) << "the properties, in the field table's order";
    EXPECT_EQ(written.required, table.required) << "the required keys";
    ++compared;
  }
  EXPECT_EQ(compared, has_tensor_stats ? Definitions().size() : Definitions().size() - 1);
}

TEST(FieldTablesSchemaTest, Trace10SchemaHasTheFieldTablesKeysAndRequiredFields) {
  ExpectSchemaFollowsTheFieldTables("candle-graph-trace-10.schema.json", true);
}

TEST(FieldTablesSchemaTest, Trace9SchemaHasTheFieldTablesKeysAndRequiredFields) {
  ExpectSchemaFollowsTheFieldTables("candle-graph-trace-9.schema.json", false);
}

}  // namespace
}  // namespace tracedoc::format
