// `new URL(input, base).href` in Debian's chromium (/usr/bin/chromium),
// driven by playwright-core over the DevTools protocol: headless, no
// sandbox, a fresh profile directory, no network beyond the loopback pipe
// (the page is about:blank; nothing is fetched).  No browser is ever
// downloaded.  See common.mjs for the command line and the outputs.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  parseArgs, runCorpora, evaluateBatch, firstLine, debianPackage, npmVersion, writeBrowser,
  isPageCorpus, runPageCorpora, pageResponse, isWptCorpus, runWptCorpora,
} from './common.mjs';

const EXECUTABLE = '/usr/bin/chromium';
const { outDir, corpora } = parseArgs(process.argv);
const profile = mkdtempSync(join(tmpdir(), 'urlprism-chromium-'));
const started = Date.now();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: EXECUTABLE,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
    '--disable-extensions',
    '--disable-default-apps',
  ],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  const v = await cdp.send('Browser.getVersion');
  await runCorpora(
    outDir,
    corpora.filter((c) => !isPageCorpus(c) && !isWptCorpus(c)),
    (text) => page.evaluate(evaluateBatch, text),
  );
  // Page and WPT corpora: each encoding's page, answered here (nothing is
  // fetched).
  const pageCorpora = corpora.filter(isPageCorpus);
  const wptCorpora = corpora.filter(isWptCorpus);
  const pages = {};
  if (pageCorpora.length > 0 || wptCorpora.length > 0) {
    await page.route('**/*', (route) => {
      const response = pageResponse(route.request().url());
      return response === null ? route.abort() : route.fulfill(response);
    });
    Object.assign(pages, await runPageCorpora(outDir, pageCorpora, page));
    Object.assign(pages, await runWptCorpora(outDir, wptCorpora, page));
  }
  writeBrowser(outDir, {
    name: 'chromium',
    version: v.product.replace(/^[A-Za-z]*Chrome\//, ''),
    product: v.product,
    revision: v.revision,
    js_version: v.jsVersion,
    user_agent: v.userAgent,
    executable: EXECUTABLE,
    executable_version: firstLine(EXECUTABLE, ['--version']),
    package: debianPackage('chromium'),
    driver: `playwright-core ${npmVersion('playwright-core')} (DevTools protocol)`,
    run_ms: Date.now() - started,
    pages: pageCorpora.length > 0 || wptCorpora.length > 0 ? pages : undefined,
  });
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
