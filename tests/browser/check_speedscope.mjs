#!/usr/bin/env node
// Usage: check_speedscope.mjs TRACE.json SCREENSHOT.png EXPECTED_TITLE_SUBSTRING
// Loads TRACE.json (a Chrome Trace Event file or speedscope's own format) into speedscope (served
// with the trace from a loopback HTTP server) in headless Chromium, as index.html#profileURL=<trace>,
// and checks that it imported: no error screen, no alert, no console warning or error (speedscope
// warns of every end that does not close the frame on top of its stack), the name of the profile on view (the toolbar's, e.g. "run x (pid 1), spans (tid 1) (1/3)") contains
// EXPECTED_TITLE_SUBSTRING. Saves a screenshot and checks that it is not one colour.
// SPEEDSCOPE_TIMEOUT_MS (default 60000) bounds the wait for the import.
import { createRequire } from 'node:module';
import path from 'node:path';
import { openGuardedPage, withChromium } from './lib/browser.mjs';
import { CheckFailure, runCheck, UsageError } from './lib/check.mjs';
import { assertNotBlank } from './lib/png.mjs';
import { startLoopbackServer } from './lib/serve.mjs';

const kName = 'check_speedscope';

// speedscope's own build, as its npm package ships it.
function speedscopeDir() {
  const manifest = createRequire(import.meta.url).resolve('speedscope/package.json');
  return path.join(path.dirname(manifest), 'dist', 'release');
}

// What the page shows once speedscope has settled: its error screen, or the loaded profile (the
// title becomes "<file> - speedscope"); then the toolbar's centre names the profile on view and a
// hidden list names every profile (one per track) when there are several.
function readSpeedscopeState() {
  const text = document.body ? document.body.innerText : '';
  if (text.includes('Something went wrong')) return { state: 'error' };
  if (document.title === 'speedscope') return { state: 'loading' };
  const firstTab = [...document.querySelectorAll('div')].find((d) => d.textContent.endsWith('Time Order') && d.children.length === 1);
  const toolbar = firstTab?.parentElement?.parentElement;
  if (!toolbar) return { state: 'loading' };
  const centre = [...toolbar.childNodes].slice(1, -1);  // between the tabs and the buttons on the right
  const profileName = centre.map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : n.innerText)).join('').trim();
  const trackNames = [...toolbar.querySelectorAll('tr[title]')].map((row) => row.title);
  return { state: 'loaded', title: document.title, profileName, trackNames: trackNames.length ? trackNames : [profileName] };
}

async function main() {
  const [tracePath, screenshotPath, expectedTitle] = process.argv.slice(2);
  if (!expectedTitle) throw new UsageError(`${kName}.mjs TRACE.json SCREENSHOT.png EXPECTED_TITLE_SUBSTRING`);
  const timeoutMs = Number(process.env.SPEEDSCOPE_TIMEOUT_MS || 60000);
  const traceName = path.basename(tracePath);
  const server = await startLoopbackServer([
    { prefix: '/speedscope/', dir: speedscopeDir() },
    { prefix: `/trace/${traceName}`, file: tracePath },
  ]);
  try {
    return await withChromium(async (browser) => {
      const { page, log } = await openGuardedPage(browser);
      const profileUrl = server.urlOf(`/trace/${traceName}`);
      await page.goto(`${server.urlOf('/speedscope/index.html')}#profileURL=${encodeURIComponent(profileUrl)}`);
      let shown = { state: 'loading' };
      const deadline = Date.now() + timeoutMs;
      while (shown.state === 'loading' && log.dialogs.length === 0 && Date.now() < deadline) {
        await page.waitForTimeout(100);
        shown = await page.evaluate(readSpeedscopeState);
      }
      const screenshot = await page.screenshot({ path: screenshotPath });
      const context = () => [
        log.dialogs.length ? `alerts: ${JSON.stringify(log.dialogs)}` : '',
        log.pageErrors.length ? `page errors: ${JSON.stringify(log.pageErrors)}` : '',
        log.consoleErrors.length ? `console errors: ${JSON.stringify(log.consoleErrors.slice(0, 5))}` : '',
        log.consoleWarnings.length ? `${log.consoleWarnings.length} console warnings: ${JSON.stringify(log.consoleWarnings.slice(0, 5))}` : '',
        `screenshot: ${screenshotPath}`,
      ].filter(Boolean).join('; ');
      if (log.dialogs.length) throw new CheckFailure(`speedscope did not import ${tracePath}: ${context()}`);
      if (shown.state === 'error') throw new CheckFailure(`speedscope shows an import error for ${tracePath}: ${context()}`);
      if (shown.state === 'loading') throw new CheckFailure(`speedscope had not loaded ${tracePath} after ${timeoutMs} ms: ${context()}`);
      if (log.consoleWarnings.length || log.consoleErrors.length || log.pageErrors.length) {
        throw new CheckFailure(`speedscope complained while importing ${tracePath}: ${context()}`);
      }
      if (log.blocked.length) throw new CheckFailure(`speedscope asked for addresses beyond loopback: ${log.blocked.join(', ')}`);
      if (!shown.profileName.includes(expectedTitle)) {
        throw new CheckFailure(`the profile on view is "${shown.profileName}", without "${expectedTitle}" ` +
          `(tracks: ${JSON.stringify(shown.trackNames)}); ${context()}`);
      }
      const spread = assertNotBlank(screenshot);
      return `${tracePath} loaded: "${shown.profileName}", ${shown.trackNames.length} track(s); ` +
        `screenshot ${screenshotPath} (${spread.distinctColours} colours)`;
    });
  } finally {
    await server.close();
  }
}

runCheck(kName, main);
