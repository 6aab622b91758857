// What the Node runners (chromium.mjs, firefox.mjs) share: the command
// line, reading a corpus, the function evaluated in the page, and writing
// the results.
//
//   node RUNNER.mjs OUTDIR CORPUS.jsonl...
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
import { basename, join } from 'node:path';
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
