// The twelve trace records (docs/trace-format.md §1.2–§1.13) as plain structs, and Event, their variant.
// The decoder produces Events; the builder folds them; a TraceDocument holds the same structs.
#ifndef TRACEDOC_EVENT_HPP_
#define TRACEDOC_EVENT_HPP_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "tracedoc/enums.hpp"

namespace tracedoc {

/// The schema strings tracedoc reads.
inline constexpr std::string_view kSchema = "candle-graph/trace/10";
inline constexpr std::string_view kPreviousSchema = "candle-graph/trace/9";
/// The legacy schema tracedoc reads (docs/legacy-trace6.md).
inline constexpr std::string_view kLegacySchema = "candle-graph/trace/6";

/// The revision of the format a trace (and the document read from it) was written in.
enum class SchemaRevision : std::uint8_t { kTrace10, kTrace9, kTrace6 };


/// A read-only view of a contiguous sequence, with element-wise equality. Records refer to
/// sequences owned elsewhere (the decoder's scratch space, or a TraceDocument's storage).
template <class T>
class ArrayView {
 public:
  constexpr ArrayView() noexcept = default;
  constexpr ArrayView(const T* data, std::size_t size) noexcept : data_(data), size_(size) {}

  constexpr const T* begin() const noexcept { return data_; }
  constexpr const T* end() const noexcept { return data_ + size_; }
  constexpr const T* data() const noexcept { return data_; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr const T& operator[](std::size_t i) const noexcept { return data_[i]; }

  friend bool operator==(const ArrayView& a, const ArrayView& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

/// A key the record kind does not define, kept so a writer can emit it again (docs/tracedoc.md §3).
/// `json` is the member's value as compact JSON: numbers as written, strings re-escaped.
struct UnknownField {
  std::string_view key;
  std::string_view json;
  friend bool operator==(const UnknownField&, const UnknownField&) = default;
};

/// The unknown members of one object, in input order. They are kept as one block of bytes
/// (each member: key length, key, value length, value; lengths as 4 little-endian bytes), so a
/// record with a million unknown keys costs about what its text did, not 32 bytes more per key
/// (docs/tracedoc.md §5). Iterating yields UnknownField views into that block.
class UnknownFields {
 public:
  class iterator {
   public:
    using value_type = UnknownField;
    using reference = UnknownField;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;

    iterator() = default;
    UnknownField operator*() const noexcept {
      const std::uint32_t key_size = ReadSize(at_);
      const std::uint32_t json_size = ReadSize(at_ + 4 + key_size);
      return UnknownField{std::string_view(at_ + 4, key_size),
                          std::string_view(at_ + 8 + key_size, json_size)};
    }
    iterator& operator++() noexcept {
      const std::uint32_t key_size = ReadSize(at_);
      at_ += 8 + key_size + ReadSize(at_ + 4 + key_size);
      return *this;
    }
    iterator operator++(int) noexcept {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const iterator&, const iterator&) = default;

   private:
    friend class UnknownFields;
    explicit iterator(const char* at) noexcept : at_(at) {}
    static std::uint32_t ReadSize(const char* p) noexcept {
      std::uint32_t size = 0;
      for (int i = 3; i >= 0; --i) {
        size = (size << 8) | static_cast<unsigned char>(p[i]);
      }
      return size;
    }
    const char* at_ = nullptr;
  };

  constexpr UnknownFields() noexcept = default;
  /// `count` members in the encoding above (AppendUnknownField writes it). Both sizes fit 32
  /// bits: they come from one line, and lines are shorter than 4 GiB.
  constexpr UnknownFields(std::string_view encoded, std::size_t count) noexcept
      : data_(encoded.data()),
        size_(static_cast<std::uint32_t>(encoded.size())),
        count_(static_cast<std::uint32_t>(count)) {}

  iterator begin() const noexcept { return iterator(data_); }
  iterator end() const noexcept { return iterator(data_ + size_); }
  std::size_t size() const noexcept { return count_; }
  bool empty() const noexcept { return count_ == 0; }
  /// The members' bytes, in the encoding above.
  std::string_view encoded() const noexcept { return std::string_view(data_, size_); }

  friend bool operator==(const UnknownFields& a, const UnknownFields& b) noexcept {
    return a.count_ == b.count_ && a.encoded() == b.encoded();
  }

 private:
  // As small as the view it replaces: every record carries one.
  const char* data_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t count_ = 0;
};

/// Appends one member to `out` in UnknownFields' encoding.
inline void AppendUnknownField(std::string& out, std::string_view key, std::string_view json) {
  auto put_size = [&out](std::size_t size) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((size >> (8 * i)) & 0xFF));
  };
  put_size(key.size());
  out.append(key);
  put_size(json.size());
  out.append(json);
}

/// One entry of the free-form `tags` map; a TraceRunMeta keeps them sorted by key, unique.
struct Tag {
  std::string_view key;
  std::string_view value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct ExpectedGradient {
  std::string_view root;
  std::string_view key;
  std::string_view family;
  UnknownFields unknown;
  friend bool operator==(const ExpectedGradient&, const ExpectedGradient&) = default;
};

struct GradientFamilyContract {
  std::string_view family;
  GradientFamilyExpectation expectation = GradientFamilyExpectation::kActive;
  std::uint64_t min_present = 0;
  UnknownFields unknown;
  friend bool operator==(const GradientFamilyContract&, const GradientFamilyContract&) = default;
};

struct GradientContract {
  std::string_view manifest_sha256;
  ArrayView<ExpectedGradient> expected;
  ArrayView<GradientFamilyContract> families;
  UnknownFields unknown;
  friend bool operator==(const GradientContract&, const GradientContract&) = default;
};

/// What the producer promises to have captured (§1.2.1).
struct CaptureContract {
  MeasurementScope measurement_scope = MeasurementScope::kUnknown;
  CoverageLevel operations = CoverageLevel::kNone;
  CoverageLevel tensors = CoverageLevel::kNone;
  CoverageLevel gradients = CoverageLevel::kNone;
  std::optional<GradientContract> gradient_contract;
  CoverageLevel logical_memory = CoverageLevel::kNone;
  CoverageLevel physical_memory = CoverageLevel::kNone;
  CoverageLevel device_timing = CoverageLevel::kNone;
  ArrayView<std::string_view> required_semantic_labels;
  ArrayView<std::string_view> gpu_expected_semantic_labels;
  ArrayView<std::string_view> cpu_only_semantic_labels;
  UnknownFields unknown;
  friend bool operator==(const CaptureContract&, const CaptureContract&) = default;
};

/// Identifies a run for comparison with others (§1.2.2).
struct ComparisonIdentity {
  std::optional<std::string_view> implementation_id;
  std::string_view workload_id;
  std::string_view model_id;
  std::string_view config_id;
  std::string_view data_id;
  std::string_view seed_policy;
  std::uint64_t physical_batch = 0;
  std::uint64_t accumulation_steps = 0;
  std::string_view precision;
  std::string_view device_state;
  std::optional<std::string_view> pair_id;
  UnknownFields unknown;
  friend bool operator==(const ComparisonIdentity&, const ComparisonIdentity&) = default;
};

/// The run metadata, flattened into the meta record (§1.2). `unknown` holds the meta line's
/// top-level keys that neither the record nor the run metadata define.
struct TraceRunMeta {
  std::string_view run_id;
  std::string_view correlation_id;
  std::string_view entrypoint;
  ExecutionPhase phase = ExecutionPhase::kTrain;
  std::string_view timestamp;
  std::uint64_t capture_step = 0;
  std::uint64_t warmup_steps = 0;
  std::string_view device;
  bool measured_region_device_synchronized = false;
  TimingMode timing_mode = TimingMode::kHost;
  CaptureContract capture_contract;
  std::optional<ComparisonIdentity> comparison_identity;
  ArrayView<Tag> tags;
  std::optional<std::string_view> candle_version;
  UnknownFields unknown;
  friend bool operator==(const TraceRunMeta&, const TraceRunMeta&) = default;
};

struct MetaRecord {
  std::string_view schema;
  TraceRunMeta run;
  friend bool operator==(const MetaRecord&, const MetaRecord&) = default;
};

struct SpanStartRecord {
  std::string_view id;
  std::optional<std::string_view> parent_id;
  std::string_view name;
  std::uint64_t start_ns = 0;
  SpanKind span_kind = SpanKind::kFunction;
  bool measured = false;
  std::optional<ExecutionStep> step;
  UnknownFields unknown;
  friend bool operator==(const SpanStartRecord&, const SpanStartRecord&) = default;
};

struct SpanEndRecord {
  std::string_view id;
  std::uint64_t duration_ns = 0;
  UnknownFields unknown;
  friend bool operator==(const SpanEndRecord&, const SpanEndRecord&) = default;
};

struct OpRecord {
  std::string_view span_id;
  std::string_view op_name;
  ArrayView<std::string_view> inputs;
  std::optional<std::string_view> output;
  ArrayView<std::uint64_t> shape;
  std::string_view dtype;
  std::string_view device;
  std::uint64_t duration_ns = 0;
  std::uint64_t timestamp_ns = 0;
  /// Resolved while folding (§2.3): absent only when not given and the dtype is unknown.
  std::optional<std::uint64_t> output_dense_bytes;
  std::uint64_t input_dense_bytes = 0;
  UnknownFields unknown;
  friend bool operator==(const OpRecord&, const OpRecord&) = default;
};

struct TensorRecord {
  std::string_view span_id;
  std::string_view tensor_id;
  std::optional<std::string_view> label;
  ArrayView<std::uint64_t> shape;
  std::string_view dtype;
  std::string_view device;
  bool requires_grad = false;
  /// Resolved while folding (§2.3).
  std::optional<std::uint64_t> dense_bytes;
  MemoryCategory category = MemoryCategory::kOther;
  UnknownFields unknown;
  friend bool operator==(const TensorRecord&, const TensorRecord&) = default;
};

struct TensorStatsRecord {
  std::string_view span_id;
  std::string_view label;
  ArrayView<std::uint64_t> shape;
  std::string_view dtype;
  std::uint64_t elements = 0;
  std::uint64_t non_finite = 0;
  double rms = 0.0;
  double abs_max = 0.0;
  double mean = 0.0;
  UnknownFields unknown;
  friend bool operator==(const TensorStatsRecord&, const TensorStatsRecord&) = default;
};

struct MemoryRecord {
  std::uint64_t timestamp_ns = 0;
  std::string_view storage_id;
  std::string_view tensor_id;
  std::string_view span_id;
  std::optional<std::string_view> op_name;
  std::string_view device;
  std::uint64_t bytes = 0;
  MemoryAction action = MemoryAction::kAlloc;
  ArrayView<std::uint64_t> shape;
  std::string_view dtype;
  MemoryCategory category = MemoryCategory::kOther;
  UnknownFields unknown;
  friend bool operator==(const MemoryRecord&, const MemoryRecord&) = default;
};

struct DeviceMemoryRecord {
  std::uint64_t timestamp_ns = 0;
  std::string_view device;
  std::optional<std::uint64_t> used_bytes;
  std::optional<std::uint64_t> free_bytes;
  std::optional<std::uint64_t> reserved_bytes;
  std::optional<std::uint64_t> capacity_bytes;
  UnknownFields unknown;
  friend bool operator==(const DeviceMemoryRecord&, const DeviceMemoryRecord&) = default;
};

struct DeviceIntervalRecord {
  std::string_view span_id;
  std::string_view device;
  std::string_view stream_id;
  std::string_view clock_id;
  std::string_view backend;
  std::uint64_t start_ns = 0;
  std::uint64_t duration_ns = 0;
  UnknownFields unknown;
  friend bool operator==(const DeviceIntervalRecord&, const DeviceIntervalRecord&) = default;
};

struct GradientRecord {
  std::string_view event_id;
  std::string_view root;
  std::string_view key;
  GradientState state = GradientState::kPresent;
  std::optional<double> norm;
  UnknownFields unknown;
  friend bool operator==(const GradientRecord&, const GradientRecord&) = default;
};

/// An edge (§1.12). For `kCall`, `from`/`to` are the JSON keys `from_span`/`to_span` and
/// `host_duration_ns` is meaningful; for `kData` they are `from_tensor`/`to_tensor`.
struct EdgeRecord {
  EdgeKind edge_kind = EdgeKind::kCall;
  std::string_view from;
  std::string_view to;
  std::uint64_t host_duration_ns = 0;
  UnknownFields unknown;
  friend bool operator==(const EdgeRecord&, const EdgeRecord&) = default;
};

struct TerminalRecord {
  RunOutcome outcome = RunOutcome::kComplete;
  std::uint64_t timestamp_ns = 0;
  std::optional<std::string_view> reason;
  UnknownFields unknown;
  friend bool operator==(const TerminalRecord&, const TerminalRecord&) = default;
};

/// One decoded trace line. The alternatives' order is the order of the `kind` table (§1).
using Event = std::variant<MetaRecord, SpanStartRecord, SpanEndRecord, OpRecord, TensorRecord,
                           TensorStatsRecord, MemoryRecord, DeviceMemoryRecord,
                           DeviceIntervalRecord, GradientRecord, EdgeRecord, TerminalRecord>;

/// The `kind` spelling of each Event alternative, indexed by Event::index().
std::string_view EventKindName(const Event& event) noexcept;

}  // namespace tracedoc

#endif  // TRACEDOC_EVENT_HPP_
