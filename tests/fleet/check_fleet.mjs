// node check_fleet.mjs EXPECTED.json (--duckdb DIR | --sqlite DB)
// Per run, the counts and totals `tracedoc summary` printed (EXPECTED: {file name: summary})
// against the same numbers computed in SQL over the run's rows: DuckDB over the NDJSON tables
// (`export --format tables`), or Debian's sqlite3 over the database (`export --format sqlite`).
// The one query below runs on both; with DuckDB, the run ids read from the partition names must
// also be the rows' own. Exits 1 naming every difference.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asText, createTableViews, openDuckDB, parseJsonExact } from './fleet_lib.mjs';

const kPerRun = `
SELECT r.run_id, r.file_name, r.total_ns,
  (SELECT count(*) FROM ops o WHERE o.run_id = r.run_id) AS op_count,
  (SELECT count(*) FROM spans s WHERE s.run_id = r.run_id) AS span_count,
  (SELECT count(*) FROM spans s WHERE s.run_id = r.run_id AND s.parent_id IS NULL)
    AS root_span_count,
  (SELECT coalesce(max(s.depth), 0) FROM spans s WHERE s.run_id = r.run_id) AS max_depth,
  (SELECT count(*) FROM memory m WHERE m.run_id = r.run_id AND m.action = 'alloc')
    AS alloc_count,
  (SELECT count(*) FROM memory m WHERE m.run_id = r.run_id AND m.action = 'free')
    AS free_count
FROM runs r ORDER BY r.run_id`;
const kChecked = ['op_count', 'total_ns', 'span_count', 'root_span_count', 'max_depth',
                  'alloc_count', 'free_count'];

// The run ids DuckDB reads from the partition names (Hive partitioning, %XX decoded) against
// those of the rows themselves: the escape of docs/fleet.md §2 read back as the id.
async function partitionIdDifferences(connection, dir) {
  const glob = join(dir, 'runs', '*', '*.ndjson').replaceAll("'", "''");
  const ids = async (hive) => (await connection.runAndReadAll(
    `SELECT run_id FROM read_ndjson('${glob}', hive_partitioning = ${hive}, ` +
      `columns = {run_id: 'VARCHAR'}) ORDER BY run_id`)).getRowsJson().map((r) => r[0]);
  const fromNames = await ids(true);
  const fromRows = await ids(false);
  return JSON.stringify(fromNames) === JSON.stringify(fromRows)
    ? []
    : [`run ids from partition names ${JSON.stringify(fromNames)} are not the rows' ` +
       JSON.stringify(fromRows)];
}

async function rowsFromDuckDB(dir, failures) {
  const connection = await openDuckDB();
  await createTableViews(connection, dir);
  failures.push(...await partitionIdDifferences(connection, dir));
  const reader = await connection.runAndReadAll(kPerRun);
  return reader.getRowObjectsJson();
}

function rowsFromSqlite(db) {
  const text = execFileSync('sqlite3', ['-json', '-readonly', db, kPerRun],
                            { encoding: 'utf8', maxBuffer: 1 << 26 });
  return text.trim() === '' ? [] : parseJsonExact(text);
}

const [expectedPath, mode, source] = process.argv.slice(2);
if (!expectedPath || !['--duckdb', '--sqlite'].includes(mode) || !source) {
  console.error('usage: node check_fleet.mjs EXPECTED.json (--duckdb DIR | --sqlite DB)');
  process.exit(2);
}
const expected = parseJsonExact(readFileSync(expectedPath, 'utf8'));
const failures = [];
const rows = mode === '--duckdb' ? await rowsFromDuckDB(source, failures) : rowsFromSqlite(source);
const seen = new Set();
for (const row of rows) {
  const summary = expected[row.file_name];
  if (!summary) {
    failures.push(`run ${row.run_id}: file ${row.file_name} has no summary`);
    continue;
  }
  seen.add(row.file_name);
  for (const key of kChecked) {
    if (asText(row[key]) !== asText(summary[key])) {
      failures.push(`run ${row.run_id} (${row.file_name}): ${key} is ${asText(row[key])} in SQL, ` +
                    `${asText(summary[key])} in tracedoc summary`);
    }
  }
}
for (const file of Object.keys(expected)) {
  if (!seen.has(file)) failures.push(`${file}: no row in runs`);
}
const engine = mode === '--duckdb' ? 'DuckDB' : 'sqlite3';
if (failures.length > 0) {
  console.error(`${engine}: ${failures.length} difference(s):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`${engine}: ${rows.length} runs, ${kChecked.length} figures each, equal to tracedoc summary`);
