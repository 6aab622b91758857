// The `urlprism serve` page end to end, in Debian's chromium driven by
// playwright-core (no browser is downloaded).  Run by tests/page.rs, which
// starts the server and writes the cases with the command line's answers:
//
//   URLPRISM_ORIGIN         http://127.0.0.1:PORT
//   URLPRISM_CASES          a JSON file: [{url, base, encoding, profiles,
//                           typed, compare, trace}], compare and trace being
//                           what `urlprism compare --json` / `trace --json`
//                           print for the case
//   URLPRISM_USER_DATA_DIR  a fresh, empty directory for the browser profile
//   URLPRISM_SCREENSHOTS    (optional) a directory for screenshots
//
// Exits 0 when every check passes, 1 with the failures otherwise.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';

const origin = process.env.URLPRISM_ORIGIN;
const cases = JSON.parse(readFileSync(process.env.URLPRISM_CASES, 'utf8'));
const userDataDir = process.env.URLPRISM_USER_DATA_DIR;
const shots = process.env.URLPRISM_SCREENSHOTS || '';
const FIELDS = ['scheme', 'user', 'password', 'host', 'port', 'path', 'query', 'fragment'];

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: '/usr/bin/chromium',
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
  ],
  viewport: { width: 1280, height: 900 },
});

// The page must load nothing from elsewhere.
const foreign = [];
await context.route('**/*', (route) => {
  const u = route.request().url();
  if (u.startsWith(origin + '/') || u.startsWith('data:')) return route.continue();
  foreign.push(u);
  return route.abort();
});

let checks = 0;
let failures = 0;
const pageErrors = [];

async function check(name, f) {
  try {
    await f();
    checks++;
    console.log(`ok    ${name}`);
  } catch (e) {
    failures++;
    console.log(`FAIL  ${name}\n      ${String(e.message).split('\n').join('\n      ')}`);
  }
}

async function newPage() {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    // A 4xx answer is logged by the browser; the page reports it itself.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) pageErrors.push(m.text());
  });
  return page;
}

/** Waits until the page has drawn an answer (or an error). */
async function settled(page) {
  await page.waitForFunction(() => ['ready', 'error'].includes(document.body.dataset.state), null, {
    timeout: 15000,
  });
  return page.evaluate(() => document.body.dataset.state);
}

/** The view a case describes, as the page's address. */
function linkOf(c) {
  const q = new URLSearchParams();
  q.set('url', c.url);
  if (c.base !== null) q.set('base', c.base);
  for (const p of c.profiles) q.append('profile', p);
  if (c.encoding !== null) q.set('encoding', c.encoding);
  return `${origin}/?${q}`;
}

/** Checks the results table against `urlprism compare --json`. */
async function checkTable(page, expected) {
  const rows = await page.locator('#results tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      profile: tr.dataset.profile,
      cells: Object.fromEntries(
        [...tr.querySelectorAll('td[data-field]')].map((td) => [
          td.dataset.field,
          { text: td.textContent, null: td.classList.contains('null'), differs: td.classList.contains('differs') },
        ]),
      ),
    })),
  );
  assert.deepEqual(rows.map((r) => r.profile), expected.results.map((r) => r.profile), 'one row per profile, in order');
  for (const r of expected.results) {
    // The selector the issue names.
    const canonical = page.locator(`[data-profile="${r.profile}"] [data-field="canonical"]`);
    assert.equal(await canonical.count(), 1, `one canonical cell for ${r.profile}`);
    const text = await canonical.textContent();
    const displayed = canonical.locator('.displayed');
    if (r.canonical !== null) {
      assert.equal(text, r.canonical, `${r.profile} canonical`);
    } else if (r.displayed !== undefined) {
      // The string the browser showed, greyed, before the error.
      assert.equal(text, `${r.displayed} error: ${r.error}`, `${r.profile} error`);
      assert.equal(await displayed.textContent(), r.displayed, `${r.profile} displayed`);
      const colors = await canonical.evaluate((td) => [
        getComputedStyle(td).color,
        getComputedStyle(td.querySelector('.displayed')).color,
      ]);
      assert.notEqual(colors[0], colors[1], `${r.profile}: the displayed string is greyed, not in the error's color`);
    } else {
      assert.equal(text, `error: ${r.error}`, `${r.profile} error`);
      assert.equal(await displayed.count(), 0, `${r.profile}: no displayed string`);
    }
    const row = rows.find((x) => x.profile === r.profile);
    for (const f of FIELDS) {
      const cell = row.cells[f];
      assert.equal(cell.null, r[f] === null, `${r.profile} ${f} absent`);
      assert.equal(cell.text, r[f] === null ? '' : r[f], `${r.profile} ${f}`);
      assert.equal(cell.differs, expected.differing.includes(f), `${r.profile} ${f} highlighted`);
    }
    assert.equal(row.cells.canonical.differs, !expected.agree, `${r.profile} canonical highlighted`);
  }
  // The summary says "agree" only when every result, or every reason to
  // reject the URL, is the same.
  const reasons = new Set(expected.results.map((r) => r.error));
  const differ = !expected.agree || reasons.size > 1;
  const summary = page.locator('#summary');
  assert.equal(await summary.getAttribute('class'), differ ? 'differ' : 'agree', 'summary class');
  const text = await summary.textContent();
  assert.equal(/\bagree/.test(text), !differ, `summary: ${text}`);
  // No cell breaks a word where it has room to break between words.
  const breakAll = await page.locator('#results td, #trace td').evaluateAll((tds) =>
    tds.filter((td) => getComputedStyle(td).wordBreak === 'break-all').length);
  assert.equal(breakAll, 0, 'no cell breaks words anywhere');
}

/** Checks the trace against `urlprism trace --json`. */
async function checkTrace(page, trace) {
  if (trace.host === null) {
    const s = await page.locator('#trace-summary').textContent();
    assert.ok(s.includes(trace.no_host), `no host: ${s}`);
    return;
  }
  const steps = await page.locator('#trace tbody tr.first').evaluateAll((trs) => trs.map((tr) => tr.dataset.step));
  assert.deepEqual(steps, trace.steps.map((s) => s.key), 'one row group per step, in order');
  const divergent = await page.locator('#trace tr.divergence.first').evaluateAll((trs) => trs.map((tr) => tr.dataset.step));
  if (trace.divergence) {
    assert.deepEqual(divergent, [trace.steps[trace.divergence.index].key], 'the first divergence is highlighted');
    assert.ok(await page.locator('#trace tr.divergence.first').isVisible(), 'the divergence is shown');
    // Every profile is named in the divergence line, those that did not
    // run the step too.
    const line = await page.locator('#trace-summary').textContent();
    for (const p of trace.profiles) {
      assert.ok(line.includes(p), `${p} in the divergence line: ${line}`);
    }
  } else {
    assert.deepEqual(divergent, [], 'no divergence highlighted');
  }
  // Steps that change nothing are folded away until asked for.
  const quiet = trace.steps.filter(
    (s, i) => i !== (trace.divergence ? trace.divergence.index : -1) &&
      s.cells.every((c) => c.state !== 'ran' || c.after === c.before),
  ).length;
  assert.equal(Number(await page.locator('#unchanged-count').textContent()), quiet, 'folded count');
  const visibleQuiet = () =>
    page.locator('#trace tr.unchanged').evaluateAll((trs) => trs.filter((tr) => tr.offsetParent !== null).length);
  assert.equal(await visibleQuiet(), 0, 'unchanged steps are folded');
  if (quiet > 0) {
    await page.locator('#show-unchanged').check();
    assert.ok((await visibleQuiet()) >= quiet, 'the toggle shows them');
    await page.locator('#show-unchanged').uncheck();
    assert.equal(await visibleQuiet(), 0, 'and folds them again');
  }
}

// 1. A URL typed in shows the command line's results, and the address
//    then holds the view.
const typed = await newPage();
await typed.goto(`${origin}/`);
await typed.waitForFunction(() => document.body.dataset.state === 'empty');
const links = [];
for (const c of cases.filter((c) => c.typed)) {
  await check(`typed ${JSON.stringify(c.url)}${c.base !== null ? ` base ${JSON.stringify(c.base)}` : ''}`, async () => {
    await typed.locator('#url').fill(c.url);
    await typed.locator('#base').fill(c.base ?? '');
    await typed.locator('#encoding').fill(c.encoding ?? '');
    for (const box of await typed.locator('#profiles input').all()) {
      await box.setChecked(c.profiles.includes(await box.getAttribute('value')));
    }
    await typed.evaluate(() => { document.body.dataset.state = 'typing'; });
    await typed.locator('#go').click();
    assert.equal(await settled(typed), 'ready', await typed.locator('#status').textContent());
    await checkTable(typed, c.compare);
    await checkTrace(typed, c.trace);
    const address = new URL(typed.url());
    assert.equal(address.searchParams.get('url'), c.url, 'the address holds the URL');
    assert.equal(address.searchParams.get('base'), c.base, 'and the base');
    assert.deepEqual(address.searchParams.getAll('profile'), c.profiles, 'and the profiles');
    links.push({ c, link: typed.url() });
  });
}

// 2. A shared link restores the view: the form and the same results.
for (const { c, link } of links) {
  await check(`link restores ${JSON.stringify(c.url)}`, async () => {
    const page = await newPage();
    await page.goto(link);
    assert.equal(await settled(page), 'ready');
    assert.equal(await page.locator('#url').inputValue(), c.url);
    assert.equal(await page.locator('#base').inputValue(), c.base ?? '');
    assert.equal(await page.locator('#encoding').inputValue(), c.encoding ?? '');
    await checkTable(page, c.compare);
    await checkTrace(page, c.trace);
    await page.close();
  });
}
for (const c of cases.filter((c) => !c.typed)) {
  await check(`link ${linkOf(c).slice(origin.length)}`, async () => {
    const page = await newPage();
    await page.goto(linkOf(c));
    assert.equal(await settled(page), 'ready', await page.locator('#status').textContent());
    const ticked = await page.locator('#profiles input:checked').evaluateAll((xs) => xs.map((x) => x.value));
    assert.deepEqual(ticked.sort(), [...new Set(c.profiles)].sort(), 'the profile choice is restored');
    await checkTable(page, c.compare);
    await checkTrace(page, c.trace);
    await page.close();
  });
}

// 3. Back and forward walk the views typed in.
await check('history: back shows the previous view', async () => {
  if (links.length < 2) return;
  await typed.evaluate(() => { document.body.dataset.state = 'back'; });
  await typed.goBack();
  assert.equal(await settled(typed), 'ready');
  const prev = links[links.length - 2].c;
  assert.equal(await typed.locator('#url').inputValue(), prev.url);
  await checkTable(typed, prev.compare);
});

// 4. Every registered engine can be chosen:
//    chromium, run by default, shows its column; a group's preset ticks its
//    engines.
await check('every registered engine is offered; chromium shows its column', async () => {
  const listed = await (await fetch(`${origin}/api/profiles`)).json();
  const registered = listed.registered.map((r) => r.name);
  assert.ok(registered.includes('chromium'), 'chromium is registered');
  assert.ok(listed.profiles.includes('chromium'), 'and run by default, with both eras');
  const page = await newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.body.dataset.state === 'empty');
  const offered = await page.locator('#profiles input').evaluateAll((xs) => xs.map((x) => x.value));
  assert.deepEqual(offered, registered, 'one box per registered engine, in registry order');
  await page.locator('[data-group="today"]').click();
  const ticked = await page.locator('#profiles input:checked').evaluateAll((xs) => xs.map((x) => x.value));
  assert.deepEqual(ticked, listed.groups.today, 'the preset ticks the group');
  await page.locator('#url').fill('http://a b/x|y');
  await page.evaluate(() => { document.body.dataset.state = 'typing'; });
  await page.locator('#go').click();
  assert.equal(await settled(page), 'ready', await page.locator('#status').textContent());
  const cell = page.locator('[data-profile="chromium"] [data-field="canonical"]');
  assert.equal(await cell.count(), 1, 'a chromium row');
  assert.equal(await cell.textContent(), 'http://a%20b/x%7Cy', "Chromium's result");
  const whatwg = await page.locator('[data-profile="whatwg"] [data-field="canonical"]').textContent();
  assert.ok(whatwg.startsWith('error: '), `the URL Standard refuses the space: ${whatwg}`);
  for (const name of ['firefox', 'webkit']) {
    const row = page.locator(`[data-profile="${name}"] [data-field="canonical"]`);
    assert.equal(await row.count(), 1, `a ${name} row`);
  }
  assert.deepEqual(new URL(page.url()).searchParams.getAll('profile'), listed.groups.today);
  await page.close();
});

// 5. A bad request is explained on the page.
await check('an unknown profile in a link is reported', async () => {
  const page = await newPage();
  await page.goto(`${origin}/?url=http%3A%2F%2Fa%2F&profile=netscape`);
  assert.equal(await settled(page), 'error');
  const s = await page.locator('#status').textContent();
  assert.ok(s.includes('unknown profile "netscape"'), s);
  assert.ok(await page.locator('#results-section').isHidden());
  await page.close();
});

// 5b. The archive keys: one row per kind, as /api/keys answers, and the
//     host columns.
await check('the archive keys and host columns are shown as the API gives them', async () => {
  const url = 'http://www.Example.co.uk:80/a/./B/?b=2&a=1#frag';
  const answer = await (await fetch(`${origin}/api/keys?url=${encodeURIComponent(url)}`)).json();
  const page = await newPage();
  await page.goto(`${origin}/?url=${encodeURIComponent(url)}`);
  assert.equal(await settled(page), 'ready');
  assert.ok(await page.locator('#keys-section').isVisible(), 'the keys section is shown');
  const rows = await page.locator('#keys tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.deepEqual(rows.map((r) => r[0]), answer.keys.map((k) => k.kind), 'one row per kind, in order');
  for (const [i, k] of answer.keys.entries()) {
    assert.equal(rows[i][1], k.key ?? k.error, `${k.kind}: the key`);
    assert.equal(rows[i][2], k.steps.join(', '), `${k.kind}: the steps`);
  }
  assert.equal(rows.find((r) => r[0] === 'surt')[1], 'uk,co,example)/a/b?a=1&b=2');
  const columns = await page.locator('#host-columns tbody tr').evaluateAll((trs) =>
    Object.fromEntries(trs.map((tr) => [tr.children[0].textContent, tr.children[1].textContent])));
  assert.equal(columns.url_host_registered_domain, 'example.co.uk');
  assert.equal(Object.keys(columns).length, Object.keys(answer.host_columns).length);
  await page.close();
});

// 6. A phone-sized screen: nothing wider than the screen, every cell
//    still there.
await check('usable at 375 px wide', async () => {
  const c = links.length ? links[0].c : cases[0];
  const page = await newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(linkOf(c));
  assert.equal(await settled(page), 'ready');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `the page is ${width} px wide`);
  await checkTable(page, c.compare);
  const box = await page.locator(`[data-profile="${c.compare.results[0].profile}"] [data-field="canonical"]`).boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the canonical cell is on screen: ${JSON.stringify(box)}`);
  if (shots) await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
  await page.close();
});

// 7. A link in a page (an encoding, or context=link): each engine reads
//    the page's <base href> by its browser's rules; an invalid link shows
//    what a.href gives (the attribute as written) beside its error.
await check('a link in a page follows each browser\'s <base href> rules', async () => {
  const page = await newPage();
  const q = new URLSearchParams({ url: '#f', base: 'http://[', encoding: 'windows-1252' });
  for (const p of ['chromium', 'firefox', 'webkit']) q.append('profile', p);
  await page.goto(`${origin}/?${q}`);
  assert.equal(await settled(page), 'ready');
  const cell = (p) => page.locator(`[data-profile="${p}"] [data-field="canonical"]`).textContent();
  assert.ok((await cell('chromium')).endsWith('a.href: #f'), await cell('chromium'));
  assert.equal(await cell('firefox'), 'http://page.example/dir/page.html#f');
  assert.ok((await cell('webkit')).startsWith('error: '), await cell('webkit'));
  assert.equal(await page.locator('#context').inputValue(), '');
  assert.equal(await page.locator('#encoding').inputValue(), 'windows-1252');
  // new URL(): UTF-8, the base as given.
  await page.selectOption('#context', 'new-url');
  await page.fill('#encoding', '');
  await page.fill('#base', 'http://b/');
  await page.fill('#url', '?é');
  await page.click('#go');
  await page.waitForFunction(
    () => document.querySelector('[data-profile="chromium"] [data-field="canonical"]')?.textContent === 'http://b/?%C3%A9',
    null,
    { timeout: 15000 },
  );
  for (const p of ['chromium', 'firefox', 'webkit']) assert.equal(await cell(p), 'http://b/?%C3%A9');
  assert.ok(page.url().includes('context=new-url'), page.url());
  await page.close();
});

if (shots && links.length) {
  const page = await newPage();
  await page.goto(links[0].link);
  await settled(page);
  await page.screenshot({ path: join(shots, 'desktop.png'), fullPage: true });
  await page.locator('#show-unchanged').check();
  await page.screenshot({ path: join(shots, 'desktop-unfolded.png'), fullPage: true });
  await page.close();
}

await check('no request left the server', async () => {
  assert.deepEqual(foreign, []);
});
await check('no script error on the page', async () => {
  assert.deepEqual(pageErrors, []);
});

await context.close();
console.log(`${checks} passed, ${failures} failed`);
process.exit(failures === 0 && checks > 0 ? 0 : 1);
