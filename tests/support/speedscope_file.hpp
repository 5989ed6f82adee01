// Reads back what ExportSpeedscope wrote, for tests, and replays it as speedscope 1.25 imports an
// evented profile (CallTreeProfileBuilder): per profile, events in file order, times never going
// back, each `C` closing the innermost open frame, nothing left open. Also compares a profile
// with the Chrome export's track of the same name: both exports must show the same slices.
#ifndef TRACEDOC_TESTS_SUPPORT_SPEEDSCOPE_FILE_HPP_
#define TRACEDOC_TESTS_SUPPORT_SPEEDSCOPE_FILE_HPP_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "support/chrome_trace_events.hpp"

namespace tracedoc::testing {

struct SpeedscopeFrame {
  std::string name;
  std::string file;
};

/// An O or C event, with its frame's name and file resolved.
struct SpeedscopeEdge {
  bool open = false;
  std::string name;
  std::string file;
  std::uint64_t at = 0;
  auto operator<=>(const SpeedscopeEdge&) const = default;
};

struct SpeedscopeProfile {
  std::string name;
  std::uint64_t start = 0;
  std::uint64_t end = 0;
  std::vector<SpeedscopeEdge> events;
};

struct SpeedscopeFile {
  std::string name;
  std::vector<SpeedscopeFrame> frames;
  std::vector<SpeedscopeProfile> profiles;
  /// What does not hold, one line each; empty when the file is sound.
  std::vector<std::string> problems;

  std::size_t Opens(std::string_view file) const {
    std::size_t count = 0;
    for (const SpeedscopeProfile& profile : profiles) {
      for (const SpeedscopeEdge& edge : profile.events) count += edge.open && edge.file == file;
    }
    return count;
  }
};

namespace detail {

inline std::uint64_t NanosecondsOf(const boost::json::value& value, std::string_view what,
                                   std::vector<std::string>& problems) {
  if (value.is_uint64()) return value.as_uint64();
  if (value.is_int64() && value.as_int64() >= 0) return static_cast<std::uint64_t>(value.as_int64());
  problems.push_back(std::string(what) + " is not an integer of nanoseconds");
  return 0;
}

inline std::string StringOf(const boost::json::object& object, std::string_view key) {
  const boost::json::value* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

}  // namespace detail

/// Parses the file and replays it into `problems`.
inline SpeedscopeFile ReadSpeedscopeFile(std::string_view text) {
  SpeedscopeFile file;
  std::vector<std::string>& problems = file.problems;
  boost::system::error_code error;
  const boost::json::value root = boost::json::parse(text, error);
  if (error || !root.is_object()) {
    problems.push_back("not a JSON object: " + error.message());
    return file;
  }
  const boost::json::object& top = root.as_object();
  if (detail::StringOf(top, "$schema") != "https://www.speedscope.app/file-format-schema.json") {
    problems.push_back("$schema is not speedscope's");
  }
  file.name = detail::StringOf(top, "name");
  std::set<std::pair<std::string, std::string>> distinct;
  for (const boost::json::value& frame : top.at("shared").at("frames").as_array()) {
    const boost::json::object& object = frame.as_object();
    file.frames.push_back({detail::StringOf(object, "name"), detail::StringOf(object, "file")});
    if (!distinct.insert({file.frames.back().name, file.frames.back().file}).second) {
      problems.push_back("frame \"" + file.frames.back().name + "\" (" + file.frames.back().file +
                         ") twice: speedscope would not add its calls up");
    }
  }
  if (top.at("profiles").as_array().empty()) problems.push_back("no profile");
  for (const boost::json::value& value : top.at("profiles").as_array()) {
    const boost::json::object& object = value.as_object();
    SpeedscopeProfile& profile = file.profiles.emplace_back();
    profile.name = detail::StringOf(object, "name");
    if (detail::StringOf(object, "type") != "evented") problems.push_back(profile.name + ": not evented");
    if (detail::StringOf(object, "unit") != "nanoseconds") {
      problems.push_back(profile.name + ": unit is not nanoseconds");
    }
    profile.start = detail::NanosecondsOf(object.at("startValue"), "startValue", problems);
    profile.end = detail::NanosecondsOf(object.at("endValue"), "endValue", problems);
    std::vector<std::size_t> stack;
    std::uint64_t last = profile.start;
    for (const boost::json::value& event_value : object.at("events").as_array()) {
      const boost::json::object& event = event_value.as_object();
      const std::string type = detail::StringOf(event, "type");
      const std::uint64_t frame = detail::NanosecondsOf(event.at("frame"), "frame", problems);
      const std::uint64_t at = detail::NanosecondsOf(event.at("at"), "at", problems);
      if (frame >= file.frames.size() || (type != "O" && type != "C")) {
        problems.push_back(profile.name + ": event of type \"" + type + "\" or frame " +
                           std::to_string(frame) + " unknown");
        continue;
      }
      const SpeedscopeFrame& named = file.frames[frame];
      profile.events.push_back({type == "O", named.name, named.file, at});
      if (at < last || at > profile.end) {
        problems.push_back(profile.name + ": \"" + named.name + "\" at " + std::to_string(at) +
                           " after " + std::to_string(last) + " or past endValue");
      }
      last = at;
      if (type == "O") {
        stack.push_back(frame);
      } else if (stack.empty() || stack.back() != frame) {
        problems.push_back(profile.name + ": tried to leave frame \"" + named.name + "\" at " +
                           std::to_string(at) + " while another was at the top");
      } else {
        stack.pop_back();
      }
    }
    if (!stack.empty()) problems.push_back(profile.name + ": frames left open");
  }
  return file;
}

/// The Chrome export's slices per named track, as the begins and ends a speedscope profile of
/// that track must hold: `PROCESS: TRACK` → the B and E events in file order.
inline std::map<std::string, std::vector<SpeedscopeEdge>> ChromeTrackEdges(
    const ExportedTrace& trace) {
  std::map<std::string, std::vector<SpeedscopeEdge>> tracks;
  for (const ExportedEvent& event : trace.raw) {
    if (event.ph != "B" && event.ph != "E") continue;
    const std::string name = trace.process_names.at(event.pid) + ": " +
                             trace.thread_names.at({event.pid, event.tid});
    tracks[name].push_back({event.ph == "B", event.name, event.cat, *event.ts_ns});
  }
  return tracks;
}

/// The profiles as ChromeTrackEdges gives the Chrome export's tracks.
inline std::map<std::string, std::vector<SpeedscopeEdge>> ProfileEdges(const SpeedscopeFile& file) {
  std::map<std::string, std::vector<SpeedscopeEdge>> profiles;
  for (const SpeedscopeProfile& profile : file.profiles) {
    if (!profile.events.empty()) profiles[profile.name] = profile.events;
  }
  return profiles;
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_SPEEDSCOPE_FILE_HPP_
