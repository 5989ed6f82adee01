// Unit tests for the canonical JSON emitters in write/json_format: every double layout rule at
// its boundaries, a round-trip/layout property over random doubles, and every string escape.
#include "emit/json_format.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ios>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <system_error>

namespace tracedoc::write {
namespace {

std::string FormatDouble(double v) {
  std::string out;
  emit::AppendJsonDouble(out, v);
  return out;
}

std::string FormatString(std::string_view s) {
  std::string out;
  emit::AppendJsonString(out, s);
  return out;
}

std::string FormatU64(std::uint64_t v) {
  std::string out;
  emit::AppendJsonU64(out, v);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Doubles: fixed examples.

struct DoubleCase {
  double value;
  const char* expected;
};

template <std::size_t N>
void CheckCases(const DoubleCase (&cases)[N]) {
  for (const DoubleCase& c : cases) {
    EXPECT_EQ(FormatDouble(c.value), c.expected) << "for " << std::hexfloat << c.value;
  }
}

TEST(JsonFormatDoubleTest, Zero) {
  constexpr DoubleCase kCases[] = {{0.0, "0.0"}, {-0.0, "-0.0"}};
  CheckCases(kCases);
}

// k >= 0 and p <= 16: digits, k zeros, `.0`.
TEST(JsonFormatDoubleTest, IntegerForm) {
  constexpr DoubleCase kCases[] = {
      {3.0, "3.0"},
      {1.0, "1.0"},
      {-3.0, "-3.0"},
      {100.0, "100.0"},
      {1e15, "1000000000000000.0"},
      {-1e15, "-1000000000000000.0"},
      {9007199254740992.0, "9007199254740992.0"},  // 2^53: n = 16, k = 0, p = 16.
      {1234567890123456.0, "1234567890123456.0"},  // n = p = 16.
  };
  CheckCases(kCases);
}

// 0 < p <= 16 with k < 0: point inside the digits.
TEST(JsonFormatDoubleTest, PointInside) {
  constexpr DoubleCase kCases[] = {
      {1234.5678, "1234.5678"},
      {1.5, "1.5"},
      {-1.5, "-1.5"},
      {10.25, "10.25"},
      {1.0000000000000002, "1.0000000000000002"},  // 1 + ulp.
      {123456789012345.67, "123456789012345.67"},
      // Exact tie between ...562 and ...563 at 16 digits: the even digit wins.
      {1658206780088562.25, "1658206780088562.2"},
      {4503599627370495.5, "4503599627370495.5"},  // n = 17, p = 16.
  };
  CheckCases(kCases);
}

// -5 < p <= 0: `0.`, -p zeros, digits.
TEST(JsonFormatDoubleTest, LeadingZeros) {
  constexpr DoubleCase kCases[] = {
      {0.5, "0.5"},
      {0.1, "0.1"},
      {0.3, "0.3"},
      {-0.25, "-0.25"},
      {0.001, "0.001"},
      {-0.001, "-0.001"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1e-5, "0.00001"},     // p = -4, the last fixed exponent.
      {1.5e-5, "0.000015"},  // p = -4.
      {9.99e-6, "9.99e-6"},  // p = -5 is already scientific.
  };
  CheckCases(kCases);
}

// Everything else: scientific, exponent p - 1, no `+`, no padding.
TEST(JsonFormatDoubleTest, Scientific) {
  constexpr DoubleCase kCases[] = {
      {1e16, "1e16"},
      {-1e16, "-1e16"},
      {1e17, "1e17"},
      {1e21, "1e21"},
      {1e100, "1e100"},
      {1e-6, "1e-6"},
      {1e-7, "1e-7"},
      {2.5e-7, "2.5e-7"},
      {-2.5e-7, "-2.5e-7"},
      {1.2345678901234568e20, "1.2345678901234568e20"},
      {123456789012345680.0, "1.2345678901234568e17"},  // p = 18.
      {12345678901234568.0, "1.2345678901234568e16"},   // p = 17.
      {5e-324, "5e-324"},                               // Smallest subnormal.
      {-5e-324, "-5e-324"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},  // Smallest normal.
      {1.7976931348623157e308, "1.7976931348623157e308"},    // Largest finite.
      {-1.7976931348623157e308, "-1.7976931348623157e308"},
  };
  CheckCases(kCases);
}

TEST(JsonFormatDoubleTest, NonFiniteIsNull) {
  EXPECT_EQ(FormatDouble(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(FormatDouble(-std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(FormatDouble(std::numeric_limits<double>::signaling_NaN()), "null");
  EXPECT_EQ(FormatDouble(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(FormatDouble(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonFormatDoubleTest, AppendsWithoutTouchingExistingContent) {
  std::string out = "[";
  emit::AppendJsonDouble(out, 1.5);
  out.push_back(',');
  emit::AppendJsonDouble(out, 1e21);
  out.push_back(',');
  emit::AppendJsonDouble(out, std::numeric_limits<double>::infinity());
  out.push_back(']');
  EXPECT_EQ(out, "[1.5,1e21,null]");
}

// ---------------------------------------------------------------------------------------------
// Doubles: properties over many values.

enum class Layout { kIntegerForm, kPointInside, kLeadingZeros, kScientific };

struct ParsedLayout {
  Layout layout;
  std::string digits;  // Significant digits, no leading or trailing zeros.
  int p;               // value = 0.digits × 10^p
};

bool IsDigitRun(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// Reads `text` back into its layout independently of the writer, and checks that the layout is
// the one the spec prescribes for its p and k.
::testing::AssertionResult HasReferenceLayout(std::string_view text, ParsedLayout* parsed) {
  std::string_view body = text;
  if (!body.empty() && body.front() == '-') body.remove_prefix(1);
  const std::size_t e_pos = body.find('e');
  if (e_pos != std::string_view::npos) {
    const std::string_view mantissa = body.substr(0, e_pos);
    std::string_view exponent = body.substr(e_pos + 1);
    if (!exponent.empty() && exponent.front() == '-') exponent.remove_prefix(1);
    if (!IsDigitRun(exponent) || (exponent.size() > 1 && exponent.front() == '0')) {
      return ::testing::AssertionFailure() << "bad exponent in " << text;
    }
    int exp_value = 0;
    std::from_chars(body.data() + e_pos + 1, body.data() + body.size(), exp_value);
    parsed->layout = Layout::kScientific;
    parsed->p = exp_value + 1;
    if (mantissa.size() == 1) {
      parsed->digits = std::string(mantissa);
    } else if (mantissa.size() >= 3 && mantissa[1] == '.') {
      parsed->digits = std::string(mantissa.substr(0, 1)) + std::string(mantissa.substr(2));
    } else {
      return ::testing::AssertionFailure() << "bad mantissa in " << text;
    }
    if (parsed->p > -5 && parsed->p <= 16) {
      return ::testing::AssertionFailure() << "scientific although -5 < p <= 16: " << text;
    }
  } else {
    const std::size_t dot = body.find('.');
    if (dot == std::string_view::npos) {
      return ::testing::AssertionFailure() << "no point in " << text;
    }
    const std::string_view int_part = body.substr(0, dot);
    const std::string_view frac_part = body.substr(dot + 1);
    if (!IsDigitRun(int_part) || !IsDigitRun(frac_part)) {
      return ::testing::AssertionFailure() << "not digits around the point: " << text;
    }
    if (int_part == "0") {
      const std::size_t first = frac_part.find_first_not_of('0');
      parsed->layout = Layout::kLeadingZeros;
      parsed->p = -static_cast<int>(first);
      parsed->digits = std::string(frac_part.substr(first));
      if (parsed->p <= -5) {
        return ::testing::AssertionFailure() << "leading zeros although p <= -5: " << text;
      }
    } else if (frac_part == "0") {
      if (int_part.front() == '0') return ::testing::AssertionFailure() << "leading 0: " << text;
      parsed->layout = Layout::kIntegerForm;
      parsed->p = static_cast<int>(int_part.size());
      parsed->digits = std::string(int_part.substr(0, int_part.find_last_not_of('0') + 1));
      if (parsed->p > 16) {
        return ::testing::AssertionFailure() << "integer form although p > 16: " << text;
      }
    } else {
      if (int_part.front() == '0') return ::testing::AssertionFailure() << "leading 0: " << text;
      parsed->layout = Layout::kPointInside;
      parsed->p = static_cast<int>(int_part.size());
      parsed->digits = std::string(int_part) + std::string(frac_part);
      if (parsed->p > 16) {
        return ::testing::AssertionFailure() << "point inside although p > 16: " << text;
      }
    }
  }
  const std::string& d = parsed->digits;
  if (!IsDigitRun(d) || d.front() == '0' || d.back() == '0' || d.size() > 17) {
    return ::testing::AssertionFailure() << "digits '" << d << "' not normalized in " << text;
  }
  return ::testing::AssertionSuccess();
}

// Correctly rounded `significant` digits of |v| from printf (an oracle independent of to_chars),
// returned as normalized digits and p.
void PrintfDigits(double v, int significant, std::string* digits, int* p) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*e", significant - 1, std::fabs(v));
  const std::string_view text(buf);
  const std::size_t e_pos = text.find('e');
  digits->clear();
  for (char c : text.substr(0, e_pos)) {
    if (c != '.') digits->push_back(c);
  }
  while (digits->size() > 1 && digits->back() == '0') digits->pop_back();
  *p = std::atoi(buf + e_pos + 1) + 1;
}

struct PropertyStats {
  int layouts[4] = {0, 0, 0, 0};
};

// Checks one finite value: bit-exact round trip, the prescribed layout, nearest digits, and no
// shorter digit string that reads back.
void CheckDoubleProperties(double v, PropertyStats* stats) {
  const std::string text = FormatDouble(v);
  SCOPED_TRACE(::testing::Message() << "value bits 0x" << std::hex
                                    << std::bit_cast<std::uint64_t>(v) << " text " << text);

  double back = 0.0;
  const std::from_chars_result r = std::from_chars(text.data(), text.data() + text.size(), back);
  ASSERT_EQ(r.ec, std::errc());
  ASSERT_EQ(r.ptr, text.data() + text.size());
  ASSERT_EQ(std::bit_cast<std::uint64_t>(back), std::bit_cast<std::uint64_t>(v));

  ASSERT_EQ(text.front() == '-', std::signbit(v));
  ParsedLayout parsed;
  ASSERT_TRUE(HasReferenceLayout(text, &parsed));
  ++stats->layouts[static_cast<int>(parsed.layout)];

  // At a binade's lower edge the round-trip interval is lopsided, and the shortest digits need not
  // be the nearest ones; the oracle comparisons below assume a symmetric interval.
  constexpr std::uint64_t kMantissaMask = (std::uint64_t{1} << 52) - 1;
  if ((std::bit_cast<std::uint64_t>(v) & kMantissaMask) == 0) return;

  const int n = static_cast<int>(parsed.digits.size());
  std::string oracle_digits;
  int oracle_p = 0;
  PrintfDigits(v, n, &oracle_digits, &oracle_p);
  EXPECT_EQ(parsed.digits, oracle_digits);
  EXPECT_EQ(parsed.p, oracle_p);

  if (n > 1) {
    char shorter[64];
    std::snprintf(shorter, sizeof(shorter), "%.*e", n - 2, v);
    EXPECT_NE(std::strtod(shorter, nullptr), v) << n - 1 << " digits suffice: " << shorter;
  }
}

TEST(JsonFormatDoubleTest, RandomBitPatternsRoundTripWithReferenceLayout) {
  std::mt19937_64 rng(0x7eacd0cULL);
  PropertyStats stats;
  int checked = 0;
  for (int i = 0; i < 100000; ++i) {
    const double v = std::bit_cast<double>(rng());
    if (!std::isfinite(v)) continue;
    CheckDoubleProperties(v, &stats);
    if (::testing::Test::HasFatalFailure()) return;
    ++checked;
  }
  EXPECT_GT(checked, 99000);
}

// Uniform bit patterns almost never land in the fixed layouts, so also draw decimal literals with
// 1-17 digits at exponents around the layout boundaries.
TEST(JsonFormatDoubleTest, RandomDecimalsCoverEveryLayout) {
  std::mt19937_64 rng(20240611);
  std::uniform_int_distribution<int> digit_count_dist(1, 17);
  std::uniform_int_distribution<int> exponent_dist(-12, 24);
  std::uniform_int_distribution<int> digit_dist(0, 9);
  PropertyStats stats;
  for (int i = 0; i < 100000; ++i) {
    std::string literal = (rng() & 1) ? "-" : "";
    const int digit_count = digit_count_dist(rng);
    for (int j = 0; j < digit_count; ++j) {
      literal.push_back(
          static_cast<char>('0' + (j == 0 ? 1 + digit_dist(rng) % 9 : digit_dist(rng))));
    }
    literal += "e" + std::to_string(exponent_dist(rng));
    const double v = std::strtod(literal.c_str(), nullptr);
    SCOPED_TRACE(literal);
    CheckDoubleProperties(v, &stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
  for (int layout = 0; layout < 4; ++layout) {
    EXPECT_GT(stats.layouts[layout], 1000) << "layout " << layout << " barely exercised";
  }
}

TEST(JsonFormatDoubleTest, PowersOfTenAndTwoRoundTrip) {
  PropertyStats stats;
  for (int e = -323; e <= 308; ++e) {
    const double v = std::strtod(("1e" + std::to_string(e)).c_str(), nullptr);
    CheckDoubleProperties(v, &stats);
    CheckDoubleProperties(-v, &stats);
  }
  for (int e = -1074; e <= 1023; ++e) {
    CheckDoubleProperties(std::ldexp(1.0, e), &stats);
  }
  EXPECT_EQ(FormatDouble(1e-4), "0.0001");
}

// ---------------------------------------------------------------------------------------------
// Unsigned integers.

TEST(JsonFormatU64Test, WritesDecimalLiterals) {
  EXPECT_EQ(FormatU64(0), "0");
  EXPECT_EQ(FormatU64(7), "7");
  EXPECT_EQ(FormatU64(1000), "1000");
  EXPECT_EQ(FormatU64(10000000000000000000ULL), "10000000000000000000");
  EXPECT_EQ(FormatU64(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  std::string out = "x=";
  emit::AppendJsonU64(out, 42);
  EXPECT_EQ(out, "x=42");
}

// ---------------------------------------------------------------------------------------------
// Strings.

// Expected escape of each control character 0x00..0x1F, written out by hand.
constexpr const char* kControlEscapes[32] = {
    "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
    "\\b",     "\\t",     "\\n",     "\\u000b", "\\f",     "\\r",     "\\u000e", "\\u000f",
    "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
    "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
};

TEST(JsonFormatStringTest, EmptyString) { EXPECT_EQ(FormatString(""), "\"\""); }

TEST(JsonFormatStringTest, EachControlCharacter) {
  for (int c = 0; c < 0x20; ++c) {
    const char byte = static_cast<char>(c);
    SCOPED_TRACE(c);
    EXPECT_EQ(FormatString(std::string_view(&byte, 1)),
              std::string("\"") + kControlEscapes[c] + "\"");
    // Also in the middle of clean text, so both run flushes around the escape are exercised.
    const std::string embedded = std::string("ab") + byte + "cd";
    EXPECT_EQ(FormatString(embedded), std::string("\"ab") + kControlEscapes[c] + "cd\"");
  }
}

TEST(JsonFormatStringTest, QuoteAndBackslash) {
  EXPECT_EQ(FormatString("\""), R"("\"")");
  EXPECT_EQ(FormatString("\\"), R"("\\")");
  EXPECT_EQ(FormatString(R"(say "hi" \o/)"), R"("say \"hi\" \\o/")");
  EXPECT_EQ(FormatString("\\\"\\\""), R"("\\\"\\\"")");
}

TEST(JsonFormatStringTest, SlashAndDeleteStayRaw) {
  EXPECT_EQ(FormatString("/"), "\"/\"");
  EXPECT_EQ(FormatString("a/b</script>"), "\"a/b</script>\"");
  EXPECT_EQ(FormatString("\x7f"), "\"\x7f\"");
}

TEST(JsonFormatStringTest, NonAsciiStaysRaw) {
  EXPECT_EQ(FormatString("é"), "\"é\"");
  EXPECT_EQ(FormatString("日本"), "\"日本\"");
  EXPECT_EQ(FormatString("😀"), "\"😀\"");
  EXPECT_EQ(FormatString("é\n日本\t😀"), "\"é\\n日本\\t😀\"");
}

TEST(JsonFormatStringTest, EveryByteFrom0x20IsRawExceptQuoteAndBackslash) {
  for (int c = 0x20; c < 0x100; ++c) {
    const char byte = static_cast<char>(c);
    const std::string got = FormatString(std::string_view(&byte, 1));
    SCOPED_TRACE(c);
    if (byte == '"' || byte == '\\') {
      EXPECT_EQ(got, std::string("\"\\") + byte + "\"");
    } else {
      EXPECT_EQ(got, std::string("\"") + byte + "\"");
    }
  }
}

TEST(JsonFormatStringTest, EmbeddedNul) {
  EXPECT_EQ(FormatString(std::string_view("a\0b", 3)), "\"a\\u0000b\"");
}

TEST(JsonFormatStringTest, LongMixedString) {
  std::string input;
  std::string expected = "\"";
  for (int i = 0; i < 2000; ++i) {
    const char control = static_cast<char>(i % 0x20);
    const std::string clean = "span/" + std::to_string(i) + " é日本😀\x7f ";
    input += clean;
    expected += clean;
    input.push_back(control);
    expected += kControlEscapes[i % 0x20];
    if (i % 7 == 0) {
      input += "\"q\"\\";
      expected += "\\\"q\\\"\\\\";
    }
  }
  expected += "\"";
  EXPECT_EQ(FormatString(input), expected);
}

TEST(JsonFormatStringTest, AppendsWithoutTouchingExistingContent) {
  std::string out = "{";
  emit::AppendJsonString(out, "kind");
  out.push_back(':');
  emit::AppendJsonString(out, "op\n");
  out.push_back('}');
  EXPECT_EQ(out, "{\"kind\":\"op\\n\"}");
}

}  // namespace
}  // namespace tracedoc::write
