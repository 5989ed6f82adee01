// node check_fleet_doc.mjs FLEET_MD WORK
// Runs the DuckDB queries of docs/fleet.md exactly as written, in WORK (the fleet of
// make_fleet.sh: their globs name `fleet/...`), and compares each one's output with the text
// block the doc shows after it, so the doc cannot drift from what DuckDB answers. A query is a
// ```sql block after a `<!-- fleet-query: NAME -->` line; its output is the next ```text block.
// With TRACEDOC_UPDATE_GOLDEN=1 the doc's output blocks are rewritten instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { asText, openDuckDB } from './fleet_lib.mjs';

const [docPath, work] = process.argv.slice(2);
if (!docPath || !work) {
  console.error('usage: node check_fleet_doc.mjs FLEET_MD WORK');
  process.exit(2);
}
const kQuery =
  /<!-- fleet-query: ([a-z0-9-]+) -->\n```sql\n([\s\S]*?)```\n([\s\S]*?)```text\n([\s\S]*?)```/g;

// Rows as an aligned table: a header, then one line per row, columns two spaces apart, numbers
// right-aligned.
function formatTable(columns, rows) {
  const cells = rows.map((row) => row.map(asText));
  const widths = columns.map((name, i) => Math.max(name.length, ...cells.map((r) => r[i].length)));
  const numeric = columns.map((_, i) => cells.every((r) => /^-?[\d.]+$/.test(r[i])));
  const line = (values) => values.map((v, i) => (numeric[i] ? v.padStart(widths[i])
                                                             : v.padEnd(widths[i])))
                                   .join('  ').trimEnd();
  return [line(columns), ...cells.map(line)].join('\n') + '\n';
}

process.chdir(work);
const doc = readFileSync(docPath, 'utf8');
const connection = await openDuckDB();
const found = [];
for (const match of doc.matchAll(kQuery)) {
  const [, name, sql, , shown] = match;
  const reader = await connection.runAndReadAll(sql);
  const output = formatTable(reader.columnNames(), reader.getRowsJson());
  found.push({ name, match, output, shown });
}
if (found.length < 2) {
  console.error(`${docPath}: ${found.length} fleet queries found, expected at least 2`);
  process.exit(1);
}
if (process.env.TRACEDOC_UPDATE_GOLDEN === '1') {
  let updated = doc;
  for (const { match, output, shown } of found) {
    updated = updated.replace(match[0], match[0].replace('```text\n' + shown, '```text\n' + output));
  }
  writeFileSync(docPath, updated);
  console.log(`${docPath}: ${found.length} outputs rewritten`);
  process.exit(0);
}
const stale = found.filter(({ output, shown }) => output !== shown);
for (const { name, output, shown } of stale) {
  console.error(`${docPath}: query ${name} answers\n${output}but the doc shows\n${shown}`);
}
if (stale.length > 0) {
  console.error('(TRACEDOC_UPDATE_GOLDEN=1 rewrites the doc\'s outputs)');
  process.exit(1);
}
console.log(`${docPath}: ${found.length} queries answer what the doc shows`);
