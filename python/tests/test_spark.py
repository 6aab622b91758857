"""Spark in local mode, on every line of the benchmark corpora (over 100k
URLs): the columns equal the command line's results."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import corpora, read_lines, run_cli

pytest.importorskip("pyspark")

import urlprism.spark  # noqa: E402


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    urls: list[str] = []
    if not corpora():
        pytest.skip("no benchmark corpora (../shared/bench)")
    for p in corpora():
        urls += read_lines(p)
    assert len(urls) >= 100_000
    d = tmp_path_factory.mktemp("spark")
    path = d / "urls.txt"
    path.write_bytes("".join(u + "\n" for u in urls).encode("utf-8"))
    parquet = d / "urls.parquet"
    pq.write_table(pa.table({"id": pa.array(range(len(urls)), pa.int64()), "url": urls}), parquet)
    return urls, path, parquet


@pytest.fixture(scope="module")
def df(spark, corpus):
    return spark.read.parquet(str(corpus[2])).repartition(4)


def collect(frame, *cols):
    t = frame.select("id", *cols).toArrow().sort_by("id")
    return t


@pytest.mark.parametrize("profile", ["this", "whatwg"])
def test_canonicalize_equals_cli(df, corpus, profile):
    urls, path, _ = corpus
    expected = [l or None for l in run_cli(["canon", "--profile", profile], path.read_bytes()).decode().split("\n")[:-1]]
    t = collect(df, urlprism.spark.canonicalize("url", profile=profile))
    assert t.num_rows == len(urls)
    got = t.column(f"canonical_{profile}").to_pylist()
    mismatches = [(u, e, g) for u, e, g in zip(urls, expected, got) if e != g]
    assert not mismatches, mismatches[:5]


def test_compare_equals_cli(df, corpus):
    urls, path, _ = corpus
    expected = [json.loads(l) for l in run_cli(["compare", "--json"], path.read_bytes()).splitlines()]
    t = collect(df, urlprism.spark.compare("url"))
    got = t.column("compare").to_pylist()
    assert len(got) == len(expected)
    for u, e, g in zip(urls, expected, got):
        assert g == {**{r["profile"]: r["canonical"] for r in e["results"]}, "agree": e["agree"]}, u


def test_nulls_and_profile_file(spark):
    root = Path(__file__).resolve().parents[2]
    toml = root / "profiles" / "examples" / "whatwg-transitional.toml"
    df = spark.createDataFrame([("http://faß.de/",), (None,)], "url string")
    rows = df.select(
        urlprism.spark.canonicalize("url", profile=str(toml)).alias("t"),
        urlprism.spark.compare("url", profiles=["whatwg", urlprism.Profile.from_file(toml)]).alias("c"),
    ).collect()
    assert rows[0]["t"] == "http://fass.de/"
    assert rows[0]["c"].asDict() == {"whatwg": "http://xn--fa-hia.de/", "whatwg-2015": "http://fass.de/", "agree": False}
    assert rows[1]["t"] is None and rows[1]["c"] is None
    with pytest.raises(urlprism.ProfileError, match='unknown profile "nope"'):
        urlprism.spark.canonicalize("url", profile="nope")
    with pytest.raises(urlprism.ProfileError, match="cannot read profile file"):
        urlprism.spark.compare("url", profiles=["this", "/nonexistent/p.toml"])
    with pytest.raises(ValueError, match="^base: "):
        urlprism.spark.compare("url", base="nope")


def test_both_contexts(spark):
    """new URL() without an encoding; a link in a page with one, the base
    its <base href> read by each engine's browser's rules."""
    df = spark.createDataFrame([("#f",), ("?é",), (None,)], "url string")
    page = "http://page.example/dir/page.html"
    rows = df.select(
        urlprism.spark.canonicalize("url", profile="chromium", base="http://a/").alias("new_url"),
        urlprism.spark.canonicalize("url", profile="chromium", base="data:,x", encoding="windows-1252").alias("link"),
        urlprism.spark.compare("url", profiles=["chromium", "webkit"], base="data:,x", context="link").alias("c"),
    ).collect()
    assert [r["new_url"] for r in rows] == ["http://a/#f", "http://a/?%C3%A9", None]
    assert [r["link"] for r in rows] == [page + "#f", page + "?%E9", None]
    assert rows[0]["c"].asDict() == {"chromium": page + "#f", "webkit": "data:,x#f", "agree": False}
    with pytest.raises(ValueError, match="^context: "):
        urlprism.spark.canonicalize("url", profile="chromium", context="elsewhere")


def test_example_writes_the_disagreements(spark, corpus, tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
    import spark_disagreements

    urls, path, parquet = corpus
    out = spark_disagreements.disagreements(spark.read.parquet(str(parquet)))
    out.write.mode("overwrite").parquet(str(tmp_path / "d"))
    written = spark.read.parquet(str(tmp_path / "d")).toArrow()
    cli = run_cli(["compare", "--diff-only", "--json"], path.read_bytes())
    expected = sorted(json.loads(l)["input"] for l in cli.splitlines())
    assert sorted(written.column("url").to_pylist()) == expected
    assert written.column_names == ["url", "this", "chrome", "gecko", "ie", "whatwg", "chromium", "firefox", "webkit"]


def test_canonicalize_columns_of_several_profiles_do_not_clash(df):
    t = collect(
        df,
        urlprism.spark.canonicalize("url", profile="this"),
        urlprism.spark.canonicalize("url", profile="ie"),
        urlprism.spark.canonicalize("url", profile="gecko", alias="g"),
    )
    assert t.column_names[1:] == ["canonical_this", "canonical_ie", "g"]


def test_key_column_equals_cli(spark):
    """urlprism.spark.key on the key corpus gives `urlprism key`'s keys."""
    path = Path(__file__).resolve().parents[2] / "tests" / "data" / "keys" / "corpus.txt"
    urls = read_lines(path)
    expected = [l or None for l in run_cli(["key", "--kind", "surt"], path.read_bytes()).decode("utf-8", "replace").split("\n")[:-1]]
    frame = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], ["id", "url"]).repartition(3)
    got = frame.select("id", urlprism.spark.key("url", kind="surt")).toArrow().sort_by("id")
    assert got.column_names == ["id", "key_surt"]
    assert got.column("key_surt").to_pylist() == expected


def test_host_columns_column_equals_python(spark):
    urls = ["https://www.example.co.uk/a", "http://192.168.1.1/", None, "mailto:a@b", "http://a.b.github.io/"]
    frame = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], "id long, url string")
    got = frame.select("id", urlprism.spark.host_columns("url")).toArrow().sort_by("id")
    assert got.column("host").to_pylist() == urlprism.host_columns_many(urls)


def test_display_column_equals_cli(spark):
    """urlprism.spark.display on the display corpus gives `urlprism display`'s
    text for the same engine, null where the CLI prints an empty line."""
    import json

    path = Path(__file__).resolve().parents[2] / "tests" / "data" / "browsers" / "corpus" / "display.jsonl"
    urls = [json.loads(l)["input"] for l in path.read_text(encoding="utf-8").splitlines()[:400]]
    stdin = ("\n".join(urls) + "\n").encode("utf-8")
    expected = [l or None for l in run_cli(["display", "--profile", "webkit"], stdin).decode("utf-8").split("\n")[:-1]]
    frame = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], ["id", "url"]).repartition(3)
    got = frame.select("id", urlprism.spark.display("url", profile="webkit")).toArrow().sort_by("id")
    assert got.column_names == ["id", "shown_webkit"]
    assert got.column("shown_webkit").to_pylist() == expected
