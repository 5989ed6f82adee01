// A snapshot's stats as a tensor_stats record's figures (src/cirron_convert/tensor_stats_rule.hpp):
// elements from the shape, rms = sqrt(mean² + std²), abs_max = max(|min|, |max|), and nothing for
// a snapshot that could only make an invalid record.
#include "cirron_convert/tensor_stats_rule.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace tracedoc::cirron_convert {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A snapshot of `shape` with the given stats; it holds the shape, so it outlives the view.
struct Snapshot {
  std::vector<std::uint64_t> shape;
  cirron::SnapshotView view;

  Snapshot(std::vector<std::uint64_t> dims, double mean, double std, double min, double max)
      : shape(std::move(dims)) {
    view.tensor_name = "layer.weight";
    view.shape = ArrayView<std::uint64_t>(shape.data(), shape.size());
    cirron::StatsView stats;
    stats.mean.value = mean;
    stats.std.value = std;
    stats.min.value = min;
    stats.max.value = max;
    stats.norm.value = kNaN;  // not used: a NaN here must not matter
    view.stats = stats;
  }
};

TEST(TensorStatsRuleTest, DerivesElementsRmsAbsMaxAndMean) {
  const Snapshot snapshot({2, 3, 4}, 3.0, 4.0, -7.5, 2.0);
  const auto derived = DeriveTensorStats(snapshot.view);
  ASSERT_TRUE(derived.has_value());
  EXPECT_EQ(derived->elements, 24u);
  EXPECT_DOUBLE_EQ(derived->rms, 5.0);      // sqrt(3² + 4²)
  EXPECT_DOUBLE_EQ(derived->abs_max, 7.5);  // |min| is the larger
  EXPECT_DOUBLE_EQ(derived->mean, 3.0);
}

TEST(TensorStatsRuleTest, AScalarHasOneElementAndAZeroDimensionNone) {
  const Snapshot scalar({}, -1.0, 0.0, -1.0, -1.0);
  ASSERT_TRUE(DeriveTensorStats(scalar.view).has_value());
  EXPECT_EQ(DeriveTensorStats(scalar.view)->elements, 1u);
  EXPECT_DOUBLE_EQ(DeriveTensorStats(scalar.view)->rms, 1.0);
  EXPECT_DOUBLE_EQ(DeriveTensorStats(scalar.view)->abs_max, 1.0);
  // A zero dimension makes 0 elements, even beside one that alone would overflow the product.
  const Snapshot empty({0, std::numeric_limits<std::uint64_t>::max(), 2}, 0, 0, 0, 0);
  ASSERT_TRUE(DeriveTensorStats(empty.view).has_value());
  EXPECT_EQ(DeriveTensorStats(empty.view)->elements, 0u);
}

TEST(TensorStatsRuleTest, AShapeWhoseProductOverflowsGivesNothing) {
  const Snapshot largest({std::numeric_limits<std::uint64_t>::max(), 1}, 0, 1, 0, 1);
  ASSERT_TRUE(DeriveTensorStats(largest.view).has_value());
  EXPECT_EQ(DeriveTensorStats(largest.view)->elements, std::numeric_limits<std::uint64_t>::max());
  const Snapshot overflow({std::uint64_t{1} << 32, std::uint64_t{1} << 32}, 0, 1, 0, 1);
  EXPECT_FALSE(DeriveTensorStats(overflow.view).has_value());
}

TEST(TensorStatsRuleTest, ANonFiniteStatGivesNothing) {
  EXPECT_FALSE(DeriveTensorStats(Snapshot({2}, kNaN, 1, 0, 1).view).has_value());
  EXPECT_FALSE(DeriveTensorStats(Snapshot({2}, 0, kInf, 0, 1).view).has_value());
  EXPECT_FALSE(DeriveTensorStats(Snapshot({2}, 0, 1, -kInf, 1).view).has_value());
  EXPECT_FALSE(DeriveTensorStats(Snapshot({2}, 0, 1, 0, kNaN).view).has_value());
}

TEST(TensorStatsRuleTest, AnRmsThatOverflowsGivesNothing) {
  // Each finite, yet sqrt(mean² + std²) is past the largest double.
  const double big = std::numeric_limits<double>::max();
  EXPECT_FALSE(DeriveTensorStats(Snapshot({2}, big, big, -1, 1).view).has_value());
  // Near it without overflow: hypot does not square into infinity.
  const auto near = DeriveTensorStats(Snapshot({2}, big / 2, 0, -1, 1).view);
  ASSERT_TRUE(near.has_value());
  EXPECT_DOUBLE_EQ(near->rms, big / 2);
}

TEST(TensorStatsRuleTest, NoStatsOrABlankNameGivesNothing) {
  Snapshot without({2}, 0, 1, 0, 1);
  without.view.stats.reset();
  EXPECT_FALSE(DeriveTensorStats(without.view).has_value());
  Snapshot blank({2}, 0, 1, 0, 1);
  blank.view.tensor_name = " \t ";
  EXPECT_FALSE(DeriveTensorStats(blank.view).has_value());
  blank.view.tensor_name = "";
  EXPECT_FALSE(DeriveTensorStats(blank.view).has_value());
}

}  // namespace
}  // namespace tracedoc::cirron_convert
