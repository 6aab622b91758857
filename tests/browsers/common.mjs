// What the Node runners (chromium.mjs, firefox.mjs) share: the command
// line, reading a corpus, the function evaluated in the page, and writing
// the results.
//
//   node RUNNER.mjs OUTDIR CORPUS.jsonl...
//
// A corpus whose lines have an `encoding` (corpus/pages.jsonl, see
// gen_page_corpus.py) is a page corpus, run by runPages below; one whose
// lines have a `file` is a WPT corpus (the checks record_wpt.py draws from
// tests/data/wpt/), run by runWpt below; any other corpus is run by
// runCorpora.
//
// For each corpus (JSON lines with `input` and `base`, null when the input
// is parsed on its own), OUTDIR/<corpus name>.jsonl gets one line per
// corpus line, in order: {"input", "base", "href"}, where input and base
// are the strings as the page received them (the caller checks them
// against the corpus: a transport that changed a character shows there)
// and href is `new URL(input, base).href`, or null when it throws.
// OUTDIR/browser.json says which browser ran: name, version, user agent,
// executable, its `--version`, the Debian package and the driver.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';

/** Items per `evaluate` call. */
export const BATCH = 4000;

export function parseArgs(argv) {
  const [outDir, ...corpora] = argv.slice(2);
  if (!outDir || corpora.length === 0) {
    console.error('usage: node RUNNER.mjs OUTDIR CORPUS.jsonl...');
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  return { outDir, corpora };
}

/** The [input, base] pairs of a corpus file. */
export function readCorpus(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const o = JSON.parse(l);
      return [o.input, o.base];
    });
}

/** JSON text with every character outside printable ASCII escaped, so
 * that no protocol on the way (CDP, WebDriver BiDi, a script's source)
 * has anything but ASCII to carry. */
export function asciiJson(value) {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

/** Evaluated in the page: the batch comes as ASCII JSON text of
 * [input, base] pairs, the answer goes back as ASCII JSON text of
 * [input, base, href] triples. */
export function evaluateBatch(text) {
  const items = JSON.parse(text);
  const out = items.map(([input, base]) => {
    let href = null;
    try {
      href = (base === null ? new URL(input) : new URL(input, base)).href;
    } catch (e) {
      href = null;
    }
    return [input, base, href];
  });
  return JSON.stringify(out).replace(
    /[^\x20-\x7e]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

/** Runs every corpus through `evaluate(text) -> text` in batches and
 * writes the results; returns the time per corpus (ms). */
export async function runCorpora(outDir, corpora, evaluate) {
  const times = {};
  for (const path of corpora) {
    const name = basename(path).replace(/\.jsonl$/, '');
    const items = readCorpus(path);
    const start = Date.now();
    const lines = [];
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const answer = JSON.parse(await evaluate(asciiJson(batch)));
      if (answer.length !== batch.length) {
        throw new Error(`${name}: ${answer.length} answers to a batch of ${batch.length}`);
      }
      for (const [input, base, href] of answer) {
        lines.push(asciiJson({ input, base, href }));
      }
    }
    times[name] = Date.now() - start;
    writeFileSync(join(outDir, name + '.jsonl'), lines.join('\n') + '\n');
    console.log(`${name}: ${items.length} inputs in ${times[name]} ms`);
  }
  return times;
}

/** The first line of `command args`' output, or null. */
export function firstLine(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')[0]
      .trim();
  } catch (e) {
    return null;
  }
}

/** The installed version of a Debian package, or null. */
export function debianPackage(name) {
  const v = firstLine('dpkg-query', ['-W', '-f=${Version}', name]);
  return v ? `${name} ${v}` : null;
}

/** The version of an npm package installed here. */
export function npmVersion(name) {
  const url = new URL(`./node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')).version;
}

export function writeBrowser(outDir, info) {
  const all = { ...info, date: new Date().toISOString() };
  writeFileSync(join(outDir, 'browser.json'), JSON.stringify(all, null, 2) + '\n');
  console.log(`browser: ${all.name} ${all.version} (${all.executable_version})`);
}

// ---------------------------------------------------------------------------
// Page corpora: links in pages of many document encodings.
//
// For a page corpus, OUTDIR/<corpus name>.jsonl gets one line per corpus
// line, in order: {"encoding", "base", "input", "href", "valid",
// "base_uri"}, where encoding, base and input are as the page received
// them, href is `a.href` of an anchor whose href attribute is input, in
// the page served for the encoding while its <base> element's href is
// base (no href attribute when base is null), valid is whether the anchor
// has a URL (`a.protocol` is not ":"; when it has none, href is the
// attribute as written), and base_uri is `document.baseURI` then.  Each
// encoding's page is loaded once, as http://page.example/dir/LABEL.html,
// answered by the runner (nothing is fetched) with `Content-Type:
// text/html; charset=LABEL`; `document.characterSet` must be the name
// that corpus/pages-provenance.json gives for the label, and goes into
// browser.json under "pages".

/** Whether a corpus file is a page corpus (its lines have an encoding). */
export function isPageCorpus(path) {
  const first = readFileSync(path, 'utf8').split('\n', 1)[0];
  return first !== '' && JSON.parse(first).encoding !== undefined && !isWptCorpus(path);
}

/** The URL of the page of an encoding label. */
export function pageUrl(label) {
  return `http://page.example/dir/${label}.html`;
}

/** The label of a page URL, or null for any other URL. */
export function pageLabel(url) {
  const m = /^http:\/\/page\.example\/dir\/([^/?#]+)\.html$/.exec(url);
  return m ? decodeURIComponent(m[1]) : null;
}

/** The markup every page holds, as the octets of its encoding (ASCII
 * markup: the same octets in every ASCII-compatible encoding; UTF-16 text
 * for the UTF-16 labels). */
export function pageBody(label) {
  const html = '<!DOCTYPE html><html><head><title>page</title><base></head><body></body></html>';
  const b = Buffer.from(html, 'latin1');
  if (label === 'utf-16le') return Buffer.from(html, 'utf16le');
  if (label === 'utf-16be') return Buffer.from(html, 'utf16le').swap16();
  return b;
}

/** The Content-Type header of the page of an encoding label. */
export function pageContentType(label) {
  return `text/html; charset=${label}`;
}

/** What a page corpus's runner answers to a request for `url`: the page
 * of an encoding label ({status, headers, body}, as Playwright's
 * `route.fulfill` and Puppeteer's `request.respond` both take it), or
 * null for any other URL, which is aborted: nothing is fetched. */
export function pageResponse(url) {
  const label = pageLabel(url);
  if (label === null) return null;
  return {
    status: 200,
    headers: { 'content-type': pageContentType(label) },
    body: pageBody(label),
  };
}

/** Runs each page corpus of `paths` in `page` (whose `goto` and
 * `evaluate` Playwright and Puppeteer both have), the requests answered
 * by pageResponse: corpus name -> what runPages returns. */
export async function runPageCorpora(outDir, paths, page) {
  const pages = {};
  for (const path of paths) {
    pages[basename(path).replace(/\.jsonl$/, '')] = await runPages(
      outDir,
      path,
      (url) => page.goto(url),
      (text) => page.evaluate(evaluatePageBatch, text),
    );
  }
  return pages;
}

/** Evaluated in a page: the batch comes as ASCII JSON text of [input,
 * base] pairs, the answer goes back as ASCII JSON text of
 * {characterSet, url, out: [input, base, href, valid, baseURI]...}. */
export function evaluatePageBatch(text) {
  const items = JSON.parse(text);
  const baseEl = document.querySelector('base') ?? document.head.appendChild(document.createElement('base'));
  const a = document.body.appendChild(document.createElement('a'));
  const out = items.map(([input, base]) => {
    if (base === null) baseEl.removeAttribute('href');
    else baseEl.setAttribute('href', base);
    a.setAttribute('href', input);
    return [input, base, a.href, a.protocol !== ':', document.baseURI];
  });
  a.remove();
  baseEl.removeAttribute('href');
  const answer = { characterSet: document.characterSet, url: document.URL, out };
  return JSON.stringify(answer).replace(
    /[^\x20-\x7e]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

/** The lines of a page corpus, grouped by encoding in corpus order: a
 * Map of label -> [input, base] pairs; and the names the labels must
 * give (corpus/pages-provenance.json next to the corpus). */
export function readPageCorpus(path) {
  const byLabel = new Map();
  for (const l of readFileSync(path, 'utf8').split('\n')) {
    if (l === '') continue;
    const o = JSON.parse(l);
    if (!byLabel.has(o.encoding)) byLabel.set(o.encoding, []);
    byLabel.get(o.encoding).push([o.input, o.base]);
  }
  const prov = JSON.parse(readFileSync(join(dirname(path), 'pages-provenance.json'), 'utf8'));
  return { byLabel, names: prov.encodings };
}

/** Runs a page corpus: `load(url)` shows the page of a label (the
 * runner answers its request with pageBody and pageContentType),
 * `evaluate(text) -> text` evaluates evaluatePageBatch in it.  Writes
 * OUTDIR/<name>.jsonl and returns what each page was: label ->
 * {character_set, url}. */
export async function runPages(outDir, path, load, evaluate) {
  const name = basename(path).replace(/\.jsonl$/, '');
  const { byLabel, names } = readPageCorpus(path);
  const start = Date.now();
  const lines = [];
  const pages = {};
  let n = 0;
  for (const [label, items] of byLabel) {
    const want = names[label]?.name;
    if (!want) throw new Error(`${name}: no name for the label ${label} in pages-provenance.json`);
    await load(pageUrl(label));
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const answer = JSON.parse(await evaluate(asciiJson(batch)));
      if (answer.characterSet !== want) {
        throw new Error(`${name}: the page of ${label} is ${answer.characterSet}, not ${want}`);
      }
      if (answer.url !== pageUrl(label)) {
        throw new Error(`${name}: the page of ${label} is at ${answer.url}`);
      }
      if (answer.out.length !== batch.length) {
        throw new Error(`${name}: ${answer.out.length} answers to a batch of ${batch.length}`);
      }
      pages[label] = { character_set: answer.characterSet, url: answer.url };
      for (const [input, base, href, valid, baseUri] of answer.out) {
        lines.push(asciiJson({ encoding: label, base, input, href, valid, base_uri: baseUri }));
      }
    }
    n += items.length;
  }
  writeFileSync(join(outDir, name + '.jsonl'), lines.join('\n') + '\n');
  console.log(`${name}: ${n} links in ${byLabel.size} pages in ${Date.now() - start} ms`);
  return pages;
}

// ---------------------------------------------------------------------------
// WPT corpora: the checks of the web-platform-tests URL files.
//
// A WPT corpus (record_wpt.py writes it from tests/data/wpt/) has one line
// per check, in file order: {"file", "case", ...} with the fields that
// identify the check (urltestdata.json: input, base; setters_tests.json:
// setter, href, new_value; toascii.json, IdnaTestV2.json: input;
// percent-encoding.json: encoding, input).  OUTDIR/<corpus name>.jsonl
// gets one line per check, in order: the check's fields as the page
// received them (the caller checks them against the corpus) and `result`,
// what evaluateWptBatch gives.  The checks of percent-encoding.json run in
// the page of their encoding (pageUrl, answered with pageResponse, as for
// the page corpora); the others in about:blank.

/** Whether a corpus file is a WPT corpus (its lines have a file). */
export function isWptCorpus(path) {
  const first = readFileSync(path, 'utf8').split('\n', 1)[0];
  return first !== '' && JSON.parse(first).file !== undefined;
}

/** Evaluated in a page: the batch comes as ASCII JSON text of checks, the
 * answer goes back as ASCII JSON text of {characterSet, url, out: [check
 * with its result]...}.  The result, as web-platform-tests' url/ tests
 * compute what they compare:
 * - urltestdata.json: the ten getters of `new URL(input, base ??
 *   undefined)`;
 * - setters_tests.json: the ten getters of `u` after `u = new
 *   URL(href); u[setter] = new_value`;
 * - toascii.json, IdnaTestV2.json: {host} of `new URL("https://" + input +
 *   "/x")`;
 * - percent-encoding.json: {search, hash} of an anchor whose href is
 *   `https://doesnotmatter.invalid/?` + input + `#` + input in this page
 *   (the page of the check's encoding);
 * or {failure: the exception's message} when a step throws.  webkit.py
 * evaluates this very function, read from this file: it must stay
 * self-contained and end with a line that is a lone `}`. */
export function evaluateWptBatch(text) {
  const GETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
  const getters = (u) => Object.fromEntries(GETTERS.map((g) => [g, u[g]]));
  const items = JSON.parse(text);
  let a = null;
  const out = items.map((check) => {
    let result;
    try {
      switch (check.file) {
        case 'urltestdata.json':
          result = getters(new URL(check.input, check.base ?? undefined));
          break;
        case 'setters_tests.json': {
          const u = new URL(check.href);
          u[check.setter] = check.new_value;
          result = getters(u);
          break;
        }
        case 'toascii.json':
        case 'IdnaTestV2.json':
          result = { host: new URL('https://' + check.input + '/x').host };
          break;
        case 'percent-encoding.json':
          if (a === null) a = document.body.appendChild(document.createElement('a'));
          a.setAttribute('href', 'https://doesnotmatter.invalid/?' + check.input + '#' + check.input);
          result = { search: a.search, hash: a.hash };
          break;
        default:
          result = { unknown: String(check.file) };
      }
    } catch (e) {
      result = { failure: String(e !== null && typeof e === 'object' && 'message' in e ? e.message : e) };
    }
    return { ...check, result };
  });
  if (a !== null) a.remove();
  const answer = { characterSet: document.characterSet, url: document.URL, out };
  return JSON.stringify(answer).replace(
    /[^\x20-\x7e]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

/** The checks of a WPT corpus, in order, cut where the page changes: a
 * list of {label (the encoding of a percent-encoding.json check, else
 * null: about:blank), checks}, no segment longer than BATCH. */
export function wptSegments(checks) {
  const segments = [];
  for (const check of checks) {
    const label = check.file === 'percent-encoding.json' ? check.encoding : null;
    const last = segments[segments.length - 1];
    if (last && last.label === label && last.checks.length < BATCH) last.checks.push(check);
    else segments.push({ label, checks: [check] });
  }
  return segments;
}

/** Runs a WPT corpus: `load(url)` shows a page (about:blank, or the page
 * of a label, answered with pageResponse), `evaluate(text) -> text`
 * evaluates evaluateWptBatch in it.  Writes OUTDIR/<name>.jsonl and
 * returns what each encoding's page was: label -> {character_set, url}. */
export async function runWpt(outDir, path, load, evaluate) {
  const name = basename(path).replace(/\.jsonl$/, '');
  const checks = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  const start = Date.now();
  const lines = [];
  const pages = {};
  let shown = null;
  for (const { label, checks: batch } of wptSegments(checks)) {
    const url = label === null ? 'about:blank' : pageUrl(label);
    if (url !== shown) {
      await load(url);
      shown = url;
    }
    const answer = JSON.parse(await evaluate(asciiJson(batch)));
    if (answer.url !== url) {
      throw new Error(`${name}: the page of ${label ?? 'about:blank'} is at ${answer.url}`);
    }
    if (answer.out.length !== batch.length) {
      throw new Error(`${name}: ${answer.out.length} answers to a batch of ${batch.length}`);
    }
    if (label !== null) pages[label] = { character_set: answer.characterSet, url: answer.url };
    for (const line of answer.out) lines.push(asciiJson(line));
  }
  writeFileSync(join(outDir, name + '.jsonl'), lines.join('\n') + '\n');
  console.log(`${name}: ${lines.length} checks in ${Date.now() - start} ms`);
  return pages;
}

/** Runs each WPT corpus of `paths` in `page` (Playwright's or
 * Puppeteer's), the requests answered by pageResponse: corpus name ->
 * what runWpt returns. */
export async function runWptCorpora(outDir, paths, page) {
  const pages = {};
  for (const path of paths) {
    pages[basename(path).replace(/\.jsonl$/, '')] = await runWpt(
      outDir,
      path,
      (url) => page.goto(url),
      (text) => page.evaluate(evaluateWptBatch, text),
    );
  }
  return pages;
}
