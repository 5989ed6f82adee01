// `tracedoc upgrade`: a document read from an older schema written as canonical
// candle-graph/trace/10 JSONL (docs/upgrade.md gives every synthesized field and its rule).
#ifndef TRACEDOC_UPGRADE_HPP_
#define TRACEDOC_UPGRADE_HPP_

#include <iosfwd>
#include <string>

#include "tracedoc/document.hpp"

namespace tracedoc {

/// The member under which a trace/6 record's unknown keys that trace/10 defines for that record
/// (a `storage_id` on a trace/6 memory line, say) are kept, as one object, so that they stay in
/// the output without clashing with the synthesized fields.
inline constexpr std::string_view kUpgradeLegacyMembersKey = "trace6_unknown";

/// The member the synthesized terminal of an upgraded trace/6 document carries, whose value is
/// the schema it was upgraded from: trace/6 recorded no outcome.
inline constexpr std::string_view kUpgradedFromKey = "upgraded_from";

/// The document as canonical trace/10 JSONL, which ReadTrace reads without error and which
/// `tracedoc cat` writes back byte for byte. A trace/6 document gets the trace/10 schema, a
/// default capture contract, storage ids equal to the tensor ids, explicit dense bytes and a
/// `complete` terminal at its latest host evidence; a trace/9 document gets the trace/10 schema;
/// a trace/10 document is written as `tracedoc cat` writes it. Unknown members are kept. No
/// errors.
std::string UpgradeToTrace10(const TraceDocument& document);

/// As above, written to `out` as it is made. A stream error is left in `out`'s state.
void UpgradeToTrace10(const TraceDocument& document, std::ostream& out);

}  // namespace tracedoc

#endif  // TRACEDOC_UPGRADE_HPP_
