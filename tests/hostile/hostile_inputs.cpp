#include "hostile/hostile_inputs.hpp"

#include <charconv>
#include <cstdlib>

#include "hostile/colliding_ids.hpp"
#include "hostile/traceml_inputs.hpp"

namespace tracedoc::hostile {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

const std::vector<std::string> kReadCommands = {"validate", "document", "summary"};

// After the memory and op records below, whose timestamps run far past kTerminal's.
constexpr std::string_view kLateTerminal =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":1000000000})"
    "\n";
constexpr std::string_view kRootSpan =
    R"({"kind":"span_start","id":"root","name":"root","start_ns":0,"span_kind":"function",)"
    R"("measured":true})"
    "\n"
    R"({"kind":"span_end","id":"root","duration_ns":1000})"
    "\n";

std::string Decimal(std::uint64_t value) { return std::to_string(value); }

// A span_start and span_end for each id, one after the other.
void WriteSpanPairs(FileWriter& out, const std::vector<std::string>& ids) {
  out.Put(kOpenMeta);
  out.Put("}\n");
  for (const std::string& id : ids) {
    out.Put(R"({"kind":"span_start","id":")");
    out.Put(id);
    out.Put(R"(","name":"n","start_ns":0,"span_kind":"function","measured":true})"
            "\n");
    out.Put(R"({"kind":"span_end","id":")");
    out.Put(id);
    out.Put(R"(","duration_ns":1})"
            "\n");
  }
  out.Put(kTerminal);
}

// One memory event of span `root`.
void PutMemoryEvent(FileWriter& out, std::uint64_t timestamp, std::string_view storage,
                    std::string_view device, bool alloc) {
  out.Put(R"({"kind":"memory","timestamp_ns":)");
  out.Put(Decimal(timestamp));
  out.Put(R"(,"storage_id":")");
  out.Put(storage);
  out.Put(R"(","tensor_id":"t","span_id":"root","device":")");
  out.Put(device);
  out.Put(alloc
              ? R"(","bytes":1,"action":"alloc","shape":[1],"dtype":"u8","category":"activation"})"
              : R"(","bytes":1,"action":"free","dtype":"u8"})");
  out.Put("\n");
}

// Ids of 16 bytes, like the colliding ones, but ordinary.
std::vector<std::string> OrdinaryIds(std::size_t count) {
  std::vector<std::string> ids;
  ids.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::string digits = Decimal(i);
    ids.push_back("span-" + std::string(11 - digits.size(), '0') + digits);
  }
  return ids;
}

}  // namespace

void WriteTwelveBigLines(FileWriter& out, std::uint64_t line_bytes) {
  out.Put(kOpenMeta);
  out.Put(R"(,"x_blob":")");
  out.Repeat("abcdefgh", line_bytes / 8);
  out.Put("\"}\n");
  out.Put(R"({"kind":"span_start","id":"root","name":"root","start_ns":0,"span_kind":"function",)"
          R"("measured":true})"
          "\n");
  for (int op = 0; op < 11; ++op) {
    out.Put(R"({"kind":"op","span_id":"root","op_name":"big","shape":[1],"dtype":"u8",)"
            R"("device":"cpu","duration_ns":1,"input_dense_bytes":0,"x_blob":")");
    out.Repeat("abcdefgh", line_bytes / 8);
    out.Put("\"}\n");
  }
  out.Put(R"({"kind":"span_end","id":"root","duration_ns":1000})"
          "\n");
  out.Put(kLateTerminal);
}

void WriteLongNamedSpanWithIntervals(FileWriter& out, std::uint64_t name_bytes,
                                     std::uint64_t intervals) {
  const std::string end_ns = Decimal(10 * intervals + 10);
  out.Put(kOpenMeta);
  out.Put("}\n");
  out.Put(R"({"kind":"span_start","id":"s","name":")");
  out.Put(std::string(name_bytes, 'n'));
  out.Put(R"(","start_ns":0,"span_kind":"function","measured":true})"
          "\n");
  for (std::uint64_t i = 0; i < intervals; ++i) {
    out.Put(R"({"kind":"device_interval","span_id":"s","device":"cuda:0","stream_id":"7",)"
            R"("clock_id":"host","backend":"cuda","start_ns":)" +
            Decimal(10 * i + 5) +
            R"(,"duration_ns":5})"
            "\n");
  }
  out.Put(R"({"kind":"span_end","id":"s","duration_ns":)" + end_ns + "}\n");
  out.Put(R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + end_ns + "}\n");
}

void WriteManyTags(FileWriter& out, std::uint64_t tags) {
  constexpr std::string_view kEmptyTags = R"("tags":{})";
  out.Put(kOpenMeta.substr(0, kOpenMeta.size() - kEmptyTags.size()));
  out.Put(R"("tags":{"t":"v")");
  out.UnknownMembers("t", R"("v")", tags - 1);
  out.Put("}}\n");
  out.Put(R"({"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function",)"
          R"("measured":true})"
          "\n");
  out.Put(R"({"kind":"span_end","id":"s","duration_ns":10})"
          "\n");
  out.Put(R"({"kind":"terminal","outcome":"complete","timestamp_ns":10})"
          "\n");
}

std::uint64_t HostileScale() {
  const char* text = std::getenv("TRACEDOC_HOSTILE_SCALE");
  if (text == nullptr) return 1;
  const std::uint64_t scale = std::strtoull(text, nullptr, 10);
  return scale == 0 ? 1 : scale;
}

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
  const std::uint64_t scale = HostileScale();
  const std::uint64_t string_bytes = 100 * kMiB / scale;
  std::vector<HostileCase> cases;

  // A 100 MiB string: as an unknown member's value and as a known field, written plainly and
  // escaped (the escape first, so that a reader which copies escaped strings copies all of it).
  auto unknown_value = [=](std::string_view first) {
    return [=](FileWriter& out) {
      out.Put(kOpenMeta);
      out.Put(R"(,"x_blob":")");
      out.Put(first);
      out.Repeat("abcdefgh", string_bytes / 8);
      out.Put("\"}\n");
      out.Put(kTerminal);
    };
  };
  auto span_name = [=](std::string_view first) {
    return [=](FileWriter& out) {
      out.Put(kOpenMeta);
      out.Put("}\n");
      out.Put(R"({"kind":"span_start","id":"s","name":")");
      out.Put(first);
      out.Repeat("abcdefgh", string_bytes / 8);
      out.Put(R"(","start_ns":0,"span_kind":"function","measured":true})");
      out.Put("\n");
      out.Put(R"({"kind":"span_end","id":"s","duration_ns":5})");
      out.Put("\n");
      out.Put(kTerminal);
    };
  };
  cases.push_back({"string_100mib_unknown_value", kReadCommands, unknown_value("")});
  cases.push_back({"string_100mib_span_name", kReadCommands, span_name("")});
  cases.push_back({"string_100mib_escaped_span_name", kReadCommands, span_name(R"(\n)")});
  cases.push_back({"string_100mib_escaped_unknown_value", kReadCommands, unknown_value(R"(\n)")});
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
  // Arrays in an unknown key: a 100 MiB array of numbers, and 10^5 exponents beyond 32 bits in
  // one line (F1; valid, each rounds to zero).
  auto unknown_array = [](std::string_view first, std::string_view element, std::uint64_t count) {
    return [=](FileWriter& out) {
      out.Put(kOpenMeta);
      out.Put(R"(,"x_array":[)");
      out.Put(first);
      out.Repeat(element, count);
      out.Put("]}\n");
      out.Put(kTerminal);
    };
  };
  cases.push_back({"number_array_100mib_unknown", kReadCommands,
                   unknown_array("1.5", ",12345.5", string_bytes / 8)});
  cases.push_back({"over_range_exponents_1e5_in_one_line", kReadCommands,
                   unknown_array("0", ",1e-99999999999", 100000 / scale)});
  // A shape of 4M dimensions in a known field (F6).
  cases.push_back({"shape_4m_dimensions", kReadCommands, [=](FileWriter& out) {
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
                   }});
  // F2: span ids that all share one value of the old, unseeded HashBytes, which the string pool
  // and the builder's span index used; and, to compare times with, ordinary ids of one size.
  const std::size_t span_pairs = 40000 / scale;
  cases.push_back(
      {"colliding_span_ids_40k",
       kReadCommands,
       [=](FileWriter& out) { WriteSpanPairs(out, IdsCollidingUnderOldHashBytes(span_pairs)); },
       {},
       0,
       10.0});
  cases.push_back({"ordinary_span_ids_40k",
                   kReadCommands,
                   [=](FileWriter& out) { WriteSpanPairs(out, OrdinaryIds(span_pairs)); },
                   {},
                   0,
                   10.0});
  // F3: storage ids that all share one std::hash<std::string_view> value, which the logical
  // memory replay's storage map used. All allocated, then all freed.
  cases.push_back({"colliding_storage_ids_80k",
                   {"summary"},
                   [=](FileWriter& out) {
                     const std::vector<std::string> ids = IdsCollidingUnderStdHash(80000 / scale);
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     out.Put(kRootSpan);
                     std::uint64_t timestamp = 1;
                     for (const std::string& id : ids) {
                       PutMemoryEvent(out, timestamp++, id, "cpu", true);
                     }
                     for (const std::string& id : ids) {
                       PutMemoryEvent(out, timestamp++, id, "cpu", false);
                     }
                     out.Put(kLateTerminal);
                   },
                   {},
                   0,
                   10.0});
  // F4: 8,000 storages, each on its own device, all live at once and then freed together. Each
  // timeline point lists every live device, so `memory` writes about 300 MB for 1 MB of input,
  // which it must stream.
  const std::uint64_t devices = 8000 / scale;
  const auto write_devices = [=](FileWriter& out) {
    out.Put(kOpenMeta);
    out.Put("}\n");
    out.Put(kRootSpan);
    for (std::uint64_t d = 0; d < devices; ++d) {
      PutMemoryEvent(out, d + 1, "s" + Decimal(d), "d" + Decimal(d), true);
    }
    for (std::uint64_t d = 0; d < devices; ++d) {
      PutMemoryEvent(out, devices + 1, "s" + Decimal(d), "d" + Decimal(d), false);
    }
    out.Put(kLateTerminal);
  };
  cases.push_back({"devices_8000_memory",
                   {"memory", "validate", "summary"},
                   write_devices,
                   {},
                   128 * kMiB,
                   0,
                   {{"memory", devices * devices * 3}}});
  // Issue 14: the timeline export writes a counter only for the devices a timestamp changed, so
  // the same input gives 8,000 processes and 16,000 counters, not 8,000 × 8,000 values; the
  // report keeps to its element budget.
  cases.push_back({"devices_8000_memory_export_report",
                   {"export --format chrome", "export --format speedscope", "report"},
                   write_devices,
                   {},
                   64 * kMiB,
                   10.0,
                   {{"export --format chrome", devices * 100}}});
  // Issue 14: 100,000 roots that all overlap need 100,000 tracks; finding a free one must not
  // scan the others.
  const std::uint64_t roots = 100'000 / scale;
  cases.push_back({"overlapping_roots_1e5_export_report",
                   {"export --format chrome", "export --format speedscope", "report"},
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     for (std::uint64_t i = 0; i < roots; ++i) {
                       out.Put(R"({"kind":"span_start","id":"r)" + Decimal(i) +
                               R"(","name":"n","start_ns":)" + Decimal(i) +
                               R"(,"span_kind":"function","measured":true})"
                               "\n");
                     }
                     for (std::uint64_t i = 0; i < roots; ++i) {
                       out.Put(R"({"kind":"span_end","id":"r)" + Decimal(i) +
                               R"(","duration_ns":100000000})"
                               "\n");
                     }
                     out.Put(kLateTerminal);
                   },
                   {},
                   0,
                   10.0,
                   {{"export --format chrome", roots * 150}}});
  // Issue 14: a chain of 100,000 nested spans; the walk is a loop, not a recursion.
  cases.push_back({"nested_spans_1e5_deep_export_report",
                   {"export --format chrome", "export --format speedscope", "report"},
                   [=](FileWriter& out) {
                     out.Put(kOpenMeta);
                     out.Put("}\n");
                     for (std::uint64_t i = 0; i < roots; ++i) {
                       out.Put(R"({"kind":"span_start","id":"s)" + Decimal(i) + '"' +
                               (i == 0 ? std::string() : R"(,"parent_id":"s)" + Decimal(i - 1) + '"') +
                               R"(,"name":"n","start_ns":)" + Decimal(i) +
                               R"(,"span_kind":"function","measured":true})"
                               "\n");
                     }
                     for (std::uint64_t i = roots; i-- > 0;) {
                       out.Put(R"({"kind":"span_end","id":"s)" + Decimal(i) +
                               R"(","duration_ns":)" + Decimal(2 * (roots - i)) + "}\n");
                     }
                     out.Put(kLateTerminal);
                   },
                   {},
                   0,
                   10.0,
                   {{"export --format chrome", roots * 150}}});
  // F5: lines of 20 MB read with four threads, which read ahead by a count of blocks.
  cases.push_back({"threads_12_lines_of_100mb",
                   kReadCommands,
                   [=](FileWriter& out) { WriteTwelveBigLines(out, 20 * kMiB / scale); },
                   {"--threads", "4"}});
  // Issue 15: a trace/6 run of 100,000 allocs, each a new global peak. The peak's live tensors
  // are gathered once, after the replay, not at each new peak (which would be quadratic).
  const std::uint64_t allocs = 100'000 / scale;
  cases.push_back({"trace6_rising_allocs_1e5",
                   {"memory", "summary", "health", "export --format chrome", "export --format speedscope",
                    "report"},
                   [=](FileWriter& out) {
                     out.Put(R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r",)"
                             R"("correlation_id":"c","entrypoint":"e","phase":"train",)"
                             R"("timestamp":"t","capture_step":1,"warmup_steps":0,)"
                             R"("device":"cpu","timing_mode":"host","tags":{}})"
                             "\n");
                     out.Put(kRootSpan);
                     for (std::uint64_t i = 0; i < allocs; ++i) {
                       // Within the root span (0 to 1000 ns), so that health finds no error.
                       out.Put(R"({"kind":"memory","timestamp_ns":)" + Decimal(i * 1000 / allocs) +
                               R"(,"tensor_id":"t)" + Decimal(i) +
                               R"(","span_id":"root","device":"cpu","bytes":1,"action":"alloc",)"
                               R"("dtype":"u8","category":"activation"})"
                               "\n");
                     }
                   },
                   {},
                   0,
                   10.0,
                   {{"memory", allocs * 100}}});
  // Issue 17: TraceML exports, read, summarized and converted.
  for (HostileCase& traceml : TraceMLCases(scale)) cases.push_back(std::move(traceml));
  return cases;
}

}  // namespace tracedoc::hostile
