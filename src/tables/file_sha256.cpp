// The `runs` table's file_sha256: the input file's bytes through util's one SHA-256, as health
// hashes a gradient manifest, so an exported run can be matched to the file it came from.
#include <array>
#include <cstdio>
#include <memory>
#include <string>

#include "tracedoc/tables.hpp"
#include "util/sha256.hpp"

namespace tracedoc {

Result<std::string> FileSha256(const std::string& path) {
  const auto fail = [&path](const char* what) {
    return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {},
                 std::string(what) + " " + path};
  };
  std::optional<util::Sha256> hash = util::Sha256::Start();
  if (!hash) return fail("cannot start libsodium to hash");
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), std::fclose);
  if (!file) return fail("cannot open");
  std::array<char, 1 << 16> block{};
  std::size_t got = 0;
  while ((got = std::fread(block.data(), 1, block.size(), file.get())) > 0) {
    hash->Update(std::string_view(block.data(), got));
  }
  if (std::ferror(file.get())) return fail("cannot read");
  return util::LowerHex(hash->Finish());
}

}  // namespace tracedoc
