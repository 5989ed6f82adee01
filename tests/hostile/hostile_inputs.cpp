#include "hostile/hostile_inputs.hpp"

#include <charconv>
#include <cstdlib>

namespace tracedoc::hostile {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

std::uint64_t Scale() {
  const char* text = std::getenv("TRACEDOC_HOSTILE_SCALE");
  if (text == nullptr) return 1;
  const std::uint64_t scale = std::strtoull(text, nullptr, 10);
  return scale == 0 ? 1 : scale;
}

const std::vector<std::string> kReadCommands = {"validate", "document", "summary"};

}  // namespace

FileWriter::FileWriter(const std::filesystem::path& path) : file_(std::fopen(path.c_str(), "wb")) {}

FileWriter::~FileWriter() {
  if (file_ == nullptr) return;
  Flush();
  if (std::fclose(file_) != 0) failed_ = true;
}

void FileWriter::Put(std::string_view text) {
  buffer_.append(text);
  if (buffer_.size() >= (1u << 20)) Flush();
}

void FileWriter::Repeat(std::string_view text, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) Put(text);
}

void FileWriter::UnknownMembers(std::string_view prefix, std::string_view value,
                                std::uint64_t count) {
  char digits[24];
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto end = std::to_chars(digits, digits + sizeof(digits), i).ptr;
    Put(",\"");
    Put(prefix);
    Put(std::string_view(digits, static_cast<std::size_t>(end - digits)));
    Put("\":");
    Put(value);
  }
}

void FileWriter::Flush() {
  if (file_ == nullptr || buffer_.empty()) return;
  if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) failed_ = true;
  buffer_.clear();
}

std::vector<HostileCase> HostileCases() {
  const std::uint64_t scale = Scale();
  const std::uint64_t string_bytes = 100 * kMiB / scale;
  std::vector<HostileCase> cases;

  // A 100 MiB string: as an unknown member's value, as a known field, and escaped (the escape
  // first, so that a reader which copies escaped strings copies all of it).
  cases.push_back({"string_100mib_unknown_value",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put(R"(,"x_blob":")");
                     out.Repeat("abcdefgh", string_bytes / 8);
                     out.Put("\"}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  cases.push_back({"string_100mib_span_name",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     out.Put(R"({"kind":"span_start","id":"s","name":")");
                     out.Repeat("abcdefgh", string_bytes / 8);
                     out.Put(R"(","start_ns":0,"span_kind":"function","measured":true})");
                     out.Put("\n");
                     out.Put(R"({"kind":"span_end","id":"s","duration_ns":5})");
                     out.Put("\n");
                     out.Put(kTerminal);
                   },
                   {}});
  cases.push_back({"string_100mib_escaped_span_name",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     out.Put(R"({"kind":"span_start","id":"s","name":"\n)");
                     out.Repeat("abcdefgh", string_bytes / 8);
                     out.Put(R"(","start_ns":0,"span_kind":"function","measured":true})");
                     out.Put("\n");
                     out.Put(R"({"kind":"span_end","id":"s","duration_ns":5})");
                     out.Put("\n");
                     out.Put(kTerminal);
                   },
                   {}});
  cases.push_back({"string_100mib_escaped_unknown_value",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put(R"(,"x_blob":"\n)");
                     out.Repeat("abcdefgh", string_bytes / 8);
                     out.Put("\"}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  cases.push_back({"string_100mib_escaped_densely",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put(R"(,"x_blob":")");
                     out.Repeat(R"(\u00e9\"\n\t)", string_bytes / 12);
                     out.Put("\"}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  // A 50 MiB key.
  cases.push_back({"key_50mib",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put(",\"");
                     out.Repeat("kkkkkkkk", string_bytes / 2 / 8);
                     out.Put("\":1}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  // 10^6 unknown keys in one record, and spread over 10^4 records.
  cases.push_back({"unknown_keys_1e6_in_one_record",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.UnknownMembers("u", "0", 1000000 / scale);
                     out.Put("}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  cases.push_back({"unknown_keys_1e6_over_1e4_records",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     const std::uint64_t records = 10000 / scale;
                     for (std::uint64_t r = 0; r < records; ++r) {
                       const std::string id = "s" + std::to_string(r);
                       out.Put(
                           R"({"kind":"span_start","id":")" + id +
                           R"(","name":"n","start_ns":0,"span_kind":"function","measured":true)");
                       out.UnknownMembers("u", "0", 100);
                       out.Put("}\n");
                       out.Put(R"({"kind":"span_end","id":")" + id + R"(","duration_ns":1})");
                       out.Put("\n");
                     }
                     out.Put(kTerminal);
                   },
                   {}});
  // A 100 MiB array of numbers in an unknown key.
  cases.push_back({"number_array_100mib_unknown",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put(R"(,"x_numbers":[1.5)");
                     out.Repeat(",12345.5", string_bytes / 8);
                     out.Put("]}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  // 10^5 exponents beyond 32 bits in one line (F1): valid, each rounds to zero.
  cases.push_back({"over_range_exponents_1e5_in_one_line",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put(R"(,"x_tiny":[0)");
                     out.Repeat(",1e-99999999999", 100000 / scale);
                     out.Put("]}\n");
                     out.Put(kTerminal);
                   },
                   {}});
  // A shape of 4M dimensions in a known field (F6).
  cases.push_back({"shape_4m_dimensions",
                   kReadCommands,
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     out.Put(R"({"kind":"span_start","id":"s","name":"n","start_ns":0,)"
                             R"("span_kind":"function","measured":true})"
                             "\n");
                     out.Put(R"({"kind":"tensor","span_id":"s","tensor_id":"t","shape":[1)");
                     out.Repeat(",1", (std::uint64_t{4} << 20) / scale);
                     out.Put(R"(],"dtype":"f32","device":"cpu","category":"activation"})");
                     out.Put("\n");
                     out.Put(R"({"kind":"span_end","id":"s","duration_ns":1})");
                     out.Put("\n");
                     out.Put(kTerminal);
                   },
                   {}});
  return cases;
}

}  // namespace tracedoc::hostile
