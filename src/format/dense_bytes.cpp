// The dtype table of §2.3.
#include "format/dense_bytes.hpp"

#include "text/utf8.hpp"

namespace tracedoc::format {

std::optional<std::uint64_t> DtypeSize(std::string_view dtype) noexcept {
  const std::string_view trimmed = text::TrimUnicodeWhitespace(dtype);
  char lower[5] = {};
  if (trimmed.size() > sizeof lower) return std::nullopt;
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    const char c = trimmed[i];
    lower[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  const std::string_view name(lower, trimmed.size());
  if (name == "u8" || name == "i8" || name == "bool" || name == "f8") return 1;
  if (name == "u16" || name == "i16" || name == "f16" || name == "bf16") return 2;
  if (name == "u32" || name == "i32" || name == "f32") return 4;
  if (name == "u64" || name == "i64" || name == "f64") return 8;
  return std::nullopt;
}

std::optional<std::uint64_t> ResolveDenseBytes(std::optional<std::uint64_t> explicit_bytes,
                                               ArrayView<std::uint64_t> shape,
                                               std::string_view dtype) noexcept {
  if (explicit_bytes.has_value()) return explicit_bytes;
  const std::optional<std::uint64_t> size = DtypeSize(dtype);
  if (!size.has_value()) return std::nullopt;
  std::uint64_t total = *size;
  for (const std::uint64_t dim : shape) {
    if (__builtin_mul_overflow(total, dim, &total)) total = UINT64_MAX;
  }
  // Saturation is sticky except through a zero dimension, which makes the count 0.
  for (const std::uint64_t dim : shape) {
    if (dim == 0) return 0;
  }
  return total;
}

std::optional<std::uint64_t> CheckedElementCount(ArrayView<std::uint64_t> shape) noexcept {
  std::uint64_t count = 1;
  for (const std::uint64_t dim : shape) {
    if (__builtin_mul_overflow(count, dim, &count)) return std::nullopt;
  }
  return count;
}

}  // namespace tracedoc::format
