// JSONTestSuite's parsing cases through the record decoder: every n_ file must fail at the
// syntax layer (invalid_json, invalid_utf8 or limit_exceeded), every y_ file must get past it,
// and no i_ file may crash.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/matchers.hpp"
#include "tracedoc/record_decoder.hpp"

namespace tracedoc {
namespace {

// Vendored in the repository (tests/data/README.md says where it comes from), so a fresh clone
// runs the suite with nothing beside it.
const std::filesystem::path kSuiteDir =
    std::filesystem::path(TRACEDOC_SOURCE_DIR) / "tests/data/JSONTestSuite/test_parsing";

std::vector<std::string> SuiteFiles() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kSuiteDir, ec)) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string ReadBytes(const std::string& name) {
  std::ifstream in(kSuiteDir / name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool IsSyntaxLayerError(ErrorCode code) {
  return code == ErrorCode::kInvalidJson || code == ErrorCode::kInvalidUtf8 ||
         code == ErrorCode::kLimitExceeded;
}

class JsonConformanceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(JsonConformanceTest, DecoderAgreesWithTheSuite) {
  const std::string& name = GetParam();
  const std::string bytes = ReadBytes(name);
  RecordDecoder decoder;
  const Result<Event> result = decoder.Decode(bytes, RecordPosition{1, 0});
  const bool syntax_error = !result && IsSyntaxLayerError(result.error().code);
  if (name.starts_with("n_")) {
    EXPECT_TRUE(syntax_error) << name << " must be rejected by the syntax layer; got "
                              << (result ? std::string("success")
                                         : ::testing::PrintToString(result.error()));
  } else if (name.starts_with("y_")) {
    EXPECT_FALSE(syntax_error) << name << " is valid JSON; got "
                               << ::testing::PrintToString(result.error());
  } else {
    // i_ files: either outcome is allowed; reaching here without a crash is the test, and the
    // decoder must still work on the next line.
    EXPECT_THAT(decoder.Decode(R"({"kind":"span_end","id":"a"})"), Succeeds());
  }
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.substr(0, info.param.size() - 5);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(JsonTestSuite, JsonConformanceTest, ::testing::ValuesIn(SuiteFiles()),
                         TestName);

TEST(JsonConformanceSuiteTest, SuiteIsPresent) {
  // Guards against passing vacuously when the data is missing.
  const std::vector<std::string> files = SuiteFiles();
  EXPECT_GT(files.size(), 300u);
  EXPECT_GT(std::count_if(files.begin(), files.end(),
                          [](const std::string& f) { return f.starts_with("n_"); }),
            150);
}

}  // namespace
}  // namespace tracedoc
