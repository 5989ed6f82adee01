// Member-level changes to one record line, for the decoder's differential property (the fast
// path against the general one): keys added, repeated, dropped and reordered, values of every
// other type and range, escapes, white space, bytes that are not UTF-8, cut lines. The lines need
// not stay valid: both paths must agree on the error as much as on the record.
#ifndef TRACEDOC_TESTS_PROPERTY_RECORD_LINE_MUTATIONS_HPP_
#define TRACEDOC_TESTS_PROPERTY_RECORD_LINE_MUTATIONS_HPP_

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidcheck.h>

namespace tracedoc::property {

namespace line_mutation_detail {

/// The members of a one-line JSON object as written (`"key":value`), split at its top-level
/// commas; empty when `line` is not `{...}`.
inline std::vector<std::string> SplitMembers(std::string_view line) {
  std::vector<std::string> members;
  if (line.size() < 2 || line.front() != '{' || line.back() != '}') return members;
  std::size_t depth = 0;
  bool in_string = false;
  std::size_t start = 1;
  for (std::size_t i = 1; i + 1 < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      members.emplace_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  if (start + 1 < line.size()) members.emplace_back(line.substr(start, line.size() - 1 - start));
  return members;
}

inline std::string JoinMembers(const std::vector<std::string>& members) {
  std::string out = "{";
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i != 0) out += ',';
    out += members[i];
  }
  return out + '}';
}

// The key of a member as written, quotes included.
inline std::string_view KeyOf(std::string_view member) {
  std::size_t end = 1;
  while (end < member.size() && member[end] != '"') end += member[end] == '\\' ? 2 : 1;
  return member.substr(0, end + 1);
}

inline const std::vector<std::string>& OtherValues() {
  static const std::vector<std::string> kValues = {
      "null", "true", "false", "0", "1", "-1", "-0", "1.5", "1.0", "1e2", "-2.5E-3", "1e400",
      "1E-400", "18446744073709551615", "18446744073709551616", "9223372036854775808",
      "123456789012345678901234567890", "\"\"", "\"x\"", "\"\\u0041b\"", "\"a\\nb\"",
      "\"\xC3\xA9t\xC3\xA9\"", "[]", "[1,2,3]", "[ 4 , 5 ]", "[\"a\",\"b\"]", "[-1]", "[1.5]",
      "[null]", "[[1]]", "[\"a\\\"b\"]", "{}", "{\"a\":1}", "\"function\"", "\"forward\"",
      "\"alloc\"", "\"free\"", "\"call\"", "\"data\"", "\"present\"", "\"activation\"",
      "\"complete\"", "\"op\"", "\"module\"", "\"span_start\"", "\"edge\"", "\"meta\""};
  return kValues;
}

inline const std::vector<std::string>& OtherKeys() {
  static const std::vector<std::string> kKeys = {
      "\"zz_unknown\"", "\"kind\"", "\"edge_kind\"", "\"id\"", "\"span_id\"", "\"shape\"",
      "\"dtype\"", "\"norm\"", "\"label\"", "\"step\"", "\"measured\"", "\"inputs\"",
      "\"output\"", "\"\\u006bind\"", "\"sp\\u0061n_id\"", "\"\""};
  return kKeys;
}

}  // namespace line_mutation_detail

/// `line` changed by one to three mutations drawn with rapidcheck (none, sometimes); each is
/// named in `names`.
inline std::string MutateRecordLine(std::string line, std::vector<std::string>& names) {
  using namespace line_mutation_detail;
  const int count = *rc::gen::inRange(0, 4);
  for (int n = 0; n < count; ++n) {
    std::vector<std::string> members = SplitMembers(line);
    const std::size_t size = members.size();
    auto any_member = [&] { return *rc::gen::inRange<std::size_t>(0, size); };
    auto any_place = [&] { return *rc::gen::inRange<std::size_t>(0, size + 1); };
    const int choice = *rc::gen::inRange(0, 12);
    // The member changes (0 to 5, 11) need members; the byte changes do not.
    const bool member_change = choice < 6 || choice == 11;
    if (size == 0 && member_change) continue;
    switch (choice) {
      case 0: {
        names.push_back("key added");
        const std::string member =
            *rc::gen::elementOf(OtherKeys()) + ":" + *rc::gen::elementOf(OtherValues());
        members.insert(members.begin() + static_cast<std::ptrdiff_t>(any_place()), member);
        break;
      }
      case 1: {
        names.push_back("member repeated");
        const std::string member = members[any_member()];
        members.insert(members.begin() + static_cast<std::ptrdiff_t>(any_place()), member);
        break;
      }
      case 2:
        names.push_back("member dropped");
        members.erase(members.begin() + static_cast<std::ptrdiff_t>(any_member()));
        break;
      case 3:
        names.push_back("members swapped");
        std::swap(members[any_member()], members[any_member()]);
        break;
      case 4: {
        names.push_back("value replaced");
        std::string& member = members[any_member()];
        member = std::string(KeyOf(member)) + ":" + *rc::gen::elementOf(OtherValues());
        break;
      }
      case 5: {
        names.push_back("key escaped");
        std::string& member = members[any_member()];
        if (member.size() > 2 && member[1] != '\\' && member[1] != '"') {
          static const char kHex[] = "0123456789abcdef";
          const auto c = static_cast<unsigned char>(member[1]);
          member.replace(1, 1, std::string("\\u00") + kHex[c >> 4] + kHex[c & 15]);
        }
        break;
      }
      case 6:
        names.push_back("white space");
        line.insert(*rc::gen::inRange<std::size_t>(0, line.size() + 1),
                    *rc::gen::element<std::string>(" ", "\t", "\xC2\xA0", "\xE2\x80\xA8"));
        break;
      case 7:
        names.push_back("not UTF-8");
        line.insert(*rc::gen::inRange<std::size_t>(0, line.size() + 1),
                    *rc::gen::element<std::string>("\xFF", "\xC0\x80", "\xED\xA0\x80",
                                                   "\xF4\x90\x80\x80", "\xE2\x82", "\x80"));
        break;
      case 8:
        names.push_back("cut");
        line.resize(*rc::gen::inRange<std::size_t>(0, line.size() + 1));
        break;
      case 9:
        names.push_back("byte changed");
        if (!line.empty()) {
          line[*rc::gen::inRange<std::size_t>(0, line.size())] =
              *rc::gen::element('"', ',', ':', '{', '}', '[', ']', '\\', '0', '-', 'e', ' ');
        }
        break;
      case 10:
        names.push_back("no object");
        line = *rc::gen::element<std::string>("[" + line + "]", "\"" + line + "\"", "1", "");
        break;
      default: {
        names.push_back("kind changed");
        std::string& member = members[any_member()];
        member = "\"kind\":" + *rc::gen::element<std::string>(
                                   "\"span_start\"", "\"span_end\"", "\"op\"", "\"tensor\"",
                                   "\"tensor_stats\"", "\"memory\"", "\"device_memory\"",
                                   "\"device_interval\"", "\"gradient\"", "\"edge\"",
                                   "\"terminal\"", "\"meta\"", "\"nope\"", "1");
        break;
      }
    }
    if (member_change) line = JoinMembers(members);
  }
  return line;
}

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_RECORD_LINE_MUTATIONS_HPP_
