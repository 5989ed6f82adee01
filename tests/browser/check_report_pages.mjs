#!/usr/bin/env node
// Usage: check_report_pages.mjs REPORT.html...
// Many report pages in one headless Chromium, each the way a person first opens it: it fails
// unless every page asks for nothing but itself, logs no console error or warning and throws no
// script error, holds a well-formed data block whose frames never overlap in a row
// (lib/report_data.mjs), and its script drew the timeline (data-frames-drawn set on
// #timeline-app, and not 0 when the block has frames). check_report_app.mjs goes through one
// page in depth; this one goes wide (the golden cases' pages) at a fraction of a second a page.
import path from 'node:path';
import { openGuardedPage, withChromium } from './lib/browser.mjs';
import { CheckFailure, runCheck, UsageError } from './lib/check.mjs';
import { findDataBlockInPage, frameFailures, readDataBlock } from './lib/report_data.mjs';
import { startLoopbackServer } from './lib/serve.mjs';

const kName = 'check_report_pages';

async function checkPage(browser, url) {
  const failures = [];
  const { page, log } = await openGuardedPage(browser);
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response || response.status() !== 200) return [`not served (status ${response?.status()})`];
    const data = readDataBlock(await page.evaluate(findDataBlockInPage));
    failures.push(...frameFailures(data));
    const drawn = await page
      .waitForFunction(() => document.querySelector('#timeline-app')?.dataset.framesDrawn, null, { timeout: 10000 })
      .then((handle) => handle.jsonValue())
      .catch(() => undefined);
    if (drawn === undefined) failures.push('the script never drew the timeline (no data-frames-drawn)');
    else if (data.frames.row.length > 0 && Number(drawn) === 0) failures.push('the timeline drew no frame');
    const foreign = log.requests.filter((u) => u !== url);
    if (foreign.length) failures.push(`not self-contained: it asked for ${foreign.join(', ')}`);
    failures.push(...log.pageErrors.map((e) => `script error: ${e}`));
    failures.push(...log.consoleErrors.map((e) => `console error: ${e}`));
    failures.push(...log.consoleWarnings.map((e) => `console warning: ${e}`));
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    failures.push(error.message);
  } finally {
    await page.context().close();
  }
  return failures;
}

async function main() {
  const reports = process.argv.slice(2);
  if (reports.length === 0) throw new UsageError(`usage: ${kName}.mjs REPORT.html...`);
  const mounts = reports.map((file, k) => ({ prefix: `/page${k}/${path.basename(file)}`, file }));
  const server = await startLoopbackServer(mounts);
  const problems = [];
  try {
    await withChromium(async (browser) => {
      for (const mount of mounts) {
        const failures = await checkPage(browser, server.urlOf(mount.prefix));
        if (failures.length) problems.push(`${mount.file}:\n    ${failures.join('\n    ')}`);
      }
    });
  } finally {
    await server.close();
  }
  if (problems.length) throw new CheckFailure(`${problems.length} of ${reports.length} page(s) fail:\n  ${problems.join('\n  ')}`);
  return `${reports.length} page(s): each drew its timeline, asked for nothing else, logged no error or warning; no two frames of a row overlap`;
}

runCheck(kName, main);
