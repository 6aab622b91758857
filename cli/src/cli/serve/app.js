// The urlprism page: reads the view from the address (/?url=...&base=...
// &profile=...&encoding=...&context=...&page_url=...), asks /api/compare and /api/trace, and draws
// the results table and the host trace.  Every text from the server is
// set with textContent, never parsed as HTML.
'use strict';

const FIELDS = ['canonical', 'scheme', 'user', 'password', 'host', 'port', 'path', 'query', 'fragment'];
const $ = (id) => document.getElementById(id);

let knownProfiles = []; // every registered engine, in column order
let defaultProfiles = []; // those compared when none is ticked
let groups = {}; // group name -> its engines
let generation = 0; // the newest request; older answers are dropped

/** The view held in the page's address. */
function viewFromAddress() {
  const q = new URLSearchParams(location.search);
  return {
    url: q.get('url'),
    base: q.get('base') || '',
    encoding: q.get('encoding') || '',
    context: q.get('context') || '',
    pageUrl: q.get('page_url') || '',
    profiles: q.getAll('profile').filter((p) => p !== ''),
  };
}

/** The view the form describes. */
function viewFromForm() {
  const ticked = [...document.querySelectorAll('#profiles input:checked')].map((i) => i.value);
  return {
    url: $('url').value,
    base: $('base').value,
    encoding: $('encoding').value.trim(),
    context: $('context').value,
    pageUrl: $('page_url').value.trim(),
    // The default profiles ticked is the same as none: the link then
    // follows them if they change.
    profiles: sameSet(ticked, defaultProfiles) ? [] : ticked,
  };
}

function sameSet(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function fillForm(view) {
  $('url').value = view.url || '';
  $('base').value = view.base;
  $('encoding').value = view.encoding;
  $('context').value = view.context;
  $('page_url').value = view.pageUrl;
  for (const box of document.querySelectorAll('#profiles input')) {
    box.checked = view.profiles.includes(box.value);
  }
}

/** Whether `view` is a link in a page (as the command line decides). */
function isLink(view) {
  return view.context === 'link' || (view.context === '' && (view.encoding !== '' || view.pageUrl !== ''));
}

/** The query string of `view` (without its context when `encoding` is
 * false: the trace is of new URL()). */
function queryOf(view, encoding) {
  const q = new URLSearchParams();
  q.set('url', view.url);
  if (view.base !== '') q.set('base', view.base);
  for (const p of view.profiles) q.append('profile', p);
  if (encoding && view.encoding !== '') q.set('encoding', view.encoding);
  if (encoding && view.context !== '') q.set('context', view.context);
  if (encoding && view.pageUrl !== '') q.set('page_url', view.pageUrl);
  return q.toString();
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
  s.classList.toggle('error', Boolean(isError));
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
  $('permalink').href = location.pathname + location.search;
  if (view.url === null) {
    document.body.dataset.state = 'empty';
    $('results-section').hidden = true;
    $('trace-section').hidden = true;
    $('keys-section').hidden = true;
    setStatus('');
    return;
  }
  document.body.dataset.state = 'loading';
  setStatus('Working…');
  try {
    const [comparison, trace, keys] = await Promise.all([
      getJSON('/api/compare?' + queryOf(view, true)),
      // The trace is of new URL(): a page's <base href> may be no base.
      getJSON('/api/trace?' + queryOf(view, false)).catch((e) => {
        if (isLink(view)) return null;
        throw e;
      }),
      getJSON('/api/keys?url=' + encodeURIComponent(view.url)),
    ]);
    if (mine !== generation) return;
    drawResults(comparison);
    drawTrace(trace);
    drawKeys(keys);
    setStatus('');
    document.body.dataset.state = 'ready';
  } catch (e) {
    if (mine !== generation) return;
    $('results-section').hidden = true;
    $('trace-section').hidden = true;
    $('keys-section').hidden = true;
    setStatus(e.message, true);
    document.body.dataset.state = 'error';
  }
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
  c.results.forEach((r, i) => {
    const tr = el('tr', null, { 'data-profile': r.profile });
    tr.append(el('th', r.profile, { scope: 'row' }));
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
    th.classList.toggle('differs', columnDiffers(th.dataset.field));
  }
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
    summary.className = 'differ';
  } else if (c.agree && c.results.every((r) => r.canonical === null)) {
    summary.textContent = `All ${c.results.length} profiles reject the URL, for the same reason.`;
    summary.className = 'agree';
  } else if (c.agree) {
    summary.textContent = `All ${c.results.length} profiles agree.`;
    summary.className = 'agree';
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
    summary.className = 'differ';
  }
  $('results-section').hidden = false;
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
    summary.className = '';
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
        fold = el('tr', null, { class: 'fold' });
        const td = el('td', null, { colspan: '5' });
        const button = el('button', null, { type: 'button' });
        button.addEventListener('click', () => {
          $('show-unchanged').checked = true;
          applyFolding();
        });
        td.append(button);
        fold.append(td);
        fold.dataset.count = '0';
        tbody.append(fold);
      }
      fold.dataset.count = String(Number(fold.dataset.count) + 1);
      const n = Number(fold.dataset.count);
      fold.querySelector('button').textContent = `⋯ ${n} step${n === 1 ? '' : 's'} changing nothing`;
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
    summary.className = '';
  } else if (t.divergence) {
    const row = t.steps[t.divergence.index];
    const marks = row.marks ? ` [${row.marks}]` : '';
    const groups = t.divergence.groups.map((g) => g.join(', '));
    if (t.divergence.not_at_step.length) {
      groups.push(`${t.divergence.not_at_step.join(', ')} (not at this step)`);
    }
    summary.textContent = `Host ${JSON.stringify(t.host)}: first divergence at ${describe(row)}${marks}: ` +
      groups.join(' | ');
    summary.className = 'differ';
  } else {
    summary.textContent = `Host ${JSON.stringify(t.host)}: every profile's steps give the same host.`;
    summary.className = 'agree';
  }
  applyFolding();
}

function applyFolding() {
  const open = $('show-unchanged').checked;
  $('trace').classList.toggle('unfolded', open);
}

// ---------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------

async function start() {
  try {
    const p = await getJSON('/api/profiles');
    defaultProfiles = p.profiles;
    knownProfiles = (p.registered || []).map((r) => r.name);
    if (knownProfiles.length === 0) knownProfiles = p.profiles;
    groups = p.groups || {};
  } catch (e) {
    setStatus('Cannot list the profiles: ' + e.message, true);
  }
  const box = $('profiles');
  for (const name of knownProfiles) {
    const label = el('label', null, { class: 'profile' });
    const input = el('input', null, { type: 'checkbox', name: 'profile', value: name });
    label.append(input, document.createTextNode(' ' + name));
    box.append(label);
  }
  // A preset per group: ticks the group's engines, e.g. "today".
  for (const [name, members] of Object.entries(groups)) {
    const button = el('button', name + ': ' + members.join(', '), {
      type: 'button',
      class: 'preset',
      'data-group': name,
    });
    button.addEventListener('click', () => {
      for (const input of document.querySelectorAll('#profiles input')) {
        input.checked = members.includes(input.value);
      }
    });
    box.append(button);
  }
  $('query').addEventListener('submit', (event) => {
    event.preventDefault();
    const view = viewFromForm();
    history.pushState(null, '', '/?' + queryOf(view, true));
    show(view);
  });
  $('show-unchanged').addEventListener('change', applyFolding);
  window.addEventListener('popstate', () => {
    const view = viewFromAddress();
    fillForm(view);
    show(view);
  });
  const view = viewFromAddress();
  fillForm(view);
  if (view.url === null) $('url').focus();
  await show(view);
}

start();
