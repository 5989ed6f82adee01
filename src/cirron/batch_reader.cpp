// A batch file read with the tape, its records streamed through their tables to the sink.
#include "cirron/batch_reader.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cirron/batch_file_name.hpp"
#include "cirron/record_tables.hpp"
#include "text/utf8.hpp"
#include "util/arena.hpp"

namespace tracedoc::cirron {
namespace {

constexpr std::size_t kSpanParent = 2;
constexpr std::size_t kSpanMarkIds = 13;
constexpr std::size_t kMarkSpanId = 1;
constexpr std::size_t kSnapshotSpanId = 1;
constexpr std::size_t kBatchId = 2;
constexpr std::size_t kBatchCreatedNs = 3;

TextPosition PositionOf(std::string_view text, std::size_t offset) {
  return LineCounter(text).At(offset);
}

}  // namespace

struct BatchReader::State final : json::ElementVisitor {
  State(const BatchReadOptions& read_options, SpoolSink& records)
      : options(read_options), sink(records) {
    ctx.strict_unknown_fields = options.spool.strict;
    ctx.non_finite_as_strings = options.non_finite_as_strings;
  }

  BatchReadOptions options;
  SpoolSink& sink;
  IdRegistry ids;
  References references;
  json::Tape tape;
  util::Arena arena{64 * 1024};
  format::DecodeContext ctx{tape, arena};

  // The batches' file names, for messages about an id given twice.
  std::vector<std::string> file_names;
  // The batch being read.
  std::uint32_t batch = 0;
  std::string_view path;
  std::string_view text;
  std::optional<LineCounter> lines;
  // The first error of each record array with one, reported where the batch object reads it.
  std::vector<format::StreamedElementError> element_errors;
  // The first id given twice, reported after the batch's own rules.
  std::optional<format::StreamedElementError> duplicate;
  // Once a record broke a rule the batch fails: later records only look for their arrays'
  // first errors, and go nowhere.
  bool failed = false;
  std::vector<std::pair<std::size_t, Reference>> record_references;
  // Bytes before what the tape parsed (a byte-order mark).
  std::size_t skipped = 0;
  // The non-finite literals of the batches that passed.
  std::uint64_t non_finite_numbers = 0;

  // Where node `node` starts in the file.
  std::size_t Offset(std::uint32_t node) const { return skipped + tape.offset(node); }

  Error ErrorAt(ErrorCode code, std::size_t offset, std::string field, std::string message) const {
    const TextPosition at = PositionOf(text, offset);
    Error error{code, at.line, std::nullopt, at.column, std::move(field), std::move(message)};
    if (!error.field.empty()) error.message = error.field + ": " + error.message;
    error.file = std::string(path);
    return error;
  }
  // The context's error, where its node (or the offset kept for an element's) is.
  Error ContextError() const {
    const std::size_t offset =
        ctx.error_offset ? *ctx.error_offset : Offset(ctx.error_node);
    return ErrorAt(ctx.error.code, offset, ctx.error.field, ctx.error.message);
  }

  bool StreamsMember(std::string_view key) override {
    return key == "spans" || key == "marks" || key == "snapshots";
  }

  bool OnElement(json::Tape&, std::string_view key, std::uint32_t index,
                 std::uint32_t node) override {
    const std::uint32_t array_node = node - 1;
    for (const format::StreamedElementError& earlier : element_errors) {
      if (earlier.array_node == array_node) return true;  // its first error is the one
    }
    arena.Reset();
    ctx.ClearUnescaped();
    ctx.unknown_members.clear();
    const format::PathStep array_step{nullptr, key};
    const format::PathStep element_step{&array_step, {}, static_cast<std::int64_t>(index)};
    ctx.path = &element_step;
    const RecordPlace place{batch, index};
    format::ObjectMembers members;
    bool ok = false;
    if (key == "spans") {
      SpanView span;
      ok = format::ReadObject(ctx, node, SpanFields(), span, span.unknown, {}, kRecordPolicy,
                              &members);
      if (ok && !failed) AcceptSpan(span, members, node, place);
    } else if (key == "marks") {
      MarkView mark;
      ok = format::ReadObject(ctx, node, MarkFields(), mark, mark.unknown, {}, kRecordPolicy,
                              &members);
      if (ok && !failed) AcceptMark(mark, members, node, place);
    } else {
      SnapshotView snapshot;
      ok = format::ReadObject(ctx, node, SnapshotFields(), snapshot, snapshot.unknown, {},
                              kRecordPolicy, &members);
      if (ok && !failed) AcceptSnapshot(snapshot, members, node, place);
    }
    ctx.path = nullptr;
    if (!ok) {
      element_errors.push_back({array_node, ctx.error, Offset(ctx.error_node)});
      failed = true;
    }
    return true;
  }

  // Registers the record's id; the first id given twice is kept as the batch's last error.
  void Register(RecordArray array, const HexId& id, std::uint32_t id_node, RecordPlace place) {
    const std::optional<RecordPlace> first = ids.Add(array, ParseId(id.text), place);
    if (!first || duplicate) return;
    const std::string here =
        std::string(RecordArrayName(array)) + '[' + std::to_string(place.index) + "].id";
    const std::string there = std::string(RecordArrayName(array)) + '[' +
                              std::to_string(first->index) + "].id";
    duplicate = format::StreamedElementError{
        0,
        Error{ErrorCode::kCirronDuplicateId, 0, std::nullopt, std::nullopt, here,
              "id " + std::string(id.text) + " already given at " + file_names[first->batch] +
                  " " + there},
        Offset(id_node)};
  }

  void AddReference(ReferenceKind kind, const HexId& target, std::uint32_t node,
                    RecordPlace place, std::uint32_t entry = 0) {
    Reference reference{ParseId(target.text), place, entry, kind, {}};
    record_references.emplace_back(Offset(node), reference);
  }
  // The record's position, then its references' in the order they stand in the file (the line
  // counter only moves forward), then hands them over.
  TextPosition PlaceReferences(std::uint32_t node) {
    const TextPosition position = lines->At(Offset(node));
    std::sort(record_references.begin(), record_references.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [offset, reference] : record_references) {
      reference.position = lines->At(offset);
      references.Add(ids, reference);
    }
    record_references.clear();
    return position;
  }

  void AcceptSpan(const SpanView& span, const format::ObjectMembers& members, std::uint32_t node,
                  RecordPlace place) {
    Register(RecordArray::kSpans, span.id, members.nodes[0], place);
    if (span.parent_id) {
      AddReference(ReferenceKind::kParent, *span.parent_id, members.nodes[kSpanParent], place);
    }
    // Ids are strings, one node each: entry j of mark_ids is the j-th node after the array's.
    const std::uint32_t mark_ids = members.nodes[kSpanMarkIds];
    for (std::uint32_t j = 0; j < span.mark_ids.size(); ++j) {
      AddReference(ReferenceKind::kMark, span.mark_ids[j], mark_ids + 1 + j, place, j);
    }
    const TextPosition position = PlaceReferences(node);
    sink.OnSpan(span, RecordSource{tape, node, place, position});
  }
  void AcceptMark(const MarkView& mark, const format::ObjectMembers& members, std::uint32_t node,
                  RecordPlace place) {
    Register(RecordArray::kMarks, mark.id, members.nodes[0], place);
    if (!mark.span_id.root()) {
      AddReference(ReferenceKind::kMarkSpan, HexId{mark.span_id.text}, members.nodes[kMarkSpanId],
                   place);
    }
    const TextPosition position = PlaceReferences(node);
    sink.OnMark(mark, RecordSource{tape, node, place, position});
  }
  void AcceptSnapshot(const SnapshotView& snapshot, const format::ObjectMembers& members,
                      std::uint32_t node, RecordPlace place) {
    Register(RecordArray::kSnapshots, snapshot.id, members.nodes[0], place);
    AddReference(ReferenceKind::kSnapshotSpan, snapshot.span_id, members.nodes[kSnapshotSpanId],
                 place);
    const TextPosition position = PlaceReferences(node);
    sink.OnSnapshot(snapshot, RecordSource{tape, node, place, position});
  }

  Result<void> Read(std::string_view file_name) {
    file_names.resize(batch + 1);
    file_names[batch] = std::string(file_name);
    // A batch from a stream (no name) has no name to break or to disagree with.
    const std::optional<BatchFileName> name =
        file_name.empty() ? std::nullopt : ParseBatchFileName(file_name);
    if (!file_name.empty() && !name) {
      Error error{ErrorCode::kCirronFileName, 0, std::nullopt, std::nullopt, {},
                  "a batch file is named <created_ns, 20 digits>-<batch_id, 32 lower-case "
                  "hex>.json"};
      error.file = std::string(path);
      return error;
    }
    if (const std::size_t bad = text::FirstInvalidUtf8(text); bad != std::string_view::npos) {
      return ErrorAt(ErrorCode::kInvalidUtf8, bad, {}, "the file is not valid UTF-8");
    }
    element_errors.clear();
    duplicate.reset();
    failed = false;
    lines.emplace(text);
    // A byte-order mark before the object is tolerated, as the SDK's readers do: the tape parses
    // what follows, and every offset is moved by it.
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    skipped = text.starts_with(kByteOrderMark) ? kByteOrderMark.size() : 0;
    json::ParseOptions parse;
    parse.max_depth = options.spool.max_nesting_depth;
    parse.allow_non_finite = !options.spool.refuse_nonfinite_literals;
    parse.track_offsets = true;
    const json::SyntaxResult syntax = tape.Parse(text.substr(skipped), parse, this);
    switch (syntax.status) {
      case json::SyntaxStatus::kOk:
        break;
      case json::SyntaxStatus::kInvalidJson:
      case json::SyntaxStatus::kStopped: {
        const std::size_t at = skipped + syntax.consumed;
        // With refuse_nonfinite_literals the SDK's NaN and Infinity are what most often stops a
        // batch: say so.
        const std::string_view rest = text.substr(std::min(at, text.size()));
        for (const std::string_view word : {"NaN", "Infinity", "-Infinity"}) {
          if (options.spool.refuse_nonfinite_literals && rest.starts_with(word)) {
            return ErrorAt(ErrorCode::kInvalidJson, at, {},
                           "not JSON: " + std::string(word) +
                               " is not a JSON number");
          }
        }
        return ErrorAt(ErrorCode::kInvalidJson, at, {}, "not JSON: " + syntax.reason);
      }
      case json::SyntaxStatus::kTooDeep:
        return ErrorAt(ErrorCode::kLimitExceeded, skipped + syntax.consumed, {},
                       "JSON nested deeper than " +
                           std::to_string(options.spool.max_nesting_depth) + " levels");
      case json::SyntaxStatus::kTooLong:
        return ErrorAt(ErrorCode::kLimitExceeded, skipped + syntax.consumed, {}, "string too long");
      case json::SyntaxStatus::kNumberOutOfRange:
        return ErrorAt(ErrorCode::kOutOfRange, skipped + syntax.consumed, {},
                       "a number beyond the range of a double");
    }
    if (tape.node(0).type != json::NodeType::kObject) {
      return ErrorAt(ErrorCode::kNotAnObject, Offset(0), {}, "the batch is not an object");
    }
    arena.Reset();
    ctx.ClearUnescaped();
    ctx.unknown_members.clear();
    ctx.path = nullptr;
    ctx.streamed_errors = element_errors;
    BatchView view;
    format::ObjectMembers members;
    const bool ok = format::ReadObject(ctx, 0, BatchFields(), view, view.unknown, {},
                                       kRecordPolicy, &members);
    ctx.streamed_errors = {};
    if (!ok) return ContextError();
    if (name && view.created_ns != name->created_ns) {
      return ErrorAt(ErrorCode::kCirronNameMismatch, Offset(members.nodes[kBatchCreatedNs]),
                     "created_ns",
                     "created_ns " + std::to_string(view.created_ns) + " is not the file name's");
    }
    if (name && view.batch_id.text != name->batch_id) {
      return ErrorAt(ErrorCode::kCirronNameMismatch, Offset(members.nodes[kBatchId]),
                     "batch_id",
                     "batch_id " + std::string(view.batch_id.text) + " is not the file name's");
    }
    if (duplicate) {
      return ErrorAt(duplicate->error.code, duplicate->offset, duplicate->error.field,
                     duplicate->error.message);
    }
    non_finite_numbers += tape.non_finite_literals();
    sink.OnBatch(view, BatchSource{tape, file_name, path, batch, tape.non_finite_literals()});
    return boost::outcome_v2::success();
  }
};

BatchReader::BatchReader(const BatchReadOptions& options, SpoolSink& sink)
    : state_(std::make_unique<State>(options, sink)) {}
BatchReader::~BatchReader() = default;

Result<void> BatchReader::Read(std::uint32_t batch, std::string_view file_name,
                               std::string_view path, std::string_view text) {
  state_->batch = batch;
  state_->path = path;
  state_->text = text;
  return state_->Read(file_name);
}

const IdRegistry& BatchReader::ids() const noexcept { return state_->ids; }
References& BatchReader::references() noexcept { return state_->references; }
std::uint64_t BatchReader::non_finite_numbers() const noexcept {
  return state_->non_finite_numbers;
}

}  // namespace tracedoc::cirron
