"""Polars: a Series through its Arrow array, with canonicalize_many."""

import pytest

import urlprism

pl = pytest.importorskip("polars")


def test_polars_series_through_arrow():
    s = pl.Series("url", ["HTTP://Example.COM/a/../b", None, "no-scheme", "http://Bücher.de/"])
    out = pl.from_arrow(urlprism.canonicalize_many(s.to_arrow(), profile="ie"))
    assert isinstance(out, pl.Series)
    assert out.to_list() == ["http://example.com/b", None, None, "http://bücher.de/"]
    assert out.to_list() == urlprism.canonicalize_many(s.to_list(), profile="ie")
    # In a DataFrame: with_columns over the same conversion.
    df = pl.DataFrame({"url": s}).with_columns(
        canonical=pl.col("url").map_batches(
            lambda c: pl.from_arrow(urlprism.canonicalize_many(c.to_arrow())), return_dtype=pl.String
        )
    )
    assert df["canonical"].to_list() == urlprism.canonicalize_many(s.to_list())
