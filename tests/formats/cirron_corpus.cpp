// The Cirron spool cases of the format corpus (docs/cirron-spool.md, rule by rule). Each case is
// a seeded spool from tests/support/cirron_spool_writer with one fault (a few with two, to pin
// which is reported first), written as a `.cirron` directory, a bare spool directory or one
// batch file, its batches on one line as the SDK writes them or indented (indent=2) so that
// the line and column of a fault inside a batch file both matter.
#include <charconv>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "formats/format_corpus.hpp"
#include "formats/json_tree.hpp"
#include "support/cirron_spool_writer.hpp"

namespace tracedoc::formats {
namespace {

struct Batch {
  std::string file_name;
  JsonNode tree;
  /// Applied to the written text, for faults a tree cannot hold (a cut file, text after it).
  std::function<std::string(std::string)> edit_text;
};

struct Spool {
  std::vector<Batch> batches;
  /// Other files and directories of the spool directory, relative to it.
  std::vector<CorpusFile> extra_files;
  std::vector<std::string> extra_directories;
};

using Edit = std::function<void(Spool&)>;

// Numbers with a fraction to 6 significant digits, a point kept: small files, whose layout
// does not hang on the last digits of the writer's random doubles. Rounding keeps the order of
// histogram bins.
void ShortenFractions(JsonNode& node) {
  for (JsonNode& item : node.items) ShortenFractions(item);
  for (JsonMember& member : node.members) ShortenFractions(member.value);
  if (node.kind != JsonNode::Kind::kScalar || node.raw.find('.') == std::string::npos ||
      node.raw.front() == '"') {
    return;
  }
  double value = 0;
  std::from_chars(node.raw.data(), node.raw.data() + node.raw.size(), value);
  char text[32];
  const auto end =
      std::to_chars(text, text + sizeof text, value, std::chars_format::general, 6).ptr;
  node.raw.assign(text, end);
  if (node.raw.find_first_of(".e") == std::string::npos) node.raw += ".0";
}

// The spools the cases start from. The run (`plain` false) is cut into five batches:
//   b0: spans data_load forward backward optimizer_step step data_load; marks seed (int, on
//       "root"), loss (float, unknown keys unit and ema=NaN)
//   b1: spans forward backward optimizer_step step; marks loss, tokens (int); snapshots x2
//       in mode sampled with a blob
//   b2: spans epoch data_load forward backward optimizer_step step data_load; marks loss
//   b3: spans forward backward optimizer_step step; marks loss, tokens; snapshots x2 in mode
//       stats
//   b4: spans epoch cirron.session; marks converged (bool), phase (string, summary)
// The plain one is another seed and shape, without NaN, unknown keys or blobs.
Spool BaseSpool(bool plain) {
  testing_support::CirronSpoolPlan plan;
  if (plain) {
    plan.seed = 7;
    plan.epochs = 3;
    plan.steps_per_epoch = 1;
    plan.records_per_batch = 5;
    plan.nan_losses = false;
    plan.unknown_keys = false;
    plan.sampled_snapshots = false;
  } else {
    plan.seed = 1;
    plan.epochs = 2;
    plan.steps_per_epoch = 2;
    plan.records_per_batch = 8;
  }
  const testing_support::GeneratedSpool generated = testing_support::GenerateCirronSpool(plan);
  Spool spool;
  for (std::size_t i = 0; i < generated.batches.size(); ++i) {
    JsonNode tree = ParseJsonTree(generated.texts[i]);
    ShortenFractions(tree);
    spool.batches.push_back(Batch{generated.batches[i].file_name, std::move(tree), nullptr});
  }
  return spool;
}

// ---- edits -------------------------------------------------------------------------------------

Edit All(std::initializer_list<Edit> edits) {
  return [list = std::vector<Edit>(edits)](Spool& spool) {
    for (const Edit& edit : list) edit(spool);
  };
}

// The value at `path` in batch `b` becomes `raw`, written as is.
Edit Set(std::size_t b, std::string path, std::string raw) {
  return [=](Spool& spool) { NodeAt(spool.batches.at(b).tree, path) = RawJson(raw); };
}

// The value at `to` in batch `b_to` becomes a copy of the one at `from` in batch `b_from`.
Edit Copy(std::size_t b_from, std::string from, std::size_t b_to, std::string to) {
  return [=](Spool& spool) {
    NodeAt(spool.batches.at(b_to).tree, to) = NodeAt(spool.batches.at(b_from).tree, from);
  };
}

Edit Remove(std::size_t b, std::string path) {
  return [=](Spool& spool) {
    const MemberPlace place = MemberAt(spool.batches.at(b).tree, path);
    place.object->members.erase(place.object->members.begin() +
                                static_cast<std::ptrdiff_t>(place.index));
  };
}

// The member at `path` written again right after itself, with the value `raw` (or its own).
Edit Repeat(std::size_t b, std::string path, std::string raw = {}) {
  return [=](Spool& spool) {
    const MemberPlace place = MemberAt(spool.batches.at(b).tree, path);
    JsonMember again = place.object->members[place.index];
    if (!raw.empty()) again.value = RawJson(raw);
    place.object->members.insert(
        place.object->members.begin() + static_cast<std::ptrdiff_t>(place.index) + 1, again);
  };
}

// The member at `path` moved to the end of its object.
Edit MoveLast(std::size_t b, std::string path) {
  return [=](Spool& spool) {
    const MemberPlace place = MemberAt(spool.batches.at(b).tree, path);
    JsonMember member = place.object->members[place.index];
    place.object->members.erase(place.object->members.begin() +
                                static_cast<std::ptrdiff_t>(place.index));
    place.object->members.push_back(member);
  };
}

// A member `key: raw` added at the end of the object at `path`.
Edit AddMember(std::size_t b, std::string path, std::string key, std::string raw) {
  return [=](Spool& spool) {
    NodeAt(spool.batches.at(b).tree, path).members.push_back(JsonMember{key, RawJson(raw)});
  };
}

Edit AppendItem(std::size_t b, std::string path, std::string raw) {
  return
      [=](Spool& spool) { NodeAt(spool.batches.at(b).tree, path).items.push_back(RawJson(raw)); };
}

Edit DropLastItem(std::size_t b, std::string path) {
  return [=](Spool& spool) { NodeAt(spool.batches.at(b).tree, path).items.pop_back(); };
}

// The span's end_ns one nanosecond before its start_ns.
Edit EndOneBeforeStart(std::size_t b, std::string span_path) {
  return [=](Spool& spool) {
    JsonNode& span = NodeAt(spool.batches.at(b).tree, span_path);
    NodeAt(span, "end_ns") = RawJson(std::to_string(std::stoull(NodeAt(span, "start_ns").raw) - 1));
  };
}

Edit EditText(std::size_t b, std::function<std::string(std::string)> edit) {
  return [=](Spool& spool) { spool.batches.at(b).edit_text = edit; };
}

// The whole file replaced by `text`.
Edit Replace(std::size_t b, std::string text) {
  return EditText(b, [text](const std::string&) { return text; });
}

Edit Rename(std::size_t b, std::function<std::string(const std::string&)> rename) {
  return
      [=](Spool& spool) { spool.batches.at(b).file_name = rename(spool.batches.at(b).file_name); };
}

Edit Evict(std::size_t count) {
  return [=](Spool& spool) {
    spool.batches.erase(spool.batches.begin(),
                        spool.batches.begin() + static_cast<std::ptrdiff_t>(count));
  };
}

Edit ExtraFile(std::string path, std::string bytes) {
  return [=](Spool& spool) { spool.extra_files.push_back(CorpusFile{path, bytes}); };
}

Edit DropAllBatches() {
  return [](Spool& spool) { spool.batches.clear(); };
}

// `depth` arrays one inside the other around a 0.
std::string Nested(std::size_t depth) {
  return std::string(depth, '[') + "0" + std::string(depth, ']');
}

// The 20 digits of a batch file name replaced.
std::function<std::string(const std::string&)> WithDigits(std::string digits) {
  return [digits](const std::string& name) { return digits + name.substr(20); };
}

// A text cut after `fraction` of its bytes.
std::function<std::string(std::string)> CutAt(double fraction) {
  return [fraction](std::string text) {
    return text.substr(0, static_cast<std::size_t>(static_cast<double>(text.size()) * fraction));
  };
}

// ---- cases -------------------------------------------------------------------------------------

enum class Layouts { kOneLine, kIndented, kBoth };
enum class Input { kCirronDirectory, kSpoolDirectory, kBatchFile };

struct Where {
  Layouts layouts = Layouts::kOneLine;
  Input input = Input::kCirronDirectory;
  /// With kBatchFile, the batch given (its index once the edit is applied).
  std::size_t batch_file = 0;
  bool plain = false;
};

constexpr Where kLine{};
constexpr Where kIndented{Layouts::kIndented};
constexpr Where kBoth{Layouts::kBoth};

// The base spools, made once and only when a case is built.
const Spool& RunSpool() {
  static const auto* const spool = new Spool(BaseSpool(false));
  return *spool;
}
const Spool& PlainSpool() {
  static const auto* const spool = new Spool(BaseSpool(true));
  return *spool;
}

CaseContent BuildSpoolCase(const std::string& name, const Edit& edit, const Where& where,
                           JsonLayout layout) {
  Spool spool = where.plain ? PlainSpool() : RunSpool();
  try {
    if (edit) edit(spool);
  } catch (const std::exception& error) {
    // A case that names a place its spool does not have is a bug of the corpus.
    throw std::logic_error(name + ": " + error.what());
  }
  CaseContent out;
  const std::string directory = where.input == Input::kSpoolDirectory ? "spool" : ".cirron/spool";
  out.directories.push_back(directory);
  for (const Batch& batch : spool.batches) {
    // As the SDK writes a batch: no newline at the end.
    std::string text = WriteJsonTree(batch.tree, layout);
    if (batch.edit_text) text = batch.edit_text(std::move(text));
    out.files.push_back(CorpusFile{directory + "/" + batch.file_name, std::move(text)});
  }
  for (const CorpusFile& extra : spool.extra_files) {
    out.files.push_back(CorpusFile{directory + "/" + extra.path, extra.bytes});
  }
  for (const std::string& extra : spool.extra_directories) {
    out.directories.push_back(directory + "/" + extra);
  }
  switch (where.input) {
    case Input::kCirronDirectory:
      out.input = ".cirron";
      break;
    case Input::kSpoolDirectory:
      out.input = "spool";
      break;
    case Input::kBatchFile:
      out.input = directory + "/" + spool.batches.at(where.batch_file).file_name;
      break;
  }
  return out;
}

class SpoolCases {
 public:
  /// `cirron/RULE/WHAT/LAYOUT` for each layout of `where`.
  void Add(const std::string& rule, const std::string& what, const Edit& edit,
           const Where& where = kLine) {
    if (where.layouts != Layouts::kIndented) Emit(rule, what, edit, where, JsonLayout::kOneLine);
    if (where.layouts != Layouts::kOneLine) Emit(rule, what, edit, where, JsonLayout::kIndented);
  }

  /// A case whose input names no file at all.
  void AddMissingInput(const std::string& rule, const std::string& what) {
    cases_.push_back(FormatCase{"cirron/" + rule + "/" + what, {"--from", "cirron"}, [] {
                                  return CaseContent{"no_such_spool", {}, {}};
                                }});
  }

  std::vector<FormatCase> Take() { return std::move(cases_); }

 private:
  void Emit(const std::string& rule, const std::string& what, const Edit& edit, const Where& where,
            JsonLayout layout) {
    const std::string name =
        "cirron/" + rule + "/" + what + "/" + (layout == JsonLayout::kOneLine ? "line" : "indent2");
    cases_.push_back(FormatCase{
        name, {"--from", "cirron"}, [=] { return BuildSpoolCase(name, edit, where, layout); }});
  }

  std::vector<FormatCase> cases_;
};

void ValidSpools(SpoolCases& c) {
  c.Add("ok", "seed1", nullptr, kBoth);
  c.Add("ok", "seed7_plain", nullptr, Where{Layouts::kBoth, Input::kCirronDirectory, 0, true});
  c.Add("ok", "spool_directory", nullptr, Where{Layouts::kOneLine, Input::kSpoolDirectory});
  c.Add("ok", "tmp_file_skipped",
        ExtraFile("01764000000002000000-ffffffffffffffffffffffffffffffff.json.tmp",
                  "{\"schema_version\": 1, \"sdk_ver"));
  c.Add("ok", "tmp_file_with_any_name_skipped", ExtraFile("partial.json.tmp", "{"));
  c.Add("ok", "subdirectory_ignored", [](Spool& spool) {
    spool.extra_directories.push_back("old");
    spool.extra_files.push_back(CorpusFile{"old/notes.txt", "not a batch"});
  });
  c.Add("ok", "created_ns_u64_max",
        All({Rename(4, WithDigits("18446744073709551615")),
             Set(4, "created_ns", "18446744073709551615")}));
  c.Add("ok", "float_value_integer_literal", Set(0, "marks[1].value", "3"));
  c.Add("ok", "non_finite_values",
        All({Set(1, "marks[0].value", "-Infinity"), Set(1, "snapshots[0].stats.mean", "Infinity"),
             Set(3, "snapshots[1].stats.norm", "NaN")}),
        kIndented);
  c.Add("ok", "nan_bin_compared_with_nothing",
        All({Set(1, "snapshots[0].stats.histogram.bins[8]", "NaN"),
             Set(1, "snapshots[0].stats.histogram.bins[9]", "-5.0")}));
  c.Add("ok", "end_equals_start", Copy(0, "spans[3].start_ns", 0, "spans[3].end_ns"));
  c.Add("ok", "stats_null_in_mode_stats", Set(3, "snapshots[0].stats", "null"));
  c.Add("ok", "mode_full_with_blob", Set(1, "snapshots[1].mode", "\"full\""));
  c.Add("ok", "extra_keys_in_stats_and_histogram",
        All({AddMember(1, "snapshots[0].stats", "p50", "0.01"),
             AddMember(3, "snapshots[1].stats.histogram", "edges", "\"linear\"")}));
  c.Add("ok", "unknown_key_twice", Repeat(0, "hostname"));
  c.Add("ok", "attrs_key_twice",
        Set(0, "spans[4].attrs", "{\"batch_size\": 32, \"batch_size\": 64}"));
  c.Add("warn_missing_mark", "mark_id_equal_to_a_span_id_is_no_duplicate",
        Copy(0, "spans[0].id", 2, "marks[0].id"));
  c.Add("ok", "empty_batch", [](Spool& spool) {
    const std::string id = "0123456789abcdef0123456789abcdef";
    spool.batches.push_back(Batch{
        testing_support::CirronBatchFileName(1764000000009000000, id),
        ParseJsonTree("{\"schema_version\": 1, \"sdk_version\": \"0.4.2\", \"batch_id\": \"" + id +
                      "\", \"created_ns\": 1764000000009000000, \"spans\": [], \"marks\": "
                      "[], \"snapshots\": []}"),
        nullptr});
  });
  c.Add("ok", "white_space_around_object",
        EditText(2, [](std::string text) { return "\n\t  " + text + "\n\n"; }));
  c.Add("ok", "nesting_62_levels", AddMember(0, "", "deep", Nested(61)));
  // Read, but the conversion's trace text nests the unknown key two levels deeper than the
  // trace reader's bound: the error's position is in that text, not in the batch.
  c.Add("edge", "nesting_63_levels_too_deep_once_converted", AddMember(0, "", "deep", Nested(62)));
  c.Add("finding", "nested_epoch_is_an_error", Copy(4, "spans[0].id", 2, "spans[0].parent_id"));
  c.Add("cirron_empty_spool", "no_batch", DropAllBatches());
  c.Add("cirron_empty_spool", "only_a_tmp_file",
        All({DropAllBatches(),
             ExtraFile("01764000000000000001-00000000000000000000000000000001.json.tmp", "{")}));
  c.AddMissingInput("io_error", "no_such_path");
}

void UnresolvedReferences(SpoolCases& c) {
  const std::string unknown_id = "\"00000000000000000000000000000bad\"";
  c.Add("warn_evicted", "first_two_batches", Evict(2), kIndented);
  c.Add("warn_single_batch_file", "b2", nullptr, Where{Layouts::kBoth, Input::kBatchFile, 2});
  c.Add("warn_single_batch_file", "b4", nullptr, Where{Layouts::kOneLine, Input::kBatchFile, 4});
  c.Add("warn_missing_parent", "b0_span1", Set(0, "spans[1].parent_id", unknown_id));
  c.Add("warn_missing_parent", "b3_span3", Set(3, "spans[3].parent_id", unknown_id), kBoth);
  c.Add("warn_missing_mark", "b0_span4_mark_ids0", Set(0, "spans[4].mark_ids[0]", unknown_id),
        kIndented);
  c.Add("warn_missing_mark", "b2_span0_mark_ids1", AppendItem(2, "spans[0].mark_ids", unknown_id));
  c.Add("warn_missing_span", "b0_mark1", Set(0, "marks[1].span_id", unknown_id));
  c.Add("warn_missing_span", "b1_snapshot1", Set(1, "snapshots[1].span_id", unknown_id), kBoth);
  c.Add("warn_missing_span", "b3_snapshot0", Set(3, "snapshots[0].span_id", unknown_id));
  c.Add("warn_several", "in_batch_then_record_order",
        All({Set(3, "snapshots[0].span_id", unknown_id), Set(3, "marks[1].span_id", unknown_id),
             Set(3, "spans[2].parent_id", unknown_id), Set(1, "spans[0].parent_id", unknown_id),
             AppendItem(1, "spans[3].mark_ids", unknown_id)}),
        kBoth);
}

void FileNames(SpoolCases& c) {
  const auto upper_hex = [](const std::string& name) {
    std::string out = name;
    for (std::size_t i = 21; i < 53; ++i) {
      if (out[i] >= 'a' && out[i] <= 'f') out[i] = static_cast<char>(out[i] - 'a' + 'A');
    }
    return out;
  };
  c.Add("cirron_file_name", "b0_upper_case_hex", Rename(0, upper_hex));
  c.Add("cirron_file_name", "b4_19_digits",
        Rename(4, [](const std::string& name) { return name.substr(1); }));
  c.Add("cirron_file_name", "b4_digits_above_u64", Rename(4, WithDigits("18446744073709551616")));
  c.Add("cirron_file_name", "b2_jsonl_suffix",
        Rename(2, [](const std::string& name) { return name + "l"; }));
  c.Add("cirron_file_name", "readme_in_spool", ExtraFile("README.md", "# spool\n"));
  c.Add("cirron_file_name", "single_file_misnamed",
        Rename(3, [](const std::string&) { return std::string("batch.json"); }),
        Where{Layouts::kOneLine, Input::kBatchFile, 3});
  c.Add("cirron_name_mismatch", "b0_created_ns", Set(0, "created_ns", "1764000000000410139"),
        kIndented);
  c.Add("cirron_name_mismatch", "b0_batch_id",
        Set(0, "batch_id", "\"2211741b9ac6fd2b8d894187c75a49b4\""));
  c.Add("cirron_name_mismatch", "b4_batch_id",
        Set(4, "batch_id", "\"ffffffffffffffffffffffffffffffff\""));
  c.Add("first_error", "fields_before_name_checks",
        All({Set(1, "created_ns", "1"), Set(1, "snapshots[1].mode", "\"partial\"")}));
  c.Add("first_error", "file_name_before_json",
        All({Replace(0, "not json"), Rename(0, upper_hex)}));
  c.Add("first_error", "earlier_file_wins",
        All({Set(1, "marks[0].kind", "\"pt\""), Rename(3, upper_hex)}));
}

void JsonSyntax(SpoolCases& c) {
  c.Add("invalid_utf8", "b0_sdk_version", Set(0, "sdk_version", "\"0.4.\xff\""));
  c.Add("invalid_utf8", "b3_span_name", Set(3, "spans[2].name", "\"back\xc3\x28ward\""), kIndented);
  c.Add("invalid_utf8", "b4_surrogate_in_unknown_value",
        Set(4, "hostname", "\"node-\xed\xa0\x80\""));
  c.Add("invalid_json", "b0_text_after_object",
        EditText(0, [](std::string text) { return text + " x"; }));
  c.Add("invalid_json", "b3_second_object",
        EditText(3, [](std::string text) { return text + "\n{}"; }), kIndented);
  c.Add("invalid_json", "b0_cut_in_half", EditText(0, CutAt(0.5)));
  c.Add("invalid_json", "b4_cut_near_end", EditText(4, CutAt(0.9)), kIndented);
  c.Add("invalid_json", "b0_missing_comma", Set(0, "spans[2].pid", "12345 \"x\": 1"), kBoth);
  c.Add("invalid_json", "b0_infinity_with_fraction", Set(0, "marks[1].value", "Infinity.5"), kBoth);
  c.Add("invalid_json", "b1_nan_with_exponent", Set(1, "marks[0].value", "NaNe5"));
  c.Add("invalid_json", "b3_zero_with_two_exponents",
        Set(3, "snapshots[1].stats.histogram.bins[2]", "0e212e9"));
  c.Add("invalid_json", "b2_leading_zero", Set(2, "spans[3].pid", "012345"));
  c.Add("invalid_json", "b2_control_character_in_string", Set(2, "spans[1].name", "\"data\tload\""),
        kIndented);
  c.Add("invalid_json", "b4_bad_escape", Set(4, "spans[1].name", "\"cirron\\x.session\""));
  c.Add("invalid_json", "b0_empty_file", Replace(0, ""));
  c.Add("invalid_json", "b3_white_space_only", Replace(3, " \n\n \t\n"));
  c.Add("edge", "b0_byte_order_mark",
        EditText(0, [](std::string text) { return "\xef\xbb\xbf" + text; }));
  c.Add("edge", "b1_short_inf", Set(1, "marks[0].value", "Inf"));
  c.Add("out_of_range", "b1_stats_mean_1e999", Set(1, "snapshots[0].stats.mean", "1e999"),
        kIndented);
  c.Add("out_of_range", "b0_unknown_value_minus_1e999", Set(0, "marks[1].ema", "-1e999"));
  c.Add("out_of_range", "b2_count_1e400", Set(2, "spans[4].start_ns", "1e400"));
  c.Add("limit_exceeded", "b0_nesting_65_levels", AddMember(0, "", "deep", Nested(64)));
  c.Add("limit_exceeded", "b3_nesting_in_attrs", Set(3, "spans[1].attrs", Nested(80)), kIndented);
  c.Add("not_an_object", "b0_array", Replace(0, "[]"));
  c.Add("not_an_object", "b3_string", Replace(3, "\"batch\""));
  c.Add("not_an_object", "b4_null", Replace(4, "null"));
  c.Add("first_error", "json_before_fields",
        All({Set(0, "sdk_version", "4"), EditText(0, [](std::string t) { return t + "]"; })}));
}

void BatchFields(SpoolCases& c) {
  c.Add("cirron_unsupported_schema", "b0_two", Set(0, "schema_version", "2"));
  c.Add("cirron_unsupported_schema", "b3_zero", Set(3, "schema_version", "0"), kIndented);
  c.Add("cirron_unsupported_schema", "b0_string", Set(0, "schema_version", "\"1\""));
  c.Add("cirron_unsupported_schema", "b2_null", Set(2, "schema_version", "null"));
  c.Add("cirron_unsupported_schema", "b0_checked_first_wherever_written",
        All({MoveLast(0, "schema_version"), Set(0, "schema_version", "2"), Set(0, "spans", "5"),
             Remove(0, "sdk_version")}),
        kBoth);
  c.Add("missing_field", "b0_schema_version", Remove(0, "schema_version"));
  c.Add("missing_field", "b0_sdk_version", Remove(0, "sdk_version"));
  c.Add("missing_field", "b3_spans", Remove(3, "spans"), kIndented);
  c.Add("missing_field", "b4_snapshots", Remove(4, "snapshots"));
  c.Add("duplicate_key", "b0_sdk_version", Repeat(0, "sdk_version"));
  c.Add("duplicate_key", "b3_spans", Repeat(3, "spans", "[]"));
  c.Add("duplicate_key", "b0_schema_version_twice_the_same", Repeat(0, "schema_version"));
  c.Add("invalid_type", "b0_sdk_version_number", Set(0, "sdk_version", "4"));
  c.Add("invalid_type", "b3_spans_object", Set(3, "spans", "{}"), kIndented);
  c.Add("invalid_type", "b4_marks_null", Set(4, "marks", "null"));
  c.Add("invalid_type", "b0_span1_not_an_object", Set(0, "spans[1]", "5"));
  c.Add("cirron_invalid_id", "b0_batch_id_31_characters",
        Set(0, "batch_id", "\"2211741b9ac6fd2b8d894187c75a49b\""));
  c.Add("cirron_invalid_id", "b3_batch_id_upper_case",
        Set(3, "batch_id", "\"FAC253A5BEFA3F624C652287E994B537\""), kIndented);
  c.Add("first_error", "table_order_not_input_order",
        All({MoveLast(1, "sdk_version"), Set(1, "sdk_version", "1"), Set(1, "spans[0].pid", "-1")}),
        kIndented);
  c.Add("first_error", "spans_before_marks_whatever_the_order",
        All({MoveLast(0, "spans"), Set(0, "spans[5].rank", "\"0\""),
             Set(0, "marks[0].ts_ns", "1.5")}));
}

void SpanFields(SpoolCases& c) {
  c.Add("missing_field", "b0_span0_id", Remove(0, "spans[0].id"), kBoth);
  c.Add("missing_field", "b0_span4_end_ns", Remove(0, "spans[4].end_ns"));
  c.Add("missing_field", "b2_span0_mark_ids", Remove(2, "spans[0].mark_ids"));
  c.Add("missing_field", "b3_span3_attrs", Remove(3, "spans[3].attrs"));
  c.Add("duplicate_key", "b0_span2_name", Repeat(0, "spans[2].name"), kIndented);
  c.Add("invalid_type", "b0_span0_start_ns_string", Set(0, "spans[0].start_ns", "\"1\""));
  c.Add("invalid_type", "b0_span4_index_string", Set(0, "spans[4].index", "\"0\""));
  c.Add("invalid_type", "b2_span0_index_fraction", Set(2, "spans[0].index", "0.5"));
  c.Add("invalid_type", "b3_span0_parent_id_number", Set(3, "spans[0].parent_id", "7"), kIndented);
  c.Add("invalid_type", "b0_span1_attrs_array", Set(0, "spans[1].attrs", "[]"));
  c.Add("invalid_type", "b3_span3_mark_ids_object", Set(3, "spans[3].mark_ids", "{}"));
  c.Add("invalid_type", "b4_span1_mark_ids1_number", Set(4, "spans[1].mark_ids[1]", "5"),
        kIndented);
  c.Add("invalid_type", "b0_span5_start_ns_nan", Set(0, "spans[5].start_ns", "NaN"));
  c.Add("invalid_type", "b0_span1_gpu_ns_float", Set(0, "spans[1].gpu_ns", "291400.0"));
  c.Add("out_of_range", "b0_span0_start_ns_negative", Set(0, "spans[0].start_ns", "-1"));
  c.Add("out_of_range", "b3_span1_thread_id_above_u64",
        Set(3, "spans[1].thread_id", "18446744073709551616"));
  c.Add("cirron_invalid_id", "b0_span0_id_letter_g",
        Set(0, "spans[0].id", "\"38bcfc057e745a63ca26a1a840991e6g\""));
  c.Add("cirron_invalid_id", "b3_span3_id_33_characters",
        Set(3, "spans[3].id", "\"0123456789abcdef0123456789abcdef0\""), kIndented);
  c.Add("cirron_invalid_id", "b0_span1_parent_id_empty", Set(0, "spans[1].parent_id", "\"\""));
  c.Add("cirron_invalid_id", "b0_span4_mark_ids0_upper_case",
        Set(0, "spans[4].mark_ids[0]", "\"87A9F8B641C7EB81647C72C63386BCB5\""));
  c.Add("cirron_end_before_start", "b0_span0_one_ns_before", EndOneBeforeStart(0, "spans[0]"),
        kIndented);
  c.Add("cirron_end_before_start", "b2_span5", Set(2, "spans[5].end_ns", "1764000000000000000"),
        kBoth);
  c.Add("cirron_duplicate_id", "b0_span1_same_batch", Copy(0, "spans[0].id", 0, "spans[1].id"));
  c.Add("cirron_duplicate_id", "b3_span0_later_batch", Copy(0, "spans[0].id", 3, "spans[0].id"),
        kBoth);
  c.Add("first_error", "duplicate_id_before_later_batch",
        All({Copy(0, "spans[2].id", 1, "spans[1].id"), Set(3, "spans[0].pid", "\"x\"")}));
  c.Add("first_error", "duplicate_key_before_values",
        All({Set(2, "spans[1].start_ns", "\"x\""), Repeat(2, "spans[1].rank")}));
  c.Add("first_error", "record_fields_before_end_before_start",
        All({Set(0, "spans[1].end_ns", "1"), Set(0, "spans[1].rank", "-1")}));
}

void MarkFields(SpoolCases& c) {
  c.Add("missing_field", "b0_mark1_value", Remove(0, "marks[1].value"), kIndented);
  c.Add("missing_field", "b4_mark1_kind", Remove(4, "marks[1].kind"));
  c.Add("duplicate_key", "b0_mark1_value", Repeat(0, "marks[1].value", "2.0"));
  c.Add("duplicate_key", "b4_mark1_kind", Repeat(4, "marks[1].kind"));
  c.Add("invalid_type", "b0_mark0_id_number", Set(0, "marks[0].id", "5"));
  c.Add("invalid_type", "b4_mark0_name_null", Set(4, "marks[0].name", "null"), kIndented);
  c.Add("invalid_type", "b2_mark0_ts_ns_float", Set(2, "marks[0].ts_ns", "1.5e18"));
  c.Add("invalid_type", "b0_mark0_span_id_null", Set(0, "marks[0].span_id", "null"));
  c.Add("invalid_value", "b0_mark1_value_type_double", Set(0, "marks[1].value_type", "\"double\""));
  c.Add("invalid_value", "b4_mark0_kind_capital", Set(4, "marks[0].kind", "\"Point\""), kIndented);
  c.Add("cirron_value_type_mismatch", "b0_mark0_int_fraction", Set(0, "marks[0].value", "1.5"));
  c.Add("cirron_value_type_mismatch", "b0_mark1_float_string", Set(0, "marks[1].value", "\"x\""));
  c.Add("cirron_value_type_mismatch", "b4_mark0_bool_number", Set(4, "marks[0].value", "1"),
        kIndented);
  c.Add("cirron_value_type_mismatch", "b4_mark1_string_number", Set(4, "marks[1].value", "5"));
  c.Add("cirron_value_type_mismatch", "b1_mark1_int_nan", Set(1, "marks[1].value", "NaN"));
  c.Add("cirron_value_type_mismatch", "b3_mark1_int_exponent", Set(3, "marks[1].value", "1e3"));
  c.Add("out_of_range", "b0_mark0_int_above_i64", Set(0, "marks[0].value", "9223372036854775808"),
        kIndented);
  c.Add("out_of_range", "b3_mark0_ts_ns_negative", Set(3, "marks[0].ts_ns", "-1"));
  c.Add("cirron_invalid_id", "b0_mark1_span_id_root_upper_case",
        Set(0, "marks[1].span_id", "\"ROOT\""));
  c.Add("cirron_invalid_id", "b1_mark0_id_short", Set(1, "marks[0].id", "\"abc\""));
  c.Add("cirron_duplicate_id", "b1_mark0_later_batch", Copy(0, "marks[0].id", 1, "marks[0].id"),
        kIndented);
  c.Add("cirron_duplicate_id", "b4_mark1_same_batch", Copy(4, "marks[0].id", 4, "marks[1].id"));
  c.Add("first_error", "value_type_before_value",
        All({Set(0, "marks[1].value_type", "\"real\""), Set(0, "marks[1].value", "\"x\"")}));
}

void SnapshotFields(SpoolCases& c) {
  const std::string bins = "snapshots[0].stats.histogram.bins";
  c.Add("missing_field", "b1_snapshot0_stats", Remove(1, "snapshots[0].stats"));
  c.Add("missing_field", "b3_snapshot1_blob_uri", Remove(3, "snapshots[1].blob_uri"), kIndented);
  c.Add("missing_field", "b1_snapshot0_stats_mean", Remove(1, "snapshots[0].stats.mean"),
        kIndented);
  c.Add("missing_field", "b3_snapshot0_histogram", Remove(3, "snapshots[0].stats.histogram"));
  c.Add("missing_field", "b1_snapshot1_histogram_counts",
        Remove(1, "snapshots[1].stats.histogram.counts"), kIndented);
  c.Add("duplicate_key", "b1_snapshot0_mode", Repeat(1, "snapshots[0].mode"));
  c.Add("duplicate_key", "b1_snapshot1_stats_mean", Repeat(1, "snapshots[1].stats.mean"));
  c.Add("duplicate_key", "b3_snapshot0_histogram_bins",
        Repeat(3, "snapshots[0].stats.histogram.bins"), kIndented);
  c.Add("invalid_type", "b1_snapshot0_shape1_float", Set(1, "snapshots[0].shape[1]", "3.0"),
        kIndented);
  c.Add("invalid_type", "b3_snapshot0_stats_array", Set(3, "snapshots[0].stats", "[]"));
  c.Add("invalid_type", "b1_snapshot1_histogram_number",
        Set(1, "snapshots[1].stats.histogram", "5"));
  c.Add("invalid_type", "b1_snapshot1_bins3_string",
        Set(1, "snapshots[1].stats.histogram.bins[3]", "\"x\""));
  c.Add("invalid_type", "b3_snapshot1_counts2_fraction",
        Set(3, "snapshots[1].stats.histogram.counts[2]", "1.5"), kIndented);
  c.Add("invalid_type", "b1_snapshot0_bins_object", Set(1, bins, "{}"));
  c.Add("invalid_value", "b1_snapshot0_mode_partial", Set(1, "snapshots[0].mode", "\"partial\""));
  c.Add("invalid_value", "b3_snapshot1_mode_capital", Set(3, "snapshots[1].mode", "\"Stats\""),
        kIndented);
  c.Add("out_of_range", "b1_snapshot0_shape0_negative", Set(1, "snapshots[0].shape[0]", "-64"));
  c.Add("cirron_invalid_id", "b1_snapshot0_span_id_root",
        Set(1, "snapshots[0].span_id", "\"root\""), kIndented);
  c.Add("cirron_invalid_id", "b3_snapshot1_id_33_characters",
        Set(3, "snapshots[1].id", "\"0123456789abcdef0123456789abcdef0\""));
  c.Add("cirron_blob_uri_mismatch", "b3_snapshot0_stats_with_blob",
        Set(3, "snapshots[0].blob_uri", "\"file://.cirron/snapshots/x.safetensors\""));
  c.Add("cirron_blob_uri_mismatch", "b1_snapshot1_sampled_without_blob",
        Set(1, "snapshots[1].blob_uri", "null"), kBoth);
  c.Add("cirron_blob_uri_mismatch", "b1_snapshot0_full_without_blob",
        All({Set(1, "snapshots[0].mode", "\"full\""), Set(1, "snapshots[0].blob_uri", "null")}));
  c.Add("cirron_invalid_histogram", "b1_snapshot0_16_bins", DropLastItem(1, bins), kIndented);
  c.Add("cirron_invalid_histogram", "b1_snapshot0_18_bins", AppendItem(1, bins, "9.0"));
  c.Add("cirron_invalid_histogram", "b3_snapshot1_15_counts",
        DropLastItem(3, "snapshots[1].stats.histogram.counts"));
  c.Add("cirron_invalid_histogram", "b1_snapshot1_bin5_below_bin4",
        Set(1, "snapshots[1].stats.histogram.bins[5]", "-100.0"), kBoth);
  c.Add("cirron_invalid_histogram", "b3_snapshot0_last_bin_below",
        Set(3, "snapshots[0].stats.histogram.bins[16]", "-100.0"));
  c.Add("cirron_invalid_histogram", "b3_snapshot0_counts7_negative",
        Set(3, "snapshots[0].stats.histogram.counts[7]", "-3"), kBoth);
  c.Add("cirron_duplicate_id", "b3_snapshot0_later_batch",
        Copy(1, "snapshots[0].id", 3, "snapshots[0].id"), kIndented);
  c.Add("first_error", "mode_before_blob_uri",
        All({Set(3, "snapshots[1].mode", "\"none\""), Set(3, "snapshots[1].blob_uri", "\"x\"")}));
  c.Add(
      "first_error", "bin_count_before_order",
      All({AppendItem(1, bins, "9.0"), Set(1, "snapshots[0].stats.histogram.bins[3]", "-100.0")}));
}

}  // namespace

std::vector<FormatCase> CirronSpoolCorpus() {
  SpoolCases cases;
  ValidSpools(cases);
  UnresolvedReferences(cases);
  FileNames(cases);
  JsonSyntax(cases);
  BatchFields(cases);
  SpanFields(cases);
  MarkFields(cases);
  SnapshotFields(cases);
  return cases.Take();
}

}  // namespace tracedoc::formats
