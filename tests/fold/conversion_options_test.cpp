// The options both conversions take: the log their reader writes to is the caller's, or else one
// that keeps nothing.
#include "fold/conversion_options.hpp"

#include <gtest/gtest.h>

#include "tracedoc/diagnostic.hpp"

namespace tracedoc::fold {
namespace {

struct SomeReadOptions {
  bool strict = false;
};

TEST(ConversionOptionsTest, TheLogIsTheCallersWhenGiven) {
  DiagnosticLog mine;
  DiagnosticLog ignored;
  const ConversionOptions<SomeReadOptions> options{{}, &mine, 2};
  EXPECT_EQ(&options.LogOr(ignored), &mine);
  EXPECT_EQ(mine.max_kept, DiagnosticLog{}.max_kept);  // the caller's log is left as it is
}

TEST(ConversionOptionsTest, WithoutALogTheReaderWritesToOneThatKeepsNothing) {
  DiagnosticLog ignored;
  const ConversionOptions<SomeReadOptions> options{};
  EXPECT_EQ(options.diagnostics, nullptr);
  EXPECT_EQ(options.threads, 1u);
  EXPECT_EQ(&options.LogOr(ignored), &ignored);
  EXPECT_EQ(ignored.max_kept, 0u);
}

}  // namespace
}  // namespace tracedoc::fold
