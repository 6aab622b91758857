"""Archive keys from Python: every built-in kind gives the command line's
keys on the key corpus (tests/data/keys/corpus.txt), as a list, an Arrow
array (chunked, on several threads), a Polars Series (and a Spark column: test_spark.py);
a kind of one's own from a key file; errors name what is wrong."""

from __future__ import annotations

import pyarrow as pa
import pytest

import urlprism
from conftest import ROOT, read_lines, run_cli

CORPUS = ROOT / "tests" / "data" / "keys" / "corpus.txt"


def cli_keys(kind: str, *extra: str) -> list:
    out = run_cli(["key", "--kind", kind, *extra], CORPUS.read_bytes())
    lines = out.decode("utf-8", "replace").split("\n")
    assert lines[-1] == ""
    return [l or None for l in lines[:-1]]


@pytest.fixture(scope="module")
def urls():
    return read_lines(CORPUS)


@pytest.mark.parametrize("kind", urlprism.key_kinds())
def test_key_many_equals_cli(urls, kind):
    expected = cli_keys(kind)
    assert len(expected) == len(urls)
    got = urlprism.key_many(urls, kind=kind)
    mismatches = [(u, e, g) for u, e, g in zip(urls, expected, got) if e != g]
    assert not mismatches, mismatches[:5]
    chunked = pa.chunked_array([pa.array(urls[:5], type=pa.large_string()), pa.array(urls[5:], type=pa.large_string())])
    assert urlprism.key_many(chunked, kind=kind, threads=3).to_pylist() == expected
    step = max(1, len(urls) // 200)
    for u, e in list(zip(urls, expected))[::step]:
        assert urlprism.key(u, kind=kind) == e, (kind, u)


def test_details_name_the_steps():
    d = urlprism.key_details("http://www.Example.com:80/a/?b=1&a=2#f")
    assert d["key"] == "com,example)/a?a=2&b=1"
    assert d["error"] is None
    assert d["steps"], d


def test_a_kind_of_ones_own(tmp_path):
    f = tmp_path / "keep-www.toml"
    f.write_text('name = "keep-www"\nextends = "surt"\n[steps]\nhost_massage = false\n')
    assert urlprism.key("http://www.example.com/", kind=f) == "com,example,www)/"
    assert urlprism.key("http://www.example.com/", kind=str(f)) == "com,example,www)/"
    assert urlprism.key("http://www.example.com/") == "com,example)/"


def test_errors():
    with pytest.raises(urlprism.KeyKindError, match="unknown kind of key.*surt"):
        urlprism.key("http://a/", kind="surtt")
    assert urlprism.key(None) is None
    with pytest.raises(TypeError):
        urlprism.key_many("http://a/")


def test_polars_series_through_arrow(urls):
    pl = pytest.importorskip("polars")
    s = pl.Series("url", urls[:500] + [None])
    out = pl.from_arrow(urlprism.key_many(s.to_arrow(), kind="surt"))
    assert out.to_list() == urlprism.key_many(s.to_list(), kind="surt")


def test_host_columns_equal_cli(urls):
    out = run_cli(["key", "--host-columns"], CORPUS.read_bytes()).decode("utf-8", "replace").split("\n")[:-1]
    got = urlprism.host_columns_many(urls)
    assert len(out) == len(got)
    for line, cols in zip(out, got):
        # The command line writes a null column empty.
        fields = line.split("\t")[1:]
        values = [""] * 11 if cols is None else [cols[n] or "" for n in urlprism.HOST_COLUMNS]
        assert values == fields, (line, cols)
    arrow = urlprism.host_columns_many(pa.array(urls[:100]))
    assert arrow.to_pylist() == got[:100]
