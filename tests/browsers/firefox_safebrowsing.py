#!/usr/bin/env python3
"""Firefox's url-classifier as an oracle of the `safebrowsing-firefox` key.

    firefox_safebrowsing.py [--firefox PATH] [--timeout S] CORPUS OUT

For each line of CORPUS (UTF-8, one URL a line), OUT gets one line: what
Firefox makes of it in its chrome context,

    uri.scheme + "://" + nsIUrlClassifierUtils.getKeyForURI(uri)
    where uri = Services.io.newURI(line)

(the form of Firefox's own `test_canonicalization.js`), or `!` and the
name of the exception that `newURI` or `getKeyForURI` threw.  A key that
begins with `!` or `\\` is written after a `\\` (as tools/keys/oracle.py
writes its outputs).  The first line of standard output is
`firefox VERSION` (`Services.appinfo.version`), the second the build id.

Firefox runs headless on a fresh profile directory (removed at the end)
whose user.js turns off updates, telemetry, Safe Browsing's list updates
and other background connections and sends any HTTP(S) request to a
closed local port; Marionette (`--marionette`, its port chosen by
Firefox and read from the profile's MarionetteActivePort) carries the
scripts: length-prefixed JSON over TCP on the loopback.  Nothing is
fetched.  The whole run is bounded by --timeout; Firefox and its child
processes are ended when it finishes or fails.

Python 3 standard library only.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

FIREFOX = "/usr/bin/firefox-esr"
BATCH = 500

PREFS = {
    "marionette.port": 0,
    # Updates, telemetry, reports.
    "app.update.auto": False,
    "app.update.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "",
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "browser.search.update": False,
    "browser.region.network.url": "",
    "services.settings.server": "data:,#remote-settings-off",
    "browser.newtabpage.enabled": False,
    "browser.startup.page": 0,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.shell.checkDefaultBrowser": False,
    # Safe Browsing: no list updates, no hash requests.
    "browser.safebrowsing.update.enabled": False,
    "browser.safebrowsing.downloads.remote.enabled": False,
    "browser.safebrowsing.provider.google.updateURL": "",
    "browser.safebrowsing.provider.google.gethashURL": "",
    "browser.safebrowsing.provider.google4.updateURL": "",
    "browser.safebrowsing.provider.google4.gethashURL": "",
    "browser.safebrowsing.provider.google5.updateURL": "",
    "browser.safebrowsing.provider.google5.gethashURL": "",
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "browser.safebrowsing.provider.mozilla.gethashURL": "",
    # The network: no probes, no prefetching, requests to a closed port.
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.dns.disableIPv6": True,
    "network.prefetch-next": False,
    "network.http.speculative-parallel-limit": 0,
    "network.trr.mode": 5,
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.share_proxy_settings": True,
}

# Runs in the chrome context: arguments[0] is a list of URLs.
SCRIPT = """
const utils = Cc["@mozilla.org/url-classifier/utils;1"].getService(Ci.nsIUrlClassifierUtils);
return arguments[0].map((url) => {
  try {
    const uri = Services.io.newURI(url);
    return uri.scheme + "://" + utils.getKeyForURI(uri);
  } catch (e) {
    return "!" + (e.name || String(e));
  }
});
"""

VERSION_SCRIPT = "return [Services.appinfo.version, Services.appinfo.appBuildID];"


class Marionette:
    """A client of the Marionette protocol: `N:json` frames over TCP."""

    def __init__(self, port, deadline):
        self.deadline = deadline
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=self.left())
        self.buf = b""
        self.id = 0
        self.hello = self.read()

    def left(self):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("out of time")
        return left

    def read(self):
        while b":" not in self.buf:
            self.fill()
        n, _, rest = self.buf.partition(b":")
        size = int(n)
        self.buf = rest
        while len(self.buf) < size:
            self.fill()
        frame, self.buf = self.buf[:size], self.buf[size:]
        return json.loads(frame.decode("utf-8"))

    def fill(self):
        self.sock.settimeout(self.left())
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            raise ConnectionError("Marionette closed the connection")
        self.buf += chunk

    def call(self, name, params):
        self.id += 1
        body = json.dumps([0, self.id, name, params]).encode("utf-8")
        self.sock.settimeout(self.left())
        self.sock.sendall(str(len(body)).encode() + b":" + body)
        while True:
            reply = self.read()
            if isinstance(reply, list) and len(reply) == 4 and reply[0] == 1 and reply[1] == self.id:
                break
        _, _, error, result = reply
        if error:
            raise RuntimeError(f"{name}: {error.get('error')}: {error.get('message')}")
        return result

    def close(self):
        self.sock.close()


def wait_port(profile, proc, deadline):
    """The port Marionette listens on, from the profile's MarionetteActivePort."""
    path = os.path.join(profile, "MarionetteActivePort")
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Firefox exited early (status {proc.returncode})")
        try:
            with open(path) as f:
                text = f.read().strip()
            if text:
                return int(text)
        except (FileNotFoundError, ValueError):
            pass
        time.sleep(0.1)
    raise TimeoutError("Marionette did not start in time")


def end(proc):
    """Ends Firefox and the processes it started (its own process group)."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


def encode(key):
    if key.startswith("!"):
        return key.encode("utf-8")
    # An ACString comes as one character per octet.
    try:
        raw = key.encode("latin-1")
    except UnicodeEncodeError:
        raw = key.encode("utf-8")
    if b"\n" in raw or b"\r" in raw:
        return b"!unrepresentable: the key holds a line break"
    if raw[:1] in (b"!", b"\\"):
        raw = b"\\" + raw
    return raw


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--firefox", default=FIREFOX)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds for the whole run")
    ap.add_argument("corpus")
    ap.add_argument("out")
    args = ap.parse_args()
    deadline = time.monotonic() + args.timeout
    with open(args.corpus, "rb") as f:
        lines = [l.rstrip(b"\n").decode("utf-8") for l in f]

    profile = tempfile.mkdtemp(prefix="urlprism-ff-sb-")
    with open(os.path.join(profile, "user.js"), "w") as f:
        for k, v in PREFS.items():
            f.write(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n")
    env = dict(os.environ, MOZ_HEADLESS="1", MOZ_CRASHREPORTER_DISABLE="1")
    proc = subprocess.Popen(
        [args.firefox, "--headless", "--marionette", "-remote-allow-system-access",
         "--no-remote", "--profile", profile],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=env, start_new_session=True,
    )
    try:
        client = Marionette(wait_port(profile, proc, deadline), deadline)
        client.call("WebDriver:NewSession", {})
        client.call("Marionette:SetContext", {"value": "chrome"})
        version, build = client.call("WebDriver:ExecuteScript", {"script": VERSION_SCRIPT, "args": []})["value"]
        keys = []
        for i in range(0, len(lines), BATCH):
            batch = lines[i:i + BATCH]
            got = client.call("WebDriver:ExecuteScript", {"script": SCRIPT, "args": [batch]})["value"]
            if len(got) != len(batch):
                raise RuntimeError(f"batch at line {i + 1}: {len(got)} answers to {len(batch)} lines")
            keys.extend(got)
        try:
            client.call("WebDriver:DeleteSession", {})
        except (RuntimeError, OSError):
            pass
        client.close()
    finally:
        end(proc)
        shutil.rmtree(profile, ignore_errors=True)
    with open(args.out, "wb") as out:
        for key in keys:
            out.write(encode(key) + b"\n")
    print(f"firefox {version}")
    print(f"build {build}")


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, OSError, TimeoutError) as e:
        sys.exit(f"firefox_safebrowsing.py: {e}")
