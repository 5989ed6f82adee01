// A visitor made of one lambda per alternative: std::visit over it fails to compile when an
// alternative has no case, where a switch on the index would fall into `default`.
#ifndef TRACEDOC_UTIL_OVERLOADED_HPP_
#define TRACEDOC_UTIL_OVERLOADED_HPP_

namespace tracedoc::util {

template <class... Cases>
struct Overloaded : Cases... {
  using Cases::operator()...;
};
template <class... Cases>
Overloaded(Cases...) -> Overloaded<Cases...>;

}  // namespace tracedoc::util

#endif  // TRACEDOC_UTIL_OVERLOADED_HPP_
