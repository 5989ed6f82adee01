// How two viewers pair the B and E events of a Chrome Trace Event file, replayed as they do it,
// with the times as the doubles they parse (issue 27, item 2). A test gives the events of an
// export and gets, for each B, the E that closes it, and every warning the viewer would log.
//
// - A stack per track (Perfetto's importer, chrome://tracing): a track's events stably sorted by
//   time; a B opens a slice, an E closes the innermost open one, which must have its name and
//   its key (the name and the args).
// - speedscope 1.25 (src/import/trace-event.ts): per track, a queue of B and a queue of E, each
//   stably sorted by time after subtracting the track's first time; at one instant a B goes
//   first only when it has the name of the E it is compared with; before an E is taken, an E of
//   the same instant that matches the open frame by key, else by name, is moved to the front;
//   an E whose name is not the open frame's is dropped with a warning, one whose key is not is
//   taken with a warning, and frames left open are warned about.
#ifndef TRACEDOC_TESTS_SUPPORT_VIEWER_REPLAY_HPP_
#define TRACEDOC_TESTS_SUPPORT_VIEWER_REPLAY_HPP_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tracedoc::testing {

struct ReplayEvent {
  char ph = 0;  // 'B' or 'E'; others are not replayed
  std::string name;
  std::string key;  // speedscope's: the name, a space and the args as JSON
  std::int64_t pid = 0;
  std::int64_t tid = 0;
  double ts = 0;
};

using Pairs = std::vector<std::optional<std::size_t>>;

namespace detail {

inline std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::size_t>> ByTrack(
    const std::vector<ReplayEvent>& events) {
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::size_t>> tracks;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].ph == 'B' || events[i].ph == 'E') tracks[{events[i].pid, events[i].tid}].push_back(i);
  }
  return tracks;
}

inline std::string Where(const ReplayEvent& e) {
  return "pid " + std::to_string(e.pid) + " tid " + std::to_string(e.tid) + " ts " +
         std::to_string(e.ts) + ": ";
}

}  // namespace detail

/// The stack pairing: for each B, the index of its E.
inline Pairs StackPairs(const std::vector<ReplayEvent>& events, std::vector<std::string>& problems) {
  Pairs pairs(events.size());
  for (auto& [track, indexes] : detail::ByTrack(events)) {
    std::stable_sort(indexes.begin(), indexes.end(),
                     [&](std::size_t a, std::size_t b) { return events[a].ts < events[b].ts; });
    std::vector<std::size_t> open;
    for (const std::size_t i : indexes) {
      const ReplayEvent& e = events[i];
      if (e.ph == 'B') {
        open.push_back(i);
        continue;
      }
      if (open.empty()) {
        problems.push_back("stack: " + detail::Where(e) + "E \"" + e.name + "\" with nothing open");
        continue;
      }
      const ReplayEvent& b = events[open.back()];
      if (b.key != e.key) {
        problems.push_back("stack: " + detail::Where(e) + "E \"" + e.key + "\" closes \"" + b.key +
                           "\"");
      }
      pairs[open.back()] = i;
      open.pop_back();
    }
    for (const std::size_t i : open) {
      problems.push_back("stack: " + detail::Where(events[i]) + "\"" + events[i].name +
                         "\" never ends");
    }
  }
  return pairs;
}

/// speedscope's pairing: for each B, the index of the E that closed its frame.
inline Pairs SpeedscopePairs(const std::vector<ReplayEvent>& all, std::vector<std::string>& problems) {
  Pairs pairs(all.size());
  for (auto& [track, indexes] : detail::ByTrack(all)) {
    // The track's events with its first time subtracted, as doubles.
    double first = all[indexes.front()].ts;
    for (const std::size_t i : indexes) first = std::min(first, all[i].ts);
    std::vector<ReplayEvent> events;
    for (const std::size_t i : indexes) {
      ReplayEvent e = all[i];
      e.ts = e.ts - first;
      events.push_back(std::move(e));
    }
    std::vector<std::size_t> b_queue;
    std::vector<std::size_t> e_queue;  // positions in `events`
    for (std::size_t i = 0; i < events.size(); ++i) (events[i].ph == 'B' ? b_queue : e_queue).push_back(i);
    const auto by_time = [&](std::size_t a, std::size_t b) { return events[a].ts < events[b].ts; };
    std::stable_sort(b_queue.begin(), b_queue.end(), by_time);
    std::stable_sort(e_queue.begin(), e_queue.end(), by_time);
    std::size_t b_head = 0;
    std::size_t e_head = 0;
    std::vector<std::size_t> stack;
    // clang 14 does not let a lambda capture a structured binding: the place is named here.
    const std::string where = detail::Where(all[indexes[0]]);
    const auto warn = [&](const ReplayEvent& e, const std::string& what) {
      problems.push_back("speedscope: " + where + "at " +
                         std::to_string(e.ts) + ": " + what);
    };
    while (b_head < b_queue.size() || e_head < e_queue.size()) {
      bool take_b = false;
      if (e_head == e_queue.size()) {
        take_b = true;
      } else if (b_head < b_queue.size()) {
        const ReplayEvent& b = events[b_queue[b_head]];
        const ReplayEvent& e = events[e_queue[e_head]];
        take_b = b.ts < e.ts || (b.ts == e.ts && b.name == e.name);
      }
      if (take_b) {
        stack.push_back(b_queue[b_head++]);
        continue;
      }
      if (!stack.empty()) {
        const ReplayEvent& top = events[stack.back()];
        const double at = events[e_queue[e_head]].ts;
        bool swapped = false;
        for (std::size_t i = e_head + 1; i < e_queue.size() && events[e_queue[i]].ts <= at; ++i) {
          if (events[e_queue[i]].key == top.key) {
            std::swap(e_queue[e_head], e_queue[i]);
            swapped = true;
            break;
          }
        }
        if (!swapped) {
          for (std::size_t i = e_head + 1; i < e_queue.size() && events[e_queue[i]].ts <= at; ++i) {
            if (events[e_queue[i]].name == top.name) {
              std::swap(e_queue[e_head], e_queue[i]);
              break;
            }
          }
        }
      }
      const ReplayEvent& e = events[e_queue[e_head++]];
      if (stack.empty()) {
        warn(e, "tried to end \"" + e.key + "\", but the stack was empty");
        continue;
      }
      const ReplayEvent& b = events[stack.back()];
      if (e.name != b.name) {
        warn(e, "tried to end \"" + e.key + "\" when \"" + b.key + "\" was on the top of the stack");
        continue;
      }
      if (e.key != b.key) {
        warn(e, "tried to end \"" + e.key + "\" when \"" + b.key + "\" was on the top of the stack; ending it instead");
      }
      pairs[indexes[stack.back()]] = indexes[static_cast<std::size_t>(&e - events.data())];
      stack.pop_back();
    }
    for (const std::size_t open : stack) warn(events[open], "frame \"" + events[open].key + "\" was still open");
  }
  return pairs;
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_VIEWER_REPLAY_HPP_
