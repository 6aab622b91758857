"""The two contexts of a URL: ``new URL(url, base)`` (no ``encoding``: UTF-8,
the base as given) and a link in a page (``encoding``, ``page_url`` or
``context="link"``: the page's encoding for the query, ``base`` its
``<base href>`` read by each engine's browser's rules, ``page_url`` the base
without one), through every function that takes them, and equal to the
command line's answers."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest

import urlprism
from conftest import run_cli

PAGE = "http://page.example/dir/page.html"

# (engine, <base href>, link, a.href in a windows-1252 page): measured on
# Chromium 156.0.8078.108, Firefox 153.8.0esr and WebKitGTK 2.50.6.
LINKS = [
    ("chromium", "http://b/?é", "#f", "http://b/?%C3%A9#f"),
    ("firefox", "http://b/?é", "#f", "http://b/?%E9#f"),
    ("webkit", "http://b/?é", "#f", "http://b/?%E9#f"),
    ("chromium", "data:,x", "#f", PAGE + "#f"),
    ("firefox", "javascript:x", "#f", PAGE + "#f"),
    ("webkit", "data:,x", "#f", "data:,x#f"),
    ("chromium", "http://[", "#f", None),
    ("firefox", "http://[", "#f", PAGE + "#f"),
    ("webkit", "http://[", "#f", None),
    ("whatwg", "data:,x", "#f", PAGE + "#f"),
]


@pytest.mark.parametrize("engine,base,link,href", LINKS)
def test_link_in_a_page_follows_the_engines_base_rules(engine, base, link, href):
    got = urlprism.canonicalize(link, profile=engine, base=base, encoding="windows-1252")
    assert got == href
    (many,) = urlprism.canonicalize_many([link], profile=engine, base=base, encoding="windows-1252")
    assert many == href
    arrow = urlprism.canonicalize_many(pa.array([link]), profile=engine, base=base, encoding="windows-1252")
    assert arrow.to_pylist() == [href]
    parsed = urlprism.parse(link, profile=engine, base=base, encoding="windows-1252")
    # a.href: the canonical URL, or the attribute as written.
    assert parsed["href"] == (href if href is not None else link)
    cli = json.loads(
        run_cli(["canon", "--json", "--profile", engine, "--encoding", "windows-1252", "--base", base, "--", link], b"")
    )
    assert cli == parsed


@pytest.mark.parametrize("engine", ["whatwg", "chromium", "firefox", "webkit"])
def test_new_url_is_utf8_and_takes_the_base_as_given(engine):
    assert urlprism.canonicalize("?é", profile=engine, base="http://a/") == "http://a/?%C3%A9"
    assert urlprism.canonicalize("?é", profile=engine, base="http://a/", context="new-url") == "http://a/?%C3%A9"
    # No base: the input is its own base.
    assert urlprism.canonicalize("a", profile=engine) is None
    assert "href" not in urlprism.parse("a", profile=engine)
    # A link in a UTF-8 page resolves against the page's URL.
    assert urlprism.canonicalize("a", profile=engine, context="link") == "http://page.example/dir/a"


def test_the_page_url_and_the_query_encoding():
    page = "https://example.jp/news/index.html"
    got = urlprism.canonicalize("../a?あ", profile="firefox", encoding="shift_jis", page_url=page)
    assert got == "https://example.jp/a?%82%A0"
    # ws: queries: Chromium uses the page's encoding, Firefox and WebKit UTF-8.
    ws = {
        e: urlprism.canonicalize("ws://h/?é", profile=e, encoding="windows-1252")
        for e in ["chromium", "firefox", "webkit"]
    }
    assert ws == {"chromium": "ws://h/?%E9", "firefox": "ws://h/?%C3%A9", "webkit": "ws://h/?%C3%A9"}


def test_compare_many_and_compare_in_both_contexts():
    engines = ["chromium", "firefox", "webkit"]
    link = urlprism.compare_many(["#f"], profiles=engines, base="http://[", encoding="utf-8")
    assert link == [{"chromium": None, "firefox": PAGE + "#f", "webkit": None, "agree": False}]
    arrow = urlprism.compare_many(pa.array(["#f"]), profiles=engines, base="http://[", encoding="utf-8")
    assert arrow.to_pylist() == link
    new_url = urlprism.compare_many(["?é"], profiles=engines, base="http://a/")
    assert new_url == [{e: "http://a/?%C3%A9" for e in engines} | {"agree": True}]
    c = urlprism.compare("#f", profiles=engines, base="http://[", encoding="utf-8")
    assert [r["href"] for r in c["results"]] == ["#f", PAGE + "#f", "#f"]
    cli = json.loads(
        run_cli(["compare", "--json", *sum((["--profile", e] for e in engines), []),
                 "--encoding", "utf-8", "--base", "http://[", "--", "#f"], b"")
    )
    assert cli == c
    # new URL() against an invalid base: no URL, and no href.
    c = urlprism.compare("#f", profiles=engines, base="http://[")
    assert [r["canonical"] for r in c["results"]] == [None, None, None]
    assert all("href" not in r for r in c["results"])
    with pytest.raises(ValueError, match="^base: "):
        urlprism.canonicalize("#f", profile="chromium", base="http://[")


def test_bad_contexts_are_value_errors():
    with pytest.raises(ValueError, match='^context: unknown context "page"'):
        urlprism.canonicalize("http://a/", profile="chromium", context="page")
    with pytest.raises(ValueError, match="^context: encoding and page_url are for a link in a page"):
        urlprism.canonicalize("http://a/", profile="chromium", context="new-url", encoding="utf-8")
    with pytest.raises(ValueError, match="^page_url: "):
        urlprism.canonicalize("a", profile="chromium", page_url="nope")
