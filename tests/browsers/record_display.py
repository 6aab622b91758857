#!/usr/bin/env python3
"""Run the installed browsers' address-bar formatting on the display
corpus and store what they show: tests/data/browsers/BROWSER/display.jsonl
and display-provenance.json.

Usage:  python3 tests/browsers/record_display.py [--check] [BROWSER...]

BROWSER is chromium, firefox or webkit (all three when none is given).
The corpus is tests/data/browsers/corpus/display.jsonl
(gen_display_corpus.py).  Each browser's line is, in corpus order,

    {"input", "href", "shown", ...}

``href`` the browser's own parse of the input (null when it has none),
``shown`` the text of the address bar for it, the whole URL with its
scheme (null when the browser gives none); the fields of each browser are
FIELDS below, and how each is obtained:

- firefox: Debian's firefox-esr, ``--headless --marionette
  --remote-allow-system-access`` with a throw-away profile, over the
  Marionette protocol (length-prefixed JSON over TCP on the loopback) in
  the browser window's chrome context; per input ``Services.io.newURI``
  and the URL bar's own ``gURLBar.setURI({uri})`` (nothing is loaded).
- webkit: WebKitGTK's ``WebKit2.uri_for_display`` (its URLHelpers
  policy) through Debian's /usr/bin/python3 and python3-gi, applied to
  WebKit's own ``new URL(input).href`` (webkit.py, the runner of the other
  corpora, run on the inputs under xvfb-run).
- chromium: Debian's chromium, headless, over the DevTools protocol on a
  pipe (``--remote-debugging-pipe``: no port, no WebSocket); every request
  answered by the ``Fetch`` domain with an empty ``text/html`` page, so
  that nothing reaches the network; each input navigated in a tab, and the
  tab's title read (``Target.getTargetInfo``): a page without a
  ``<title>`` is named by ``url_formatter::FormatUrl`` with the spoof
  checks of the omnibox.  The title leaves out the scheme (http and
  https), the user information, a leading ``www.`` and the ``/`` of a bare
  host; ``shown`` puts back what can be put back (``chromium_shown``).

With --check nothing is stored: the browser's version and the stored one
are printed with every changed line (by corpus line number), and the exit
status is 1 when lines changed under the stored version (the browser or
the recorder is not deterministic), 0 when none did or the version is
another (a browser update: record again).  After storing, the agreement of
the stored ``shown`` of the three browsers is printed and written into
each stored display-provenance.json.
"""

import datetime
import hashlib
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from record_pages import XVFB, browser_provenance, read_jsonl

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "tests/data/browsers")
CORPUS = os.path.join(DATA, "corpus/display.jsonl")
# The document a Chromium tab visits between an input and the same input
# again, when the input is the tab's URL but for its fragment.
BETWEEN = "data:text/plain,between"
CORPUS_REL = "tests/data/browsers/corpus/display.jsonl"
BROWSERS = ["chromium", "firefox", "webkit"]

FIELDS = {
    "chromium": {
        "href": "the URL of the tab after navigating to the input (Target.getTargetInfo url); null when "
        "Page.navigate refused the input or the navigation failed",
        "title": "the tab's title (Target.getTargetInfo title) after the load event of the empty page "
        "answered for the input: url_formatter::FormatUrl with the IDN spoof checks; null when the "
        "navigation failed",
        "error": "Page.navigate's errorText or error message when the navigation failed, else absent",
        "navigation": "an input that differs from the tab's URL only in its fragment is a navigation within "
        "the document, which keeps the title before it: the tab goes to " + BETWEEN + " first",
        "shown": "the title with what it leaves out put back: for http and https, the scheme and '://', "
        "'www.' when the href's host starts with 'www.' and the title's host has one label fewer, and "
        "'/' when the href's path is '/' with no query or fragment and the title does not end in '/', "
        "and without the U+202A and U+202C that wrap a title with right-to-left text; "
        "the user information is not put back (the omnibox drops it too); for other schemes the title "
        "when it starts with the scheme (with the '/' of a bare host put back), else null (a file: title "
        "is the file's name)",
    },
    "firefox": {
        "href": "Services.io.newURI(input).spec; null when it throws",
        "displaySpec": "the nsIURI's displaySpec (the host as network.IDN policy shows it)",
        "displayHost": "the nsIURI's displayHost; null when it throws (no host)",
        "shown": "gURLBar.untrimmedValue after gURLBar.setURI({uri}) with no typed value: the URL bar's "
        "full text (losslessDecodeURI of the exposable URI: no user information)",
        "value": "gURLBar.value then: the text as shown unfocused (https:// and a bare '/' trimmed)",
    },
    "webkit": {
        "href": "new URL(input).href in a WebKit2.WebView (webkit.py); null when it throws",
        "shown": "WebKit2.uri_for_display(href); null when href is null or it returns none",
    },
}

TIMEOUT_S = 60


def ascii_json(value):
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def first_line(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=60).stdout
        return out.split("\n")[0].strip()
    except (OSError, subprocess.SubprocessError):
        return None


def debian_package(name):
    v = first_line(["dpkg-query", "-W", "-f=${Version}", name])
    return "%s %s" % (name, v) if v else None


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------
# Firefox: Marionette


class Marionette:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="urlprism-display-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="ascii") as f:
            for k, v in [("marionette.port", 0), ("browser.shell.checkDefaultBrowser", False),
                         ("network.dns.disableIPv6", True), ("network.proxy.type", 0),
                         ("network.captive-portal-service.enabled", False),
                         ("network.connectivity-service.enabled", False),
                         ("browser.safebrowsing.update.enabled", False), ("app.update.enabled", False),
                         ("datareporting.policy.dataSubmissionEnabled", False),
                         ("toolkit.telemetry.enabled", False), ("extensions.update.enabled", False),
                         ("browser.region.network.url", ""), ("browser.search.update", False),
                         ("browser.startup.page", 0), ("browser.startup.homepage", "about:blank")]:
                f.write("user_pref(%s, %s);\n" % (json.dumps(k), json.dumps(v)))
        self.proc = subprocess.Popen(
            ["/usr/bin/firefox-esr", "--headless", "--marionette", "--remote-allow-system-access", "--no-remote",
             "--profile", self.profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = os.path.join(self.profile, "MarionetteActivePort")
        deadline = time.monotonic() + TIMEOUT_S
        port = None
        while port is None:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("firefox-esr did not open Marionette")
            try:
                with open(port_file, encoding="ascii") as f:
                    text = f.read().strip()
                port = int(text) if text else None
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT_S)
        self.buf = b""
        self.id = 0
        self.hello = self._recv()
        self.caps = self.command("WebDriver:NewSession", {"capabilities": {}})["capabilities"]
        self.command("Marionette:SetContext", {"value": "chrome"})

    def _recv(self):
        while b":" not in self.buf:
            self._more()
        n, rest = self.buf.split(b":", 1)
        n = int(n)
        self.buf = rest
        while len(self.buf) < n:
            self._more()
        msg, self.buf = self.buf[:n], self.buf[n:]
        return json.loads(msg.decode("utf-8"))

    def _more(self):
        d = self.sock.recv(1 << 20)
        if not d:
            raise RuntimeError("Marionette closed the connection")
        self.buf += d

    def command(self, name, params):
        self.id += 1
        data = ascii_json([0, self.id, name, params]).encode("ascii")
        self.sock.sendall(str(len(data)).encode("ascii") + b":" + data)
        msg = self._recv()
        if msg[1] != self.id:
            raise RuntimeError("Marionette answered %r to command %d" % (msg[:2], self.id))
        if msg[2]:
            raise RuntimeError("%s: %s" % (name, msg[2]))
        return msg[3]

    def script(self, source, args):
        return self.command("WebDriver:ExecuteScript", {"script": source, "args": args})["value"]

    def close(self):
        try:
            self.sock.close()
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


# Run in the chrome context of the browser window: the batch comes as
# ASCII JSON text, the answer goes back as ASCII JSON text.
FIREFOX_SCRIPT = r"""
const items = JSON.parse(arguments[0]);
const get = (f) => { try { const v = f(); return v === undefined ? null : v; } catch (e) { return null; } };
const out = items.map((input) => {
  let uri = null;
  try { uri = Services.io.newURI(input); } catch (e) { uri = null; }
  if (uri === null) return [input, null, null, null, null, null];
  gBrowser.userTypedValue = null;
  gURLBar.setURI({ uri });
  return [input, uri.spec, get(() => uri.displaySpec), get(() => uri.displayHost), gURLBar.untrimmedValue,
          gURLBar.value];
});
return JSON.stringify(out).replace(/[^\x20-\x7e]/g,
  (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
"""


def run_firefox(inputs):
    started = time.monotonic()
    m = Marionette()
    try:
        info = m.script(
            "return [Services.appinfo.version, Services.appinfo.name, Services.appinfo.appBuildID, "
            "navigator.userAgent, typeof gURLBar.setURI, Services.prefs.getBoolPref('browser.urlbar.trimURLs'), "
            "Services.prefs.getBoolPref('browser.urlbar.trimHttps')]", [])
        lines = []
        for i in range(0, len(inputs), 500):
            batch = inputs[i : i + 500]
            answer = json.loads(m.script(FIREFOX_SCRIPT, [ascii_json(batch)]))
            if len(answer) != len(batch):
                raise RuntimeError("firefox: %d answers to a batch of %d" % (len(answer), len(batch)))
            for inp, href, spec, host, untrimmed, value in answer:
                lines.append({"input": inp, "href": href, "shown": untrimmed, "displaySpec": spec,
                              "displayHost": host, "value": value})
    finally:
        m.close()
    version = info[0]
    return {
        "version": version,
        "product": "%s/%s" % (info[1], version),
        "revision": info[2],
        "user_agent": info[3],
        "executable": "/usr/bin/firefox-esr",
        "executable_version": first_line(["/usr/bin/firefox-esr", "--version"]),
        "package": debian_package("firefox-esr"),
        "driver": "Marionette protocol %s (Python socket, chrome context)" % m.hello.get("marionetteProtocol"),
        "prefs": {"browser.urlbar.trimURLs": info[5], "browser.urlbar.trimHttps": info[6]},
        "run_ms": round((time.monotonic() - started) * 1000),
        "date": now_iso(),
    }, lines


# --------------------------------------------------------------------------
# WebKit: webkit.py for the href, uri_for_display for the text

WEBKIT_DISPLAY = r"""
import json, sys
import gi
gi.require_version("WebKit2", "4.1")
from gi.repository import WebKit2
hrefs = json.loads(sys.stdin.read())
out = [None if h is None else WebKit2.uri_for_display(h) for h in hrefs]
sys.stdout.write(json.dumps(out, ensure_ascii=True))
"""


def run_webkit(inputs):
    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="urlprism-display-webkit-")
    try:
        corpus = os.path.join(tmp, "display.jsonl")
        with open(corpus, "w", encoding="ascii", newline="\n") as f:
            f.write("".join(ascii_json({"input": i, "base": None}) + "\n" for i in inputs))
        out_dir = os.path.join(tmp, "out")
        r = subprocess.run(XVFB + ["/usr/bin/python3", "webkit.py", out_dir, corpus], cwd=HERE,
                           capture_output=True, text=True, timeout=600, start_new_session=True)
        if r.returncode != 0:
            raise RuntimeError("webkit.py failed (%d):\n%s\n%s" % (r.returncode, r.stdout, r.stderr))
        with open(os.path.join(out_dir, "browser.json"), encoding="utf-8") as f:
            info = json.load(f)
        hrefs = read_jsonl(os.path.join(out_dir, "display.jsonl"))
        if [h["input"] for h in hrefs] != inputs:
            raise RuntimeError("webkit.py's lines are not the inputs")
        r = subprocess.run(["/usr/bin/python3", "-c", WEBKIT_DISPLAY], input=ascii_json([h["href"] for h in hrefs]),
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            raise RuntimeError("uri_for_display failed (%d):\n%s" % (r.returncode, r.stderr))
        shown = json.loads(r.stdout)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    lines = [{"input": h["input"], "href": h["href"], "shown": s} for h, s in zip(hrefs, shown)]
    info["driver"] += "; WebKit2.uri_for_display through /usr/bin/python3 (no display)"
    info["run_ms"] = round((time.monotonic() - started) * 1000)
    info["date"] = now_iso()
    return info, lines


# --------------------------------------------------------------------------
# Chromium: the DevTools protocol on a pipe

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic", "--disable-extensions",
    "--disable-default-apps", "--no-default-browser-check", "--disable-site-isolation-trials",
    # No upgrade of http: to https: (the href is the input's own scheme).
    "--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,HttpsFirstModeV2ForTypicallySecureUsers",
]
TABS = 3
PER_BROWSER = 400
URL_TIMEOUT_S = 20


class Chromium:
    """One headless Chromium on a DevTools pipe (fd 3: commands in, fd 4:
    answers and events out, each message JSON ended by NUL)."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="urlprism-display-chromium-")
        r_in, self.w_in = os.pipe()
        self.r_out, w_out = os.pipe()

        def fds():
            a, b = os.dup(r_in), os.dup(w_out)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [CHROMIUM] + CHROMIUM_ARGS + ["--user-data-dir=" + self.profile, "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(r_in)
        os.close(w_out)
        self.buf = b""
        self.id = 0
        self.waiting = {}  # id -> callback(message)
        self.handlers = []  # callback(message) for events

    def send(self, method, params=None, session=None, then=None):
        self.id += 1
        msg = {"id": self.id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        if then:
            self.waiting[self.id] = then
        os.write(self.w_in, ascii_json(msg).encode("ascii") + b"\0")
        return self.id

    def call(self, method, params=None, session=None):
        """Sends and waits for the answer, handling events meanwhile."""
        box = []
        self.send(method, params, session, box.append)
        while not box:
            self.pump(TIMEOUT_S)
        if "error" in box[0]:
            raise RuntimeError("%s: %s" % (method, box[0]["error"]))
        return box[0]["result"]

    def pump(self, timeout):
        """Reads what is there (waiting up to timeout) and dispatches it."""
        if b"\0" not in self.buf:
            ready, _, _ = select.select([self.r_out], [], [], timeout)
            if not ready:
                return False
            d = os.read(self.r_out, 1 << 20)
            if not d:
                raise RuntimeError("chromium closed the pipe")
            self.buf += d
        while b"\0" in self.buf:
            raw, self.buf = self.buf.split(b"\0", 1)
            msg = json.loads(raw.decode("utf-8"))
            if "id" in msg:
                cb = self.waiting.pop(msg["id"], None)
                if cb:
                    cb(msg)
            else:
                for h in self.handlers:
                    h(msg)
        return True

    def close(self):
        try:
            self.send("Browser.close")
            self.proc.wait(10)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for fd in (self.w_in, self.r_out):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    def __init__(self, c):
        self.c = c
        self.target = c.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = c.call("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        c.call("Page.enable", session=self.session)
        c.call("Fetch.enable", {"patterns": [{"urlPattern": "*"}]}, session=self.session)
        self.job = None

    def start(self, k, inp, done):
        """Navigates to inp; done(k, line) when the title is known."""
        self.job = (k, inp, done)
        self.state = "navigate"
        self.error = None
        self.again = False
        self.deadline = time.monotonic() + URL_TIMEOUT_S
        self.c.send("Page.navigate", {"url": inp}, self.session, self._navigated)

    def _navigated(self, msg):
        if self.job is None:
            return
        if "error" in msg:
            self.error = msg["error"].get("message", "error")
            self._finish(None)
            return
        r = msg["result"]
        if "errorText" in r:
            self.error = r["errorText"]
            self._finish(None)
        elif "loaderId" not in r:
            # A navigation within the document (the tab's URL but for the
            # fragment): it keeps the title of the entry before it, so
            # another document comes between (BETWEEN, not about:blank,
            # from which `about:blank#x` would stay within the document)
            # and the input is navigated again.
            if self.again:
                self.error = "a navigation within the document after " + BETWEEN
                self._finish(None)
            else:
                self.again = True
                self.state = "blank"
                self.c.send("Page.navigate", {"url": BETWEEN}, self.session)
        else:
            self.state = "load"

    def event(self, msg):
        if self.job is None or msg.get("sessionId") != self.session or msg.get("method") != "Page.loadEventFired":
            return
        if self.state == "load":
            self._read()
        elif self.state == "blank":
            self.state = "navigate"
            self.c.send("Page.navigate", {"url": self.job[1]}, self.session, self._navigated)

    def _read(self):
        self.state = "info"
        self.c.send("Target.getTargetInfo", {"targetId": self.target}, then=self._info)

    def _info(self, msg):
        if self.job is None:
            return
        if "error" in msg:
            self.error = msg["error"].get("message", "error")
            self._finish(None)
        else:
            self._finish(msg["result"]["targetInfo"])

    def _finish(self, info):
        k, inp, done = self.job
        self.job = None
        line = {"input": inp, "href": None, "shown": None, "title": None}
        if info is not None:
            line["href"] = info["url"]
            line["title"] = info["title"]
            line["shown"] = chromium_shown(info["url"], info["title"])
        if self.error is not None:
            line["error"] = self.error
        done(k, line)

    def timed_out(self):
        if self.job is not None and time.monotonic() > self.deadline:
            self.error = "no answer within %d s" % URL_TIMEOUT_S
            self._finish(None)
            return True
        return False


def split_href(href):
    """(scheme, user information or None, host, port or '', path, query
    and fragment as written) of a special URL's href."""
    scheme, rest = href.split("://", 1)
    end = len(rest)
    for ch in "/?#":
        k = rest.find(ch)
        if k != -1:
            end = min(end, k)
    authority, tail = rest[:end], rest[end:]
    userinfo = None
    if "@" in authority:
        userinfo, authority = authority.rsplit("@", 1)
    if authority.startswith("["):
        k = authority.index("]") + 1
        host, port = authority[:k], authority[k + 1 :]
    elif ":" in authority:
        host, port = authority.split(":", 1)
    else:
        host, port = authority, ""
    return scheme, userinfo, host, port, tail


def chromium_shown(href, title):
    """The omnibox text put back from the tab's title (see FIELDS)."""
    if href is None or title is None:
        return None
    if title.startswith("\u202a") and title.endswith("\u202c"):
        # A title with right-to-left text is wrapped as left-to-right
        # (LRE ... PDF) for the tab strip; no URL's text holds them raw.
        title = title[1:-1]
    scheme = href.split(":", 1)[0]
    if scheme not in ("http", "https"):
        if not title.startswith(scheme + ":"):
            return None
        if "://" in href and split_href(href)[4] == "/" and not title.endswith("/"):
            return title + "/"
        return title
    _, _, host, _, tail = split_href(href)
    title_host = title
    for ch in "/?#":
        k = title_host.find(ch)
        if k != -1:
            title_host = title_host[:k]
    shown = title
    if host.startswith("www.") and title_host.count(".") == host.count(".") - 1:
        shown = "www." + shown
    if tail == "/" and not shown.endswith("/"):
        shown += "/"
    return "%s://%s" % (scheme, shown)


def run_chromium(inputs):
    started = time.monotonic()
    lines = [None] * len(inputs)
    version = None

    def done(k, line):
        lines[k] = line

    for start in range(0, len(inputs), PER_BROWSER):
        c = Chromium()
        try:
            if version is None:
                version = c.call("Browser.getVersion")

            def fulfil(msg):
                if msg.get("method") == "Fetch.requestPaused":
                    c.send("Fetch.fulfillRequest", {
                        "requestId": msg["params"]["requestId"], "responseCode": 200,
                        "responseHeaders": [{"name": "Content-Type", "value": "text/html"}], "body": ""},
                        msg.get("sessionId"))

            c.handlers.append(fulfil)
            tabs = [Tab(c) for _ in range(TABS)]
            c.handlers.append(lambda msg: [t.event(msg) for t in tabs])
            todo = list(range(start, min(start + PER_BROWSER, len(inputs))))[::-1]
            while todo or any(t.job for t in tabs):
                for t in tabs:
                    if t.job is None and todo:
                        k = todo.pop()
                        t.start(k, inputs[k], done)
                c.pump(0.2)
                for t in tabs:
                    t.timed_out()
        finally:
            c.close()
        print("  chromium: %d of %d (%.0f s)" % (min(start + PER_BROWSER, len(inputs)), len(inputs),
                                                 time.monotonic() - started), flush=True)
    return {
        "version": version["product"].split("/", 1)[1],
        "product": version["product"],
        "revision": version["revision"],
        "js_version": version["jsVersion"],
        "user_agent": version["userAgent"],
        "executable": CHROMIUM,
        "executable_version": first_line([CHROMIUM, "--version"]),
        "package": debian_package("chromium"),
        "driver": "DevTools protocol %s on a pipe (Python, %d tabs, a fresh browser every %d inputs)" % (
            version["protocolVersion"], TABS, PER_BROWSER),
        "arguments": CHROMIUM_ARGS,
        "run_ms": round((time.monotonic() - started) * 1000),
        "date": now_iso(),
    }, lines


RUNNERS = {"chromium": run_chromium, "firefox": run_firefox, "webkit": run_webkit}


# --------------------------------------------------------------------------
# Storing, checking, agreement


def corpus_source():
    with open(CORPUS, "rb") as f:
        data = f.read()
    with open(os.path.join(DATA, "corpus/display-provenance.json"), encoding="utf-8") as f:
        prov = json.load(f)
    return {"file": CORPUS_REL, "sha256": hashlib.sha256(data).hexdigest(), "generator": prov["generator"],
            "seed": prov["seed"], "lines": prov["lines"]}


def write_lines(path, lines):
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("".join(ascii_json(l) + "\n" for l in lines))


def agreement():
    """The agreement of the stored ``shown`` of the three browsers, over
    the corpus and per part: all three, each pair; None unless all three
    are stored for the current corpus."""
    corpus = read_jsonl(CORPUS)
    shown = {}
    for b in BROWSERS:
        path = os.path.join(DATA, b, "display.jsonl")
        if not os.path.exists(path):
            return None
        lines = read_jsonl(path)
        if [l["input"] for l in lines] != [c["input"] for c in corpus]:
            return None
        shown[b] = [l["shown"] for l in lines]
    pairs = [("chromium", "firefox"), ("chromium", "webkit"), ("firefox", "webkit")]

    def tally(ks):
        out = {"lines": len(ks), "all three": sum(shown["chromium"][k] == shown["firefox"][k] == shown["webkit"][k]
                                                  for k in ks)}
        for a, b in pairs:
            out["%s = %s" % (a, b)] = sum(shown[a][k] == shown[b][k] for k in ks)
        return out

    per_part = {}
    for k, c in enumerate(corpus):
        per_part.setdefault(c["part"], []).append(k)
    return {
        "what": "lines where the stored shown values are equal (null equal to null)",
        "versions": {b: read_version(b) for b in BROWSERS},
        "corpus": tally(list(range(len(corpus)))),
        "per_part": {p: tally(ks) for p, ks in per_part.items()},
    }


def read_version(browser):
    try:
        with open(os.path.join(DATA, browser, "display-provenance.json"), encoding="utf-8") as f:
            return json.load(f)["version"]
    except (OSError, KeyError, ValueError):
        return None


def write_provenance(browser, prov):
    with open(os.path.join(DATA, browser, "display-provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(prov, indent=2, sort_keys=True) + "\n")


def record(browser, corpus, store=True):
    inputs = [c["input"] for c in corpus]
    info, lines = RUNNERS[browser](inputs)
    if len(lines) != len(inputs) or any(l is None or l["input"] != i for l, i in zip(lines, inputs)):
        sys.exit("%s: the lines are not the corpus's inputs" % browser)
    print("  %s %s: %d lines in %.1f s, %d with no shown" % (
        browser, info["version"], len(lines), info["run_ms"] / 1000, sum(l["shown"] is None for l in lines)))
    if not store:
        return check_only(browser, corpus, lines, info)
    dest = os.path.join(DATA, browser)
    stored = os.path.join(dest, "display.jsonl")
    if os.path.exists(stored):
        old = {o["input"]: o for o in read_jsonl(stored)}
        changed = [l for l in lines if l["input"] in old and old[l["input"]] != l]
        print("  %d of %d lines changed since the stored outputs (%d new)" % (
            len(changed), len(lines), sum(l["input"] not in old for l in lines)))
        for l in changed[:8]:
            print("    changed: %s: stored %s, now %s" % (ascii_json(l["input"]), ascii_json(old[l["input"]]),
                                                          ascii_json(l)))
    os.makedirs(dest, exist_ok=True)
    write_lines(stored, lines)
    prov = browser_provenance(browser, info, "python3 tests/browsers/record_display.py %s" % browser)
    prov.update({
        "run_ms": info["run_ms"],
        "how": HOW[browser],
        "fields": FIELDS[browser],
        "corpus": corpus_source(),
        "outputs": {"lines": len(lines), "href null": sum(l["href"] is None for l in lines),
                    "shown null": sum(l["shown"] is None for l in lines)},
    })
    for k in ("arguments", "prefs"):
        if k in info:
            prov[k] = info[k]
    write_provenance(browser, prov)
    print("%s %s: stored in %s" % (browser, info["version"], os.path.relpath(dest, REPO)))
    return False


HOW = {
    "chromium": "headless Debian chromium over the DevTools protocol on a pipe; every request answered by the "
    "Fetch domain with an empty 200 text/html page (nothing reaches the network); each input navigated "
    "(Page.navigate) in one of %d tabs, the tab's URL and title read (Target.getTargetInfo) after its load "
    "event; a fresh browser and profile every %d inputs" % (TABS, PER_BROWSER),
    "firefox": "headless Debian firefox-esr with a throw-away profile, --marionette --remote-allow-system-access; "
    "Marionette (length-prefixed JSON on a loopback TCP socket) in the browser window's chrome context: "
    "Services.io.newURI(input), then gURLBar.setURI({uri}) with gBrowser.userTypedValue null; 500 inputs per "
    "script; nothing is loaded",
    "webkit": "new URL(input).href in a WebKit2.WebView showing about:blank (webkit.py under xvfb-run), then "
    "WebKit2.uri_for_display(href) in Debian's /usr/bin/python3 with python3-gi (WebKitGTK's URLHelpers "
    "policy; no display needed)",
}


def check_only(browser, corpus, lines, info):
    stored_version = read_version(browser)
    old = read_jsonl(os.path.join(DATA, browser, "display.jsonl"))
    if [o["input"] for o in old] != [c["input"] for c in corpus]:
        print("  %s: the stored lines are not the corpus's inputs: record again "
              "(python3 tests/browsers/record_display.py %s)" % (browser, browser))
        return True
    changed = [k for k, (o, n) in enumerate(zip(old, lines)) if o != n]
    print("%s %s (stored outputs of %s %s; %.1f s): %d of %d display lines changed" % (
        browser, info["version"], browser, stored_version, info["run_ms"] / 1000, len(changed), len(lines)))
    for k in changed:
        print("  changed: line %d: stored %s, now %s" % (k + 1, ascii_json(old[k]), ascii_json(lines[k])))
    if changed and stored_version != info["version"]:
        print("  a browser update (not a failure): store the new outputs with "
              "python3 tests/browsers/record_display.py %s" % browser)
    return bool(changed) and stored_version == info["version"]


def print_agreement(a):
    def row(name, t):
        n = t["lines"]
        cells = ["%s %d (%.1f%%)" % (k, v, 100.0 * v / n) for k, v in t.items() if k != "lines"]
        print("  %-18s %6d  %s" % (name, n, ", ".join(cells)))

    print("agreement of shown (%s):" % ", ".join("%s %s" % kv for kv in a["versions"].items()))
    row("corpus", a["corpus"])
    for p, t in a["per_part"].items():
        row(p, t)


def main():
    args = sys.argv[1:]
    only_check = "--check" in args
    browsers = [a for a in args if a != "--check"] or list(BROWSERS)
    for b in browsers:
        if b not in RUNNERS:
            sys.exit("usage: python3 tests/browsers/record_display.py [--check] [chromium|firefox|webkit]...")
    corpus = read_jsonl(CORPUS)
    print("record_display.py: %d lines, %s" % (len(corpus), datetime.date.today().isoformat()))
    failed = []
    for b in browsers:
        print(b + ":")
        if record(b, corpus, store=not only_check):
            failed.append(b)
    if not only_check:
        a = agreement()
        if a is not None:
            print_agreement(a)
            for b in BROWSERS:
                path = os.path.join(DATA, b, "display-provenance.json")
                with open(path, encoding="utf-8") as f:
                    prov = json.load(f)
                prov["agreement"] = a
                write_provenance(b, prov)
    if failed:
        sys.exit("display outputs changed under the stored version, or are not those of the corpus: "
                 + ", ".join(failed))


if __name__ == "__main__":
    main()
