// Positions of reported paths (docs/cirron-spool.md, "Errors"): a RapidJSON SAX pass that keeps
// the path of the value it is in, as text, and notes where each wanted path's value starts.
#include "cirron/path_positions.hpp"

#include <cstdint>
#include <functional>
#include <string>

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <boost/unordered/unordered_flat_map.hpp>

#include "cirron/batch_json.hpp"
#include "cirron/number_literal_workarounds.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cirron {
namespace {

using Input = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;
using OffsetTable =
    boost::unordered_flat_map<std::string, std::size_t, util::SeededHash, std::equal_to<>>;

constexpr std::size_t kNotFound = static_cast<std::size_t>(-1);
// No field name of the format is this long; a longer key of the input can match nothing, so its
// text is not kept (the path text stays small whatever the input's keys).
constexpr std::size_t kMaxKeyLength = 64;
constexpr char kUnmatchable = '\x01';

class PathTracker : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, PathTracker> {
 public:
  PathTracker(std::string_view text, const Input& input, OffsetTable& offsets,
              std::size_t max_depth)
      : text_(text), input_(input), offsets_(offsets), max_depth_(max_depth) {}

  bool Default() { return Scalar(); }
  bool RawNumber(const char*, rapidjson::SizeType, bool) { return Scalar(); }
  bool String(const char*, rapidjson::SizeType, bool) { return Scalar(); }
  bool StartObject() { return Open(false); }
  bool StartArray() { return Open(true); }
  bool EndObject(rapidjson::SizeType) { return Close(); }
  bool EndArray(rapidjson::SizeType) { return Close(); }
  bool Key(const char* key, rapidjson::SizeType length, bool) {
    const std::string_view name(key, length);
    Push(name.size() > kMaxKeyLength ? std::string_view(&kUnmatchable, 1) : name, true);
    last_end_ = input_.Tell();
    return true;
  }

 private:
  struct Frame {
    bool is_array = false;
    std::size_t next_index = 0;
  };

  void Push(std::string_view segment, bool is_key) {
    lengths_.push_back(path_.size());
    if (lengths_.size() > max_depth_) {
      path_ += kUnmatchable;  // deeper than any wanted path
    } else if (is_key) {
      if (!path_.empty()) path_ += '.';
      path_ += segment;
    } else {
      path_ += segment;
    }
  }
  void Pop() {
    path_.resize(lengths_.back());
    lengths_.pop_back();
  }

  // A value starts: its array index joins the path, and its start is noted if it is wanted.
  std::size_t Begin() {
    if (!frames_.empty() && frames_.back().is_array) {
      // Built by appends: g++ 12 at -O3 warns (-Wrestrict, a false positive) on "[" + string.
      std::string step = "[";
      step += std::to_string(frames_.back().next_index++);
      step += ']';
      Push(step, false);
    }
    std::size_t start = last_end_;
    while (start < text_.size() &&
           (text_[start] == ' ' || text_[start] == '\t' || text_[start] == '\n' ||
            text_[start] == '\r' || text_[start] == ',' || text_[start] == ':')) {
      ++start;
    }
    if (lengths_.size() <= max_depth_) {
      const auto found = offsets_.find(path_);
      if (found != offsets_.end() && found->second == kNotFound) found->second = start;
    }
    return start;
  }
  // A value ends: its key or index leaves the path.
  void End() {
    if (!frames_.empty()) Pop();
    last_end_ = input_.Tell();
  }

  bool Scalar() {
    Begin();
    End();
    return true;
  }
  // The iterative reader (BatchParseFlags) calls Start* and End* before it takes the bracket,
  // so the bracket's end is one past where the stream stands.
  bool Open(bool is_array) {
    const std::size_t bracket = Begin();
    frames_.push_back(Frame{is_array, 0});
    last_end_ = bracket + 1;
    return true;
  }
  bool Close() {
    frames_.pop_back();
    if (!frames_.empty()) Pop();
    last_end_ = input_.Tell() + 1;
    return true;
  }

  std::string_view text_;
  const Input& input_;
  OffsetTable& offsets_;
  std::size_t max_depth_;
  std::string path_;
  std::vector<std::size_t> lengths_;
  std::vector<Frame> frames_;
  std::size_t last_end_ = 0;
};

}  // namespace

std::vector<TextPosition> FindPathPositions(std::string_view text,
                                            const std::vector<JsonPath>& paths, bool strict_json) {
  OffsetTable offsets;
  std::size_t max_depth = 0;
  for (const JsonPath& path : paths) {
    max_depth = std::max(max_depth, path.depth());
    for (std::size_t depth = 0; depth <= path.depth(); ++depth) {
      offsets.emplace(path.Prefix(depth).ToString(), kNotFound);
    }
  }
  std::string defused_storage;
  const std::string_view parseable = DefuseNumberLiterals(text, defused_storage);
  rapidjson::MemoryStream bytes(parseable.data(), parseable.size());
  Input input(bytes);
  PathTracker tracker(parseable, input, offsets, max_depth);
  rapidjson::Reader reader;
  if (strict_json) {
    reader.Parse<BatchParseFlags(true)>(input, tracker);
  } else {
    reader.Parse<BatchParseFlags(false)>(input, tracker);
  }
  std::vector<TextPosition> positions;
  positions.reserve(paths.size());
  for (const JsonPath& path : paths) {
    std::size_t offset = 0;
    for (std::size_t depth = path.depth() + 1; depth-- > 0;) {
      const auto found = offsets.find(path.Prefix(depth).ToString());
      if (found != offsets.end() && found->second != kNotFound) {
        offset = found->second;
        break;
      }
    }
    positions.push_back(PositionAt(text, offset));
  }
  return positions;
}

}  // namespace tracedoc::cirron
