// Headless Debian Chromium driven by playwright-core, with the flags that work on a machine
// without a network, and a page that records what it asks for and what goes wrong in it.
import { chromium } from 'playwright-core';

/// Debian's launcher; CHROMIUM overrides it. playwright-core never downloads a browser.
export const kChromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// Playwright gives each launch a fresh, empty --user-data-dir and adds --headless. Without the
// background-networking flags Chromium keeps trying to reach Google's hosts, which a closed
// network refuses.
const kChromiumFlags = [
  '--no-sandbox',  // the tests run as root
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function isLoopbackUrl(url) {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === 'localhost' || hostname === '[::1]';
}

/// Runs `use(browser)` with a headless Chromium, closed afterwards whatever happens.
export async function withChromium(use) {
  const browser = await chromium.launch({ executablePath: kChromiumPath, headless: true, args: kChromiumFlags });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

/// Opens a page in a new context ({javaScriptEnabled, viewport} as Playwright takes them) that
/// aborts every request leaving loopback. Returns {page, log}: log.requests lists every URL asked
/// for, log.blocked the non-loopback ones, log.pageErrors uncaught exceptions, log.consoleErrors
/// console.error lines, log.consoleWarnings console.warn lines, log.dialogs the text of alerts
/// (dismissed).
export async function openGuardedPage(browser, { javaScriptEnabled = true, viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport, serviceWorkers: 'block' });
  const log = { requests: [], blocked: [], pageErrors: [], consoleErrors: [], consoleWarnings: [], dialogs: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    log.requests.push(url);
    if (isLoopbackUrl(url)) return route.continue();
    log.blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => log.pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') log.consoleErrors.push(message.text());
    // Chromium's GPU process reports its own driver's performance notes (a screenshot's
    // ReadPixels stalls) as the page's warnings; they say nothing of the page.
    if (message.type() === 'warning' && !/^\[\.WebGL-[^\]]*\]GL Driver Message/.test(message.text())) {
      log.consoleWarnings.push(message.text());
    }
  });
  page.on('dialog', (dialog) => {
    log.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  return { page, log };
}
