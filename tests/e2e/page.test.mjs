// The `urlprism serve` page end to end, in Debian's chromium driven by
// playwright-core (no browser is downloaded).  Run by tests/page.rs, which
// starts the server and writes the cases with the command line's answers:
//
//   URLPRISM_ORIGIN         http://127.0.0.1:PORT
//   URLPRISM_CASES          a JSON file: [{url, base, encoding, context,
//                           page_url, profiles, groups, typed, compare,
//                           trace}], compare and trace being what `urlprism
//                           compare --json` / `trace --json` print for the
//                           case
//   URLPRISM_USER_DATA_DIR  a fresh, empty directory for the browser profile
//                           (and DIR-nojs for a browser without script)
//   URLPRISM_LONG_HOST      a URL whose host has a label too long for a phone
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
const longHost = process.env.URLPRISM_LONG_HOST;
const FIELDS = ['scheme', 'user', 'password', 'host', 'port', 'path', 'query', 'fragment'];

// The page must load nothing from elsewhere.
const foreign = [];

/** A browser with a fresh profile in `dir`, with or without script. */
async function launch(dir, javaScriptEnabled) {
  const context = await chromium.launchPersistentContext(dir, {
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
    javaScriptEnabled,
  });
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(origin + '/') || u.startsWith('data:')) return route.continue();
    foreign.push(u);
    return route.abort();
  });
  return context;
}

const context = await launch(userDataDir, true);

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

async function newPage(browser = context) {
  const page = await browser.newPage();
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
  for (const g of c.groups || []) q.append('group', g);
  if (c.encoding !== null) q.set('encoding', c.encoding);
  if (c.context) q.set('context', c.context);
  if (c.page_url) q.set('page_url', c.page_url);
  return `${origin}/?${q}`;
}

/** Checks that the form shows the view of case `c`. */
async function checkForm(page, c) {
  assert.equal(await page.locator('#url').inputValue(), c.url, 'the URL field');
  assert.equal(await page.locator('#base').inputValue(), c.base ?? '', 'the base field');
  assert.equal(await page.locator('#encoding').inputValue(), c.encoding ?? '', 'the encoding field');
  assert.equal(await page.locator('#context').inputValue(), c.context ?? '', 'the context');
  assert.equal(await page.locator('#page_url').inputValue(), c.page_url ?? '', 'the page URL field');
  const ticked = (name) => page.locator(`#profiles input[name="${name}"]:checked`).evaluateAll((xs) => xs.map((x) => x.value).sort());
  assert.deepEqual(await ticked('profile'), [...new Set(c.profiles)].sort(), 'the profiles ticked');
  assert.deepEqual(await ticked('group'), [...(c.groups || [])].sort(), 'the groups ticked');
}

/** The sections the page draws, as a tree of [tag, sorted attributes,
 *  children] with adjacent texts joined: the same for the same DOM
 *  however it was built. */
function snapshot(page) {
  return page.evaluate(() => {
    const norm = (n) => {
      if (n.nodeType === Node.TEXT_NODE) return n.data;
      if (n.nodeType !== Node.ELEMENT_NODE) return null;
      const attrs = [...n.attributes]
        .filter((a) => !(a.name === 'class' && a.value === ''))
        .map((a) => `${a.name}=${a.value}`)
        .sort();
      const kids = [];
      for (const c of n.childNodes) {
        const v = norm(c);
        if (v === null) continue;
        if (typeof v === 'string' && typeof kids[kids.length - 1] === 'string') kids[kids.length - 1] += v;
        else kids.push(v);
      }
      return [n.localName, attrs, kids];
    };
    return ['#status', '#permalink', '#results-section', '#trace-section', '#keys-section']
      .map((s) => norm(document.querySelector(s)));
  });
}

/** The first difference between two snapshots, as a path. */
function firstDifference(a, b, path = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (!Array.isArray(a) || !Array.isArray(b)) return `${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  if (a.length !== b.length && typeof a[0] !== 'string') return `${path}: ${a.length} != ${b.length} items`;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = firstDifference(a[i], b[i], `${path}/${Array.isArray(a) && typeof a[0] === 'string' && i === 0 ? a[0] : i}`);
    if (d) return d;
  }
  return `${path}: differ`;
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
    // A link in a page: what a.href gives (the attribute as written), greyed.
    const href = r.href !== undefined ? ` a.href: ${r.href}` : '';
    if (r.canonical !== null) {
      assert.equal(text, r.canonical, `${r.profile} canonical`);
    } else if (r.displayed !== undefined) {
      // The string the browser showed, greyed, before the error.
      assert.equal(text, `${r.displayed} error: ${r.error}${href}`, `${r.profile} error`);
      assert.equal(await displayed.first().textContent(), r.displayed, `${r.profile} displayed`);
      const colors = await canonical.evaluate((td) => [
        getComputedStyle(td).color,
        getComputedStyle(td.querySelector('.displayed')).color,
      ]);
      assert.notEqual(colors[0], colors[1], `${r.profile}: the displayed string is greyed, not in the error's color`);
    } else {
      assert.equal(text, `error: ${r.error}${href}`, `${r.profile} error`);
      assert.equal(await displayed.count(), href ? 1 : 0, `${r.profile}: no displayed string`);
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
    for (const box of await typed.locator('#profiles input[name="profile"]').all()) {
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
    await checkForm(page, c);
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
    await checkForm(page, c);
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
//    chromium, run by default, shows its column; a group adds its engines,
//    and the address names the group.
await check('every registered engine is offered; chromium shows its column', async () => {
  const listed = await (await fetch(`${origin}/api/profiles`)).json();
  const registered = listed.registered.map((r) => r.name);
  assert.ok(registered.includes('chromium'), 'chromium is registered');
  assert.ok(listed.profiles.includes('chromium'), 'and run by default, with both eras');
  const page = await newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.body.dataset.state === 'empty');
  const offered = await page.locator('#profiles input[name="profile"]').evaluateAll((xs) => xs.map((x) => x.value));
  assert.deepEqual(offered, registered, 'one box per registered engine, in registry order');
  const groups = await page.locator('#profiles input[name="group"]').evaluateAll((xs) => xs.map((x) => x.value));
  assert.deepEqual(groups, Object.keys(listed.groups), 'one box per group');
  await page.locator('#profiles input[name="group"][value="today"]').check();
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
  const rows = await page.locator('#results tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.profile));
  assert.deepEqual(rows, listed.groups.today, "the group's engines, and no other");
  const address = new URL(page.url()).searchParams;
  assert.deepEqual(address.getAll('group'), ['today'], 'the address names the group');
  assert.deepEqual(address.getAll('profile'), [], 'and no profile');
  assert.equal(await page.locator('#permalink').getAttribute('href'), page.url().slice(origin.length), 'the permalink is the address');
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

// 8. Without script, the server's page holds the view: the form filled
//    in, the results table, the host trace (folded and unfolded by the
//    box), the permalink.
const nojs = await launch(`${userDataDir}-nojs`, false);
const drawn = new Map(); // case -> the snapshot of the server's drawing
for (const c of cases) {
  await check(`without script ${linkOf(c).slice(origin.length)}`, async () => {
    const page = await newPage(nojs);
    const response = await page.goto(linkOf(c));
    assert.equal(response.status(), 200);
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
    await checkForm(page, c);
    await checkTable(page, c.compare);
    drawn.set(c, await snapshot(page));
    await checkTrace(page, c.trace);
    const permalink = new URL(await page.locator('#permalink').getAttribute('href'), origin);
    assert.equal(permalink.href, linkOf(c), 'the permalink is the view');
    // Only the page's own script element, whatever the URL holds.
    assert.equal(await page.locator('script').count(), 1, 'no script element from the input');
    await page.close();
  });
}

// 9. With script, the page keeps the server's drawing (it asks nothing
//    until the view changes: no flash, no second table), and the script
//    draws the same view the same way.
for (const c of cases) {
  await check(`the script adopts and redraws the same ${linkOf(c).slice(origin.length)}`, async () => {
    const page = await newPage();
    const asked = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(r.url());
    });
    await page.goto(linkOf(c));
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
    assert.deepEqual(asked, [], 'nothing asked on load');
    const rows = () => page.locator('#results tbody tr').count();
    assert.equal(await rows(), c.compare.results.length, 'one row per profile');
    const server = drawn.get(c);
    if (server) {
      assert.equal(firstDifference(await snapshot(page), server), null, 'as the server drew it');
    }
    // The script draws the view of the address (as after Back).
    await page.evaluate(() => {
      document.body.dataset.state = 'redraw';
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    assert.equal(await settled(page), 'ready');
    assert.ok(asked.length >= 3, `the script asked the API: ${asked.length}`);
    assert.equal(await rows(), c.compare.results.length, 'still one row per profile');
    if (server) {
      assert.equal(firstDifference(await snapshot(page), server), null, 'the script draws what the server drew');
    }
    await checkTable(page, c.compare);
    await page.close();
  });
}

// 10. A request the API refuses: the page refuses it in HTML, with the
//     API's status and message, escaped; without script too.
await check('a bad parameter is refused in HTML with the API\'s status and message', async () => {
  const bad = [
    ['api/compare', 'url=http%3A%2F%2Fa%2F&profile=%3Cscript%3Ealert(%22x%22)%26%3C%2Fscript%3E'],
    ['api/compare', 'url=a&group=tomorrow'],
    ['api/compare', 'url=a&encoding=klingon'],
    ['api/compare', 'url=a&context=sideways'],
    ['api/compare', 'url=a&url=b'],
    ['api/compare', 'url=%zz'],
    ['api/compare', 'url=%FF'],
    ['api/compare', `url=${'a'.repeat(9000)}`],
    ['api/keys', 'url=a&kind=%3Cb%3E'],
  ];
  for (const browser of [nojs, context]) {
    for (const [api, q] of bad) {
      const answer = await fetch(`${origin}/${api}?${q}`);
      const why = (await answer.json()).error;
      const page = await newPage(browser);
      const response = await page.goto(`${origin}/?${q}`);
      assert.equal(response.status(), answer.status, `${q}: the API's status`);
      assert.ok(response.status() >= 400 && response.status() < 500, `${q}: a 4xx`);
      assert.equal(response.headers()['content-type'], 'text/html; charset=utf-8');
      assert.equal(await page.evaluate(() => document.body.dataset.state), 'error');
      assert.equal(await page.locator('#status').textContent(), why, `${q}: the API's message`);
      assert.ok(await page.locator('#results-section').isHidden(), 'no results');
      assert.equal(await page.locator('script').count(), 1, 'no script element from the input');
      await page.close();
    }
  }
  // An unknown parameter: the page names what it takes.
  const page = await newPage(nojs);
  const response = await page.goto(`${origin}/?url=a&colour=red`);
  assert.equal(response.status(), 400);
  const s = await page.locator('#status').textContent();
  assert.ok(s.includes('unknown parameter "colour"') && s.endsWith('group, encoding, context, page_url, kind'), s);
  await page.close();
});

// 11. A long host: its labels are never broken, on a phone or a desktop,
//     with or without script, and the page is never wider than the
//     screen.
for (const [width, browser, name] of [[375, nojs, 'without script'], [375, context, 'with script'], [1280, nojs, 'without script'], [1280, context, 'with script']]) {
  await check(`a long host at ${width} px ${name}: whole labels, nothing wider than the screen`, async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin}/?url=${encodeURIComponent(longHost)}`);
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
    const m = await page.evaluate(() => ({
      scroll: document.scrollingElement.scrollWidth,
      inner: innerWidth,
      table: (() => { const s = document.querySelector('#results-section .scroll'); return [s.scrollWidth, s.clientWidth]; })(),
      hosts: [...document.querySelectorAll('#results td[data-field="host"]')].map((td) => {
        const labels = [...td.querySelectorAll('.label')];
        // The line each label starts and ends on.
        const lines = labels.map((l) => { const r = l.getClientRects(); return [r.length, Math.round(r[0].top), Math.round(r[r.length - 1].bottom)]; });
        return { text: td.textContent, labels: labels.map((l) => l.textContent), lines };
      }),
    }));
    assert.ok(m.scroll <= m.inner, `the page is ${m.scroll} px wide in ${m.inner}`);
    const host = new URL(longHost).hostname;
    assert.equal(m.hosts.length, 8, 'a host cell per default profile');
    for (const h of m.hosts) {
      assert.equal(h.text, host);
      assert.deepEqual(h.labels, host.split(/(?<=\.)/), 'one element per label, with its dot');
      // A label on two lines would have two boxes: each line of the cell
      // starts at a label.
      assert.deepEqual(h.lines.filter((l) => l[0] !== 1), [], `no label is broken: ${JSON.stringify(h.lines)}`);
      const tops = [...new Set(h.lines.map((l) => l[1]))];
      assert.ok(tops.length >= 2, `the host wraps between labels: ${JSON.stringify(h.lines)}`);
    }
    if (width >= 1280) {
      assert.ok(m.table[0] <= m.table[1], `the table fits its box: ${m.table}`);
      assert.equal(new Set(m.hosts[0].lines.map((l) => l[1])).size, 2, 'the host takes two lines, broken at a dot');
    }
    if (shots) await page.screenshot({ path: join(shots, `long-host-${width}-${name.replace(' ', '-')}.png`), fullPage: true });
    await page.close();
  });
}

// 12. The kinds of key: the address names them, the form ticks them, the
//     keys table shows them alone; with and without script.
await check('the kinds of key in the address are the ones shown', async () => {
  const url = 'http://www.Example.co.uk:80/a/./B/?b=2&a=1#frag';
  const answer = await (await fetch(`${origin}/api/keys?url=${encodeURIComponent(url)}&kind=surt&kind=ssurt`)).json();
  for (const browser of [nojs, context]) {
    const page = await newPage(browser);
    await page.goto(`${origin}/?url=${encodeURIComponent(url)}&kind=surt&kind=ssurt`);
    const rows = await page.locator('#keys tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.deepEqual(rows.map((r) => r[0]), ['surt', 'ssurt']);
    assert.deepEqual(rows.map((r) => r[1]), answer.keys.map((k) => k.key));
    const ticked = await page.locator('#kinds input:checked').evaluateAll((xs) => xs.map((x) => x.value));
    assert.deepEqual(ticked, ['surt', 'ssurt'], 'the kinds are ticked');
    assert.ok(await page.locator('#kinds-choice').evaluate((d) => d.open), 'and shown');
    if (browser === context) {
      // Another kind, and the view follows.
      await page.locator('#kinds input[value="ssurt"]').uncheck();
      await page.locator('#kinds input[value="surt-scheme"]').check();
      await page.evaluate(() => { document.body.dataset.state = 'typing'; });
      await page.locator('#kinds button[type="submit"]').click();
      assert.equal(await settled(page), 'ready');
      const shown = await page.locator('#keys tbody th').evaluateAll((ths) => ths.map((th) => th.textContent));
      assert.deepEqual(shown, ['surt', 'surt-scheme']);
      assert.deepEqual(new URL(page.url()).searchParams.getAll('kind'), ['surt', 'surt-scheme']);
    }
    await page.close();
  }
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

await nojs.close();
await context.close();
console.log(`${checks} passed, ${failures} failed`);
process.exit(failures === 0 && checks > 0 ? 0 : 1);
