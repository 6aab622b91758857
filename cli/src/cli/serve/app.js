// The urlprism page.  The server sends it with the form filled in and the
// view of its address drawn (serve/page.rs); this script adopts that and
// draws the next views the same way: it reads the view from the form or
// the address (/?url=...&base=...&profile=...&group=...&encoding=...
// &context=...&page_url=...&kind=...), asks /api/compare, /api/trace and
// /api/keys, and draws the results table, the host trace and the archive
// keys.  Every text from the server is set with textContent, never
// parsed as HTML.
'use strict';

const FIELDS = ['canonical', 'scheme', 'user', 'password', 'host', 'port', 'path', 'query', 'fragment'];
const $ = (id) => document.getElementById(id);

let defaultProfiles = []; // those compared when none is ticked
let allKinds = []; // every kind of key
let eras = {}; // engine name -> its era (2011, today)
let generation = 0; // the newest request; older answers are dropped

/** The choices the server put in the form: the engines (with their era
 *  and whether they run by default) and the kinds of key. */
function readChoices() {
  const boxes = [...document.querySelectorAll('#profiles input[name="profile"]')];
  defaultProfiles = boxes.filter((b) => b.hasAttribute('data-default')).map((b) => b.value);
  eras = Object.fromEntries(boxes.map((b) => [b.value, b.dataset.era || '']));
  allKinds = [...document.querySelectorAll('#kinds input[name="kind"]')].map((b) => b.value);
}

const nonEmpty = (list) => list.filter((x) => x !== '');

/** The view held in the page's address. */
function viewFromAddress() {
  const q = new URLSearchParams(location.search);
  return {
    url: q.get('url'),
    base: q.get('base') || '',
    encoding: q.get('encoding') || '',
    context: q.get('context') || '',
    pageUrl: q.get('page_url') || '',
    profiles: nonEmpty(q.getAll('profile')),
    groups: nonEmpty(q.getAll('group')),
    kinds: nonEmpty(q.getAll('kind')),
  };
}

const ticked = (selector) => [...document.querySelectorAll(selector)].filter((i) => i.checked).map((i) => i.value);

/** The view the form describes. */
function viewFromForm() {
  const profiles = ticked('#profiles input[name="profile"]');
  const groups = ticked('#profiles input[name="group"]');
  const kinds = ticked('#kinds input[name="kind"]');
  return {
    url: $('url').value,
    base: $('base').value,
    encoding: $('encoding').value.trim(),
    context: $('context').value,
    pageUrl: $('page_url').value.trim(),
    // The default profiles ticked (and no group) is the same as none:
    // the link then follows them if they change.  So is every kind.
    profiles: groups.length === 0 && sameSet(profiles, defaultProfiles) ? [] : profiles,
    groups,
    kinds: sameSet(kinds, allKinds) ? [] : kinds,
  };
}

function sameSet(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Whether `names` holds `name` (ASCII case-insensitive, as the API reads
 *  names). */
function named(names, name) {
  return names.some((n) => n.toLowerCase() === name.toLowerCase());
}

function fillForm(view) {
  $('url').value = view.url || '';
  $('base').value = view.base;
  $('encoding').value = view.encoding;
  $('context').value = view.context;
  $('page_url').value = view.pageUrl;
  for (const box of document.querySelectorAll('#profiles input[name="profile"]')) {
    box.checked = named(view.profiles, box.value);
  }
  for (const box of document.querySelectorAll('#profiles input[name="group"]')) {
    box.checked = named(view.groups, box.value);
  }
  for (const box of document.querySelectorAll('#kinds input[name="kind"]')) {
    box.checked = named(view.kinds, box.value);
  }
}

/** Whether `view` is a link in a page (as the command line decides). */
function isLink(view) {
  return view.context === 'link' || (view.context === '' && (view.encoding !== '' || view.pageUrl !== ''));
}

/** The query string of `view` for `what`: the page's address ('page'),
 *  /api/compare ('compare'), /api/trace ('trace': of new URL(), without
 *  the context) or /api/keys ('keys'). */
function queryOf(view, what) {
  const q = new URLSearchParams();
  if (view.url !== null) q.set('url', view.url);
  if (what !== 'keys') {
    if (view.base !== '') q.set('base', view.base);
    for (const p of view.profiles) q.append('profile', p);
    for (const g of view.groups) q.append('group', g);
  }
  if (what === 'page' || what === 'compare') {
    if (view.encoding !== '') q.set('encoding', view.encoding);
    if (view.context !== '') q.set('context', view.context);
    if (view.pageUrl !== '') q.set('page_url', view.pageUrl);
  }
  if (what === 'page' || what === 'keys') {
    for (const k of view.kinds) q.append('kind', k);
  }
  if (what === 'display') return view.url === null ? '' : new URLSearchParams({ url: view.url }).toString();
  return q.toString();
}

/** The page's address for `view` (as the server writes it). */
function addressOf(view) {
  const q = queryOf(view, 'page');
  return q === '' ? '/' : '/?' + q;
}

async function getJSON(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    // Not JSON: reported below by status.
  }
  if (!response.ok) {
    const why = body && body.error ? body.error : `HTTP ${response.status}`;
    throw new Error(why);
  }
  return body;
}

function setStatus(text, isError) {
  const s = $('status');
  s.textContent = text;
  setClass(s, isError ? 'error' : '');
}

/** Sets the class attribute of `e` to `c`, or removes it when `c` is
 *  empty (as the server writes it). */
function setClass(e, c) {
  if (c) e.className = c;
  else e.removeAttribute('class');
}

function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (attrs) for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** Shows `view`: asks the API and draws the answers. */
async function show(view) {
  const mine = ++generation;
  $('permalink').setAttribute('href', addressOf(view));
  if (view.url === null) {
    document.body.dataset.state = 'empty';
    $('results-section').hidden = true;
    $('trace-section').hidden = true;
    $('keys-section').hidden = true;
    $('display-section').hidden = true;
    setStatus('');
    return;
  }
  document.body.dataset.state = 'loading';
  setStatus('Working…');
  try {
    const [comparison, trace, keys, display] = await Promise.all([
      getJSON('/api/compare?' + queryOf(view, 'compare')),
      // The trace is of new URL(): a page's <base href> may be no base.
      getJSON('/api/trace?' + queryOf(view, 'trace')).catch((e) => {
        if (isLink(view)) return null;
        throw e;
      }),
      getJSON('/api/keys?' + queryOf(view, 'keys')),
      getJSON('/api/display?' + queryOf(view, 'display')),
    ]);
    if (mine !== generation) return;
    drawResults(comparison);
    drawTrace(trace);
    drawKeys(keys);
    drawDisplay(display);
    setStatus('');
    document.body.dataset.state = 'ready';
  } catch (e) {
    if (mine !== generation) return;
    $('results-section').hidden = true;
    $('trace-section').hidden = true;
    $('keys-section').hidden = true;
    $('display-section').hidden = true;
    setStatus(e.message, true);
    document.body.dataset.state = 'error';
  }
}

// ---------------------------------------------------------------------------
// The address bar
// ---------------------------------------------------------------------------

/** One row per browser: what its address bar shows (or why nothing) and
 *  each host label with the rule that decided it (as the server draws
 *  it). */
function drawDisplay(answer) {
  const body = $('display').querySelector('tbody');
  body.replaceChildren();
  const shown = answer.displays.map((d) => (d.shown === undefined ? null : d.shown));
  const differ = shown.some((s) => s !== shown[0]);
  for (const d of answer.displays) {
    const row = el('tr');
    row.append(el('th', d.profile, { scope: 'row' }));
    row.append(d.shown !== undefined ? el('td', d.shown, { class: 'value' }) : el('td', d.error, { class: 'error' }));
    const rules = el('td', null, { class: 'steps' });
    (d.labels || [])
      .filter((l) => l.rule !== 'ASCII')
      .forEach((l, i) => {
        if (i > 0) rules.append(el('br'));
        rules.append(el('span', `${l.ascii} → ${l.shown}: ${l.rule}`, { title: l.source }));
      });
    row.append(rules);
    body.append(row);
  }
  const summary = $('display-summary');
  summary.textContent = differ ? 'The browsers show the URL differently.' : 'Every browser shows the same text.';
  setClass(summary, differ ? 'differ' : 'agree');
  $('display-section').hidden = false;
}

// ---------------------------------------------------------------------------
// The archive keys
// ---------------------------------------------------------------------------

/** One row per kind of key: the key (or why the kind rejects the URL)
 *  and the steps that changed the URL. */
function drawKeys(answer) {
  const body = $('keys').querySelector('tbody');
  body.replaceChildren();
  for (const k of answer.keys) {
    const row = el('tr');
    row.append(el('th', k.kind, { scope: 'row' }));
    const key = el('td', k.key !== null ? k.key : k.error, { class: k.key !== null ? 'value' : 'error' });
    if (k.expressions && k.expressions.length) key.title = 'lookup expressions: ' + k.expressions.join(' ');
    row.append(key);
    row.append(el('td', k.steps.join(', '), { class: 'steps' }));
    body.append(row);
  }
  const columns = $('host-columns').querySelector('tbody');
  columns.replaceChildren();
  for (const [name, value] of Object.entries(answer.host_columns || {})) {
    const row = el('tr');
    row.append(el('th', name, { scope: 'row' }));
    row.append(el('td', value === null ? '' : value, { class: value === null ? 'null' : 'value' }));
    columns.append(row);
  }
  $('host-columns').hidden = !answer.host_columns;
  $('keys-section').hidden = false;
}

// ---------------------------------------------------------------------------
// The results table
// ---------------------------------------------------------------------------

/** A key saying which cells hold the same value: every rejection agrees
 *  with every other (as in `urlprism compare`). */
function cellKey(result, field) {
  if (field === 'canonical') return result.canonical === null ? '\u0000rejected' : result.canonical;
  return JSON.stringify(result[field]);
}

function drawResults(c) {
  const differs = new Set(c.differing);
  const columnDiffers = (f) => (f === 'canonical' ? !c.agree : differs.has(f));
  const tbody = $('results').querySelector('tbody');
  tbody.replaceChildren();
  // For each differing column, a group number per distinct value.
  const groups = {};
  for (const f of FIELDS) {
    if (!columnDiffers(f)) continue;
    const seen = new Map();
    groups[f] = c.results.map((r) => {
      const k = cellKey(r, f);
      if (!seen.has(k)) seen.set(k, seen.size);
      return seen.get(k);
    });
  }
  const rowEras = erasOf(c.results.map((r) => r.profile));
  c.results.forEach((r, i) => {
    const tr = el('tr', null, { 'data-profile': r.profile });
    const th = el('th', null, { scope: 'row' });
    if (rowEras[i]) th.append(el('span', rowEras[i], { class: 'era' }));
    th.append(r.profile);
    tr.append(th);
    for (const f of FIELDS) {
      const td = el('td', null, { 'data-field': f });
      const value = r[f];
      if (f === 'canonical' && value === null) {
        // The string the browser showed although the URL is invalid
        // (googleurl's possibly_invalid_spec()), greyed before the error.
        if (r.displayed) {
          td.append(el('span', r.displayed, { class: 'displayed', title: 'shown by the browser, though the URL is invalid' }), ' ');
        }
        td.append('error: ' + (r.error || ''));
        // A link in a page: a.href gives the attribute as written.
        if (r.href !== undefined) {
          td.append(' ', el('span', 'a.href: ' + r.href, { class: 'displayed', title: 'what a.href gives for the invalid link' }));
        }
        td.classList.add('error');
      } else if (value === null) {
        td.classList.add('null');
      } else if (value === '') {
        td.classList.add('empty');
      } else if (f === 'host') {
        appendLabels(td, value);
      } else {
        td.textContent = value;
      }
      if (groups[f]) {
        td.classList.add('differs');
        td.dataset.group = String(groups[f][i] % 4);
      }
      tr.append(td);
    }
    tbody.append(tr);
  });
  for (const th of $('results').querySelectorAll('thead th[data-field]')) {
    setClass(th, columnDiffers(th.dataset.field) ? 'differs' : '');
  }
  // The components absent under every profile are left out.
  const absent = FIELDS.filter((f) => f !== 'canonical' && c.results.every((r) => r[f] === null));
  if (absent.length) $('results').setAttribute('data-absent', absent.join(' '));
  else $('results').removeAttribute('data-absent');
  $('left-out').textContent = absent.length ? `; absent under every profile (not shown): ${absent.join(', ')}` : '';
  const summary = $('summary');
  // Profiles that all reject the URL agree on the components, but their
  // reasons may differ: then they do not agree.
  const reasons = new Map();
  for (const r of c.results) {
    if (!reasons.has(r.error)) reasons.set(r.error, []);
    reasons.get(r.error).push(r.profile);
  }
  if (c.agree && reasons.size > 1) {
    summary.textContent = 'They differ: every profile rejects the URL, for different reasons: ' +
      [...reasons.values()].map((g) => g.join(', ')).join(' | ');
    setClass(summary, 'differ');
  } else if (c.agree && c.results.every((r) => r.canonical === null)) {
    summary.textContent = `All ${c.results.length} profiles reject the URL, for the same reason.`;
    setClass(summary, 'agree');
  } else if (c.agree) {
    summary.textContent = `All ${c.results.length} profiles agree.`;
    setClass(summary, 'agree');
  } else {
    const names = (g) => g.join(', ');
    const byCanonical = new Map();
    for (const r of c.results) {
      const k = cellKey(r, 'canonical');
      if (!byCanonical.has(k)) byCanonical.set(k, []);
      byCanonical.get(k).push(r.profile);
    }
    summary.textContent = `They differ in ${c.differing.join(', ')}: ` +
      [...byCanonical.values()].map(names).join(' | ');
    setClass(summary, 'differ');
  }
  $('results-section').hidden = false;
}

/** The era shown before each row's name: on the first row of each era,
 *  when the table holds two (as `urlprism compare`'s table).  A repeated
 *  engine's column `ie#2` is of `ie`'s era. */
function erasOf(names) {
  const all = names.map((n) => eras[n.replace(/#[0-9]+$/, '')] || '');
  if (new Set(all).size < 2) return all.map(() => '');
  return all.map((e, i) => (i === 0 || all[i - 1] !== e ? e : ''));
}

/** Appends a host as its labels, each whole, with a place to break after
 *  each dot: a long host wraps between labels. */
function appendLabels(td, host) {
  const labels = el('span', null, { class: 'labels' });
  host.split(/(?<=\.)/).forEach((label, i) => {
    if (i > 0) labels.append(el('wbr'));
    labels.append(el('span', label, { class: 'label' }));
  });
  td.append(labels);
}

// ---------------------------------------------------------------------------
// The host trace
// ---------------------------------------------------------------------------

/** `6`, `11 > Nameprep 7`, `20.2.1 (label 2)` (as `urlprism trace`). */
function stepLabel(row) {
  let s = row.within ? `${row.within} > Nameprep ${row.step}` : row.step;
  if (row.label !== null) s += ` (label ${row.label})`;
  return s;
}

function describe(row) {
  const label = row.label !== null ? ` (label ${row.label})` : '';
  return row.within
    ? `CanonicalizeHost step ${row.within}${label} > Nameprep step ${row.step}`
    : `CanonicalizeHost step ${row.step}${label}`;
}

/** Whether no profile's string changes at this step. */
function changesNothing(row) {
  return row.cells.every((c) => c.state !== 'ran' || c.after === c.before);
}

function shown(s) {
  return s === null ? '' : JSON.stringify(s);
}

function afterText(cell) {
  if (cell.state === 'skipped') return '(skipped)';
  if (cell.state === 'absent') return '(not run)';
  if (cell.after === cell.before) return '(unchanged)';
  // Notes (`need-punycode = true`) and failures are shown as they are.
  if (cell.after.startsWith('fail: ') || cell.after.includes(' = ')) return cell.after;
  return shown(cell.after);
}

function drawTrace(t) {
  if (t === null) {
    $('trace-section').hidden = true;
    return;
  }
  const summary = $('trace-summary');
  const tbody = $('trace').querySelector('tbody');
  tbody.replaceChildren();
  $('trace-section').hidden = false;
  if (t.host === null) {
    summary.textContent = 'No host to trace: ' + (t.no_host || '');
    setClass(summary, '');
    $('trace').hidden = true;
    $('show-unchanged').parentElement.hidden = true;
    return;
  }
  $('trace').hidden = false;
  $('show-unchanged').parentElement.hidden = false;
  const divergence = t.divergence ? t.divergence.index : -1;
  let folded = 0;
  let fold = null; // the fold row of the current run of unchanged steps
  t.steps.forEach((row, i) => {
    const quiet = changesNothing(row) && i !== divergence;
    if (quiet) {
      folded++;
      if (!fold) {
        // Its label ticks the box that unfolds the steps (style.css).
        fold = el('tr', null, { class: 'fold', 'data-count': '0' });
        const td = el('td', null, { colspan: '5' });
        td.append(el('label', null, { for: 'show-unchanged' }));
        fold.append(td);
        tbody.append(fold);
      }
      fold.dataset.count = String(Number(fold.dataset.count) + 1);
      const n = Number(fold.dataset.count);
      fold.querySelector('label').textContent = `⋯ ${n} step${n === 1 ? '' : 's'} changing nothing`;
    } else {
      fold = null;
    }
    // One line per group of profiles with the same outcome.
    const lines = [];
    row.cells.forEach((cell, e) => {
      if (cell.state === 'absent' && i !== divergence) return;
      const before = cell.state === 'skipped' ? '' : shown(cell.before);
      const after = afterText(cell);
      const line = lines.find((l) => l.before === before && l.after === after);
      if (line) line.who.push(t.profiles[e]);
      else lines.push({ who: [t.profiles[e]], before, after });
    });
    if (lines.length === 0) lines.push({ who: [], before: '', after: '(not run)' });
    lines.forEach((line, k) => {
      const tr = el('tr', null, { 'data-step': row.key });
      if (quiet) tr.classList.add('unchanged');
      if (i === divergence) tr.classList.add('divergence');
      if (k === 0) {
        tr.classList.add('first');
        const step = el('td', stepLabel(row), { rowspan: String(lines.length), class: 'step' });
        if (i === divergence) step.append(el('span', 'first divergence', { class: 'badge' }));
        tr.append(step, el('td', row.marks, { rowspan: String(lines.length), class: 'marks' }));
      }
      const who = line.who.length === t.profiles.length && t.profiles.length > 1 ? 'all' : line.who.join(', ');
      tr.append(el('td', who, { class: 'who' }), el('td', line.before, { class: 'before' }),
        el('td', line.after, { class: 'after' }));
      tbody.append(tr);
    });
  });
  $('unchanged-count').textContent = String(folded);
  if (t.profiles.length < 2) {
    summary.textContent = `Host ${JSON.stringify(t.host)} (scheme ${t.scheme}).`;
    setClass(summary, '');
  } else if (t.divergence) {
    const row = t.steps[t.divergence.index];
    const marks = row.marks ? ` [${row.marks}]` : '';
    const groups = t.divergence.groups.map((g) => g.join(', '));
    if (t.divergence.not_at_step.length) {
      groups.push(`${t.divergence.not_at_step.join(', ')} (not at this step)`);
    }
    summary.textContent = `Host ${JSON.stringify(t.host)}: first divergence at ${describe(row)}${marks}: ` +
      groups.join(' | ');
    setClass(summary, 'differ');
  } else {
    summary.textContent = `Host ${JSON.stringify(t.host)}: every profile's steps give the same host.`;
    setClass(summary, 'agree');
  }
}

// ---------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------

/** Takes over the page as the server drew it: the view of its address
 *  is already there, so nothing is asked until the view changes. */
function start() {
  readChoices();
  $('query').addEventListener('submit', (event) => {
    event.preventDefault();
    const view = viewFromForm();
    history.pushState(null, '', addressOf(view));
    show(view);
  });
  window.addEventListener('popstate', () => {
    const view = viewFromAddress();
    fillForm(view);
    show(view);
  });
  if (document.body.dataset.state === 'empty') $('url').focus();
}

start();
