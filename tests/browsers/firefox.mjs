// `new URL(input, base).href` in Debian's firefox-esr
// (/usr/bin/firefox-esr), driven by puppeteer-core over WebDriver BiDi:
// headless, a fresh profile directory (puppeteer's, with its preferences
// that turn off updates, telemetry and the like, and ours below), no
// network beyond the loopback WebSocket (the page is about:blank; nothing
// is fetched).  No browser is ever downloaded.  See common.mjs for the
// command line and the outputs.
import puppeteer from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  parseArgs, runCorpora, evaluateBatch, firstLine, debianPackage, npmVersion, writeBrowser,
  isPageCorpus, runPageCorpora, pageResponse, isWptCorpus, runWptCorpora,
} from './common.mjs';

const EXECUTABLE = '/usr/bin/firefox-esr';
const { outDir, corpora } = parseArgs(process.argv);
const profile = mkdtempSync(join(tmpdir(), 'urlprism-firefox-'));
const started = Date.now();
const browser = await puppeteer.launch({
  browser: 'firefox',
  protocol: 'webDriverBiDi',
  executablePath: EXECUTABLE,
  headless: true,
  userDataDir: profile,
  extraPrefsFirefox: {
    'network.dns.disableIPv6': true,
    'network.proxy.type': 0,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'browser.safebrowsing.update.enabled': false,
    'app.update.enabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.enabled': false,
    'extensions.update.enabled': false,
    'browser.region.network.url': '',
    'browser.search.update': false,
  },
});
try {
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  await page.goto('about:blank');
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const product = await browser.version();
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
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const response = pageResponse(request.url());
      const answered = response === null ? request.abort() : request.respond(response);
      // A request the browser dropped meanwhile (a navigation that
      // replaced it) has nobody left to answer: WebDriver BiDi says "no
      // such request".  Its page is not waited for, so nothing is lost;
      // any other error is reported.
      answered.catch((e) => {
        if (!/no such request/i.test(String(e))) {
          console.error(`answering ${request.url()}: ${e}`);
          process.exitCode = 1;
        }
      });
    });
    Object.assign(pages, await runPageCorpora(outDir, pageCorpora, page));
    Object.assign(pages, await runWptCorpora(outDir, wptCorpora, page));
  }
  writeBrowser(outDir, {
    name: 'firefox',
    version: product.replace(/^[A-Za-z]*\//, ''),
    product,
    user_agent: userAgent,
    executable: EXECUTABLE,
    executable_version: firstLine(EXECUTABLE, ['--version']),
    package: debianPackage('firefox-esr'),
    driver: `puppeteer-core ${npmVersion('puppeteer-core')} (WebDriver BiDi)`,
    run_ms: Date.now() - started,
    pages: pageCorpora.length > 0 || wptCorpora.length > 0 ? pages : undefined,
  });
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
