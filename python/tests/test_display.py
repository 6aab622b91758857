"""urlprism.display and urlprism.display_many: what `urlprism display`
prints, from Python."""

import json
from pathlib import Path

import pytest

import urlprism

from conftest import run_cli

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "browsers" / "corpus" / "display.jsonl"


def corpus(n):
    return [json.loads(l)["input"] for l in CORPUS.read_text(encoding="utf-8").splitlines()[:n]]


def test_display_many_equals_cli():
    urls = corpus(600)
    stdin = ("\n".join(urls) + "\n").encode("utf-8")
    for full in (False, True):
        args = ["display", "--profile", "webkit"] + (["--full"] if full else [])
        expected = [l or None for l in run_cli(args, stdin).decode("utf-8").split("\n")[:-1]]
        assert urlprism.display_many(urls, profile="webkit", full=full) == expected


def test_display_equals_cli_json():
    for url in corpus(50):
        line = run_cli(["display", "--json", "--profile", "webkit", url], b"").decode("utf-8")
        assert urlprism.display(url, profiles=["webkit"]) == json.loads(line)


def test_display_says_why():
    d = urlprism.display("http://[", profiles=["webkit"])["displays"][0]
    assert d["error"] and "shown" not in d
    d = urlprism.display("http://x/", profiles=["ie"])["displays"][0]
    assert d["error"] == "ie models no address bar"
    with pytest.raises(urlprism.ProfileError, match='did you mean "chrome"'):
        urlprism.display_many(["http://x/"], profile="chrom")
    assert urlprism.display_many([None, "http://x/"], profile="webkit") == [None, "http://x/"]
