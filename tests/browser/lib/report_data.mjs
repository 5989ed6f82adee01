// The report's data block (docs/report.md, "The data block") as a browser check reads it: found
// in the page, parsed, and its frames checked against the contract.
import { CheckFailure } from './check.mjs';

export const kFormat = 'tracedoc-report-data/1';

/// What a page's script finds of the block, for readDataBlock.
export function findDataBlockInPage() {
  const all = document.querySelectorAll('#tracedoc-report-data');
  return { count: all.length, tag: all[0]?.tagName ?? '', type: all[0]?.getAttribute('type') ?? '', text: all[0]?.textContent ?? '' };
}

/// The block parsed; throws a CheckFailure saying what is wrong with its shape.
export function readDataBlock(found) {
  if (found.count !== 1) throw new CheckFailure(`${found.count} element(s) #tracedoc-report-data, exactly 1 expected`);
  if (found.tag !== 'SCRIPT' || found.type !== 'application/json') {
    throw new CheckFailure(`#tracedoc-report-data is <${found.tag.toLowerCase()} type="${found.type}">, not <script type="application/json">`);
  }
  let data;
  try {
    data = JSON.parse(found.text);
  } catch (error) {
    throw new CheckFailure(`the data block is not JSON: ${error.message}`);
  }
  if (data?.format !== kFormat) throw new CheckFailure(`the data block's format is ${JSON.stringify(data?.format)}, not "${kFormat}"`);
  const f = data.frames;
  const columns = ['kind', 'row', 'start', 'dur', 'self', 'name', 'args', 'ref'];
  if (!Array.isArray(data.lanes) || !Array.isArray(data.strings) || !f || !columns.every((c) => Array.isArray(f[c]))) {
    throw new CheckFailure(`the data block lacks lanes, strings or a frames column (${columns.join(', ')})`);
  }
  const n = f.row.length;
  const uneven = columns.filter((c) => f[c].length !== n);
  if (uneven.length) throw new CheckFailure(`frames columns of another length than "row" (${n}): ${uneven.join(', ')}`);
  return data;
}

/// Rows, names, order and overlaps of the frames; a list of what is wrong (the first few of each).
export function frameFailures(data) {
  const f = data.frames;
  const n = f.row.length;
  const failures = [];
  const note = (list, text) => { if (list.length < 5) list.push(text); };
  const badRows = [];
  const badValues = [];
  const badOrder = [];
  const byRow = new Map();
  for (let i = 0; i < n; ++i) {
    const row = f.row[i];
    if (!Number.isInteger(row) || row < 0 || row >= data.lanes.length) { note(badRows, `frame ${i}: row ${row}`); continue; }
    if (!Number.isInteger(f.name[i]) || f.name[i] < 0 || f.name[i] >= data.strings.length) note(badValues, `frame ${i}: name ${f.name[i]}`);
    if (!Number.isInteger(f.start[i]) || !Number.isInteger(f.dur[i]) || f.dur[i] < 0) note(badValues, `frame ${i}: start ${f.start[i]}, dur ${f.dur[i]}`);
    if (i > 0 && (row < f.row[i - 1] || (row === f.row[i - 1] && f.start[i] < f.start[i - 1]))) note(badOrder, `frame ${i} (row ${row}, start ${f.start[i]}) after frame ${i - 1} (row ${f.row[i - 1]}, start ${f.start[i - 1]})`);
    if (!byRow.has(row)) byRow.set(row, []);
    byRow.get(row).push(i);
  }
  if (badRows.length) failures.push(`frames on no lane (${data.lanes.length} lanes): ${badRows.join('; ')}`);
  if (badValues.length) failures.push(`frames with a bad name, start or duration: ${badValues.join('; ')}`);
  if (badOrder.length) failures.push(`frames not ordered by row then start: ${badOrder.join('; ')}`);
  const overlaps = [];
  let overlapCount = 0;
  for (const [row, frames] of byRow) {
    frames.sort((a, b) => f.start[a] - f.start[b] || f.dur[a] - f.dur[b]);
    for (let k = 1; k < frames.length; ++k) {
      const a = frames[k - 1];
      const b = frames[k];
      if (f.start[a] + f.dur[a] <= f.start[b]) continue;
      ++overlapCount;
      note(overlaps, `row ${row}: frame ${a} [${f.start[a]}, ${f.start[a] + f.dur[a]}) overlaps frame ${b} [${f.start[b]}, ${f.start[b] + f.dur[b]})`);
    }
  }
  if (overlapCount) failures.push(`${overlapCount} overlap(s) of frames in one row: ${overlaps.join('; ')}`);
  return failures;
}

