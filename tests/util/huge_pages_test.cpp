// util's huge-page policy (src/util/huge_pages.hpp): sizes round up to whole 2 MiB pages, and
// advice over a reserved buffer changes nothing a program can see.
#include "util/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tracedoc::util {
namespace {

static_assert(RoundUpToHugePages(0) == 0);
static_assert(RoundUpToHugePages(1) == kHugePageBytes);
static_assert(RoundUpToHugePages(kHugePageBytes) == kHugePageBytes);
static_assert(RoundUpToHugePages(kHugePageBytes + 1) == 2 * kHugePageBytes);

TEST(HugePagesTest, AdvisedVectorKeepsItsRoomAndElements) {
  std::vector<std::uint64_t> values;
  values.reserve(1'000'000);  // 8 MB: several whole huge pages inside
  const std::uint64_t* const data = values.data();
  PreferHugePages(values);
  for (std::uint64_t i = 0; i < 1'000'000; ++i) values.push_back(i * 3);
  EXPECT_EQ(values.data(), data);
  EXPECT_EQ(values[999'999], 2'999'997u);
}

TEST(HugePagesTest, AdviceSkipsWhatIsWritten) {
  std::string text = "head";
  text.reserve(kAdviseGrowthFromBytes);
  PreferHugePages(text);
  EXPECT_EQ(text, "head");
  text.append(kAdviseGrowthFromBytes - 4, 'x');
  EXPECT_EQ(text.size(), kAdviseGrowthFromBytes);
}

}  // namespace
}  // namespace tracedoc::util
