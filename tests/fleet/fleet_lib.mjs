// What the fleet checks share: DuckDB from tests/browser's pinned npm packages, views over a
// tables directory typed from its manifest, and JSON read without losing a u64.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// @duckdb/node-api is installed (scripts/setup-browser.sh, `npm ci`) under tests/browser.
export async function openDuckDB() {
  const require = createRequire(new URL('../browser/package.json', import.meta.url));
  const { DuckDBInstance } = await import(pathToFileURL(require.resolve('@duckdb/node-api')).href);
  const instance = await DuckDBInstance.create(':memory:');
  return instance.connect();
}

// The manifest's column types as DuckDB's: a u64 is a UBIGINT (a BIGINT would refuse 2^63 and
// above; a guessed type may be a DOUBLE, which rounds).
const kDuckDBTypes = {
  integer: 'BIGINT', u64: 'UBIGINT', real: 'DOUBLE', text: 'VARCHAR', boolean: 'BOOLEAN',
  json: 'JSON',
};

export function readManifest(dir) {
  return JSON.parse(readFileSync(join(dir, '_tracedoc_tables.json'), 'utf8'));
}

// `table: {name: TYPE, ...}` for read_ndjson's columns parameter.
export function duckdbColumns(table) {
  const members = table.columns.map((c) => `"${c.name}": '${kDuckDBTypes[c.type]}'`);
  return `{${members.join(', ')}}`;
}

// One view per table over every run's partition: one glob, Hive partitioning on.
export async function createTableViews(connection, dir) {
  for (const table of readManifest(dir).tables) {
    const glob = join(dir, table.name, '*', '*.ndjson').replaceAll("'", "''");
    await connection.run(
      `CREATE VIEW ${table.name} AS SELECT * FROM read_ndjson('${glob}', ` +
        `hive_partitioning = true, columns = ${duckdbColumns(table)})`);
  }
}

// JSON.parse with every integer kept as its decimal text, so 2^64 - 1 survives.
export function parseJsonExact(text) {
  return JSON.parse(text.replace(/("(?:[^"\\]|\\.)*")|(?<![\w.+-])(-?\d+)(?![\d.eE])/g,
                                 (match, string, integer) => (string ? string : `"${integer}"`)));
}

// A value as text: what the checks compare (a BigInt, a number and a digit string alike).
export function asText(value) {
  return value === null || value === undefined ? 'null' : String(value);
}
