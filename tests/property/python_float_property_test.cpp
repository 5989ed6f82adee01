// Issue 26, item 1: every finite double that Python's repr writes (the layout of json.dumps, in
// which the Cirron SDK and the TraceML exporter write their floats) reads back exactly, bit for
// bit, through the one JSON reader: in a spool batch and in an export line. The doubles are drawn
// from every bit pattern (subnormals, the extremes, -0.0) and from short decimals like a loss.
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <variant>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/property_case_count.hpp"
#include "support/cirron_spool_writer.hpp"
#include "support/python_float.hpp"
#include "support/traceml_export_generator.hpp"
#include "support/traceml_two_rank_export.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc::property {
namespace {

using testing_support::PythonFloat;

// A finite double: any bit pattern half the time, else a few decimal digits at some scale.
double DrawFiniteDouble() {
  if (*rc::gen::arbitrary<bool>()) {
    const double any = std::bit_cast<double>(*rc::gen::arbitrary<std::uint64_t>());
    RC_PRE(std::isfinite(any));
    return any;
  }
  const auto digits = *rc::gen::inRange<std::int64_t>(-999'999, 1'000'000);
  const int scale = *rc::gen::inRange(-12, 13);
  return static_cast<double>(digits) * std::pow(10.0, scale);
}

RC_GTEST_PROP(PythonFloatProperty, ASpoolMarkValueReadsBackBitForBit, ()) {
  const double value = DrawFiniteDouble();
  const std::string repr = PythonFloat(value);
  RC_TAG(repr.find('e') != std::string::npos ? "exponent" : "positional");

  testing_support::CirronSpoolPlan plan;
  plan.epochs = 1;
  plan.steps_per_epoch = 1;
  plan.records_per_batch = 1000;
  plan.seed = 7;
  CirronBatch batch = testing_support::GenerateCirronSpool(plan).batches.at(0);
  // The loss mark, written with a placeholder that appears nowhere else, then given repr's text.
  RC_ASSERT(std::holds_alternative<double>(batch.marks.at(1).value));
  batch.marks[1].value = 4321.125;
  std::string text = testing_support::CirronBatchJson(batch);
  const std::size_t at = text.find("4321.125");
  RC_ASSERT(at != std::string::npos);
  text.replace(at, 8, repr);

  const Result<CirronBatch> read = ReadCirronBatch(batch.file_name, text);
  RC_ASSERT(read.has_value());
  const double* back = std::get_if<double>(&read.value().marks.at(1).value);
  RC_ASSERT(back != nullptr);
  RC_ASSERT(std::bit_cast<std::uint64_t>(*back) == std::bit_cast<std::uint64_t>(value));
}

RC_GTEST_PROP(PythonFloatProperty, AnExportTemperatureReadsBackBitForBit, ()) {
  const double value = DrawFiniteDouble();
  TraceMLExport source = testing::TwoRankExport();
  RC_ASSERT(!source.system_gpu.empty());
  // temperature_c is any JSON number (docs/traceml-export.md), so no value rule stands between.
  source.system_gpu[0].temperature_c = value;
  const std::string text = testing_support::WriteTraceMLExportJsonl(source);
  RC_ASSERT(text.find(PythonFloat(value)) != std::string::npos);

  const Result<TraceMLExport> read = ReadTraceMLExport(TraceInput::FromString(text));
  RC_ASSERT(read.has_value());
  RC_ASSERT(!read.value().system_gpu.empty());
  const std::optional<double> back = read.value().system_gpu[0].temperature_c;
  RC_ASSERT(back.has_value());
  RC_ASSERT(std::bit_cast<std::uint64_t>(*back) == std::bit_cast<std::uint64_t>(value));
}

}  // namespace
}  // namespace tracedoc::property
