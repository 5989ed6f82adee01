// Checks 19 and 20 (docs/analyses.md §6.8): the required semantic labels each name exactly one span,
// and the GPU-expected and CPU-only lists partition them. Labels compare as exact strings; only
// the blank tests trim. Every issue here is an error, or a warning when the capture failed.
#include <cstdint>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "health/checks.hpp"
#include "health/message.hpp"
#include "text/utf8.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::health {
namespace {

using LabelSet = boost::unordered_flat_set<std::string_view, util::SeededHash>;

void CheckRequiredLabels(HealthContext& context) {
  const ArrayView<std::string_view> required =
      context.document().run().capture_contract.required_semantic_labels;
  if (required.empty()) return;
  boost::unordered_flat_map<std::string_view, std::uint64_t, util::SeededHash> spans_by_name;
  spans_by_name.reserve(context.document().spans().size());
  for (const SpanRecord& span : context.document().spans()) ++spans_by_name[span.name];

  LabelSet seen;
  for (const std::string_view label : required) {
    if (text::IsBlank(label)) {
      context.AddErrorUnlessFailed(HealthCode::kEmptyRequiredSemanticLabel,
                                   "required semantic labels must not be empty");
    }
    if (!seen.insert(label).second) {
      context.AddErrorUnlessFailed(
          HealthCode::kDuplicateRequiredSemanticLabel,
          Message("required semantic label `", label, "` is declared more than once"));
    }
    // Every occurrence is counted, blank and repeated ones included.
    const auto it = spans_by_name.find(label);
    const std::uint64_t observed = it == spans_by_name.end() ? 0 : it->second;
    if (observed != 1) {
      context.AddErrorUnlessFailed(
          HealthCode::kRequiredSemanticLabelCardinality,
          Message("required semantic label `", label, "` must occur exactly once; observed ",
                  Decimal{observed}));
    }
  }
}

// Check 20 for the entries of one list. `classified` is shared by both lists, so a repeat
// within one list also counts as overlapping (and its message still names both classes).
void CheckClassificationList(HealthContext& context, ArrayView<std::string_view> labels,
                             std::string_view class_name, const LabelSet& required,
                             LabelSet& classified) {
  LabelSet seen;
  for (const std::string_view label : labels) {
    if (text::IsBlank(label)) {
      context.AddErrorUnlessFailed(HealthCode::kEmptySemanticLabelClassification,
                                   Message(class_name, " semantic labels must not be empty"));
    }
    if (!seen.insert(label).second) {
      context.AddErrorUnlessFailed(
          HealthCode::kDuplicateSemanticLabelClassification,
          Message(class_name, " semantic label `", label, "` is declared more than once"));
    }
    if (!required.contains(label)) {
      context.AddErrorUnlessFailed(
          HealthCode::kUnrequiredSemanticLabelClassification,
          Message(class_name, " semantic label `", label, "` is not a required application label"));
    }
    if (!classified.insert(label).second) {
      context.AddErrorUnlessFailed(
          HealthCode::kOverlappingSemanticLabelClassification,
          Message("semantic label `", label, "` is classified as both GPU-expected and CPU-only"));
    }
  }
}

void CheckLabelClassification(HealthContext& context) {
  const CaptureContract& contract = context.document().run().capture_contract;
  // Without either list nothing is classified; §6.9.4 then treats every required label as
  // GPU-expected.
  if (contract.gpu_expected_semantic_labels.empty() && contract.cpu_only_semantic_labels.empty()) {
    return;
  }
  const LabelSet required(contract.required_semantic_labels.begin(),
                          contract.required_semantic_labels.end());
  LabelSet classified;
  CheckClassificationList(context, contract.gpu_expected_semantic_labels, "GPU-expected", required,
                          classified);
  CheckClassificationList(context, contract.cpu_only_semantic_labels, "CPU-only", required,
                          classified);
  // Set equality: every classified label is required (checked by size too), none is missing.
  bool partition = classified.size() == required.size();
  for (const std::string_view label : classified) {
    if (!partition) break;
    partition = required.contains(label);
  }
  if (!partition) {
    context.AddErrorUnlessFailed(
        HealthCode::kIncompleteSemanticLabelPartition,
        "GPU-expected and CPU-only semantic labels must partition all required application labels");
  }
}

}  // namespace

void CheckSemanticLabels(HealthContext& context) {
  CheckRequiredLabels(context);
  CheckLabelClassification(context);
}

}  // namespace tracedoc::health
