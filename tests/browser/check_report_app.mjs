#!/usr/bin/env node
// Usage: check_report_app.mjs REPORT.html OUTDIR [--search NAME] [--screenshots PREFIX [--section ID]]
//                             [--max-load-ms MS]
// The report's interactive timeline (src/report/report_script.js) in headless Chromium, the page
// served alone from a loopback HTTP server at 1280x900. It fails unless:
//   - nothing but the page itself is requested, and there is no console error or warning and no
//     uncaught script error;
//   - the page holds exactly one tracedoc-report-data/1 block (application/json) that parses;
//   - in the block, every frame's row is a lane, frames are ordered by row then start (the
//     contract), and no two frames of a row overlap: sorted by (start, end), each ends at or
//     before the next starts (an instant may sit on a boundary);
//   - the app drew: #timeline-app has content, data-frames-drawn > 0 when there are frames or
//     buckets, svg.timeline-overview is hidden;
//   - `w` pressed 3 times (focus on the lanes canvas) narrows data-view-start/end strictly, a
//     wheel over the lanes changes them, `0` restores the first range;
//   - NAME (default: the name of the longest frame) typed into #timeline-search makes
//     #timeline-search-count report N >= 1, N being the number of entries of the block's `frames`
//     whose name contains NAME case-insensitively (buckets are not counted: their frames have no
//     names in the block);
//   - when the page has a.timeline-link: clicking the first one whose frame is in `frames` keeps
//     the URL, selects that frame (window.tracedocTimeline.selection()), puts its name in
//     #timeline-selection and zooms so that the frame is in view;
//   - hovering the longest frame (zoomed to with tracedocTimeline.select) shows the .hover-card and
//     a click there pins the same name in #timeline-selection;
//   - 60 seeded views (the whole run, the deepest zoom, random ones; half with a search on) draw
//     without an error, and so do 60 drag steps of 40 px at three zooms, each part within a
//     watchdog (a page stuck in a loop fails, not hangs);
//   - with JavaScript off, every <section> is shown (height > 0) and so is svg.timeline-overview;
//   - with --max-load-ms, the load event comes within MS.
// With --screenshots PREFIX (relative to OUTDIR unless absolute) it saves PREFIX-overview.png (the
// viewport after load) and PREFIX-zoomed.png (the timeline zoomed to one step: the first span whose
// args say span_kind=step, else the first frame at depth 1, else the first frame), neither of which
// may be one colour; with --section ID also PREFIX-ID.png, the element section#ID. It prints the
// load time, the page size and the redraw times, and writes them to OUTDIR/<report name>.app.json.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openGuardedPage, withChromium } from './lib/browser.mjs';
import { CheckFailure, runCheck, UsageError } from './lib/check.mjs';
import { assertNotBlank } from './lib/png.mjs';
import { findDataBlockInPage, frameFailures, readDataBlock } from './lib/report_data.mjs';
import { startLoopbackServer } from './lib/serve.mjs';

const kName = 'check_report_app';
const kUsage = `${kName}.mjs REPORT.html OUTDIR [--search NAME] [--screenshots PREFIX [--section ID]] [--max-load-ms MS]`;
const kViewport = { width: 1280, height: 900 };
const kWaitMs = 5000;
const kApp = '#timeline-app';
const kLanes = '#timeline-app canvas[data-role="lanes"]';

function parseArguments(argv) {
  const options = { search: undefined, screenshots: undefined, maxLoadMs: undefined, section: undefined };
  const positional = [];
  for (let i = 0; i < argv.length; ++i) {
    const flag = { '--search': 'search', '--screenshots': 'screenshots', '--max-load-ms': 'maxLoadMs', '--section': 'section' }[argv[i]];
    if (!flag) {
      if (argv[i].startsWith('--')) throw new UsageError(`unknown option ${argv[i]}: ${kUsage}`);
      positional.push(argv[i]);
    } else if (i + 1 >= argv.length) {
      throw new UsageError(`${argv[i]} needs a value: ${kUsage}`);
    } else {
      options[flag] = argv[++i];
    }
  }
  if (positional.length !== 2) throw new UsageError(kUsage);
  if (options.maxLoadMs !== undefined) {
    options.maxLoadMs = Number(options.maxLoadMs);
    if (!(options.maxLoadMs > 0)) throw new UsageError(`--max-load-ms takes a positive number: ${kUsage}`);
  }
  const [report, outDir] = positional;
  return { report, outDir, ...options };
}

// ------------------------------------------------------------------ the data block

function longestFrame(f) {
  let best = -1;
  for (let i = 0; i < f.dur.length; ++i) if (best < 0 || f.dur[i] > f.dur[best]) best = i;
  return best;
}

function matchingFrames(data, needle) {
  const lower = needle.toLowerCase();
  const hits = data.strings.map((s) => String(s).toLowerCase().includes(lower));
  return data.frames.name.reduce((count, k) => count + (hits[k] ? 1 : 0), 0);
}

// The frame shown zoomed: a step (by its args), else the first at depth 1, else the first.
function stepFrame(data) {
  const f = data.frames;
  const isStep = (i) => f.kind[i] === 0 && f.args[i] >= 0 && /(^|\n)span_kind=step(\n|$)/.test(data.strings[f.args[i]]);
  for (let i = 0; i < f.row.length; ++i) if (isStep(i)) return i;
  const atDepth1 = f.row.findIndex((row) => data.lanes[row]?.[2] === 1);
  return atDepth1 >= 0 ? atDepth1 : 0;
}

// ------------------------------------------------------------------ the page, JavaScript on

const readView = (page) => page.$eval(kApp, (app) => ({
  start: Number(app.dataset.viewStart), end: Number(app.dataset.viewEnd), drawn: Number(app.dataset.framesDrawn),
}));

// Waits until the view is not `before` any more; the view then.
async function viewChangedFrom(page, before) {
  try {
    await page.waitForFunction(([selector, start, end]) => {
      const app = document.querySelector(selector);
      return Number(app.dataset.viewStart) !== start || Number(app.dataset.viewEnd) !== end;
    }, [kApp, before.start, before.end], { timeout: kWaitMs, polling: 50 });
  } catch {
    // unchanged: the caller says what it expected
  }
  return readView(page);
}

const showView = (v) => `[${v.start}, ${v.end}]`;

async function checkDrawn(page, data) {
  const state = await page.$eval(kApp, (app) => ({
    children: app.childElementCount, error: app.dataset.error ?? null, drawn: app.dataset.framesDrawn,
    start: app.dataset.viewStart, end: app.dataset.viewEnd, api: typeof window.tracedocTimeline?.zoomTo === 'function',
    overviews: [...document.querySelectorAll('section#timeline svg.timeline-overview')].map((svg) => getComputedStyle(svg).display),
  })).catch(() => null);
  if (!state) throw new CheckFailure('the page has no #timeline-app');
  if (state.children === 0) throw new CheckFailure(`the app did not draw: #timeline-app is empty${state.error ? ` (data-error: ${state.error})` : ''}`);
  const failures = [];
  const items = data.frames.row.length + (data.buckets?.row?.length ?? 0);
  if (!(Number(state.drawn) > 0) && items > 0) failures.push(`data-frames-drawn is ${state.drawn} with ${items} frames and buckets in the data`);
  if (!/^\d+$/.test(state.start ?? '') || !/^\d+$/.test(state.end ?? '')) failures.push(`data-view-start/end are not integers: ${state.start}, ${state.end}`);
  if (!state.api) failures.push('window.tracedocTimeline.zoomTo is missing');
  if (state.overviews.some((display) => display !== 'none')) failures.push('svg.timeline-overview is still shown with the app drawn');
  return failures;
}

async function checkZoom(page) {
  const failures = [];
  const initial = await readView(page);
  await page.focus(kLanes);
  for (let k = 0; k < 3; ++k) await page.keyboard.press('w');
  const zoomed = await viewChangedFrom(page, initial);
  if (!(zoomed.end - zoomed.start < initial.end - initial.start)) failures.push(`"w" ×3 did not narrow the view: ${showView(initial)} → ${showView(zoomed)}`);
  const box = await page.locator(kLanes).boundingBox();
  if (!box) return [...failures, 'the lanes canvas has no box'];
  await page.mouse.move(box.x + box.width * 0.6, box.y + Math.min(box.height / 2, 30));
  await page.mouse.wheel(0, -400);
  const wheeled = await viewChangedFrom(page, zoomed);
  if (wheeled.start === zoomed.start && wheeled.end === zoomed.end) failures.push(`a wheel over the lanes did not change the view ${showView(zoomed)}`);
  await page.mouse.move(box.x + box.width / 2, Math.max(0, box.y - 40));  // off the canvas again
  await page.focus(kLanes);
  await page.keyboard.press('0');
  const reset = await viewChangedFrom(page, wheeled);
  if (reset.start !== initial.start || reset.end !== initial.end) failures.push(`"0" did not restore the view: ${showView(reset)}, ${showView(initial)} expected`);
  return failures;
}

async function checkSearch(page, data, name) {
  const expected = matchingFrames(data, name);
  await page.fill('#timeline-search', name);
  let text;
  try {
    await page.waitForFunction(() => document.querySelector('#timeline-search-count')?.textContent.trim(), null, { timeout: kWaitMs });
  } finally {
    text = (await page.textContent('#timeline-search-count').catch(() => null))?.trim();
  }
  const match = /^(?:no frame matches|([\d,]+) frames? match(?:es)?)$/.exec(text ?? '');
  const shown = match ? (match[1] ? Number(match[1].replace(/,/g, '')) : 0) : null;
  const failures = [];
  if (shown === null) failures.push(`#timeline-search-count says ${JSON.stringify(text)} after searching "${name}"`);
  else if (shown !== expected) failures.push(`searching "${name}": #timeline-search-count says ${shown}, the data block has ${expected} matching frame(s)`);
  else if (shown < 1) failures.push(`searching "${name}" matches no frame`);
  await page.fill('#timeline-search', '');
  return { failures, text, expected };
}

async function checkLink(page, data) {
  const f = data.frames;
  const links = await page.$$eval('a.timeline-link', (all) => all.map((a) => ({ kind: Number(a.dataset.kind), ref: Number(a.dataset.ref) })));
  const index = links.map(({ kind, ref }) => f.kind.findIndex((k, i) => k === kind && f.ref[i] === ref));
  const which = index.findIndex((i) => i >= 0);
  if (which < 0) return { failures: [], note: links.length ? `${links.length} timeline link(s), none to a kept frame` : 'no timeline link' };
  const i = index[which];
  const urlBefore = page.url();
  await page.locator('a.timeline-link').nth(which).click();
  const state = await page.evaluate(() => ({
    selection: window.tracedocTimeline.selection(), view: window.tracedocTimeline.view(),
    panel: document.querySelector('#timeline-selection')?.textContent ?? null,
  }));
  const failures = [];
  const name = data.strings[f.name[i]];
  const s = state.selection;
  if (page.url() !== urlBefore) failures.push(`clicking a timeline link navigated to ${page.url()}`);
  if (!s || s.kind !== f.kind[i] || s.ref !== f.ref[i]) failures.push(`clicking the link to kind ${f.kind[i]} ref ${f.ref[i]} selected ${JSON.stringify(s)}`);
  if (!state.panel?.includes(name)) failures.push(`#timeline-selection does not name "${name}": ${JSON.stringify(state.panel)}`);
  if (!(state.view.start <= f.start[i] && f.start[i] + f.dur[i] <= state.view.end)) {
    failures.push(`the link did not zoom onto its frame [${f.start[i]}, ${f.start[i] + f.dur[i]}]: view ${showView(state.view)}`);
  }
  return { failures, note: `link to "${name}" selects and zooms` };
}

async function screenshot(page, file, failures, section) {
  try {
    const target = section === undefined ? page : page.locator(`section#${section}`);
    const spread = assertNotBlank(await target.screenshot({ path: file }));
    return `${file} (${spread.distinctColours} colours)`;
  } catch (error) {
    failures.push(`${file}: ${error.message}`);
    return file;
  }
}

// The zoomed screenshot: one step filling the view, the timeline scrolled to the top.
async function zoomedScreenshot(page, data, file, failures) {
  const i = stepFrame(data);
  const f = data.frames;
  const margin = Math.max(Math.round(f.dur[i] * 0.05), 100);
  const view = await page.evaluate(([a, b]) => {
    document.querySelector('section#timeline').scrollIntoView({ block: 'start' });
    return window.tracedocTimeline.zoomTo(a, b);
  }, [f.start[i] - margin, f.start[i] + f.dur[i] + margin]);
  const wanted = await readView(page);
  if (wanted.start !== view.start || wanted.end !== view.end) failures.push(`zoomTo returned ${showView(view)}, the app says ${showView(wanted)}`);
  return screenshot(page, file, failures);
}

// Hovering the middle of the longest frame (zoomed to and scrolled into view with
// tracedocTimeline.select) shows the hover card; a click there pins the same frame in
// #timeline-selection. The rows are searched from the top, 6 px at a time.
async function checkHover(page, data) {
  const f = data.frames;
  const i = longestFrame(f);
  if (i < 0) return [];
  await page.evaluate(([kind, ref]) => {
    document.querySelector('section#timeline').scrollIntoView({ block: 'start' });
    window.tracedocTimeline.select(kind, ref);
  }, [f.kind[i], f.ref[i]]);
  const box = await page.locator(kLanes).boundingBox();
  const x = box.x + box.width * 0.6;
  for (let y = box.y + 3; y < box.y + box.height; y += 6) {
    await page.mouse.move(x, y);
    const title = await page.$eval('.hover-card', (card) => (getComputedStyle(card).display === 'none' ? null : card.firstChild?.textContent ?? ''));
    if (title === null) continue;
    await page.mouse.click(x, y);
    const pinned = await page.$eval('#timeline-selection', (panel) => panel.firstChild?.textContent ?? '');
    await page.mouse.move(box.x + box.width / 2, Math.max(0, box.y - 40));
    return pinned === title ? [] : [`clicking the frame under the hover card "${title}" pinned "${pinned}"`];
  }
  return [`no .hover-card over the lanes at x = ${Math.round(x)} with the longest frame in view`];
}

// 60 views, seeded: the whole run, the deepest zoom, and random ones at every scale, with and
// without a search; the app must draw each without an error, within the watchdog.
async function stressViews(page, data) {
  const name = data.strings[data.frames.name[longestFrame(data.frames)]] ?? 'x';
  return page.evaluate(([needle]) => {
    const api = window.tracedocTimeline;
    const full = api.reset();
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const search = document.querySelector('#timeline-search');
    let drawn = 0;
    for (let k = 0; k < 60; ++k) {
      if (k === 30) {
        search.value = needle.slice(0, 3);
        search.dispatchEvent(new Event('input'));
      }
      const span = k % 10 === 0 ? 1 : Math.pow(10, random() * Math.log10(Math.max(10, full.end)));
      const start = k === 0 ? 0 : random() * full.end - span / 2;
      api.zoomTo(start, k === 0 ? full.end : start + span);
      drawn += api.framesDrawn();
    }
    search.value = '';
    search.dispatchEvent(new Event('input'));
    api.reset();
    return drawn;
  }, [name]);
}

// Drags the lanes 40 px at a time, 10 steps left and 10 right, from views at round times (12
// units of 10^k ns wide, starting at a multiple of 10^k) at three zooms: views where data times
// fall on pixel boundaries and rounding there shows.
async function stressDrags(page) {
  const full = await page.evaluate(() => window.tracedocTimeline.reset());
  const box = await page.locator(kLanes).boundingBox();
  const y = box.y + Math.min(box.height / 2, 40);
  for (const [at, share] of [[0.09, 0.05], [0.5, 0.005], [0.83, 0.0005]]) {
    const unit = Math.pow(10, Math.max(1, Math.round(Math.log10((full.end * share) / 12))));
    const start = Math.round((full.end * at) / unit) * unit;
    await page.evaluate(([a, b]) => window.tracedocTimeline.zoomTo(a, b), [start, start + 12 * unit]);
    await page.mouse.move(box.x + box.width * 0.6, y);
    await page.mouse.down();
    for (let k = 1; k <= 20; ++k) await page.mouse.move(box.x + box.width * 0.6 - 40 * (k <= 10 ? k : 20 - k), y);
    await page.mouse.up();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await page.evaluate(() => window.tracedocTimeline.reset());
  return [];
}

// Rejects when `promise` takes more than `ms`: a page stuck in a loop answers nothing.
function withWatchdog(promise, ms, what) {
  let timer;
  const watchdog = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailure(`${what}: the page did not answer within ${ms / 1000} s`)), ms);
  });
  const crashed = (error) => {  // Playwright's own error for a crashed tab is a stack trace
    throw /Target crashed|Target page, context or browser has been closed/.test(error?.message)
      ? new CheckFailure(`${what}: the page crashed (out of memory in a loop?): ${error.message.split('\n')[0]}`) : error;
  };
  return Promise.race([promise.catch(crashed), watchdog]).finally(() => clearTimeout(timer));
}

// Redraw cost, the median of 5: the whole run in view, then 1/1000 of it.
async function redrawTimes(page) {
  return page.evaluate(() => {
    const api = window.tracedocTimeline;
    const full = api.reset();
    const middle = (full.start + full.end) / 2;
    const span = Math.max(1000, (full.end - full.start) / 1000);
    const median = (a, b) => {
      const times = [];
      for (let k = 0; k < 5; ++k) {
        const started = performance.now();
        api.zoomTo(a, b);
        times.push(performance.now() - started);
      }
      return Math.round(times.sort((x, y) => x - y)[2] * 10) / 10;
    };
    const fullMs = median(full.start, full.end);
    const drawnFull = api.framesDrawn();
    const zoomedMs = median(middle - span / 2, middle + span / 2);
    api.reset();
    return { fullMs, zoomedMs, drawnFull };
  });
}

// ------------------------------------------------------------------ JavaScript off

async function checkWithoutJavaScript(browser, url) {
  const { page } = await openGuardedPage(browser, { javaScriptEnabled: false, viewport: kViewport });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const shown = await page.evaluate(() => {
      const box = (node) => {
        const style = getComputedStyle(node);
        return { height: node.getBoundingClientRect().height, hidden: style.display === 'none' || style.visibility === 'hidden' };
      };
      return {
        sections: [...document.querySelectorAll('section')].map((s) => ({ id: s.id || '(no id)', ...box(s) })),
        overview: [...document.querySelectorAll('svg.timeline-overview')].map(box),
      };
    });
    const failures = [];
    if (!shown.sections.length) failures.push('JavaScript off: the page has no <section>');
    for (const s of shown.sections) if (s.hidden || !(s.height > 0)) failures.push(`JavaScript off: section#${s.id} is not shown (height ${s.height})`);
    if (!shown.overview.length) failures.push('JavaScript off: no svg.timeline-overview');
    for (const o of shown.overview) if (o.hidden || !(o.height > 0)) failures.push(`JavaScript off: svg.timeline-overview is not shown (height ${o.height})`);
    return { failures, sections: shown.sections.length };
  } finally {
    await page.context().close();
  }
}

// ------------------------------------------------------------------ main

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const { report, outDir } = options;
  const bytes = statSync(report).size;
  mkdirSync(outDir, { recursive: true });
  const shotPrefix = options.screenshots === undefined ? null : path.resolve(outDir, options.screenshots);
  const urlPath = `/report/${path.basename(report)}`;
  const server = await startLoopbackServer([{ prefix: urlPath, file: report }]);
  const url = server.urlOf(urlPath);
  const failures = [];
  const notes = [];
  const measured = { report, bytes };
  const summary = () => `load ${measured.loadMs} ms, page ${bytes} bytes, ${measured.frames ?? '?'} frames` +
    (measured.redraw ? `, redraw ${measured.redraw.fullMs} ms whole run (${measured.redraw.drawnFull} boxes), ${measured.redraw.zoomedMs} ms zoomed` : '');
  try {
    await withChromium(async (browser) => {
      const { page, log } = await openGuardedPage(browser, { viewport: kViewport });
      const started = Date.now();
      const response = await page.goto(url, { waitUntil: 'load' });
      measured.loadMs = Date.now() - started;
      if (!response || response.status() !== 200) throw new CheckFailure(`${report} was not served (status ${response?.status()})`);
      if (options.maxLoadMs !== undefined && measured.loadMs > options.maxLoadMs) failures.push(`loading took ${measured.loadMs} ms, more than ${options.maxLoadMs}`);
      const data = readDataBlock(await page.evaluate(findDataBlockInPage));
      measured.frames = data.frames.row.length;
      failures.push(...frameFailures(data));
      if (shotPrefix) notes.push(await screenshot(page, `${shotPrefix}-overview.png`, failures));
      if (shotPrefix && options.section) {
        notes.push(await screenshot(page, `${shotPrefix}-${options.section}.png`, failures, options.section));
      }
      failures.push(...(await checkDrawn(page, data)));
      failures.push(...(await withWatchdog(checkZoom(page), 60000, 'zoom')));
      const longest = longestFrame(data.frames);
      const name = options.search ?? (longest >= 0 ? data.strings[data.frames.name[longest]] : undefined);
      if (name === undefined) {
        notes.push('no frame: search not checked');
      } else {
        const search = await checkSearch(page, data, name);
        failures.push(...search.failures);
        measured.search = { name, count: search.expected };
        notes.push(`search "${name}": ${search.text}`);
      }
      const link = await checkLink(page, data);
      failures.push(...link.failures);
      notes.push(link.note);
      failures.push(...(await withWatchdog(checkHover(page, data), 60000, 'hover')));
      measured.stressBoxes = await withWatchdog(stressViews(page, data), 60000, '60 random views');
      await withWatchdog(stressDrags(page), 60000, 'dragging the lanes');
      notes.push(`hover card, 60 random views, 60 drag steps`);
      measured.redraw = await withWatchdog(redrawTimes(page), 60000, 'redraw timing');
      if (shotPrefix && data.frames.row.length) notes.push(await zoomedScreenshot(page, data, `${shotPrefix}-zoomed.png`, failures));
      const foreign = log.requests.filter((u) => u !== url);
      if (foreign.length) failures.push(`not self-contained: it asked for ${foreign.join(', ')}`);
      failures.push(...log.pageErrors.map((e) => `script error: ${e}`));
      failures.push(...log.consoleErrors.map((e) => `console error: ${e}`));
      failures.push(...log.consoleWarnings.map((e) => `console warning: ${e}`));
      failures.push(...log.dialogs.map((e) => `dialog: ${e}`));
      await page.context().close();
      const off = await checkWithoutJavaScript(browser, url);
      failures.push(...off.failures);
      notes.push(`JavaScript off: ${off.sections} section(s) shown`);
    });
  } catch (error) {
    if (error instanceof CheckFailure) error.message = `${report}: ${error.message} (${summary()})`;
    throw error;
  } finally {
    await server.close();
    writeFileSync(path.join(outDir, `${path.basename(report)}.app.json`), `${JSON.stringify({ ...measured, failures }, null, 1)}\n`);
  }
  if (failures.length) throw new CheckFailure(`${report}: ${failures.length} failure(s) (${summary()})\n  ${failures.join('\n  ')}`);
  return `${report}: ${summary()}; ${notes.join('; ')}`;
}

runCheck(kName, main);
