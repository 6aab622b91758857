"""urlprism in Spark: columns of canonical URLs, and of every profile's
canonical URL side by side, computed by Arrow-based UDFs on the executors.

>>> from pyspark.sql import SparkSession                        # doctest: +SKIP
>>> import urlprism.spark                                       # doctest: +SKIP
>>> df = spark.createDataFrame([("HTTP://A/./b",)], ["url"])    # doctest: +SKIP
>>> df.select(urlprism.spark.canonicalize("url", profile="ie")).first()[0]  # doctest: +SKIP
'http://a/b'

The UDFs are ``pyspark.sql.functions.arrow_udf`` (Spark 4.1 and later):
each executor gets Arrow batches and hands them to
:func:`urlprism.canonicalize_many` as they are, without pandas and without
a Python object per URL.  A profile reaches the executors as its name or
its TOML text (a :class:`urlprism.Profile` pickles so) and is loaded once
per worker process.
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator, Optional, Union

import pyarrow as pa
from pyspark.sql import Column
from pyspark.sql import functions as F
from pyspark.sql import types as T

import urlprism
from urlprism import Profile

ColumnOrName = Union[Column, str]
ProfileLike = Union[str, Profile]


def _shippable(profile: object) -> ProfileLike:
    """A profile the executors can load: a built-in name as it is, a path
    read here (the executors may not see the file) into a Profile."""
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and not (profile.endswith(".toml") or os.sep in profile or "/" in profile):
        return profile  # a name: an unknown one fails in the check that follows
    return Profile.from_file(profile)  # type: ignore[arg-type]


def canonicalize(
    col: ColumnOrName,
    profile: ProfileLike = "this",
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    alias: Optional[str] = None,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> Column:
    """A string column of the canonical URLs of ``col`` under ``profile``
    (null where the URL is null or has none), named ``alias``, by default
    ``canonical_`` and the profile's name (``canonical_ie``), so that the
    columns of several profiles do not clash.  The other arguments are
    those of :func:`urlprism.canonicalize`, checked here, on the driver,
    once: without ``encoding``, ``new URL(url, base)``; with ``encoding``
    (or ``context="link"``, ``page_url``), a link in a page of that
    encoding at ``page_url``, ``base`` its ``<base href>``."""
    p = _shippable(profile)
    place = {"context": context, "page_url": page_url}
    urlprism.canonicalize("http://example/", p, base, encoding, **place)  # a bad option fails here
    name = p.name if isinstance(p, Profile) else p

    @F.arrow_udf(T.StringType())  # type: ignore[misc]
    def _canonicalize(batches: Iterator[pa.Array]) -> Iterator[pa.Array]:
        for urls in batches:
            # One thread: Spark runs a worker process per core already.
            out = urlprism.canonicalize_many(urls, p, base, encoding, 1, **place)
            yield out.cast(pa.string()) if out.type != pa.string() else out

    return _canonicalize(col).alias(alias if alias is not None else f"canonical_{name}")


def compare(
    col: ColumnOrName,
    profiles: Optional[Iterable[ProfileLike]] = None,
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> Column:
    """A struct column with one string field per profile (its canonical URL
    of ``col``, null when there is none) and ``agree`` (whether the
    profiles agree on every component, as ``urlprism compare`` decides
    it); null where ``col`` is null.  ``profiles`` defaults to every
    built-in one; the context (``encoding``, ``context``, ``page_url``) is
    that of :func:`urlprism.compare_many`."""
    ps = None if profiles is None else [_shippable(p) for p in profiles]
    # The fields, named as compare_many names them (a repeated name numbered).
    place = {"context": context, "page_url": page_url}
    (sample,) = urlprism.compare_many(["http://example/"], ps, base, encoding, 1, **place)
    names = list(sample)
    schema = T.StructType(
        [T.StructField(n, T.StringType()) for n in names[:-1]]
        + [T.StructField("agree", T.BooleanType())]
    )
    target = pa.struct([pa.field(n, pa.string()) for n in names[:-1]] + [pa.field("agree", pa.bool_())])

    @F.arrow_udf(schema)  # type: ignore[misc]
    def _compare(batches: Iterator[pa.Array]) -> Iterator[pa.Array]:
        for urls in batches:
            out = urlprism.compare_many(urls, ps, base, encoding, 1, **place)
            yield out.cast(target) if out.type != target else out

    return _compare(col).alias("compare")


def key(col: ColumnOrName, kind: str = "surt", alias: Optional[str] = None) -> Column:
    """A string column of the keys of ``col`` of the kind ``kind`` (a
    built-in kind, :func:`urlprism.key_kinds`, or a key file's path, read
    here), null where the URL is null or the kind rejects it, named
    ``alias``, by default ``key_`` and the kind (``key_surt``)."""
    name, toml = urlprism._kind(kind)
    urlprism._urlprism.key("http://example/", name, toml)  # a bad kind fails here, on the driver
    label = name or "file"

    @F.arrow_udf(T.StringType())  # type: ignore[misc]
    def _key(batches: Iterator[pa.Array]) -> Iterator[pa.Array]:
        from urlprism import _arrow

        for urls in batches:
            out = _arrow.key(urls, name, toml, 1)
            yield out.cast(pa.string()) if out.type != pa.string() else out

    return _key(col).alias(alias if alias is not None else f"key_{label.replace('-', '_')}")


def display(
    col: ColumnOrName, profile: ProfileLike = "chromium", full: bool = False, alias: Optional[str] = None
) -> Column:
    """A string column of what the address bar of ``profile`` shows for each
    URL of ``col`` (its whole text with ``full``), null where it shows
    nothing, named ``alias``, by default ``shown_`` and the profile
    (``shown_chromium``)."""
    shipped = _shippable(profile)
    urlprism.display_many(["http://example/"], shipped)  # a bad profile fails here, on the driver

    @F.arrow_udf(T.StringType())  # type: ignore[misc]
    def _display(batches: Iterator[pa.Array]) -> Iterator[pa.Array]:
        for urls in batches:
            yield pa.array(urlprism.display_many(urls.to_pylist(), shipped, full, 1), type=pa.string())

    label = profile if isinstance(profile, str) else "profile"
    return _display(col).alias(alias if alias is not None else f"shown_{label}")


def host_columns(col: ColumnOrName, alias: str = "host") -> Column:
    """A struct column of Common Crawl's host columns of the host of each
    URL of ``col`` (:func:`urlprism.host_columns`), null where the URL has
    no host."""
    schema = T.StructType([T.StructField(n, T.StringType()) for n in urlprism.HOST_COLUMNS])
    target = pa.struct([pa.field(n, pa.string()) for n in urlprism.HOST_COLUMNS])

    @F.arrow_udf(schema)  # type: ignore[misc]
    def _columns(batches: Iterator[pa.Array]) -> Iterator[pa.Array]:
        for urls in batches:
            yield urlprism.host_columns_many(urls).cast(target)

    return _columns(col).alias(alias)
