// util's SHA-256 (src/util/sha256.hpp): the standard's test vectors, and the same digest however
// the bytes are split.
#include "util/sha256.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace tracedoc::util {
namespace {

std::string HexOf(std::string_view bytes) {
  std::optional<Sha256> hash = Sha256::Start();
  EXPECT_TRUE(hash.has_value());
  if (!hash) return {};
  hash->Update(bytes);
  return LowerHex(hash->Finish());
}

TEST(Sha256Test, TheStandardsVectors) {
  EXPECT_EQ(HexOf(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(HexOf("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256Test, PiecesGiveTheDigestOfTheWhole) {
  const std::string whole(100'000, 'x');
  std::optional<Sha256> hash = Sha256::Start();
  ASSERT_TRUE(hash.has_value());
  for (std::size_t at = 0; at < whole.size(); at += 7'777) {
    hash->Update(std::string_view(whole).substr(at, 7'777));
  }
  EXPECT_EQ(LowerHex(hash->Finish()), HexOf(whole));
}

}  // namespace
}  // namespace tracedoc::util
