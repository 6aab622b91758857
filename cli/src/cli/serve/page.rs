//! The page (`/`) as the server sends it: `index.html` with its form
//! filled in from the address and, when the address names a URL, the view
//! drawn: the results table, the host trace and the archive keys, made
//! from the answers of `/api/compare`, `/api/trace` and `/api/keys` (the
//! same functions give them).  `app.js` draws the same markup from the
//! same answers when the view changes in the browser, so the page reads
//! the same with and without script.
//!
//! Every text is HTML-escaped where it is written ([`text`], [`attr`]).

use super::params::Params;
use super::{Api, INDEX_HTML};
use crate::cli::{compare, UsageError};
use serde_json::Value;
use std::fmt::Write as _;

/// The components of the results table, in column order.
const FIELDS: [&str; 9] = [
    "canonical",
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// The page with no view: the form filled in from `p` (when the address
/// names no URL yet).
pub(super) fn empty(p: &Params) -> String {
    Page::new(Some(p), State::Empty).html()
}

/// The page refusing the request: the form (filled in from `p` when the
/// query could be read) and the message, as the API gives it.
pub(super) fn refused(p: Option<&Params>, message: &str) -> String {
    let mut page = Page::new(p, State::Error);
    page.status = message.to_string();
    page.html()
}

/// The page showing the view `p` names: computed by the API's functions,
/// then drawn; or, when the API refuses the parameters, the page refusing
/// them with its message.
pub(super) fn view(p: &Params) -> Result<String, String> {
    match answers(p) {
        Ok(a) => {
            let mut page = Page::new(Some(p), State::Ready);
            page.results = Some(results(&a.compare));
            page.trace = Some(a.trace.as_ref().map(trace));
            page.keys = Some(keys(&a.keys, a.host_columns));
            page.display = Some(display(&a.display));
            Ok(page.html())
        }
        Err(UsageError(message)) => Err(refused(Some(p), &message)),
    }
}

/// What the API answers for the view `p`: the comparison, the host trace
/// (none for a link in a page whose `<base href>` is no base for `new
/// URL()`), the archive keys.
struct Answers {
    compare: Value,
    /// What today's browsers' address bars show of the URL.
    display: Value,
    trace: Option<Value>,
    keys: Value,
    /// The keys' host columns, in the order the answer gives them.
    host_columns: Option<Ordered>,
}

/// The host columns of `/api/keys`'s answer.
#[derive(serde::Deserialize)]
struct HostColumns {
    host_columns: Option<Ordered>,
}

fn answers(p: &Params) -> Result<Answers, UsageError> {
    let json = |bytes: Vec<u8>| {
        serde_json::from_slice::<Value>(&bytes)
            .map_err(|e| UsageError(format!("internal error: an answer is not JSON: {e}")))
    };
    let compare = json(Api::Compare.answer(p)?)?;
    // The trace is of new URL(): a page's <base href> may be no base.
    let trace = match Api::Trace.answer(p) {
        Ok(t) => Some(json(t)?),
        Err(_) if is_link(p) => None,
        Err(e) => return Err(e),
    };
    let display = json(super::display::json_of_argument(&p.url, &[])?)?;
    let keys = Api::Keys.answer(p)?;
    let host_columns = serde_json::from_slice::<HostColumns>(&keys)
        .map_err(|e| UsageError(format!("internal error: an answer is not JSON: {e}")))?
        .host_columns;
    Ok(Answers {
        compare,
        display,
        trace,
        keys: json(keys)?,
        host_columns,
    })
}

/// Whether `p` names a link in a page (as the command line decides).
fn is_link(p: &Params) -> bool {
    let given = |v: &Option<String>| v.as_deref().is_some_and(|s| !s.is_empty());
    match p.context.as_deref() {
        Some("link") => true,
        None | Some("") => given(&p.encoding) || given(&p.page_url),
        Some(_) => false,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Empty,
    Ready,
    Error,
}

/// What fills the slots of `index.html`.
struct Page<'a> {
    form: Option<&'a Params>,
    state: State,
    status: String,
    results: Option<Results>,
    /// `Some(None)`: no trace shown (a link whose base is no base).
    trace: Option<Option<Trace>>,
    keys: Option<Keys>,
    display: Option<DisplayRows>,
}

impl<'a> Page<'a> {
    fn new(form: Option<&'a Params>, state: State) -> Page<'a> {
        Page {
            form,
            state,
            status: String::new(),
            results: None,
            trace: None,
            keys: None,
            display: None,
        }
    }

    fn html(&self) -> String {
        let mut out = String::with_capacity(INDEX_HTML.len() + 16 * 1024);
        let mut rest = INDEX_HTML;
        while let Some(i) = rest.find("{{") {
            out.push_str(&rest[..i]);
            let Some(j) = rest[i..].find("}}") else {
                break;
            };
            let name = &rest[i + 2..i + j];
            let known = self.slot(name, &mut out);
            debug_assert!(known, "unknown slot {{{{{name}}}}} in index.html");
            rest = &rest[i + j + 2..];
        }
        out.push_str(rest);
        out
    }

    /// Writes the slot `{{name}}`; false for an unknown slot.
    fn slot(&self, name: &str, out: &mut String) -> bool {
        let form = self.form;
        let field = |f: fn(&Params) -> Option<&str>| form.and_then(f).unwrap_or("");
        let hidden = |shown: bool| if shown { "" } else { " hidden" };
        let class = |out: &mut String, c: &str| {
            if !c.is_empty() {
                out.push_str(" class=\"");
                attr(out, c);
                out.push('"');
            }
        };
        let no_trace = Trace::default();
        let tr = match &self.trace {
            Some(Some(t)) => t,
            _ => &no_trace,
        };
        match name {
            "state" => out.push_str(match self.state {
                State::Empty => "empty",
                State::Ready => "ready",
                State::Error => "error",
            }),
            "url" => attr(out, field(|p| Some(p.url.as_str()))),
            "base" => attr(out, field(|p| p.base.as_deref())),
            "encoding" => attr(out, field(|p| p.encoding.as_deref())),
            "page_url" => attr(out, field(|p| p.page_url.as_deref())),
            "context:" | "context:new-url" | "context:link" => {
                if field(|p| p.context.as_deref()) == &name["context:".len()..] {
                    out.push_str(" selected");
                }
            }
            "profiles" => profile_boxes(out, form),
            "kinds" => kind_boxes(out, form),
            "kinds-open" => {
                if form.is_some_and(|p| !p.kinds.is_empty()) {
                    out.push_str(" open");
                }
            }
            "permalink" => attr(out, &permalink(form, self.state != State::Empty)),
            "status-class" => class(
                out,
                if self.state == State::Error {
                    "error"
                } else {
                    ""
                },
            ),
            "status" => text(out, &self.status),
            "results-hidden" => out.push_str(hidden(self.results.is_some())),
            "summary-class" => class(out, self.results.as_ref().map_or("", |r| r.summary_class)),
            "summary" => text(out, self.results.as_ref().map_or("", |r| &r.summary)),
            "results-head" => results_head(out, self.results.as_ref()),
            "results-rows" => out.push_str(self.results.as_ref().map_or("", |r| &r.rows)),
            "results-absent" => {
                if let Some(r) = self.results.as_ref().filter(|r| !r.absent.is_empty()) {
                    let _ = write!(out, " data-absent=\"{}\"", r.absent.join(" "));
                }
            }
            "left-out" => {
                if let Some(r) = self.results.as_ref().filter(|r| !r.absent.is_empty()) {
                    let _ = write!(
                        out,
                        "; absent under every profile (not shown): {}",
                        r.absent.join(", ")
                    );
                }
            }
            "trace-hidden" => out.push_str(hidden(matches!(self.trace, Some(Some(_))))),
            "trace-summary-class" => class(out, tr.summary_class),
            "trace-summary" => text(out, &tr.summary),
            "toggle-hidden" | "trace-table-hidden" => out.push_str(hidden(!tr.no_host)),
            "unchanged-count" => {
                let _ = write!(out, "{}", tr.folded);
            }
            "trace-rows" => out.push_str(&tr.rows),
            "display-hidden" => out.push_str(hidden(self.display.is_some())),
            "display-summary-class" => {
                class(out, self.display.as_ref().map_or("", |d| d.summary_class))
            }
            "display-summary" => text(out, self.display.as_ref().map_or("", |d| &d.summary)),
            "display-rows" => out.push_str(self.display.as_ref().map_or("", |d| &d.rows)),
            "keys-hidden" => out.push_str(hidden(self.keys.is_some())),
            "key-rows" => out.push_str(self.keys.as_ref().map_or("", |k| &k.rows)),
            "host-columns-hidden" => {
                out.push_str(hidden(self.keys.as_ref().is_some_and(|k| k.host_columns)))
            }
            "host-column-rows" => out.push_str(self.keys.as_ref().map_or("", |k| &k.columns)),
            _ => return false,
        }
        true
    }
}

// ---------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------

/// Whether `names` holds `name` (ASCII case-insensitive, as the API reads
/// names).
fn named(names: &[String], name: &str) -> bool {
    names.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// A checkbox with its label: `<label class="profile" title="..."><input
/// type="checkbox" name="profile" value="ie" ...> ie</label>`.
fn checkbox(out: &mut String, name: &str, value: &str, checked: bool, extra: &str, title: &str) {
    out.push_str("<label class=\"profile\"");
    if !title.is_empty() {
        out.push_str(" title=\"");
        attr(out, title);
        out.push('"');
    }
    let _ = write!(out, "><input type=\"checkbox\" name=\"{name}\" value=\"");
    attr(out, value);
    out.push('"');
    out.push_str(extra);
    if checked {
        out.push_str(" checked");
    }
    out.push_str("> ");
    text(out, value);
    out.push_str("</label>");
}

/// A box per registered engine (its era and whether it runs by default
/// in `data-era` and `data-default`, what it models in the title), then a
/// box per group of engines.
fn profile_boxes(out: &mut String, form: Option<&Params>) {
    let ticked =
        |list: fn(&Params) -> &Vec<String>, v: &str| form.is_some_and(|p| named(list(p), v));
    for r in urlprism::engines::registry() {
        let mut extra = String::new();
        let era = compare::era_of_column(r.name());
        if !era.is_empty() {
            let _ = write!(extra, " data-era=\"{era}\"");
        }
        if r.by_default() {
            extra.push_str(" data-default");
        }
        let title = r.description();
        let checked = ticked(|p| &p.profiles, r.name());
        checkbox(out, "profile", r.name(), checked, &extra, title);
    }
    for g in urlprism::engines::group_names() {
        let members: Vec<String> = urlprism::engines::group(g)
            .unwrap_or_default()
            .iter()
            .map(|e| urlprism::compare::Engine::name(e).to_string())
            .collect();
        out.push_str("<span class=\"group\">group ");
        let title = format!("adds its engines: {}", members.join(", "));
        checkbox(out, "group", g, ticked(|p| &p.groups, g), "", &title);
        out.push_str(" <span class=\"hint\">(");
        text(out, &members.join(", "));
        out.push_str(")</span></span>");
    }
}

/// A box per kind of archive key (tied to the form, from the keys
/// section).
fn kind_boxes(out: &mut String, form: Option<&Params>) {
    for k in urlprism::keys::builtin_names() {
        let checked = form.is_some_and(|p| named(&p.kinds, k));
        checkbox(out, "kind", k, checked, " form=\"query\"", "");
    }
}

/// The address of the view: `/?url=...&base=...` in the order and
/// encoding of `app.js`'s (`URLSearchParams`); `/` without a view.
fn permalink(form: Option<&Params>, with_url: bool) -> String {
    let Some(p) = form else {
        return "/".into();
    };
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    if with_url {
        pairs.push(("url", &p.url));
    }
    fn given(v: &Option<String>) -> Option<&str> {
        v.as_deref().filter(|s| !s.is_empty())
    }
    if let Some(b) = given(&p.base) {
        pairs.push(("base", b));
    }
    pairs.extend(p.profiles.iter().map(|v| ("profile", v.as_str())));
    pairs.extend(p.groups.iter().map(|v| ("group", v.as_str())));
    for (k, v) in [
        ("encoding", &p.encoding),
        ("context", &p.context),
        ("page_url", &p.page_url),
    ] {
        if let Some(v) = given(v) {
            pairs.push((k, v));
        }
    }
    pairs.extend(p.kinds.iter().map(|v| ("kind", v.as_str())));
    if pairs.is_empty() {
        return "/".into();
    }
    let mut s = String::from("/?");
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            s.push('&');
        }
        form_encode(&mut s, k);
        s.push('=');
        form_encode(&mut s, v);
    }
    s
}

/// `application/x-www-form-urlencoded`, as `URLSearchParams` writes it.
fn form_encode(out: &mut String, s: &str) {
    for b in s.bytes() {
        match b {
            b' ' => out.push('+'),
            b'*' | b'-' | b'.' | b'_' | b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z' => {
                out.push(b as char)
            }
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The results table (app.js: drawResults)
// ---------------------------------------------------------------------------

struct Results {
    /// The columns that differ.
    differs: Vec<bool>,
    /// The components absent under every profile (their columns are
    /// left out).
    absent: Vec<&'static str>,
    rows: String,
    summary: String,
    summary_class: &'static str,
}

fn results_head(out: &mut String, r: Option<&Results>) {
    out.push_str("<th scope=\"col\">profile</th>");
    for (i, f) in FIELDS.iter().enumerate() {
        let differs = r.is_some_and(|r| r.differs[i]);
        let _ = write!(
            out,
            "<th scope=\"col\" data-field=\"{f}\"{}>{f}</th>",
            if differs { " class=\"differs\"" } else { "" }
        );
    }
}

fn str_of(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str)
}

/// A value as JavaScript writes it in a template string.
fn js_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Which results hold the same value in a column: every rejection agrees
/// with every other (as in `urlprism compare`).
fn cell_key(r: &Value, field: &str) -> String {
    if field == "canonical" {
        return str_of(r.get("canonical")).map_or("\0rejected".into(), str::to_string);
    }
    r.get(field).map_or("undefined".into(), Value::to_string)
}

/// The names grouped by key (the groups in order of first appearance),
/// each group's names joined by `, `.
fn grouped<'v>(items: impl Iterator<Item = (String, &'v str)>) -> Vec<String> {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for (k, name) in items {
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, names)) => names.push(name),
            None => groups.push((k, vec![name])),
        }
    }
    groups.iter().map(|(_, n)| n.join(", ")).collect()
}

fn results(c: &Value) -> Results {
    let empty = Vec::new();
    let list = c.get("results").and_then(Value::as_array).unwrap_or(&empty);
    let differing: Vec<&str> = c
        .get("differing")
        .and_then(Value::as_array)
        .map(|d| d.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let agree = c.get("agree").and_then(Value::as_bool).unwrap_or(true);
    let differs: Vec<bool> = FIELDS
        .iter()
        .map(|f| {
            if *f == "canonical" {
                !agree
            } else {
                differing.contains(f)
            }
        })
        .collect();
    // For each differing column, a group number per distinct value.
    let groups: Vec<Option<Vec<usize>>> = FIELDS
        .iter()
        .zip(&differs)
        .map(|(f, d)| {
            d.then(|| {
                let mut seen: Vec<String> = Vec::new();
                list.iter()
                    .map(|r| {
                        let k = cell_key(r, f);
                        seen.iter().position(|s| *s == k).unwrap_or_else(|| {
                            seen.push(k);
                            seen.len() - 1
                        })
                    })
                    .collect()
            })
        })
        .collect();
    let profile = |r: &'_ Value| str_of(r.get("profile")).unwrap_or("").to_string();
    let eras = eras(list.iter().map(profile));
    let mut rows = String::new();
    for (i, r) in list.iter().enumerate() {
        let name = profile(r);
        rows.push_str("<tr data-profile=\"");
        attr(&mut rows, &name);
        rows.push_str("\"><th scope=\"row\">");
        if let Some(era) = eras[i] {
            rows.push_str("<span class=\"era\">");
            text(&mut rows, era);
            rows.push_str("</span>");
        }
        text(&mut rows, &name);
        rows.push_str("</th>");
        for (k, f) in FIELDS.iter().enumerate() {
            let value = r.get(*f).unwrap_or(&Value::Null);
            let mut classes: Vec<&str> = Vec::new();
            let mut content = String::new();
            if *f == "canonical" && value.is_null() {
                // The string the browser showed although the URL is
                // invalid (googleurl's possibly_invalid_spec()), greyed
                // before the error.
                if let Some(d) = str_of(r.get("displayed")).filter(|d| !d.is_empty()) {
                    content.push_str("<span class=\"displayed\" title=\"shown by the browser, though the URL is invalid\">");
                    text(&mut content, d);
                    content.push_str("</span> ");
                }
                content.push_str("error: ");
                text(&mut content, str_of(r.get("error")).unwrap_or(""));
                // A link in a page: a.href gives the attribute as written.
                if let Some(h) = r.get("href") {
                    content.push_str(" <span class=\"displayed\" title=\"what a.href gives for the invalid link\">a.href: ");
                    text(&mut content, &js_text(h));
                    content.push_str("</span>");
                }
                classes.push("error");
            } else if value.is_null() {
                classes.push("null");
            } else if value.as_str() == Some("") {
                classes.push("empty");
            } else if *f == "host" {
                host_labels(&mut content, &js_text(value));
            } else {
                text(&mut content, &js_text(value));
            }
            let group = groups[k].as_ref().map(|g| g[i] % 4);
            if group.is_some() {
                classes.push("differs");
            }
            let _ = write!(rows, "<td data-field=\"{f}\"");
            if !classes.is_empty() {
                let _ = write!(rows, " class=\"{}\"", classes.join(" "));
            }
            if let Some(g) = group {
                let _ = write!(rows, " data-group=\"{g}\"");
            }
            rows.push('>');
            rows.push_str(&content);
            rows.push_str("</td>");
        }
        rows.push_str("</tr>");
    }
    // Profiles that all reject the URL agree on the components, but their
    // reasons may differ: then they do not agree.
    let reason = |r: &Value| r.get("error").map_or("undefined".into(), Value::to_string);
    let names: Vec<String> = list.iter().map(profile).collect();
    let by_reason = grouped(
        list.iter()
            .map(reason)
            .zip(names.iter().map(String::as_str)),
    );
    let (summary, summary_class) = if agree && by_reason.len() > 1 {
        (
            format!(
                "They differ: every profile rejects the URL, for different reasons: {}",
                by_reason.join(" | ")
            ),
            "differ",
        )
    } else if agree && list.iter().all(|r| str_of(r.get("canonical")).is_none()) {
        (
            format!(
                "All {} profiles reject the URL, for the same reason.",
                list.len()
            ),
            "agree",
        )
    } else if agree {
        (format!("All {} profiles agree.", list.len()), "agree")
    } else {
        let by_canonical = grouped(
            list.iter()
                .map(|r| cell_key(r, "canonical"))
                .zip(names.iter().map(String::as_str)),
        );
        (
            format!(
                "They differ in {}: {}",
                differing.join(", "),
                by_canonical.join(" | ")
            ),
            "differ",
        )
    };
    let absent = FIELDS[1..]
        .iter()
        .copied()
        .filter(|f| list.iter().all(|r| r.get(*f).is_some_and(Value::is_null)))
        .collect();
    Results {
        differs,
        absent,
        rows,
        summary,
        summary_class,
    }
}

/// The era shown before each row's name: on the first row of each era,
/// when the table holds two (as `compare`'s table).
fn eras(names: impl Iterator<Item = String>) -> Vec<Option<&'static str>> {
    let all: Vec<&'static str> = names.map(|n| compare::era_of_column(&n)).collect();
    let mut distinct = all.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < 2 {
        return vec![None; all.len()];
    }
    all.iter()
        .enumerate()
        .map(|(i, e)| {
            (i == 0 || all[i - 1] != *e)
                .then_some(*e)
                .filter(|e| !e.is_empty())
        })
        .collect()
}

/// A host as its labels, each whole (`<span class="label">`), with a
/// place to break after each dot: a long host wraps between labels.
fn host_labels(out: &mut String, host: &str) {
    out.push_str("<span class=\"labels\">");
    for (i, label) in host.split_inclusive('.').enumerate() {
        if i > 0 {
            out.push_str("<wbr>");
        }
        out.push_str("<span class=\"label\">");
        text(out, label);
        out.push_str("</span>");
    }
    out.push_str("</span>");
}

// ---------------------------------------------------------------------------
// The host trace (app.js: drawTrace)
// ---------------------------------------------------------------------------

#[derive(Default)]
struct Trace {
    /// No host to trace: the table and its toggle are hidden.
    no_host: bool,
    summary: String,
    summary_class: &'static str,
    folded: usize,
    rows: String,
}

/// `6`, `11 > Nameprep 7`, `20.2.1 (label 2)` (as `urlprism trace`).
fn step_label(row: &Value) -> String {
    let step = row.get("step").map(js_text).unwrap_or_default();
    let mut s = match within(row) {
        Some(w) => format!("{w} > Nameprep {step}"),
        None => step,
    };
    if let Some(l) = row.get("label").filter(|l| !l.is_null()) {
        let _ = write!(s, " (label {})", js_text(l));
    }
    s
}

/// The step of CanonicalizeHost a Nameprep step runs within, if any.
fn within(row: &Value) -> Option<String> {
    row.get("within")
        .filter(|w| !w.is_null() && w.as_str() != Some(""))
        .map(js_text)
}

fn describe(row: &Value) -> String {
    let label = match row.get("label").filter(|l| !l.is_null()) {
        Some(l) => format!(" (label {})", js_text(l)),
        None => String::new(),
    };
    let step = row.get("step").map(js_text).unwrap_or_default();
    match within(row) {
        Some(w) => format!("CanonicalizeHost step {w}{label} > Nameprep step {step}"),
        None => format!("CanonicalizeHost step {step}{label}"),
    }
}

fn cells(row: &Value) -> &[Value] {
    row.get("cells")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn state(cell: &Value) -> &str {
    str_of(cell.get("state")).unwrap_or("")
}

/// Whether no profile's string changes at this step.
fn changes_nothing(row: &Value) -> bool {
    cells(row)
        .iter()
        .all(|c| state(c) != "ran" || c.get("after") == c.get("before"))
}

/// A string as `JSON.stringify` writes it; empty for none.
fn shown(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => String::new(),
        Some(v) => v.to_string(),
    }
}

fn after_text(cell: &Value) -> String {
    match state(cell) {
        "skipped" => return "(skipped)".into(),
        "absent" => return "(not run)".into(),
        _ => {}
    }
    if cell.get("after") == cell.get("before") {
        return "(unchanged)".into();
    }
    // Notes (`need-punycode = true`) and failures are shown as they are.
    match str_of(cell.get("after")) {
        Some(a) if a.starts_with("fail: ") || a.contains(" = ") => a.to_string(),
        _ => shown(cell.get("after")),
    }
}

fn trace(t: &Value) -> Trace {
    let mut out = Trace::default();
    let host = t.get("host").unwrap_or(&Value::Null);
    if host.is_null() {
        out.no_host = true;
        out.summary = format!(
            "No host to trace: {}",
            str_of(t.get("no_host")).unwrap_or("")
        );
        return out;
    }
    let profiles: Vec<String> = t
        .get("profiles")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(js_text).collect())
        .unwrap_or_default();
    let steps: &[Value] = t
        .get("steps")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let divergence = t
        .get("divergence")
        .filter(|d| !d.is_null())
        .and_then(|d| d.get("index"))
        .and_then(Value::as_u64)
        .map(|i| i as usize);
    let quiet: Vec<bool> = steps
        .iter()
        .enumerate()
        .map(|(i, row)| changes_nothing(row) && Some(i) != divergence)
        .collect();
    let rows = &mut out.rows;
    for (i, row) in steps.iter().enumerate() {
        if quiet[i] {
            out.folded += 1;
            if i == 0 || !quiet[i - 1] {
                // The fold row of a run of unchanged steps.
                let n = quiet[i..].iter().take_while(|q| **q).count();
                let _ = write!(
                    rows,
                    "<tr class=\"fold\" data-count=\"{n}\"><td colspan=\"5\"><label for=\"show-unchanged\">⋯ {n} step{} changing nothing</label></td></tr>",
                    if n == 1 { "" } else { "s" }
                );
            }
        }
        // One line per group of profiles with the same outcome.
        struct Line<'p> {
            who: Vec<&'p str>,
            before: String,
            after: String,
        }
        let mut lines: Vec<Line> = Vec::new();
        for (e, cell) in cells(row).iter().enumerate() {
            if state(cell) == "absent" && Some(i) != divergence {
                continue;
            }
            let before = if state(cell) == "skipped" {
                String::new()
            } else {
                shown(cell.get("before"))
            };
            let after = after_text(cell);
            let who = profiles.get(e).map_or("undefined", String::as_str);
            match lines
                .iter_mut()
                .find(|l| l.before == before && l.after == after)
            {
                Some(l) => l.who.push(who),
                None => lines.push(Line {
                    who: vec![who],
                    before,
                    after,
                }),
            }
        }
        if lines.is_empty() {
            lines.push(Line {
                who: Vec::new(),
                before: String::new(),
                after: "(not run)".into(),
            });
        }
        let span = lines.len();
        for (k, line) in lines.iter().enumerate() {
            rows.push_str("<tr data-step=\"");
            attr(rows, &row.get("key").map(js_text).unwrap_or_default());
            rows.push('"');
            let mut classes: Vec<&str> = Vec::new();
            if quiet[i] {
                classes.push("unchanged");
            }
            if Some(i) == divergence {
                classes.push("divergence");
            }
            if k == 0 {
                classes.push("first");
            }
            if !classes.is_empty() {
                let _ = write!(rows, " class=\"{}\"", classes.join(" "));
            }
            rows.push('>');
            if k == 0 {
                let _ = write!(rows, "<td rowspan=\"{span}\" class=\"step\">");
                text(rows, &step_label(row));
                if Some(i) == divergence {
                    rows.push_str("<span class=\"badge\">first divergence</span>");
                }
                let _ = write!(rows, "</td><td rowspan=\"{span}\" class=\"marks\">");
                text(rows, str_of(row.get("marks")).unwrap_or(""));
                rows.push_str("</td>");
            }
            let who = if line.who.len() == profiles.len() && profiles.len() > 1 {
                "all".to_string()
            } else {
                line.who.join(", ")
            };
            for (class, value) in [
                ("who", &who),
                ("before", &line.before),
                ("after", &line.after),
            ] {
                let _ = write!(rows, "<td class=\"{class}\">");
                text(rows, value);
                rows.push_str("</td>");
            }
            rows.push_str("</tr>");
        }
    }
    let host = host.to_string();
    if profiles.len() < 2 {
        out.summary = format!(
            "Host {host} (scheme {}).",
            t.get("scheme").map(js_text).unwrap_or_default()
        );
    } else if let (Some(index), Some(d)) = (divergence, t.get("divergence")) {
        let row = &steps[index.min(steps.len().saturating_sub(1))];
        let marks = str_of(row.get("marks")).unwrap_or("");
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!(" [{marks}]")
        };
        let names = |v: &Value| -> Vec<String> {
            v.as_array()
                .map(|a| a.iter().map(js_text).collect())
                .unwrap_or_default()
        };
        let mut groups: Vec<String> = d
            .get("groups")
            .and_then(Value::as_array)
            .map(|g| g.iter().map(|g| names(g).join(", ")).collect())
            .unwrap_or_default();
        let not_at_step = d.get("not_at_step").map(names).unwrap_or_default();
        if !not_at_step.is_empty() {
            groups.push(format!("{} (not at this step)", not_at_step.join(", ")));
        }
        out.summary = format!(
            "Host {host}: first divergence at {}{marks}: {}",
            describe(row),
            groups.join(" | ")
        );
        out.summary_class = "differ";
    } else {
        out.summary = format!("Host {host}: every profile's steps give the same host.");
        out.summary_class = "agree";
    }
    out
}

// ---------------------------------------------------------------------------
// The archive keys (app.js: drawKeys)
// ---------------------------------------------------------------------------

struct Keys {
    rows: String,
    host_columns: bool,
    columns: String,
}

/// A JSON object's members in the order written (`serde_json`'s map
/// sorts them).
struct Ordered(Vec<(String, Value)>);

impl<'de> serde::Deserialize<'de> for Ordered {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<Ordered, A::Error> {
                let mut v = Vec::new();
                while let Some(entry) = m.next_entry()? {
                    v.push(entry);
                }
                Ok(Ordered(v))
            }
        }
        d.deserialize_map(Visitor)
    }
}

/// The address-bar rows: one per browser, what it shows (or why
/// nothing), and each host label with the rule that decided it; the
/// summary says whether they show the same text.
struct DisplayRows {
    summary: String,
    summary_class: &'static str,
    rows: String,
}

fn display(answer: &Value) -> DisplayRows {
    let displays = answer
        .get("displays")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let shown: Vec<Option<&str>> = displays.iter().map(|d| str_of(d.get("shown"))).collect();
    let differ = shown.windows(2).any(|w| w[0] != w[1]);
    let mut rows = String::new();
    for (d, s) in displays.iter().zip(&shown) {
        rows.push_str("<tr><th scope=\"row\">");
        text(&mut rows, str_of(d.get("profile")).unwrap_or(""));
        rows.push_str("</th>");
        match s {
            Some(s) => {
                rows.push_str("<td class=\"value\">");
                text(&mut rows, s);
            }
            None => {
                rows.push_str("<td class=\"error\">");
                text(&mut rows, str_of(d.get("error")).unwrap_or(""));
            }
        }
        rows.push_str("</td><td class=\"steps\">");
        let labels = d
            .get("labels")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        let mut first = true;
        for l in labels
            .iter()
            .filter(|l| str_of(l.get("rule")) != Some("ASCII"))
        {
            if !first {
                rows.push_str("<br>");
            }
            first = false;
            let _ = write!(rows, "<span title=\"");
            attr(&mut rows, str_of(l.get("source")).unwrap_or(""));
            rows.push_str("\">");
            text(&mut rows, str_of(l.get("ascii")).unwrap_or(""));
            rows.push_str(" → ");
            text(&mut rows, str_of(l.get("shown")).unwrap_or(""));
            rows.push_str(": ");
            text(&mut rows, str_of(l.get("rule")).unwrap_or(""));
            rows.push_str("</span>");
        }
        rows.push_str("</td></tr>");
    }
    let (summary, summary_class) = if differ {
        ("The browsers show the URL differently.", "differ")
    } else {
        ("Every browser shows the same text.", "agree")
    };
    DisplayRows {
        summary: summary.to_string(),
        summary_class,
        rows,
    }
}

fn keys(answer: &Value, host_columns: Option<Ordered>) -> Keys {
    let mut rows = String::new();
    for k in answer
        .get("keys")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
    {
        rows.push_str("<tr><th scope=\"row\">");
        text(&mut rows, str_of(k.get("kind")).unwrap_or(""));
        rows.push_str("</th>");
        let (value, class) = match str_of(k.get("key")) {
            Some(key) => (key, "value"),
            None => (str_of(k.get("error")).unwrap_or(""), "error"),
        };
        let _ = write!(rows, "<td class=\"{class}\"");
        let expressions: Vec<String> = k
            .get("expressions")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(js_text).collect())
            .unwrap_or_default();
        if !expressions.is_empty() {
            rows.push_str(" title=\"lookup expressions: ");
            attr(&mut rows, &expressions.join(" "));
            rows.push('"');
        }
        rows.push('>');
        text(&mut rows, value);
        rows.push_str("</td><td class=\"steps\">");
        let steps: Vec<String> = k
            .get("steps")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(js_text).collect())
            .unwrap_or_default();
        text(&mut rows, &steps.join(", "));
        rows.push_str("</td></tr>");
    }
    let mut columns = String::new();
    for (name, value) in host_columns.as_ref().map_or(&[][..], |o| o.0.as_slice()) {
        columns.push_str("<tr><th scope=\"row\">");
        text(&mut columns, name);
        let class = if value.is_null() { "null" } else { "value" };
        let _ = write!(columns, "</th><td class=\"{class}\">");
        if !value.is_null() {
            text(&mut columns, &js_text(value));
        }
        columns.push_str("</td></tr>");
    }
    Keys {
        rows,
        host_columns: host_columns.is_some(),
        columns,
    }
}

// ---------------------------------------------------------------------------
// Escaping
// ---------------------------------------------------------------------------

/// `s` as HTML text or a quoted attribute value: `&`, `<`, `>`, `"` and
/// `'` escaped; a carriage return as a reference (the parser would make
/// a raw one a line feed), NUL as U+FFFD (what the parser makes of it).
fn escape(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\r' => out.push_str("&#13;"),
            '\0' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

fn text(out: &mut String, s: &str) {
    escape(out, s);
}

fn attr(out: &mut String, s: &str) {
    escape(out, s);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_of_the_page_is_filled() {
        let p = Params {
            url: "http://a/".into(),
            ..Params::default()
        };
        for html in [empty(&p), refused(None, "no"), view(&p).unwrap()] {
            assert!(!html.contains("{{") && !html.contains("}}"), "{html}");
        }
        let page = Page::new(Some(&p), State::Ready);
        let mut slots = INDEX_HTML.split("{{").skip(1).peekable();
        assert!(slots.peek().is_some());
        for s in slots {
            let name = &s[..s.find("}}").expect("a slot ends")];
            assert!(page.slot(name, &mut String::new()), "unknown slot {name:?}");
        }
    }

    #[test]
    fn text_is_escaped() {
        let mut s = String::new();
        escape(&mut s, "<script>\"a\" & 'b'\r\0");
        assert_eq!(
            s,
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&#13;\u{FFFD}"
        );
    }

    #[test]
    fn the_permalink_is_written_as_url_search_params_writes_it() {
        let p = Params {
            url: "http://a b/é?x=1&y".into(),
            base: Some(String::new()),
            profiles: vec!["ie".into(), "this".into()],
            groups: vec!["today".into()],
            encoding: Some("windows-1252".into()),
            context: Some(String::new()),
            page_url: None,
            kinds: vec!["surt".into()],
        };
        assert_eq!(
            permalink(Some(&p), true),
            "/?url=http%3A%2F%2Fa+b%2F%C3%A9%3Fx%3D1%26y&profile=ie&profile=this&group=today&encoding=windows-1252&kind=surt"
        );
        assert_eq!(permalink(None, true), "/");
        assert_eq!(permalink(Some(&Params::default()), false), "/");
    }

    #[test]
    fn a_host_breaks_between_labels() {
        let mut s = String::new();
        host_labels(&mut s, "a-b.c.<d>");
        assert_eq!(
            s,
            "<span class=\"labels\"><span class=\"label\">a-b.</span><wbr><span class=\"label\">c.</span><wbr><span class=\"label\">&lt;d&gt;</span></span>"
        );
    }
}
