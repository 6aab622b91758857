"""Canonicalize and compare URLs the way web browsers did around 2011
(profiles ``this``, ``chrome``, ``gecko``, ``ie``) and as the URL Standard
does (``whatwg``): the Rust library urlprism, from Python.

>>> import urlprism
>>> urlprism.canonicalize("HTTP://Example.COM:80/a/./b/../c")
'http://example.com/a/c'
>>> urlprism.canonicalize("http://Bücher.DE/", profile="ie")
'http://bücher.de/'
>>> urlprism.canonicalize("no-scheme") is None
True
>>> urlprism.explain("no-scheme")
"invalid URL: no scheme: the URL does not begin with scheme characters and ':'"
>>> urlprism.canonicalize_many(["../x", None], base="http://a/b/c")
['http://a/x', None]
>>> urlprism.compare("http://a%5Fb.test/", profiles=["this", "gecko"])["differing"]
['host']
"""

from __future__ import annotations

import json
import os
from typing import Any, Iterable, Optional, Union

from . import _urlprism
from ._urlprism import KeyKindError, Profile, ProfileError, __version__

__all__ = [
    "KeyKindError",
    "Profile",
    "ProfileError",
    "canonicalize",
    "canonicalize_many",
    "compare",
    "compare_many",
    "display",
    "display_many",
    "explain",
    "host_columns",
    "host_columns_many",
    "key",
    "key_details",
    "key_kinds",
    "key_many",
    "parse",
    "profiles",
    "trace",
    "__version__",
]

ProfileLike = Union[str, "os.PathLike[str]", Profile]


def profiles() -> list[str]:
    """The names of the built-in profiles and engines.

    >>> urlprism.profiles()
    ['this', 'chrome', 'gecko', 'ie', 'whatwg', 'chromium', 'firefox', 'webkit']
    """
    return _urlprism.profiles()


def canonicalize(
    url: Optional[str],
    profile: ProfileLike = "this",
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> Optional[str]:
    """The canonical URL of ``url`` under ``profile``, or ``None`` when it has
    none (an invalid URL, ``None``, or a ``str`` with a lone surrogate);
    :func:`explain` says why.

    ``profile`` is a built-in name (:func:`profiles`), a path to a TOML
    profile file (a ``str`` ending in ``.toml`` or holding a ``/``, or an
    ``os.PathLike``) or a :class:`Profile`.

    Two contexts, as on the command line: without ``encoding``,
    ``new URL(url, base)`` (UTF-8; ``base`` the base URL, by default the
    input is its own base).  With ``encoding`` (an Encoding Standard label),
    ``page_url`` or ``context="link"``, ``url`` is a link in a page of that
    encoding (UTF-8 by default) whose URL is ``page_url`` (by default
    ``http://page.example/dir/page.html``): what ``a.href`` gives, the query
    encoded in the page's encoding, ``base`` the page's ``<base href>`` read
    by the engine's browser's rules (the page's URL without one).
    ``context="new-url"`` chooses ``new URL()`` explicitly.  A 2011 profile
    takes the encoding for the query, ``base`` as its base.

    An unknown profile raises :class:`ProfileError`, an invalid base (of
    ``new URL()``), an unknown encoding or context ``ValueError``, a ``url``
    that is neither a ``str`` nor ``None`` ``TypeError``.

    >>> urlprism.canonicalize("../Bücher?é", base="http://example.com/dir/", encoding="windows-1252")
    'http://example.com/B%C3%BCcher?%E9'
    >>> urlprism.canonicalize("?é", profile="chromium", base="http://a/")
    'http://a/?%C3%A9'
    >>> urlprism.canonicalize("?é", profile="chromium", encoding="windows-1252")
    'http://page.example/dir/page.html?%E9'
    >>> urlprism.canonicalize("#f", profile="webkit", base="data:,x", encoding="utf-8")
    'data:,x#f'
    >>> urlprism.canonicalize("#f", profile="chromium", base="data:,x", context="link")
    'http://page.example/dir/page.html#f'
    """
    return _urlprism.canonicalize(url, profile, base, encoding, context, page_url)


def explain(
    url: Optional[str],
    profile: ProfileLike = "this",
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> Optional[str]:
    """Why ``url`` has no canonical URL (what ``urlprism canon`` writes to
    standard error), or ``None`` when it has one.  The arguments are those
    of :func:`canonicalize`.

    >>> urlprism.explain("http://a:99999/")
    'invalid port "99999": not a decimal number from 0 to 65535'
    >>> urlprism.explain("http://a/") is None
    True
    """
    return _urlprism.explain(url, profile, base, encoding, context, page_url)


def canonicalize_many(
    urls: Any,
    profile: ProfileLike = "this",
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    threads: Optional[int] = 1,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> Any:
    """The canonical URLs of many URLs, in order, ``None`` (or null) for each
    that has none; the arguments are those of :func:`canonicalize`, checked
    once.  The work runs without the GIL, on the calling thread, or on
    ``threads`` threads (``None``: one per core), at most one per 4096 URLs.

    - A list (or any iterable) of ``str`` or ``None`` gives a list of ``str``
      or ``None``; a ``str`` with a lone surrogate gives ``None``, an item of
      another type raises ``TypeError`` naming its index.  A ``str`` that is
      already its own canonical URL comes back as the same object.
    - A ``pyarrow`` ``string``, ``large_string`` or ``string_view`` array
      (or a ``ChunkedArray`` of them) gives an array of the same kind
      (``string_view`` gives ``large_string``), null where the input is null
      or has no canonical URL.  No Python object is made per URL: the
      array's buffers are read and written in Rust.

    >>> import pyarrow as pa
    >>> urlprism.canonicalize_many(pa.array(["HTTP://A/", None, "x"])).to_pylist()
    ['http://a/', None, None]
    """
    from . import _arrow

    if _arrow.is_arrow(urls):
        return _arrow.canonicalize(urls, profile, base, (encoding, context, page_url), threads)
    if not isinstance(urls, list):
        if isinstance(urls, (str, bytes)):
            raise TypeError("urls: expected a list of str, got a single " + type(urls).__name__)
        urls = list(urls)
    return _urlprism.canonicalize_list(urls, profile, base, encoding, context, page_url, threads)


def compare_many(
    urls: Any,
    profiles: Optional[Iterable[ProfileLike]] = None,
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    threads: Optional[int] = 1,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> Any:
    """Each profile's canonical URL of many URLs and whether they agree (as
    ``urlprism compare`` decides it), in order; ``profiles`` defaults to
    every built-in one.  The work runs without the GIL, on the calling
    thread, or on ``threads`` threads (``None``: one per core), at most one
    per 4096 URLs.

    - A list (or any iterable) of ``str`` or ``None`` gives a list of dicts,
      one string (or ``None``, when the URL has no canonical URL under it)
      per profile, named after it, and a boolean ``agree``; ``None`` where
      the input is ``None``.  No ``pyarrow`` is needed.
    - A ``pyarrow`` string array (or a ``ChunkedArray``) gives a struct
      array of the same fields, null where the input is null.

    >>> urlprism.compare_many(["http://a%5Fb.test/", None], profiles=["this", "gecko"])
    [{'this': 'http://a_b.test/', 'gecko': 'http://a%5fb.test/', 'agree': False}, None]
    >>> urlprism.compare_many(["#f"], profiles=["chromium", "webkit"], base="data:,x", encoding="utf-8")
    [{'chromium': 'http://page.example/dir/page.html#f', 'webkit': 'data:,x#f', 'agree': False}]
    >>> import pyarrow as pa
    >>> urlprism.compare_many(pa.array(["http://a/"]), profiles=["this", "ie"]).to_pylist()
    [{'this': 'http://a/', 'ie': 'http://a/', 'agree': True}]
    """
    from . import _arrow

    if _arrow.is_arrow(urls):
        return _arrow.compare(urls, _profile_list(profiles), base, (encoding, context, page_url), threads)
    if isinstance(urls, (str, bytes)):
        raise TypeError("urls: expected a list of str, got a single " + type(urls).__name__)
    return _urlprism.compare_list(list(urls), _profile_list(profiles), base, encoding, context, page_url, threads)


def parse(
    url: str,
    profile: ProfileLike = "this",
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> dict[str, Any]:
    """``url`` canonicalized under ``profile``, with its components: the
    object ``urlprism canon --json URL`` prints (``input``, ``canonical``,
    ``error``, ``scheme``, ``user``, ``password``, ``host``, ``port``,
    ``path``, ``query``, ``fragment``; ``None`` when absent, every
    component ``None`` when the URL has no canonical URL, ``error`` saying
    why; for a link in a page, ``href``: what ``a.href`` gives, the
    attribute as written for an invalid link).  The arguments are those of
    :func:`canonicalize`.

    >>> urlprism.parse("#f", profile="chromium", base="http://[", encoding="utf-8")["href"]
    '#f'

    >>> u = urlprism.parse("HTTP://User@Bücher.DE:8080/a/../b?q#f", profile="ie")
    >>> (u["canonical"], u["host"], u["port"], u["path"])
    ('http://User@bücher.de:8080/b?q#f', 'bücher.de', '8080', '/b')
    >>> urlprism.parse("no-scheme")["error"]
    "invalid URL: no scheme: the URL does not begin with scheme characters and ':'"
    """
    return json.loads(_urlprism.parse_json(url, profile, base, encoding, context, page_url))


def compare(
    url: str,
    profiles: Optional[Iterable[ProfileLike]] = None,
    base: Optional[str] = None,
    encoding: Optional[str] = None,
    *,
    context: Optional[str] = None,
    page_url: Optional[str] = None,
) -> dict[str, Any]:
    """The object ``urlprism compare --json URL`` prints for ``url``: each
    profile's canonical URL, error and components, ``agree`` and the
    ``differing`` fields.  ``profiles`` defaults to every built-in one; a
    name that repeats is numbered (``ie#2``).

    >>> c = urlprism.compare("http://Bücher.de/", profiles=["this", "ie"])
    >>> [r["canonical"] for r in c["results"]]
    ['http://xn--bcher-kva.de/', 'http://bücher.de/']
    """
    return json.loads(_urlprism.compare_json(url, _profile_list(profiles), base, encoding, context, page_url))


def trace(
    url: str,
    profiles: Optional[Iterable[ProfileLike]] = None,
    base: Optional[str] = None,
) -> dict[str, Any]:
    """The object ``urlprism trace --json URL`` prints for ``url``: every
    CanonicalizeHost (and Nameprep) step of its host under each profile,
    aligned, and the first step where they diverge.

    >>> t = urlprism.trace("http://a%5Fb.test/", profiles=["this", "gecko"])
    >>> t["steps"][t["divergence"]["index"]]["step"]
    '6'
    """
    return json.loads(_urlprism.trace_json(url, _profile_list(profiles), base))


TODAY = ["chromium", "firefox", "webkit"]


def display(url: str, profiles: Optional[Iterable[ProfileLike]] = None) -> dict[str, Any]:
    """The object ``urlprism display --json URL`` prints for ``url``: what
    the address bar of each of ``profiles`` (default: today's browsers,
    ``chromium``, ``firefox``, ``webkit``) shows, its whole text, each host
    label with the rule that decided Unicode or Punycode, and what it
    leaves out.

    >>> d = urlprism.display("http://xn--bcher-kva.de/", profiles=["webkit"])
    >>> d["displays"][0]["shown"]
    'http://bücher.de/'
    >>> d["displays"][0]["labels"][0]["unicode"]
    True
    """
    chosen = _profile_list(profiles)
    return json.loads(_urlprism.display_json(url, TODAY if chosen is None else chosen))


def display_many(
    urls: Iterable[Optional[str]],
    profile: ProfileLike = "chromium",
    full: bool = False,
    threads: Optional[int] = None,
) -> list[Optional[str]]:
    """What the address bar of ``profile`` shows for each of ``urls`` (the
    whole text, nothing left out, with ``full``), ``None`` where it shows
    nothing (an invalid URL, or ``None``), in order, on ``threads`` threads
    (default: one per core).

    >>> urlprism.display_many(["http://xn--bcher-kva.de/", "http://["], profile="webkit")
    ['http://bücher.de/', None]
    """
    return _urlprism.display_list(list(urls), profile, full, threads)


def _profile_list(profiles: Optional[Iterable[ProfileLike]]) -> Optional[list[ProfileLike]]:
    if profiles is None:
        return None
    if isinstance(profiles, (str, os.PathLike, Profile)):
        raise TypeError(
            f"profiles: expected a list of profiles, got a single {type(profiles).__name__} "
            f"(write [{profiles!r}] for one)"
        )
    return list(profiles)


KindLike = Union[str, "os.PathLike[str]"]


def _kind(kind: KindLike) -> tuple[str, Optional[str]]:
    """A kind's name, or its key file's text (a path: an ``os.PathLike`` or
    a ``str`` ending in ``.toml`` or holding a ``/``)."""
    if isinstance(kind, os.PathLike) or (isinstance(kind, str) and (kind.endswith(".toml") or "/" in kind)):
        with open(kind, encoding="utf-8") as f:
            return ("", f.read())
    if not isinstance(kind, str):
        raise TypeError(f"kind: expected a kind's name or a key file's path, got {type(kind).__name__}")
    return (kind, None)


def key_kinds() -> list[str]:
    """The names of the built-in kinds of key (``urlprism key --list``).

    >>> "surt" in urlprism.key_kinds() and "urlcanon-semantic" in urlprism.key_kinds()
    True
    """
    return _urlprism.key_kinds()


def key(url: Optional[str], kind: KindLike = "surt") -> Optional[str]:
    """The key a crawler or web archive stores for ``url``: ``kind`` is a
    built-in kind (:func:`key_kinds`: ``surt``, ``ssurt``,
    ``urlcanon-semantic``...) or the path of a key file.  ``None`` when the
    kind rejects the URL (:func:`key_details` says why) or ``url`` is
    ``None``.  An unknown kind raises :class:`KeyKindError`.

    >>> urlprism.key("http://archive.org/goo/?a=2&b&a=1")
    'org,archive)/goo?a=1&a=2&b'
    """
    name, toml = _kind(kind)
    return _urlprism.key(url, name, toml)


def key_details(
    url: str, kind: KindLike = "surt", expressions: bool = False, host_columns: bool = False
) -> dict[str, Any]:
    """The object ``urlprism key --json`` prints for ``url``: ``input``,
    ``kind``, ``key`` or ``error``, the ``steps`` that changed the URL, with
    ``expressions`` the lookup expressions (Safe Browsing), with
    ``host_columns`` Common Crawl's host columns (:func:`host_columns`).

    >>> d = urlprism.key_details("http://www.Example.com:80/")
    >>> (d["key"], "host_massage" in d["steps"] or "strip_www" in d["steps"])
    ('com,example)/', True)
    """
    name, toml = _kind(kind)
    return json.loads(_urlprism.key_json(url, name, toml, expressions, host_columns))


HOST_COLUMNS = [
    "url_host_name",
    "url_host_tld",
    "url_host_2nd_last_part",
    "url_host_3rd_last_part",
    "url_host_4th_last_part",
    "url_host_5th_last_part",
    "url_host_registry_suffix",
    "url_host_registered_domain",
    "url_host_private_suffix",
    "url_host_private_domain",
    "url_host_name_reversed",
]


def host_columns(url: Optional[str]) -> Optional[dict[str, Optional[str]]]:
    """Common Crawl's host columns of the host of ``url`` (as the URL
    Standard parses it), from the Public Suffix List: ``url_host_name``,
    ``url_host_tld``, ``url_host_2nd_last_part`` ...,
    ``url_host_registry_suffix`` and ``url_host_registered_domain`` (ICANN
    section), ``url_host_private_suffix`` and ``url_host_private_domain``
    (both sections), ``url_host_name_reversed``; ``None`` for a URL without
    a host.

    >>> urlprism.host_columns("https://www.example.co.uk/")["url_host_registered_domain"]
    'example.co.uk'
    """
    (c,) = host_columns_many([url])
    return c


def host_columns_many(urls: Any) -> Any:
    """:func:`host_columns` of many URLs: a list of dicts (or ``None``) for a
    list, a struct array of the columns for an Arrow array (null where the
    URL has no host).

    >>> urlprism.host_columns_many(["http://a.b.example.com/", None])[0]["url_host_private_domain"]
    'example.com'
    """
    from . import _arrow

    if _arrow.is_arrow(urls):
        pa = _arrow._pa()
        values = urls.to_pylist()
        fields = pa.struct([pa.field(n, pa.string()) for n in HOST_COLUMNS])
        return pa.array(host_columns_many(values), type=fields)
    if isinstance(urls, (str, bytes)):
        raise TypeError("urls: expected a list of str, got a single " + type(urls).__name__)
    return [None if j is None else json.loads(j) for j in _urlprism.host_columns_json(list(urls))]


def key_many(urls: Any, kind: KindLike = "surt", threads: Optional[int] = 1) -> Any:
    """The keys of many URLs, in order: a list of ``str`` or ``None`` for a
    list (or iterable), an Arrow string array for an Arrow array or
    ``ChunkedArray`` (a Polars ``Series`` through ``to_arrow()``), null
    where the input is null or the kind rejects it.  The work runs without
    the GIL, on ``threads`` threads (``None``: one per core).

    >>> urlprism.key_many(["http://www.example.com/b?b=1&a=2", None])
    ['com,example)/b?a=2&b=1', None]
    """
    from . import _arrow

    name, toml = _kind(kind)
    if _arrow.is_arrow(urls):
        return _arrow.key(urls, name, toml, threads)
    if not isinstance(urls, list):
        if isinstance(urls, (str, bytes)):
            raise TypeError("urls: expected a list of str, got a single " + type(urls).__name__)
        urls = list(urls)
    return _urlprism.key_list(urls, name, toml, threads)
