// Reads back what ExportChromeTrace wrote, for tests: the events (one per line, as the export
// writes them) with their times in exact nanoseconds from the text, and the checks every export
// must pass (docs/chrome-trace.md §1): three decimals, strict nesting per track, names for every
// process and thread used. A slice is written as a B/E pair (or, of zero length, a thread
// instant); it is read back as one event, ph "X", its duration the end's time minus the
// begin's. The pairs are made twice, as two viewers make them from the times parsed as doubles
// (viewer_replay.hpp): a stack per track in time order (Perfetto, chrome://tracing), and
// speedscope 1.25's importer; any disagreement or warning is a problem.
// tests/browser/check_chrome_trace.mjs checks the same in node.
#ifndef TRACEDOC_TESTS_SUPPORT_CHROME_TRACE_EVENTS_HPP_
#define TRACEDOC_TESTS_SUPPORT_CHROME_TRACE_EVENTS_HPP_

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "support/viewer_replay.hpp"

namespace tracedoc::testing {

struct ExportedEvent {
  std::string ph;
  std::string name;
  std::string cat;
  std::string scope;  // `s` of an instant
  std::int64_t pid = -1;
  std::int64_t tid = -1;
  std::optional<std::uint64_t> ts_ns;
  std::optional<std::uint64_t> dur_ns;
  boost::json::object args;
  /// `ts` as a viewer's double (the text parsed as JavaScript parses it).
  double ts_double = 0;
  std::uint64_t End() const { return *ts_ns + dur_ns.value_or(0); }
};

struct ExportedTrace {
  /// In file order; each slice once, where its B (or instant) is.
  std::vector<ExportedEvent> events;
  /// The file's events as written (B, E, i, C, M), in order.
  std::vector<ExportedEvent> raw;
  boost::json::object metadata;
  std::map<std::int64_t, std::string> process_names;
  std::map<std::pair<std::int64_t, std::int64_t>, std::string> thread_names;
  /// What does not hold, one line each; empty when the export is sound.
  std::vector<std::string> problems;

  std::vector<const ExportedEvent*> Select(std::string_view ph, std::string_view cat = {}) const {
    std::vector<const ExportedEvent*> out;
    for (const ExportedEvent& event : events) {
      if (event.ph == ph && (cat.empty() || event.cat == cat)) out.push_back(&event);
    }
    return out;
  }
};

namespace detail {

// `"key":DIGITS.DDD` in `line` as nanoseconds; nullopt when the key is absent; a problem when
// it is not written with exactly three decimals.
inline std::optional<std::uint64_t> MicrosecondsAt(std::string_view line, std::string_view key,
                                                   std::vector<std::string>& problems) {
  const std::string needle = "\"" + std::string(key) + "\":";
  const std::size_t at = line.find(needle);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t i = at + needle.size();
  std::uint64_t whole = 0;
  std::size_t digits = 0;
  for (; i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i, ++digits) {
    whole = whole * 10 + static_cast<std::uint64_t>(line[i] - '0');
  }
  std::uint64_t fraction = 0;
  std::size_t decimals = 0;
  if (i < line.size() && line[i] == '.') {
    for (++i; i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i, ++decimals) {
      fraction = fraction * 10 + static_cast<std::uint64_t>(line[i] - '0');
    }
  }
  if (digits == 0 || decimals != 3) {
    problems.push_back(std::string(key) + " not written with three decimals: " + std::string(line));
  }
  return whole * 1000 + fraction;
}

}  // namespace detail

/// For each B of `raw`, the E that closes it, as the stack of a track pairs them; the problems
/// of either viewer's pairing, and any B the two pair with different ends, go to `problems`.
inline std::vector<std::optional<std::size_t>> PairSlices(const std::vector<ExportedEvent>& raw,
                                                          std::vector<std::string>& problems) {
  std::vector<ReplayEvent> replay(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const ExportedEvent& event = raw[i];
    if (event.ph != "B" && event.ph != "E") continue;
    replay[i] = {event.ph[0], event.name, event.name + " " + boost::json::serialize(event.args),
                 event.pid, event.tid, event.ts_double};
  }
  Pairs stack = StackPairs(replay, problems);
  // Past 2^53 ns a double cannot tell every nanosecond apart, and distinct times become one:
  // a stack keeps them in file order, which nests; speedscope sorts begins and ends apart and
  // pairs them by name at one time, which nothing written can steer once the times collapse
  // (docs/chrome-trace.md §1). Its replay runs on traces within 2^53 ns.
  bool exact_in_doubles = true;
  for (const ExportedEvent& event : raw) {
    if ((event.ph == "B" || event.ph == "E") && *event.ts_ns >= (std::uint64_t{1} << 53)) {
      exact_in_doubles = false;
    }
  }
  const Pairs speedscope = exact_in_doubles ? SpeedscopePairs(replay, problems) : stack;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i].ph != "B" || !stack[i] || !speedscope[i]) continue;
    if (raw[*stack[i]].ts_ns != raw[*speedscope[i]].ts_ns) {
      problems.push_back("\"" + raw[i].name + "\" ends at " + std::to_string(*raw[*stack[i]].ts_ns) +
                         " ns for a stack, at " + std::to_string(*raw[*speedscope[i]].ts_ns) +
                         " ns for speedscope");
    }
  }
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i].ph == "B" && stack[i] && raw[*stack[i]].ts_ns < raw[i].ts_ns) {
      problems.push_back("\"" + raw[i].name + "\" ends before it begins");
      stack[i].reset();
    }
  }
  return stack;
}

/// Parses the export and runs the checks into `problems`.
inline ExportedTrace ReadExportedTrace(std::string_view text) {
  ExportedTrace trace;
  constexpr std::string_view kHead = "{\"traceEvents\":[";
  if (!text.starts_with(kHead)) {
    trace.problems.push_back("does not start with {\"traceEvents\":[");
    return trace;
  }
  boost::json::error_code ec;
  const boost::json::value whole = boost::json::parse(text, ec);
  if (ec || !whole.is_object()) {
    trace.problems.push_back("not one JSON object: " + ec.message());
    return trace;
  }
  if (const auto* metadata = whole.as_object().if_contains("metadata")) {
    if (metadata->is_object()) trace.metadata = metadata->as_object();
  }
  if (whole.as_object().if_contains("displayTimeUnit") == nullptr ||
      whole.as_object().at("displayTimeUnit") != "ns") {
    trace.problems.push_back("displayTimeUnit is not \"ns\"");
  }
  // One event per line between the head and the closing `]`.
  std::size_t pos = kHead.size();
  while (pos < text.size() && text[pos] == '\n') {
    const std::size_t end = text.find('\n', pos + 1);
    std::string_view line = text.substr(pos + 1, end == std::string_view::npos ? end : end - pos - 1);
    pos = end;
    if (line.starts_with("]")) break;
    if (line.ends_with(",")) line.remove_suffix(1);
    const boost::json::value value = boost::json::parse(line, ec);
    if (ec || !value.is_object()) {
      trace.problems.push_back("event line is not an object: " + std::string(line));
      continue;
    }
    const boost::json::object& object = value.as_object();
    ExportedEvent event;
    const auto text_of = [&](std::string_view key) -> std::string {
      const auto* member = object.if_contains(key);
      return member != nullptr && member->is_string() ? std::string(member->as_string()) : "";
    };
    event.ph = text_of("ph");
    event.name = text_of("name");
    event.cat = text_of("cat");
    event.scope = text_of("s");
    if (const auto* pid = object.if_contains("pid"); pid != nullptr && pid->is_int64()) {
      event.pid = pid->as_int64();
    }
    if (const auto* tid = object.if_contains("tid"); tid != nullptr && tid->is_int64()) {
      event.tid = tid->as_int64();
    }
    if (const auto* args = object.if_contains("args"); args != nullptr && args->is_object()) {
      event.args = args->as_object();
    }
    event.ts_ns = detail::MicrosecondsAt(line, "ts", trace.problems);
    if (const auto* ts = object.if_contains("ts"); ts != nullptr && ts->is_number()) {
      event.ts_double = ts->to_number<double>();
    }
    event.dur_ns = detail::MicrosecondsAt(line, "dur", trace.problems);
    if (event.pid < 0 || event.tid < 0) trace.problems.push_back("no integer pid/tid: " + std::string(line));
    if (event.ph == "M") {
      const std::string name = event.args.contains("name") && event.args.at("name").is_string()
                                   ? std::string(event.args.at("name").as_string())
                                   : "";
      if (event.name == "process_name") trace.process_names[event.pid] = name;
      if (event.name == "thread_name") trace.thread_names[{event.pid, event.tid}] = name;
    } else if (!event.ts_ns) {
      trace.problems.push_back("no ts: " + std::string(line));
    }
    if (event.ph == "X") trace.problems.push_back("X event (slices are B/E pairs): " + std::string(line));
    if (event.ph == "C") {
      if (event.args.empty()) trace.problems.push_back("counter without args: " + std::string(line));
      for (const auto& member : event.args) {
        if (!member.value().is_number()) trace.problems.push_back("counter arg not a number: " + std::string(line));
      }
    }
    trace.raw.push_back(std::move(event));
  }
  // Each track's begins and ends come in file order as a stack replays them (docs/chrome-trace.md
  // §1): their times never go back.
  std::map<std::pair<std::int64_t, std::int64_t>, std::uint64_t> track_time;
  for (const ExportedEvent& event : trace.raw) {
    if ((event.ph != "B" && event.ph != "E") || !event.ts_ns) continue;
    std::uint64_t& last = track_time[{event.pid, event.tid}];
    if (*event.ts_ns < last) {
      trace.problems.push_back("\"" + event.name + "\" (" + event.ph + ") at " +
                               std::to_string(*event.ts_ns) + " ns after " + std::to_string(last) +
                               " ns on tid " + std::to_string(event.tid));
    }
    last = std::max(last, *event.ts_ns);
  }
  // The slices, as both viewers pair them.
  const std::vector<std::optional<std::size_t>> ends = PairSlices(trace.raw, trace.problems);
  for (std::size_t i = 0; i < trace.raw.size(); ++i) {
    const ExportedEvent& event = trace.raw[i];
    if (event.ph == "E") continue;
    ExportedEvent slice = event;
    if (event.ph == "B") {
      if (!ends[i]) continue;
      const ExportedEvent& end = trace.raw[*ends[i]];
      slice.ph = "X";
      slice.dur_ns = *end.ts_ns - *event.ts_ns;
    } else if (event.ph == "i" && event.scope == "t") {
      slice.ph = "X";
      slice.scope.clear();
      slice.dur_ns = 0;
    }
    trace.events.push_back(std::move(slice));
  }
  // Names, and strict nesting per track.
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const ExportedEvent*>> tracks;
  for (const ExportedEvent& event : trace.events) {
    if (event.ph == "M" || event.scope == "g") continue;
    if (!trace.process_names.contains(event.pid)) {
      trace.problems.push_back("pid " + std::to_string(event.pid) + " has no process_name");
    }
    if (event.ph == "X") {
      if (!trace.thread_names.contains({event.pid, event.tid})) {
        trace.problems.push_back("tid " + std::to_string(event.tid) + " has no thread_name");
      }
      tracks[{event.pid, event.tid}].push_back(&event);
    }
  }
  for (auto& [track, events] : tracks) {
    std::stable_sort(events.begin(), events.end(), [](const ExportedEvent* a, const ExportedEvent* b) {
      return std::tuple(*a->ts_ns, b->End()) < std::tuple(*b->ts_ns, a->End());
    });
    std::vector<const ExportedEvent*> open;
    for (const ExportedEvent* event : events) {
      while (!open.empty() && open.back()->End() <= *event->ts_ns) open.pop_back();
      if (!open.empty() && event->End() > open.back()->End()) {
        trace.problems.push_back("\"" + event->name + "\" on tid " + std::to_string(track.second) +
                                 " starts inside \"" + open.back()->name + "\" and ends after it");
      }
      open.push_back(event);
    }
  }
  return trace;
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_CHROME_TRACE_EVENTS_HPP_
