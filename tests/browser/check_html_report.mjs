#!/usr/bin/env node
// Usage: check_html_report.mjs REPORT.html SCREENSHOT.png [CHECKS]
// Renders REPORT.html in headless Chromium (served from a loopback HTTP server) and checks:
//   - it is self-contained: it asks for nothing but itself (every other request is recorded and
//     fails the check; requests beyond loopback are also aborted before they leave Chromium);
//   - no uncaught script error;
//   - the DOM checks of CHECKS, with JavaScript on and, the report being readable without it, off;
//   - the screenshot (the whole page, saved to SCREENSHOT.png) is not one colour.
// CHECKS is a JSON file or inline JSON text:
//   {"selectors": [{"selector": "svg .peak", "min": 1, "max": 1, "text": "peak"}, ...],
//    "javascript": "both" | "on" | "off",  (default "both")
//    "maxLoadMs": 5000}                    (optional: the load event must come sooner)
// `min` defaults to 1; `text`, when given, must be in the text of at least one match (SVG
// <title>s included). A bare array is taken as the selectors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openGuardedPage, withChromium } from './lib/browser.mjs';
import { CheckFailure, runCheck, UsageError } from './lib/check.mjs';
import { assertNotBlank } from './lib/png.mjs';
import { startLoopbackServer } from './lib/serve.mjs';

const kName = 'check_html_report';

function readChecks(argument) {
  if (argument === undefined) return { selectors: [], javascript: 'both' };
  const text = /^\s*[[{]/.test(argument) ? argument : readFileSync(argument, 'utf8');
  let checks;
  try {
    checks = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`CHECKS is not JSON: ${error.message}`);
  }
  if (Array.isArray(checks)) checks = { selectors: checks };
  checks.selectors ??= [];
  checks.javascript ??= 'both';
  if (!['both', 'on', 'off'].includes(checks.javascript)) throw new UsageError(`CHECKS.javascript is "${checks.javascript}"`);
  for (const check of checks.selectors) {
    if (typeof check?.selector !== 'string') throw new UsageError(`a selector check without a selector: ${JSON.stringify(check)}`);
  }
  return checks;
}

// Runs in the page: for each check, the number of matches and whether one holds the text.
function countMatches(selectors) {
  return selectors.map(({ selector, text }) => {
    const matches = [...document.querySelectorAll(selector)];
    const withText = text === undefined ? matches.length : matches.filter((m) => m.textContent.includes(text)).length;
    return { count: matches.length, withText };
  });
}

function selectorFailures(checks, counts, javascript) {
  return checks.selectors.flatMap((check, i) => {
    const { count, withText } = counts[i];
    const min = check.min ?? 1;
    const where = `"${check.selector}" (JavaScript ${javascript})`;
    if (count < min) return [`${where}: ${count} match(es), at least ${min} expected`];
    if (check.max !== undefined && count > check.max) return [`${where}: ${count} match(es), at most ${check.max} expected`];
    if (check.text !== undefined && withText === 0) return [`${where}: no match contains ${JSON.stringify(check.text)}`];
    return [];
  });
}

async function main() {
  const [reportPath, screenshotPath, checksArgument] = process.argv.slice(2);
  if (!screenshotPath) throw new UsageError(`${kName}.mjs REPORT.html SCREENSHOT.png [CHECKS]`);
  const checks = readChecks(checksArgument);
  const reportUrlPath = `/report/${path.basename(reportPath)}`;
  const server = await startLoopbackServer([{ prefix: reportUrlPath, file: reportPath }]);
  const reportUrl = server.urlOf(reportUrlPath);
  const failures = [];
  let screenshotNote = '';
  try {
    await withChromium(async (browser) => {
      const settings = checks.javascript === 'both' ? [true, false] : [checks.javascript === 'on'];
      for (const javaScriptEnabled of settings) {
        const javascript = javaScriptEnabled ? 'on' : 'off';
        const { page, log } = await openGuardedPage(browser, { javaScriptEnabled });
        const started = Date.now();
        const response = await page.goto(reportUrl, { waitUntil: 'load' });
        const loadMs = Date.now() - started;
        if (!response || response.status() !== 200) throw new CheckFailure(`${reportPath} was not served (status ${response?.status()})`);
        if (checks.maxLoadMs !== undefined && loadMs > checks.maxLoadMs) {
          failures.push(`loading took ${loadMs} ms (JavaScript ${javascript}), more than ${checks.maxLoadMs}`);
        }
        failures.push(...selectorFailures(checks, await page.evaluate(countMatches, checks.selectors), javascript));
        if (javaScriptEnabled || settings.length === 1) {
          const spread = assertNotBlankOrNote(await page.screenshot({ path: screenshotPath, fullPage: true }), failures);
          if (spread) screenshotNote = `screenshot ${screenshotPath} (${spread.distinctColours} colours)`;
        }
        const foreign = log.requests.filter((url) => url !== reportUrl);
        if (foreign.length) failures.push(`not self-contained (JavaScript ${javascript}): it asked for ${foreign.join(', ')}`);
        failures.push(...log.pageErrors.map((error) => `script error (JavaScript ${javascript}): ${error}`));
        await page.context().close();
      }
    });
  } finally {
    await server.close();
  }
  if (failures.length) throw new CheckFailure(`${reportPath}: ${failures.length} failure(s)\n  ${failures.join('\n  ')}`);
  return `${reportPath}: ${checks.selectors.length} DOM check(s) hold with JavaScript ${checks.javascript}, ` +
    `nothing asked for beyond the file; ${screenshotNote}`;
}

function assertNotBlankOrNote(png, failures) {
  try {
    return assertNotBlank(png);
  } catch (error) {
    failures.push(error.message);
    return null;
  }
}

runCheck(kName, main);
