"""The Python results equal the command line's on every line of the
benchmark corpora (../shared/bench/*.txt), under every built-in profile."""

from __future__ import annotations

import json

import pyarrow as pa
import pytest

import urlprism
from conftest import PROFILES, corpora, read_lines, run_cli


def cli_canon(path, profile, *extra):
    out = run_cli(["canon", "--profile", profile, *extra], path.read_bytes())
    lines = out.decode("utf-8").split("\n")
    assert lines[-1] == ""
    return [l or None for l in lines[:-1]]


@pytest.fixture(scope="module", params=corpora(), ids=lambda p: p.name)
def corpus(request):
    return request.param, read_lines(request.param)


@pytest.mark.parametrize("profile", PROFILES)
def test_canonicalize_many_list_and_arrow_equal_cli(corpus, profile):
    path, urls = corpus
    expected = cli_canon(path, profile)
    assert len(expected) == len(urls)
    got = urlprism.canonicalize_many(urls, profile=profile)
    mismatches = [(u, e, g) for u, e, g in zip(urls, expected, got) if e != g]
    assert not mismatches, mismatches[:5]
    arrow = urlprism.canonicalize_many(pa.array(urls, type=pa.string(), from_pandas=False), profile=profile)
    assert arrow.to_pylist() == expected
    # A sliced large_string array, chunked: the same strings.
    chunked = pa.chunked_array(
        [pa.array(urls[:7], type=pa.large_string()), pa.array(urls, type=pa.large_string()).slice(7)]
    )
    assert urlprism.canonicalize_many(chunked, profile=profile).to_pylist() == expected
    # On several threads: the same results, in order.
    assert urlprism.canonicalize_many(urls, profile=profile, threads=3) == expected
    assert urlprism.canonicalize_many(chunked, profile=profile, threads=3).to_pylist() == expected


def test_single_calls_equal_cli(corpus):
    path, urls = corpus
    for profile in PROFILES:
        expected = cli_canon(path, profile)
        step = max(1, len(urls) // 500)
        for u, e in list(zip(urls, expected))[::step]:
            assert urlprism.canonicalize(u, profile=profile) == e, (profile, u)
            assert (urlprism.explain(u, profile=profile) is None) == (e is not None), (profile, u)


@pytest.mark.parametrize("profile", ["this", "whatwg"])
def test_base_and_encoding_equal_cli(corpus, profile):
    path, urls = corpus
    opts = ["--base", "http://example.com/dir/", "--encoding", "shift_jis"]
    expected = cli_canon(path, profile, *opts)
    got = urlprism.canonicalize_many(
        urls, profile=profile, base="http://example.com/dir/", encoding="shift_jis"
    )
    assert got == expected


def cli_compare(path):
    out = run_cli(["compare", "--json"], path.read_bytes())
    return [json.loads(l) for l in out.decode("utf-8").splitlines()]


def test_compare_equals_cli_json(corpus):
    path, urls = corpus
    expected = cli_compare(path)
    assert len(expected) == len(urls)
    for u, e in zip(urls, expected):
        if any(0xD800 <= ord(c) <= 0xDFFF for c in u):
            continue  # not valid UTF-8: the CLI reports the line itself
        got = urlprism.compare(u)
        e["line"] = 1
        assert got == e, u
    # compare_many: each profile's canonical URL, and agree.
    table = urlprism.compare_many(pa.array(urls, type=pa.string())).to_pylist()
    for u, e, g in zip(urls, expected, table):
        if any(0xD800 <= ord(c) <= 0xDFFF for c in u):
            assert all(v is None for k, v in g.items() if k != "agree")
            continue
        assert g == {**{r["profile"]: r["canonical"] for r in e["results"]}, "agree": e["agree"]}, u
    # The same from a list, without pyarrow's arrays.
    assert urlprism.compare_many(urls) == table
    # On several threads: the same rows, in order.
    assert urlprism.compare_many(urls, threads=3) == table
    assert urlprism.compare_many(pa.array(urls, type=pa.string()), threads=3).to_pylist() == table


def test_parse_equals_cli_json(corpus):
    path, urls = corpus
    for profile in ["this", "ie", "whatwg"]:
        out = run_cli(["canon", "--json", "--profile", profile], path.read_bytes())
        expected = [json.loads(l) for l in out.decode("utf-8").splitlines()]
        step = max(1, len(urls) // 500)
        for u, e in list(zip(urls, expected))[::step]:
            if any(0xD800 <= ord(c) <= 0xDFFF for c in u):
                continue  # not valid UTF-8: the CLI reports the line itself
            assert urlprism.parse(u, profile=profile) == e, u


def test_trace_equals_cli_json(corpus):
    path, urls = corpus
    step = max(1, len(urls) // 150)
    for u in urls[::step]:
        if any(0xD800 <= ord(c) <= 0xDFFF for c in u) or u.startswith("-"):
            continue
        expected = json.loads(run_cli(["trace", "--json", "--", u], b""))
        assert urlprism.trace(u) == expected, u


def test_profile_subsets_and_base_equal_cli():
    urls = ["http://Bücher.DE/a b", "../x?é", "http://a%5Fb.test/", "nope", "http://ie#x"]
    for u in urls:
        expected = json.loads(
            run_cli(["compare", "--json", "--profile", "ie", "--profile", "ie", "--profile", "whatwg",
                     "--base", "http://h/d/", "--encoding", "windows-1252", "--", u], b"")
        )
        got = urlprism.compare(u, profiles=["ie", "ie", "whatwg"], base="http://h/d/", encoding="windows-1252")
        assert got == expected
        expected = json.loads(run_cli(["trace", "--json", "--profile", "gecko", "--profile", "this",
                                       "--base", "http://h/d/", "--", u], b""))
        assert urlprism.trace(u, profiles=["gecko", "this"], base="http://h/d/") == expected


def test_profile_file_equals_cli(tmp_path):
    from conftest import ROOT

    toml = ROOT / "profiles" / "examples" / "whatwg-transitional.toml"
    urls = ["http://faß.de/", "http://Bücher.de/", "x"]
    expected = [l or None for l in run_cli(["canon", "--profile-file", str(toml)], "\n".join(urls).encode()).decode().split("\n")[:-1]]
    assert urlprism.canonicalize_many(urls, profile=str(toml)) == expected
    assert urlprism.canonicalize_many(urls, profile=toml) == expected
    assert urlprism.canonicalize_many(urls, profile=urlprism.Profile.from_file(toml)) == expected
    assert expected[0] != urlprism.canonicalize(urls[0], profile="whatwg")


def test_profiles_are_the_cli_ones_and_the_engines():
    listed = [l.split()[0] for l in run_cli(["profiles"], b"").decode().splitlines() if l.strip()]
    assert urlprism.profiles() == listed  # every registered name, engines too
    for name in urlprism.profiles():
        assert urlprism.Profile(name).name == name
        assert urlprism.Profile(name.upper()).name == name  # as the CLI: case-insensitive
    assert urlprism.Profile("ie").is_profile and not urlprism.Profile("whatwg").is_profile
    assert urlprism.canonicalize("http://a b/x|y", profile="chromium") == "http://a%20b/x%7Cy"
    assert urlprism.canonicalize("http://a b/", profile=urlprism.Profile("Chromium")) == "http://a%20b/"
    assert urlprism.canonicalize("file://server/x", profile="firefox") == "file:///x"
    assert urlprism.canonicalize("foo://u@h?q", profile="webkit") == "foo://u@h/?q"
    assert urlprism.Profile("ie").description.startswith("IE: ")
