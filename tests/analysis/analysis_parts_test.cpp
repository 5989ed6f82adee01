// A small piece the memory outputs share: a per-category byte map as JSON in name order, which
// is not the enum's order.
#include <gtest/gtest.h>

#include "analysis/category_json.hpp"
#include "analysis/memory_records.hpp"

namespace tracedoc::analysis {
namespace {

using testing::CategoryJson;

TEST(CategoryJsonTest, PresentCategoriesInByteWiseNameOrder) {
  CategoryLiveBytes bytes;
  bytes.Set(MemoryCategory::kParameter, 3);
  bytes.Set(MemoryCategory::kActivation, 1);
  bytes.Set(MemoryCategory::kOther, 0);  // present with 0 bytes: written
  EXPECT_EQ(CategoryJson(bytes), R"({"activation":1,"other":0,"parameter":3})");
  EXPECT_EQ(CategoryJson(CategoryLiveBytes{}), "{}");
  EXPECT_EQ(CategoriesByName().front(), MemoryCategory::kActivation);
  EXPECT_EQ(CategoriesByName().back(), MemoryCategory::kParameter);
}

}  // namespace
}  // namespace tracedoc::analysis
