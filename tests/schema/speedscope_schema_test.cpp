// The speedscope export validates against speedscope's published schema (issue 27, item 4):
// every golden case's file and the export of a generated trace of 10^5 events; and the schema,
// as loaded, refuses files that break it, so that the check can fail.
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "support/trace_generator.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/speedscope.hpp"

namespace tracedoc::schema_test {
namespace {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// draft-07's `"const": X` as draft-04's `"enum": [X]`, everywhere in `value`. By index, not
// iterator: RapidJSON 1.1.0's member iterators compare ambiguously under C++20 for clang.
void ConstToEnum(rapidjson::Value& value, rapidjson::Document::AllocatorType& allocator) {
  if (value.IsArray()) {
    for (rapidjson::SizeType i = 0; i < value.Size(); ++i) ConstToEnum(value[i], allocator);
    return;
  }
  if (!value.IsObject()) return;
  for (rapidjson::SizeType i = 0; i < value.MemberCount(); ++i) {
    ConstToEnum((value.MemberBegin() + i)->value, allocator);
  }
  if (!value.HasMember("const") || value.HasMember("enum")) return;
  rapidjson::Value choices(rapidjson::kArrayType);
  choices.PushBack(rapidjson::Value(value["const"], allocator), allocator);
  value.RemoveMember("const");
  value.AddMember("enum", choices, allocator);
}

class SpeedscopeSchema {
 public:
  SpeedscopeSchema() {
    const std::string text =
        ReadFile(TRACEDOC_SOURCE_DIR "/tests/schema/speedscope/file-format-schema.json");
    source_.Parse(text.c_str());
    ConstToEnum(source_, source_.GetAllocator());
    schema_ = std::make_unique<rapidjson::SchemaDocument>(source_);
  }

  bool Loaded() const { return !source_.HasParseError() && source_.IsObject(); }

  // Empty when `json` validates, else where and why it does not.
  std::string Check(const std::string& json) const {
    rapidjson::Document document;
    document.Parse(json.c_str());
    if (document.HasParseError()) return rapidjson::GetParseError_En(document.GetParseError());
    rapidjson::SchemaValidator validator(*schema_);
    if (document.Accept(validator)) return {};
    rapidjson::StringBuffer where;
    validator.GetInvalidDocumentPointer().StringifyUriFragment(where);
    return std::string(validator.GetInvalidSchemaKeyword()) + " at " + where.GetString();
  }

 private:
  rapidjson::Document source_;
  std::unique_ptr<rapidjson::SchemaDocument> schema_;
};

const SpeedscopeSchema& Schema() {
  static const SpeedscopeSchema schema;
  return schema;
}

TEST(SpeedscopeSchemaTest, EveryGoldenSpeedscopeFileValidates) {
  ASSERT_TRUE(Schema().Loaded());
  std::size_t cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(TRACEDOC_SOURCE_DIR "/tests/golden")) {
    const std::filesystem::path path = entry.path() / "speedscope.json";
    if (!std::filesystem::exists(path)) continue;
    ++cases;
    EXPECT_EQ(Schema().Check(ReadFile(path)), "") << path;
  }
  EXPECT_GE(cases, 40u);
}

TEST(SpeedscopeSchemaTest, TheExportOfA100kEventTraceValidates) {
  Result<TraceDocument> document =
      ReadTrace(TraceInput::FromString(generator::GenerateTrace(100'000, 27)));
  ASSERT_TRUE(document.has_value()) << document.error().message;
  EXPECT_EQ(Schema().Check(ExportSpeedscope(document.value())), "");
}

TEST(SpeedscopeSchemaTest, TheSchemaRefusesFilesThatBreakIt) {
  const std::string head =
      R"({"$schema":"https://www.speedscope.app/file-format-schema.json","shared":{"frames":[{"name":"f"}]},)";
  const std::string good =
      head + R"("profiles":[{"type":"evented","name":"p","unit":"nanoseconds","startValue":0,)"
             R"("endValue":2,"events":[{"type":"O","frame":0,"at":0},{"type":"C","frame":0,"at":2}]}]})";
  ASSERT_EQ(Schema().Check(good), "");
  std::string wrong_event = good;
  wrong_event.replace(wrong_event.find(R"("type":"C")"), 10, R"("type":"X")");
  EXPECT_NE(Schema().Check(wrong_event), "");  // a const of the schema, checked as an enum
  std::string wrong_unit = good;
  wrong_unit.replace(wrong_unit.find("nanoseconds"), 11, "ticks");
  EXPECT_NE(Schema().Check(wrong_unit), "");
  std::string no_frame_name = good;
  no_frame_name.replace(no_frame_name.find(R"({"name":"f"})"), 12, R"({"file":"f"})");
  EXPECT_NE(Schema().Check(no_frame_name), "");
}

}  // namespace
}  // namespace tracedoc::schema_test
