#!/usr/bin/python3
"""`new URL(input, base).href` in WebKitGTK (Debian's gir1.2-webkit2-4.1,
through python3-gi): a WebKit2.WebView in an off-screen window, under an X
server of its own (run it with ``xvfb-run -a``), shows about:blank and
evaluates the inputs in batches.  Nothing is fetched.

A page corpus (its lines have an ``encoding``: corpus/pages.jsonl, see
gen_page_corpus.py and common.mjs's runPages) is run as the Node runners
run it: each encoding's page is shown with ``load_bytes`` (the markup of
common.mjs's pageBody, the label as its encoding, as a Content-Type
charset would give it, and http://page.example/dir/LABEL.html as its URL),
and each link read back as common.mjs's evaluatePageBatch does; the lines
are {"encoding", "base", "input", "href", "valid", "base_uri"}.

A WPT corpus (its lines have a ``file``: the checks record_wpt.py draws
from tests/data/wpt/, see common.mjs's runWpt) is run by evaluating
common.mjs's evaluateWptBatch, read from that file (one function for the
three runners), in about:blank, and in the page of its encoding (shown as
above) for the checks of percent-encoding.json.

Usage:  xvfb-run -a /usr/bin/python3 tests/browsers/webkit.py OUTDIR CORPUS.jsonl...

The same command line and outputs as the Node runners (common.mjs): for
each corpus, OUTDIR/<corpus name>.jsonl with {"input", "base", "href"} per
corpus line (input and base as the page received them), and
OUTDIR/browser.json.  The batch goes into the page as ASCII JSON text in
the script's source, and the answer comes back as ASCII JSON text (every
character outside printable ASCII escaped), so that nothing on the way
changes a character.
"""

import datetime
import json
import os
import subprocess
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

BATCH = 4000
TIMEOUT_S = 120

# The same function as common.mjs's evaluateBatch, applied to the text.
SCRIPT = r"""
(function (text) {
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
})(%s)
"""


# The same function as common.mjs's evaluatePageBatch, applied to the text.
PAGE_SCRIPT = r"""
(function (text) {
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
})(%s)
"""

PAGE_HTML = "<!DOCTYPE html><html><head><title>page</title><base></head><body></body></html>"


def page_url(label):
    return "http://page.example/dir/%s.html" % label


def page_body(label):
    """common.mjs's pageBody: ASCII markup, UTF-16 text for the UTF-16 labels."""
    if label == "utf-16le":
        return PAGE_HTML.encode("utf-16-le")
    if label == "utf-16be":
        return PAGE_HTML.encode("utf-16-be")
    return PAGE_HTML.encode("ascii")


def is_page_corpus(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    return first.strip() != "" and "encoding" in json.loads(first)


def run_pages(page, out_dir, path):
    """common.mjs's runPages: writes OUTDIR/<name>.jsonl, returns label ->
    {character_set, url}."""
    name = os.path.basename(path)[: -len(".jsonl")]
    by_label = {}
    with open(path, encoding="utf-8") as f:
        for o in map(json.loads, filter(None, f.read().split("\n"))):
            by_label.setdefault(o["encoding"], []).append([o["input"], o["base"]])
    with open(os.path.join(os.path.dirname(path), "pages-provenance.json"), encoding="utf-8") as f:
        names = json.load(f)["encodings"]
    start = time.monotonic()
    lines = []
    pages = {}
    for label, items in by_label.items():
        want = names[label]["name"]
        page.load_page(page_body(label), label, page_url(label))
        for i in range(0, len(items), BATCH):
            batch = items[i : i + BATCH]
            answer = json.loads(page.evaluate(PAGE_SCRIPT % ascii_json(ascii_json(batch))))
            if answer["characterSet"] != want:
                raise RuntimeError("%s: the page of %s is %s, not %s" % (name, label, answer["characterSet"], want))
            if answer["url"] != page_url(label):
                raise RuntimeError("%s: the page of %s is at %s" % (name, label, answer["url"]))
            if len(answer["out"]) != len(batch):
                raise RuntimeError("%s: %d answers to a batch of %d" % (name, len(answer["out"]), len(batch)))
            pages[label] = {"character_set": answer["characterSet"], "url": answer["url"]}
            for inp, base, href, valid, base_uri in answer["out"]:
                lines.append(
                    ascii_json(
                        {"encoding": label, "base": base, "input": inp, "href": href, "valid": valid, "base_uri": base_uri}
                    )
                )
    with open(os.path.join(out_dir, name + ".jsonl"), "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print("%s: %d links in %d pages in %d ms" % (name, len(lines), len(by_label), round((time.monotonic() - start) * 1000)))
    return pages


def is_wpt_corpus(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    return first.strip() != "" and "file" in json.loads(first)


def wpt_script():
    """common.mjs's evaluateWptBatch, as source applied to ``%s``: from its
    ``export function`` line to the first line that is a lone ``}``."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "common.mjs"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = lines.index("export function evaluateWptBatch(text) {")
    end = lines.index("}", start)
    source = "\n".join(lines[start : end + 1])[len("export ") :]
    return "(%s)(%%s)" % source.replace("%", "%%")


def wpt_segments(checks):
    """common.mjs's wptSegments: (label or None, checks), cut where the page
    changes, no segment longer than BATCH."""
    segments = []
    for check in checks:
        label = check["encoding"] if check["file"] == "percent-encoding.json" else None
        if segments and segments[-1][0] == label and len(segments[-1][1]) < BATCH:
            segments[-1][1].append(check)
        else:
            segments.append((label, [check]))
    return segments


def run_wpt(page, out_dir, path):
    """common.mjs's runWpt: writes OUTDIR/<name>.jsonl, returns label ->
    {character_set, url}."""
    name = os.path.basename(path)[: -len(".jsonl")]
    with open(path, encoding="utf-8") as f:
        checks = [json.loads(l) for l in f.read().split("\n") if l != ""]
    script = wpt_script()
    start = time.monotonic()
    lines = []
    pages = {}
    shown = None
    for label, batch in wpt_segments(checks):
        url = "about:blank" if label is None else page_url(label)
        if url != shown:
            if label is None:
                page.load_blank()
            else:
                page.load_page(page_body(label), label, url)
            shown = url
        answer = json.loads(page.evaluate(script % ascii_json(ascii_json(batch))))
        if answer["url"] != url:
            raise RuntimeError("%s: the page of %s is at %s" % (name, label or "about:blank", answer["url"]))
        if len(answer["out"]) != len(batch):
            raise RuntimeError("%s: %d answers to a batch of %d" % (name, len(answer["out"]), len(batch)))
        if label is not None:
            pages[label] = {"character_set": answer["characterSet"], "url": answer["url"]}
        # As common.mjs's asciiJson writes them (DEL escaped too).
        lines.extend(ascii_json(o).replace("\x7f", "\\u007f") for o in answer["out"])
    with open(os.path.join(out_dir, name + ".jsonl"), "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print("%s: %d checks in %d ms" % (name, len(lines), round((time.monotonic() - start) * 1000)))
    return pages


def ascii_json(value):
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


class Page:
    def __init__(self):
        self.loop = GLib.MainLoop()
        self.window = Gtk.OffscreenWindow()
        self.view = WebKit2.WebView()
        settings = self.view.get_settings()
        settings.set_enable_javascript(True)
        settings.set_enable_page_cache(False)
        self.window.add(self.view)
        self.window.show_all()
        self.error = None
        self.view.connect("load-changed", self._load_changed)
        self.view.connect("load-failed", self._load_failed)
        self.view.load_uri("about:blank")
        self._run()

    def _run(self):
        timer = GLib.timeout_add_seconds(TIMEOUT_S, self._timeout)
        self.loop.run()
        GLib.source_remove(timer)
        if self.error:
            raise RuntimeError(self.error)

    def _timeout(self):
        self.error = "WebKit did not answer within %d s" % TIMEOUT_S
        self.loop.quit()
        return False

    def _load_changed(self, view, event):
        if event == WebKit2.LoadEvent.FINISHED:
            self.loop.quit()

    def _load_failed(self, view, event, uri, err):
        self.error = "loading %s failed: %s" % (uri, err.message)
        self.loop.quit()
        return True

    def load_blank(self):
        """Shows about:blank."""
        self.view.load_uri("about:blank")
        self._run()

    def load_page(self, body, label, url):
        """Shows `body` as an HTML page of encoding `label` at `url`."""
        self.view.load_bytes(GLib.Bytes.new(body), "text/html", label, url)
        self._run()

    def evaluate(self, source):
        result = {}

        def done(view, res):
            try:
                value = view.evaluate_javascript_finish(res)
                result["text"] = value.to_string()
            except GLib.Error as e:
                self.error = "evaluate_javascript: %s" % e.message
            self.loop.quit()

        self.view.evaluate_javascript(source, -1, None, None, None, done)
        self._run()
        return result["text"]


def read_corpus(path):
    with open(path, encoding="utf-8") as f:
        return [(o["input"], o["base"]) for o in map(json.loads, filter(None, f.read().split("\n")))]


def first_line(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        return out.split("\n")[0].strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: xvfb-run -a /usr/bin/python3 webkit.py OUTDIR CORPUS.jsonl...")
    out_dir, corpora = sys.argv[1], sys.argv[2:]
    os.makedirs(out_dir, exist_ok=True)
    started = time.monotonic()
    page = Page()
    page_corpora = [p for p in corpora if is_page_corpus(p) and not is_wpt_corpus(p)]
    wpt_corpora = [p for p in corpora if is_wpt_corpus(p)]
    for path in [p for p in corpora if p not in page_corpora and p not in wpt_corpora]:
        name = os.path.basename(path)
        if name.endswith(".jsonl"):
            name = name[: -len(".jsonl")]
        items = read_corpus(path)
        start = time.monotonic()
        lines = []
        for i in range(0, len(items), BATCH):
            batch = [list(x) for x in items[i : i + BATCH]]
            answer = json.loads(page.evaluate(SCRIPT % ascii_json(ascii_json(batch))))
            if len(answer) != len(batch):
                raise RuntimeError("%s: %d answers to a batch of %d" % (name, len(answer), len(batch)))
            for inp, base, href in answer:
                lines.append(ascii_json({"input": inp, "base": base, "href": href}))
        ms = round((time.monotonic() - start) * 1000)
        with open(os.path.join(out_dir, name + ".jsonl"), "w", encoding="ascii", newline="\n") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d inputs in %d ms" % (name, len(items), ms))
    # Page and WPT corpora last: they leave about:blank.
    pages = {}
    for path in page_corpora:
        pages[os.path.basename(path)[: -len(".jsonl")]] = run_pages(page, out_dir, path)
    for path in wpt_corpora:
        pages[os.path.basename(path)[: -len(".jsonl")]] = run_wpt(page, out_dir, path)
    version = "%d.%d.%d" % (
        WebKit2.get_major_version(),
        WebKit2.get_minor_version(),
        WebKit2.get_micro_version(),
    )
    pkg = first_line(["dpkg-query", "-W", "-f=${Version}", "libwebkit2gtk-4.1-0"])
    info = {
        "name": "webkit",
        "version": version,
        "product": "WebKitGTK %s" % version,
        "user_agent": page.view.get_settings().get_user_agent(),
        "executable": "WebKit2 4.1 (GObject introspection, %s)" % sys.executable,
        "executable_version": "WebKitGTK %s" % version,
        "package": "libwebkit2gtk-4.1-0 %s" % pkg if pkg else None,
        "driver": "python3-gi %s, Xvfb (xvfb-run)" % gi.__version__,
        "run_ms": round((time.monotonic() - started) * 1000),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
    }
    if page_corpora or wpt_corpora:
        info["pages"] = pages
    with open(os.path.join(out_dir, "browser.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(info, indent=2) + "\n")
    print("browser: webkit %s (%s)" % (version, info["package"]))


if __name__ == "__main__":
    main()
