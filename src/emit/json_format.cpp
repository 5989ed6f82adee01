// Implementation of the canonical JSON emitters: string escaping with a run-copying fast path,
// and the reference's double layout rebuilt from std::to_chars' shortest scientific digits.
#include "emit/json_format.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "emit/output_reserve.hpp"

namespace tracedoc::emit {
namespace {

// Escape action per byte: 0 copies the byte raw, 'u' writes \u00xx, anything else is the
// letter of a two-character escape (\" \\ \b \t \n \f \r).
constexpr std::array<char, 256> MakeEscapeTable() {
  std::array<char, 256> table{};
  for (std::size_t c = 0; c < 0x20; ++c) table[c] = 'u';
  table['\b'] = 'b';
  table['\t'] = 't';
  table['\n'] = 'n';
  table['\f'] = 'f';
  table['\r'] = 'r';
  table['"'] = '"';
  table['\\'] = '\\';
  return table;
}

constexpr std::array<char, 256> kEscapeTable = MakeEscapeTable();
constexpr char kHexDigits[] = "0123456789abcdef";

// The reference switches to scientific notation once the decimal exponent p exceeds this.
constexpr int kMaxFixedExponent = 16;
// ... or once p is at or below this (0.00001 is fixed, 1e-6 is scientific).
constexpr int kMinFixedExponent = -5;

// Digit runs and zero runs are at most 16 long (17 digits split around a point or a lead digit;
// at most 15 padding zeros), so they are copied with a fixed 16-byte width: a couple of moves
// instead of a libc call. Only the first `count` bytes are kept; the rest is overwritten later or
// lies past the end of what gets appended.
constexpr int kRunWidth = 16;

// Holds the longest to_chars output (24 bytes, `-d.` 16 digits `e-308`) plus kRunWidth of slack
// for reads that start at most 18 bytes in.
constexpr std::size_t kSciBufferSize = 48;
// kJsonDoubleRoom: the longest layouts are 24 bytes (`-0.0000` plus 17 digits, or the
// scientific form above); wide writes start at most 18 bytes in and may spill kRunWidth bytes.
static_assert(kJsonDoubleRoom >= 18 + kRunWidth);

char* CopyDigits(char* pos, const char* digits, int count) {
  std::memcpy(pos, digits, kRunWidth);
  return pos + count;
}

char* FillZeros(char* pos, int count) {
  std::memset(pos, '0', kRunWidth);
  return pos + count;
}

// Strings up to this long are quoted in a stack buffer.
constexpr std::size_t kShortString = 62;

// Whether any of the 8 bytes at `p` is below 0x20, `"` or `\\` (SWAR: a byte's high bit is set
// in the mask when it matches; bytes of 0x80 and above never match).
bool NeedsEscape8(const char* p) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHighs = 0x8080808080808080ull;
  std::uint64_t word;
  std::memcpy(&word, p, 8);
  const std::uint64_t control = (word - 0x20 * kOnes) & ~word;
  const std::uint64_t quote = word ^ (0x22 * kOnes);
  const std::uint64_t backslash = word ^ (0x5C * kOnes);
  const std::uint64_t quote_zero = (quote - kOnes) & ~quote;
  const std::uint64_t backslash_zero = (backslash - kOnes) & ~backslash;
  return ((control | quote_zero | backslash_zero) & kHighs) != 0;
}

}  // namespace

std::size_t CleanPrefixLength(std::string_view utf8) {
  const char* const data = utf8.data();
  const std::size_t size = utf8.size();
  std::size_t clean = 0;
  while (clean + 8 <= size && !NeedsEscape8(data + clean)) clean += 8;
  if (clean < size && size - clean < 8) {
    // The 1 to 7 tail bytes padded with a letter, which needs no escape.
    char tail[8] = {'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'};
    std::memcpy(tail, data + clean, size - clean);
    if (!NeedsEscape8(tail)) return size;
  }
  while (clean < size && kEscapeTable[static_cast<unsigned char>(data[clean])] == 0) ++clean;
  return clean;
}

void ReserveForLarge(std::string& out, std::size_t incoming) {
  constexpr std::size_t kLarge = 64 * 1024;
  if (incoming < kLarge || out.size() + incoming <= out.capacity()) return;
  ReserveOutput(out, incoming + kLarge);
}

void AppendJsonString(std::string& out, std::string_view utf8) {
  const char* const data = utf8.data();
  const std::size_t size = utf8.size();
  // Most strings need no escape: copy the clean prefix (often the whole string) in one append.
  const std::size_t clean = CleanPrefixLength(utf8);
  if (clean == size) {
    // Short ones (ids, names, enums) are quoted on the stack: one append instead of three.
    char buffer[kShortString + 2];
    if (size <= kShortString) {
      buffer[0] = '"';
      if (size != 0) std::memcpy(buffer + 1, data, size);  // an empty view may be null
      buffer[size + 1] = '"';
      out.append(buffer, size + 2);
      return;
    }
    ReserveForLarge(out, size + 2);
    out.reserve(out.size() + size + 2);
    out.push_back('"');
    out.append(data, size);
    out.push_back('"');
    return;
  }
  ReserveForLarge(out, size + 2);
  out.reserve(out.size() + size + 2);
  out.push_back('"');
  out.append(data, clean);
  std::size_t run_start = clean;
  for (std::size_t i = clean; i < size; ++i) {
    const char action = kEscapeTable[static_cast<unsigned char>(data[i])];
    if (action == 0) continue;
    // Flush the clean run in one append rather than byte by byte.
    out.append(data + run_start, i - run_start);
    run_start = i + 1;
    if (action == 'u') {
      const auto byte = static_cast<unsigned char>(data[i]);
      const char escape[6] = {'\\', 'u', '0', '0', kHexDigits[byte >> 4], kHexDigits[byte & 0xF]};
      out.append(escape, sizeof(escape));
    } else {
      const char escape[2] = {'\\', action};
      out.append(escape, sizeof(escape));
    }
  }
  out.append(data + run_start, size - run_start);
  out.push_back('"');
}

char* PutJsonDouble(char* out, double v) {
  if (!std::isfinite(v)) {
    std::memcpy(out, "null", 4);
    return out + 4;
  }
  if (v == 0.0) {
    if (std::signbit(v)) {
      std::memcpy(out, "-0.0", 4);
      return out + 4;
    }
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }

  // Scientific form always has the shape [-]d[.ddd]e(+|-)dd[d], so one parser covers every
  // value: the lead digit, the rest of the digits, and the decimal exponent.
  char sci[kSciBufferSize] = {};  // Zeroed so the wide copies never read indeterminate bytes.
  const char* const sci_end =
      std::to_chars(sci, sci + sizeof(sci), v, std::chars_format::scientific).ptr;
  const bool negative = sci[0] == '-';
  const char* const lead = sci + (negative ? 1 : 0);
  // The output ends in e±dd or e±ddd, so 'e' is found fastest from the end.
  const char* e_pos = sci_end - 4;
  while (*e_pos != 'e') --e_pos;
  const char* const rest = lead + 2;  // Past "d."; empty when e_pos == lead + 1.
  int rest_count = e_pos > lead + 1 ? static_cast<int>(e_pos - rest) : 0;
  // Shortest digits never end in 0 (dropping it would be shorter); trimming keeps n exact anyway.
  while (rest_count > 0 && rest[rest_count - 1] == '0') --rest_count;

  int sci_exponent = 0;
  for (const char* c = e_pos + 2; c < sci_end; ++c) sci_exponent = sci_exponent * 10 + (*c - '0');
  if (e_pos[1] == '-') sci_exponent = -sci_exponent;

  // value = d.ddd × 10^sci_exponent = digits × 10^k with n digits, k = p - n, p = n + k.
  const int n = rest_count + 1;
  const int p = sci_exponent + 1;
  const int k = p - n;

  char* pos = out;
  if (negative) *pos++ = '-';
  if (k >= 0 && p <= kMaxFixedExponent) {
    *pos++ = *lead;
    pos = CopyDigits(pos, rest, rest_count);
    pos = FillZeros(pos, k);
    *pos++ = '.';
    *pos++ = '0';
  } else if (p > 0 && p <= kMaxFixedExponent) {
    // Here n > p, so the point falls strictly inside the digits.
    *pos++ = *lead;
    pos = CopyDigits(pos, rest, p - 1);
    *pos++ = '.';
    pos = CopyDigits(pos, rest + (p - 1), rest_count - (p - 1));
  } else if (p > kMinFixedExponent && p <= 0) {
    *pos++ = '0';
    *pos++ = '.';
    pos = FillZeros(pos, -p);
    *pos++ = *lead;
    pos = CopyDigits(pos, rest, rest_count);
  } else {
    *pos++ = *lead;
    if (rest_count > 0) {
      *pos++ = '.';
      pos = CopyDigits(pos, rest, rest_count);
    }
    *pos++ = 'e';
    pos = std::to_chars(pos, out + kJsonDoubleRoom, p - 1).ptr;
  }
  return pos;
}

void AppendJsonDouble(std::string& out, double v) {
  char buffer[kJsonDoubleRoom];
  out.append(buffer, static_cast<std::size_t>(PutJsonDouble(buffer, v) - buffer));
}

void AppendJsonU64(std::string& out, std::uint64_t v) {
  char buffer[20];  // 18446744073709551615 has 20 digits.
  const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof(buffer), v);
  out.append(buffer, static_cast<std::size_t>(result.ptr - buffer));
}

}  // namespace tracedoc::emit
