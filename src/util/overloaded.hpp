// A visitor made of one lambda per alternative: std::visit over it fails to compile when an
// alternative has no case, where a switch on the index would fall into `default`.
#pragma once

namespace tracedoc::util {

template <class... Cases>
struct Overloaded : Cases... {
  using Cases::operator()...;
};
template <class... Cases>
Overloaded(Cases...) -> Overloaded<Cases...>;

}  // namespace tracedoc::util
