"""The list path of ``canonicalize_many`` gives an input that is already
its own canonical URL back as the same ``str`` object (no copy), and a
new plain ``str`` in every other case, subclasses of ``str`` included."""

from __future__ import annotations

import urlprism


class Tagged(str):
    """A ``str`` subclass, which must not leak into the results."""


def test_already_canonical_str_is_returned_itself():
    urls = ["http://example.com/a?b#c", "HTTP://Example.COM/./a", None, "no scheme"]
    out = urlprism.canonicalize_many(urls)
    assert out == ["http://example.com/a?b#c", "http://example.com/a", None, None]
    assert out[0] is urls[0]
    assert out[1] is not urls[1]


def test_subclass_gives_a_plain_str():
    url = Tagged("http://example.com/")
    (out,) = urlprism.canonicalize_many([url])
    assert out == "http://example.com/"
    assert type(out) is str


def test_equal_results_on_either_path_for_mixed_inputs():
    urls = ["http://a/", "http://A/", "http://a/%7e", "http://a/b/../c"] * 1000
    assert urlprism.canonicalize_many(urls) == [urlprism.canonicalize(u) for u in urls]
