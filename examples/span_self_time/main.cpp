// A small analysis tool on tracedoc's span index: the ten spans with the longest self time (their
// duration minus their children's), each with its path of span ids from the root.
// Usage: span_self_time TRACE.jsonl   (exit 0 when the trace is valid, 1 when not, 2 on misuse)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <tracedoc/tracedoc.hpp>

namespace {

// "root > … > span". A walk up stops after depth() steps, so a parent cycle cannot hold it;
// "… > " marks a path that does not reach a span without a parent (unknown parent, or cycle).
std::string PathOf(const tracedoc::TraceDocument& document, tracedoc::SpanPosition span) {
  const tracedoc::SpanIndex index = document.span_index();
  std::vector<tracedoc::SpanPosition> up{span};
  for (std::uint64_t hops = index.depth(span); hops > 0; --hops) {
    const std::optional<tracedoc::SpanPosition> parent = index.parent(up.back());
    if (!parent) break;
    up.push_back(*parent);
  }
  std::string path = document.spans()[up.back()].parent_id ? "… > " : "";
  for (auto it = up.rbegin(); it != up.rend(); ++it) {
    path += document.spans()[*it].id;
    if (it + 1 != up.rend()) path += " > ";
  }
  return path;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: span_self_time TRACE.jsonl\n";
    return 2;
  }
  const tracedoc::Result<tracedoc::TraceDocument> document =
      tracedoc::ReadTrace(tracedoc::TraceInput::FromFile(argv[1]));
  if (!document) {
    std::cerr << tracedoc::FormatError(argv[1], document.error()) << '\n';
    return 1;
  }
  const tracedoc::SpanIndex index = document.value().span_index();
  std::vector<tracedoc::SpanPosition> spans(index.size());
  std::iota(spans.begin(), spans.end(), tracedoc::SpanPosition{0});
  std::vector<std::uint64_t> self_ns(index.size());  // each costs a walk over its children
  for (const tracedoc::SpanPosition span : spans) self_ns[span] = index.self_time_ns(span);
  // Longest first; equal self times in id order (positions are in id order).
  const std::size_t shown = std::min<std::size_t>(10, spans.size());
  std::partial_sort(spans.begin(), spans.begin() + static_cast<std::ptrdiff_t>(shown), spans.end(),
                    [&](tracedoc::SpanPosition a, tracedoc::SpanPosition b) {
                      return self_ns[a] != self_ns[b] ? self_ns[a] > self_ns[b] : a < b;
                    });
  for (std::size_t i = 0; i < shown; ++i) {
    std::cout << self_ns[spans[i]] << " ns  " << PathOf(document.value(), spans[i]) << '\n';
  }
  return 0;
}
