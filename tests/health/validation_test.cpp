// The metadata validations of docs/analyses.md §6.9: run provenance and comparison identity rows 1–18
// in order, the capture-contract table, the manifest digest's golden value (docs/examples.md §8.9),
// every GradientContract rule in order, the norm rule and the GPU-expected labels.
#include "tracedoc/validation.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tracedoc {
namespace {

using ::testing::Optional;

TraceRunMeta ValidRun() {
  TraceRunMeta run;
  run.run_id = "run-1";
  run.correlation_id = "demo/update-1";
  run.entrypoint = "demo::train";
  run.timestamp = "2026-01-01T00:00:00Z";
  run.capture_step = 1;
  run.warmup_steps = 0;
  run.device = "cpu";
  return run;
}

ComparisonIdentity ValidIdentity() {
  ComparisonIdentity identity;
  identity.workload_id = "w";
  identity.model_id = "m";
  identity.config_id = "c";
  identity.data_id = "d";
  identity.seed_policy = "fixed";
  identity.physical_batch = 8;
  identity.accumulation_steps = 1;
  identity.precision = "f32";
  identity.device_state = "warm";
  return identity;
}

TEST(ValidationTest, RunProvenanceAcceptsAValidRun) {
  EXPECT_EQ(ValidateRunProvenance(ValidRun()), std::nullopt);
  TraceRunMeta run = ValidRun();
  run.comparison_identity = ValidIdentity();
  EXPECT_EQ(ValidateRunProvenance(run), std::nullopt);
}

TEST(ValidationTest, RunProvenanceRowsInOrder) {
  // Each row breaks one more field, so each expectation also shows the earlier rows win.
  TraceRunMeta run = ValidRun();
  run.comparison_identity = ValidIdentity();
  run.comparison_identity->accumulation_steps = 0;
  EXPECT_THAT(
      ValidateRunProvenance(run),
      Optional(std::string("comparison identity accumulation_steps must be greater than zero")));
  run.warmup_steps = 5;
  run.capture_step = 3;
  EXPECT_THAT(
      ValidateRunProvenance(run),
      Optional(std::string("warmup_steps (5) must be fewer than the one-based capture_step (3)")));
  run.capture_step = 0;
  EXPECT_THAT(ValidateRunProvenance(run),
              Optional(std::string("capture_step must be one-based and greater than zero")));
  run.device = "\u3000";
  EXPECT_THAT(ValidateRunProvenance(run),
              Optional(std::string("run provenance device must not be empty")));
  run.timestamp = "";
  EXPECT_THAT(ValidateRunProvenance(run),
              Optional(std::string("run provenance timestamp must not be empty")));
  run.entrypoint = " \n";
  EXPECT_THAT(ValidateRunProvenance(run),
              Optional(std::string("run provenance entrypoint must not be empty")));
  run.correlation_id = "\t";
  EXPECT_THAT(ValidateRunProvenance(run),
              Optional(std::string("run provenance correlation_id must not be empty")));
  run.run_id = "";
  EXPECT_THAT(ValidateRunProvenance(run),
              Optional(std::string("run provenance run_id must not be empty")));
}

TEST(ValidationTest, WarmupBelowCaptureStepPasses) {
  TraceRunMeta run = ValidRun();
  run.capture_step = 3;
  run.warmup_steps = 2;
  EXPECT_EQ(ValidateRunProvenance(run), std::nullopt);
  // U+FEFF is not white space, so a BOM alone is not blank.
  run.run_id = "\uFEFF";
  EXPECT_EQ(ValidateRunProvenance(run), std::nullopt);
}

TEST(ValidationTest, ComparisonIdentityRowsInOrder) {
  ComparisonIdentity identity = ValidIdentity();
  EXPECT_EQ(ValidateComparisonIdentity(identity), std::nullopt);
  identity.implementation_id = "impl";
  identity.pair_id = "pair";
  EXPECT_EQ(ValidateComparisonIdentity(identity), std::nullopt);

  struct Step {
    void (*apply)(ComparisonIdentity&);
    std::string_view message;
  };
  // Applied in reverse row order, each keeping the later rows' breakage in place.
  const std::vector<Step> steps = {
      {[](ComparisonIdentity& i) { i.accumulation_steps = 0; },
       "comparison identity accumulation_steps must be greater than zero"},
      {[](ComparisonIdentity& i) { i.physical_batch = 0; },
       "comparison identity physical_batch must be greater than zero"},
      {[](ComparisonIdentity& i) { i.pair_id = " "; },
       "comparison identity pair_id must not be empty when declared"},
      {[](ComparisonIdentity& i) { i.implementation_id = ""; },
       "comparison identity implementation_id must not be empty when declared"},
      {[](ComparisonIdentity& i) { i.device_state = ""; },
       "comparison identity device_state must not be empty"},
      {[](ComparisonIdentity& i) { i.precision = " "; },
       "comparison identity precision must not be empty"},
      {[](ComparisonIdentity& i) { i.seed_policy = ""; },
       "comparison identity seed_policy must not be empty"},
      {[](ComparisonIdentity& i) { i.data_id = ""; },
       "comparison identity data_id must not be empty"},
      {[](ComparisonIdentity& i) { i.config_id = ""; },
       "comparison identity config_id must not be empty"},
      {[](ComparisonIdentity& i) { i.model_id = ""; },
       "comparison identity model_id must not be empty"},
      {[](ComparisonIdentity& i) { i.workload_id = "\u00a0"; },
       "comparison identity workload_id must not be empty"},
  };
  for (const Step& step : steps) {
    step.apply(identity);
    EXPECT_THAT(ValidateComparisonIdentity(identity), Optional(std::string(step.message)));
  }
}

TEST(ValidationTest, AbsentOptionalIdentityFieldsPass) {
  ComparisonIdentity identity = ValidIdentity();
  identity.implementation_id = std::nullopt;
  identity.pair_id = std::nullopt;
  EXPECT_EQ(ValidateComparisonIdentity(identity), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// The manifest digest and GradientContract.

constexpr std::string_view kGoldenDigest =
    "sha256:d7f0b4aa8a4072b9824018c8d3eff5757286f1348366c15ef8780be38945fcc6";

ExpectedGradient Entry(std::string_view root, std::string_view key, std::string_view family) {
  ExpectedGradient entry;
  entry.root = root;
  entry.key = key;
  entry.family = family;
  return entry;
}

GradientFamilyContract Family(std::string_view name, GradientFamilyExpectation expectation,
                              std::uint64_t min_present) {
  GradientFamilyContract family;
  family.family = name;
  family.expectation = expectation;
  family.min_present = min_present;
  return family;
}

std::vector<ExpectedGradient> GoldenManifest() {
  return {
      Entry("parameters", "trunk.weight", "trunk"),
      Entry("parameters", "frozen.weight", "frozen"),
      Entry("parameters", "optional.weight", "optional"),
  };
}

TEST(ValidationTest, ManifestDigestGoldenValue) {
  EXPECT_EQ(GradientManifestSha256(GoldenManifest()), kGoldenDigest);
}

TEST(ValidationTest, ManifestDigestDependsOnOrderAndFraming) {
  std::vector<ExpectedGradient> reordered = GoldenManifest();
  std::swap(reordered[0], reordered[1]);
  EXPECT_NE(GradientManifestSha256(reordered), kGoldenDigest);
  // The length prefixes keep ("ab", "c") and ("a", "bc") apart.
  const std::vector<ExpectedGradient> ab_c = {Entry("ab", "c", "f")};
  const std::vector<ExpectedGradient> a_bc = {Entry("a", "bc", "f")};
  EXPECT_NE(GradientManifestSha256(ab_c), GradientManifestSha256(a_bc));
  // The domain and the 0x00 byte alone; the value is that of
  // `printf 'candle-graph/gradient-manifest/1\0' | sha256sum`.
  EXPECT_EQ(GradientManifestSha256({}),
            "sha256:1a7019dd31b542e1d63c1ef86f0c96c188b624427fac0f6145678c3c453da80a");
}

// A valid contract over `expected`, with the given family contracts; the digest is computed.
struct ContractFixture {
  std::vector<ExpectedGradient> expected;
  std::vector<GradientFamilyContract> families;
  std::string digest;

  GradientContract View() const {
    GradientContract contract;
    contract.manifest_sha256 = digest;
    contract.expected = {expected.data(), expected.size()};
    contract.families = {families.data(), families.size()};
    return contract;
  }

  void Rehash() { digest = GradientManifestSha256(expected).value(); }
};

ContractFixture GoldenContract() {
  ContractFixture fixture{GoldenManifest(),
                          {Family("trunk", GradientFamilyExpectation::kActive, 1),
                           Family("frozen", GradientFamilyExpectation::kInactive, 0),
                           Family("optional", GradientFamilyExpectation::kDataConditional, 1)},
                          {}};
  fixture.Rehash();
  return fixture;
}

std::optional<std::string> Validate(const ContractFixture& fixture) {
  return ValidateGradientContract(fixture.View());
}

TEST(ValidationTest, GradientContractGoldenIsValid) {
  const ContractFixture fixture = GoldenContract();
  EXPECT_EQ(fixture.digest, kGoldenDigest);
  EXPECT_EQ(Validate(fixture), std::nullopt);
}

TEST(ValidationTest, GradientContractRule1EmptyManifest) {
  ContractFixture fixture = GoldenContract();
  fixture.expected.clear();
  fixture.families.clear();  // rule 2 would fail too; rule 1 comes first
  EXPECT_THAT(Validate(fixture), Optional(std::string("gradient manifest must not be empty")));
}

TEST(ValidationTest, GradientContractRule2EmptyFamilies) {
  ContractFixture fixture = GoldenContract();
  fixture.families.clear();
  fixture.digest = "wrong";  // rule 3 would fail too
  EXPECT_THAT(Validate(fixture), Optional(std::string("gradient families must not be empty")));
}

TEST(ValidationTest, GradientContractRule3DigestIsAPlainStringComparison) {
  const std::string mismatch =
      "gradient manifest SHA-256 does not match its ordered parameter manifest";
  ContractFixture fixture = GoldenContract();
  fixture.digest = std::string(kGoldenDigest.substr(7));  // no prefix
  EXPECT_THAT(Validate(fixture), Optional(mismatch));
  fixture.digest = "sha256:D7F0B4AA8A4072B9824018C8D3EFF5757286F1348366C15EF8780BE38945FCC6";
  EXPECT_THAT(Validate(fixture), Optional(mismatch));
  fixture = GoldenContract();
  fixture.expected[0].family = "trunk2";  // changes the digest
  EXPECT_THAT(Validate(fixture), Optional(mismatch));
}

TEST(ValidationTest, GradientContractRule4aBlankEntry) {
  for (const int field : {0, 1, 2}) {
    ContractFixture fixture = GoldenContract();
    std::string_view& value = field == 0   ? fixture.expected[1].root
                              : field == 1 ? fixture.expected[1].key
                                           : fixture.expected[1].family;
    value = " ";
    fixture.Rehash();
    EXPECT_THAT(Validate(fixture),
                Optional(std::string("gradient manifest root, key, and family must not be empty")))
        << field;
  }
}

TEST(ValidationTest, GradientContractRule4bDuplicatePairComesBeforeALaterBlankEntry) {
  ContractFixture fixture = GoldenContract();
  fixture.expected[1].key = "trunk.weight";
  fixture.expected[2].root = "";
  fixture.Rehash();
  EXPECT_THAT(Validate(fixture),
              Optional(std::string(
                  "gradient manifest declares (\"parameters\", \"trunk.weight\") more than once")));
  // The same pair in another family is still a duplicate; another root is not.
  fixture = GoldenContract();
  fixture.expected[1] = Entry("vb", "enc.weight", "trunk");
  fixture.expected.push_back(Entry("vb", "enc.weight", "frozen"));
  fixture.Rehash();
  EXPECT_THAT(
      Validate(fixture),
      Optional(std::string("gradient manifest declares (\"vb\", \"enc.weight\") more than once")));
}

TEST(ValidationTest, GradientContractRule5aBlankFamilyName) {
  ContractFixture fixture = GoldenContract();
  fixture.families[1].family = "\t";
  EXPECT_THAT(Validate(fixture), Optional(std::string("gradient family name must not be empty")));
}

TEST(ValidationTest, GradientContractRule5bDuplicateFamily) {
  ContractFixture fixture = GoldenContract();
  fixture.families.push_back(fixture.families[0]);
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("gradient family \"trunk\" is declared more than once")));
}

TEST(ValidationTest, GradientContractRule5cFamilyWithoutMembers) {
  ContractFixture fixture = GoldenContract();
  fixture.families.insert(fixture.families.begin(),
                          Family("Trunk", GradientFamilyExpectation::kActive, 1));
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("gradient family \"Trunk\" has no manifest members")));
}

TEST(ValidationTest, GradientContractRule5dMinPresent) {
  ContractFixture fixture = GoldenContract();
  fixture.families[1].min_present = 1;
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("inactive gradient family \"frozen\" must have min_present=0")));

  fixture = GoldenContract();
  fixture.families[0].min_present = 0;
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("active or data-conditional gradient family \"trunk\" needs "
                                   "min_present in 1..=1")));

  fixture = GoldenContract();
  fixture.expected.push_back(Entry("parameters", "trunk.bias", "trunk"));
  fixture.Rehash();
  fixture.families[0].min_present = 2;
  EXPECT_EQ(Validate(fixture), std::nullopt);
  fixture.families[0].min_present = 3;
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("active or data-conditional gradient family \"trunk\" needs "
                                   "min_present in 1..=2")));

  fixture = GoldenContract();
  fixture.families[2].min_present = 2;
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("active or data-conditional gradient family \"optional\" "
                                   "needs min_present in 1..=1")));
}

TEST(ValidationTest, GradientContractRule6UncontractedFamiliesInByteOrder) {
  ContractFixture fixture = GoldenContract();
  fixture.expected.push_back(Entry("parameters", "z.weight", "zeta"));
  fixture.expected.push_back(Entry("parameters", "b.weight", "beta"));
  fixture.expected.push_back(Entry("parameters", "B.weight", "Beta"));
  fixture.Rehash();
  // "Beta" < "beta" < "zeta" byte-wise; manifest order would say zeta first.
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("gradient manifest family \"Beta\" has no family contract")));
}

TEST(ValidationTest, GradientContractRulesRunInOrder) {
  // Rule 5 (families, in order) is reached only after rule 4 passes for every entry.
  ContractFixture fixture = GoldenContract();
  fixture.families[0].family = "";
  fixture.expected[2].key = "";
  fixture.Rehash();
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("gradient manifest root, key, and family must not be empty")));
  // Within rule 5, a family's four checks run before the next family's.
  fixture = GoldenContract();
  fixture.families[0].min_present = 5;
  fixture.families[1].family = "";
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("active or data-conditional gradient family \"trunk\" needs "
                                   "min_present in 1..=1")));
}

TEST(ValidationTest, GradientContractMessagesAreDebugRendered) {
  ContractFixture fixture = GoldenContract();
  fixture.families.push_back(Family("a\"b\\", GradientFamilyExpectation::kActive, 1));
  EXPECT_THAT(Validate(fixture),
              Optional(std::string("gradient family \"a\\\"b\\\\\" has no manifest members")));
}

// ---------------------------------------------------------------------------------------------
// CaptureContract (§6.9.2).

TEST(ValidationTest, CaptureContractGradientCoverageTable) {
  const ContractFixture fixture = GoldenContract();
  CaptureContract contract;
  for (const CoverageLevel level : {CoverageLevel::kNone, CoverageLevel::kPartial}) {
    contract.gradients = level;
    contract.gradient_contract = std::nullopt;
    EXPECT_EQ(ValidateCaptureContract(contract), std::nullopt);
    contract.gradient_contract = fixture.View();
    EXPECT_THAT(ValidateCaptureContract(contract),
                Optional(std::string(
                    "an exact gradient contract requires complete declared gradient coverage")));
  }
  contract.gradients = CoverageLevel::kComplete;
  contract.gradient_contract = std::nullopt;
  EXPECT_THAT(
      ValidateCaptureContract(contract),
      Optional(std::string("complete gradient coverage requires an exact gradient contract")));
  contract.gradient_contract = fixture.View();
  EXPECT_EQ(ValidateCaptureContract(contract), std::nullopt);
  ContractFixture broken = GoldenContract();
  broken.families.clear();
  contract.gradient_contract = broken.View();
  EXPECT_THAT(ValidateCaptureContract(contract),
              Optional(std::string("gradient families must not be empty")));
}

TEST(ValidationTest, CaptureContractIgnoresLabels) {
  const std::vector<std::string_view> labels = {"", "dup", "dup"};
  CaptureContract contract;
  contract.required_semantic_labels = {labels.data(), labels.size()};
  contract.cpu_only_semantic_labels = {labels.data(), labels.size()};
  EXPECT_EQ(ValidateCaptureContract(contract), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// The norm rule (docs/trace-format.md §1.11) and GPU-expected labels (§6.9.4).

TEST(ValidationTest, GradientNormConsistency) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(IsGradientNormConsistent(GradientState::kPresent, 0.42));
  EXPECT_TRUE(IsGradientNormConsistent(GradientState::kPresent, 5e-324));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kPresent, 0.0));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kPresent, -1.0));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kPresent, kInf));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kPresent, kNaN));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kPresent, std::nullopt));

  EXPECT_TRUE(IsGradientNormConsistent(GradientState::kZero, 0.0));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kZero, -0.0));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kZero, 1e-300));
  EXPECT_FALSE(IsGradientNormConsistent(GradientState::kZero, std::nullopt));

  for (const GradientState state : {GradientState::kMissing, GradientState::kNonFinite}) {
    EXPECT_TRUE(IsGradientNormConsistent(state, std::nullopt));
    EXPECT_FALSE(IsGradientNormConsistent(state, 0.0));
    EXPECT_FALSE(IsGradientNormConsistent(state, kNaN));
  }
}

TEST(ValidationTest, ResolvedGpuExpectedSemanticLabels) {
  const std::vector<std::string_view> required = {"a", "b"};
  const std::vector<std::string_view> gpu = {"a"};
  const std::vector<std::string_view> cpu = {"b"};
  CaptureContract contract;
  contract.required_semantic_labels = {required.data(), required.size()};
  EXPECT_EQ(ResolvedGpuExpectedSemanticLabels(contract), contract.required_semantic_labels);
  contract.cpu_only_semantic_labels = {cpu.data(), cpu.size()};
  EXPECT_TRUE(ResolvedGpuExpectedSemanticLabels(contract).empty());
  contract.gpu_expected_semantic_labels = {gpu.data(), gpu.size()};
  EXPECT_EQ(ResolvedGpuExpectedSemanticLabels(contract), contract.gpu_expected_semantic_labels);
}

}  // namespace
}  // namespace tracedoc
