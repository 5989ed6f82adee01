// Reads the data block of an HTML report (docs/report.md, "The data block") for tests: the
// `<script type="application/json" id="tracedoc-report-data">` element, parsed, with the checks
// every page must pass (no two frames of a row overlap, every row and string index valid).
#ifndef TRACEDOC_TESTS_SUPPORT_REPORT_DATA_BLOCK_HPP_
#define TRACEDOC_TESTS_SUPPORT_REPORT_DATA_BLOCK_HPP_

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <boost/json.hpp>

namespace tracedoc::testing {

struct DataFrame {
  std::uint64_t kind = 0;
  std::uint64_t row = 0;
  std::uint64_t start = 0;
  std::uint64_t dur = 0;
  std::uint64_t self = 0;
  std::string name;
  std::string args;
  std::uint64_t ref = 0;
};

struct DataBlock {
  boost::json::object root;
  std::vector<DataFrame> frames;
  std::vector<std::tuple<std::uint64_t, std::string, std::uint64_t>> lanes;  // process, track, depth
  std::vector<std::string> processes;
  std::uint64_t bucketed_frames = 0;
  /// Whatever is wrong with the block; empty for a good one.
  std::vector<std::string> problems;

  std::uint64_t U64(std::string_view key) const { return root.at(key).to_number<std::uint64_t>(); }
};

inline std::vector<std::uint64_t> U64Column(const boost::json::object& object, std::string_view key) {
  std::vector<std::uint64_t> column;
  for (const boost::json::value& value : object.at(key).as_array()) {
    column.push_back(value.is_int64() && value.as_int64() < 0
                         ? UINT64_MAX
                         : value.to_number<std::uint64_t>());
  }
  return column;
}

/// The block of `page`, parsed and checked. A page without one, or with two, is a problem.
inline DataBlock ReadDataBlock(std::string_view page) {
  DataBlock block;
  constexpr std::string_view kOpen =
      R"(<script type="application/json" id="tracedoc-report-data">)";
  const std::size_t at = page.find(kOpen);
  if (at == std::string_view::npos || page.find(kOpen, at + 1) != std::string_view::npos) {
    block.problems.push_back("not exactly one data block");
    return block;
  }
  const std::size_t begin = at + kOpen.size();
  const std::size_t end = page.find("</script>", begin);
  boost::system::error_code error;
  boost::json::value parsed = boost::json::parse(page.substr(begin, end - begin), error);
  if (error || !parsed.is_object()) {
    block.problems.push_back("the data block is not a JSON object: " + error.message());
    return block;
  }
  block.root = std::move(parsed.as_object());
  if (block.root.at("format").as_string() != "tracedoc-report-data/1") {
    block.problems.push_back("format is not tracedoc-report-data/1");
  }
  std::vector<std::string> strings;
  for (const auto& value : block.root.at("strings").as_array()) {
    strings.emplace_back(value.as_string());
  }
  for (const auto& value : block.root.at("processes").as_array()) {
    block.processes.emplace_back(value.as_string());
  }
  for (const auto& value : block.root.at("lanes").as_array()) {
    const auto& lane = value.as_array();
    block.lanes.emplace_back(lane.at(0).to_number<std::uint64_t>(), lane.at(1).as_string(),
                             lane.at(2).to_number<std::uint64_t>());
    if (std::get<0>(block.lanes.back()) >= block.processes.size()) {
      block.problems.push_back("a lane's process is out of range");
    }
  }
  const boost::json::object& frames = block.root.at("frames").as_object();
  const auto kind = U64Column(frames, "kind");
  const auto row = U64Column(frames, "row");
  const auto start = U64Column(frames, "start");
  const auto dur = U64Column(frames, "dur");
  const auto self = U64Column(frames, "self");
  const auto name = U64Column(frames, "name");
  const auto args = U64Column(frames, "args");
  const auto ref = U64Column(frames, "ref");
  for (std::size_t k = 0; k < kind.size(); ++k) {
    if (row[k] >= block.lanes.size() || name[k] >= strings.size() ||
        (args[k] != UINT64_MAX && args[k] >= strings.size()) || kind[k] > 2 || self[k] > dur[k]) {
      block.problems.push_back("frame " + std::to_string(k) + " has an index out of range");
      continue;
    }
    block.frames.push_back(DataFrame{kind[k], row[k], start[k], dur[k], self[k], strings[name[k]],
                                     args[k] == UINT64_MAX ? "" : strings[args[k]], ref[k]});
  }
  // No two frames of a row overlap: by start, each ends at or before the next one starts.
  std::map<std::uint64_t, std::vector<std::pair<std::uint64_t, std::uint64_t>>> rows;
  for (const DataFrame& frame : block.frames) rows[frame.row].emplace_back(frame.start, frame.start + frame.dur);
  for (auto& [number, spans] : rows) {
    std::sort(spans.begin(), spans.end());
    for (std::size_t k = 1; k < spans.size(); ++k) {
      if (spans[k].first < spans[k - 1].second) {
        block.problems.push_back("row " + std::to_string(number) + " overlaps at " +
                                 std::to_string(spans[k].first));
        break;
      }
    }
  }
  const boost::json::object& buckets = block.root.at("buckets").as_object();
  for (const std::uint64_t count : U64Column(buckets, "count")) block.bucketed_frames += count;
  for (const std::uint64_t bucket_row : U64Column(buckets, "row")) {
    if (bucket_row >= block.lanes.size()) block.problems.push_back("a bucket's row is out of range");
  }
  return block;
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_REPORT_DATA_BLOCK_HPP_
