"""Bad input gives a clear Python exception or None, never a crash or a
PanicException, and huge inputs take linear time."""

from __future__ import annotations

import subprocess
import sys

import random
import time
import traceback

import pyarrow as pa
import pytest

import urlprism
from conftest import PROFILES


def test_none_and_non_str():
    assert urlprism.canonicalize(None) is None
    assert urlprism.explain(None) == "the URL is None"
    with pytest.raises(TypeError, match="url: expected a str or None, got int"):
        urlprism.canonicalize(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got bytes"):
        urlprism.canonicalize(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"urls\[2\]: expected a str or None, got float"):
        urlprism.canonicalize_many(["http://a/", None, 1.5])
    with pytest.raises(TypeError, match="single str"):
        urlprism.canonicalize_many("http://a/")
    assert urlprism.canonicalize_many(iter(["HTTP://A/", None])) == ["http://a/", None]
    assert urlprism.canonicalize_many([]) == []
    with pytest.raises(TypeError, match="strings"):
        urlprism.canonicalize_many(pa.array([1, 2]))


def test_lone_surrogates():
    bad = "http://a/\ud800"
    assert urlprism.canonicalize(bad) is None
    reason = urlprism.explain(bad)
    assert reason is not None and "not valid Unicode" in reason and "position 9" in reason
    # The batch goes on.
    assert urlprism.canonicalize_many(["HTTP://A/", bad, "http://b/"]) == ["http://a/", None, "http://b/"]


def test_bad_options_say_what():
    with pytest.raises(urlprism.ProfileError, match='unknown profile "nope"; known profiles: this, chrome'):
        urlprism.canonicalize("http://a/", profile="nope")
    assert issubclass(urlprism.ProfileError, ValueError)
    with pytest.raises(ValueError, match='^base: invalid base URL "nope": no scheme'):
        urlprism.canonicalize_many(["x"], base="nope")
    with pytest.raises(ValueError, match="^base: "):
        urlprism.canonicalize("x", profile="whatwg", base="/relative")
    with pytest.raises(ValueError, match='^encoding: unknown label "klingon"'):
        urlprism.canonicalize("http://a/", encoding="klingon")
    with pytest.raises(urlprism.ProfileError, match="cannot read profile file"):
        urlprism.canonicalize("http://a/", profile="/nonexistent/p.toml")
    with pytest.raises(TypeError, match="single str"):
        urlprism.compare("http://a/", profiles="ie")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty"):
        urlprism.compare("http://a/", profiles=[])


def test_errors_are_urlprism_classes():
    for cls in (urlprism.ProfileError, urlprism.KeyKindError):
        assert cls.__module__ == "urlprism"
        assert repr(cls) == f"<class 'urlprism.{cls.__name__}'>"
    with pytest.raises(urlprism.ProfileError) as e:
        urlprism.canonicalize("http://a/", profile="nope")
    assert repr(e.value).startswith("ProfileError(")
    # A traceback names the class by its module.
    assert "".join(traceback.format_exception_only(e.type, e.value)).startswith("urlprism.ProfileError: ")


def test_unknown_profile_suggests_the_closest_name():
    with pytest.raises(urlprism.ProfileError) as e:
        urlprism.canonicalize("http://a/", profile="chrom")
    message = str(e.value)
    assert message.startswith('unknown profile "chrom"; did you mean "chrome"? known profiles: this, chrome'), message
    with pytest.raises(urlprism.ProfileError, match='did you mean "gecko"'):
        urlprism.Profile("GEKCO")
    with pytest.raises(urlprism.ProfileError, match='did you mean "firefox"'):
        urlprism.compare("http://a/", profiles=["this", "firefx"])
    # Nothing close: no suggestion.
    with pytest.raises(urlprism.ProfileError) as e:
        urlprism.canonicalize("http://a/", profile="safari")
    assert "did you mean" not in str(e.value)


def test_unknown_kind_suggests_by_edit_distance():
    # One edit away but not a substring of any kind: the edit distance
    # finds it.
    with pytest.raises(urlprism.KeyKindError, match='unknown kind of key "sutr"; did you mean "surt"\\?'):
        urlprism.key("http://a/", kind="sutr")
    # A substring of several kinds that is not close to one: no guess.
    with pytest.raises(urlprism.KeyKindError) as e:
        urlprism.key("http://a/", kind="r")
    assert "did you mean" not in str(e.value)
    assert "the kinds: " in str(e.value)


def test_bad_toml_names_file_and_line(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('name = "bad"\n[nameprep]\nnot_a_step = true\n')
    with pytest.raises(urlprism.ProfileError) as e:
        urlprism.canonicalize("http://a/", profile=p)
    assert "bad.toml" in str(e.value) and "not_a_step" in str(e.value)
    with pytest.raises(urlprism.ProfileError):
        urlprism.Profile.from_toml("name = [", "inline")


def test_megabyte_strings_in_linear_time():
    def timed(n):
        url = "http://a/" + "é%" * n + "?" + "x" * n
        t = time.perf_counter()
        r = urlprism.canonicalize(url)
        return time.perf_counter() - t, r

    t1, r1 = timed(250_000)  # about 1 MB
    t4, r4 = timed(1_000_000)  # about 4 MB
    assert r1 is not None and r4 is not None and len(r4) > len(r1)
    assert t4 < 12 * t1 + 0.05, (t1, t4)
    big = "http://" + "a" * 1_000_000 + ".com/"
    for p in PROFILES:
        assert urlprism.canonicalize_many([big], profile=p)[0] in (None, big)
        urlprism.compare_many([big, "\ud800" * 10])


def test_random_input_never_panics():
    rng = random.Random(11)
    alphabet = "%:/?#@[]\\.ÿé\u00adß\u200d\u0130xX09 \t\n\x00\ufffd\U0001f600ﬀ。Ａ-_+ąΣ\u0660\u06f0"
    urls = []
    for _ in range(3000):
        body = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
        urls.append(rng.choice(["http://", "https://", "ftp://", "file:", "", "//", "x:"]) + body)
    try:
        for p in PROFILES:
            urlprism.canonicalize_many(urls, profile=p)
            urlprism.canonicalize_many(pa.array(urls), profile=p, base="http://h/d/")
        urlprism.compare_many(urls)
        for u in urls[:300]:
            urlprism.compare(u)
            urlprism.trace(u)
    except BaseException as e:  # a PanicException is a BaseException
        pytest.fail(f"{type(e).__name__}: {e}")


def test_malformed_arrow_buffers_are_a_value_error():
    # pyarrow refuses to build such arrays; the extension module checks
    # the buffers it is given all the same.
    from urlprism import _urlprism

    def buffers(**kw):
        good = dict(validity=None, validity_offset=0, offsets=bytes(pa.array([0, 2, 3], type=pa.int32()).buffers()[1]),
                    data=b"abc", data_base=0, length=2, large=False)
        return {**good, **kw}

    assert _urlprism.canonicalize_arrow(buffers())[3] == 2  # two nulls: "ab", "c" have no scheme
    cases = [
        dict(offsets=bytes(pa.array([0, 2, 99], type=pa.int32()).buffers()[1])),
        dict(offsets=bytes(pa.array([2, 0, 3], type=pa.int32()).buffers()[1])),
        dict(length=5),
        dict(data_base=1),
        dict(validity=b"", validity_offset=3),
        dict(offsets=b"\x00"),
    ]
    for c in cases:
        with pytest.raises(ValueError, match="malformed arrow string array"):
            _urlprism.canonicalize_arrow(buffers(**c))


def test_arrow_nulls_slices_and_invalid_utf8():
    base = pa.array(["HTTP://A/", None, "x", "http://B/"] * 5)
    for start in range(0, 9):
        s = base.slice(start, 9)
        assert urlprism.canonicalize_many(s).to_pylist() == urlprism.canonicalize_many(s.to_pylist())
    raw = pa.Array.from_buffers(
        pa.string(), 2, [None, pa.py_buffer(pa.array([0, 2, 11], type=pa.int32()).buffers()[1].to_pybytes()),
                         pa.py_buffer(b"\xff\xfehttp://a/")]
    )
    assert urlprism.canonicalize_many(raw).to_pylist() == [None, "http://a/"]
    empty = urlprism.canonicalize_many(pa.array([], type=pa.string()))
    assert len(empty) == 0 and empty.type == pa.string()
    assert urlprism.canonicalize_many(pa.array(["http://a/"], type=pa.string_view())).type == pa.large_string()


def runs_python_while_inside(f, builtins):
    """Whether this thread runs Python code while another thread running
    ``f()`` is inside a call of one of ``builtins`` (built-in functions).

    With a switch interval far longer than the test, a thread that holds
    the GIL gives it up only of its own accord, so this thread gets it
    during such a call only if the call releases it.  A profile hook in
    the other thread marks the call's start (``c_call``) and end
    (``c_return``); the other thread's newest frame must not be the
    hook's, so the moments around the hook do not count.  No clock is
    read: the answer does not depend on the machine's speed or load.
    """
    import threading

    entered, returned = threading.Event(), threading.Event()

    def hook(frame, event, arg):
        if any(arg is b for b in builtins):
            if event == "c_call":
                entered.set()
            elif event in ("c_return", "c_exception"):
                returned.set()

    def work():
        sys.setprofile(hook)
        try:
            f()
        finally:
            sys.setprofile(None)
            entered.set()
            returned.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        t = threading.Thread(target=work)
        t.start()
        entered.wait()  # waits without the GIL, and takes it when it is free
        frame = sys._current_frames().get(t.ident)
        inside = not returned.is_set() and frame is not None and frame.f_code is not hook.__code__
        t.join()
    finally:
        sys.setswitchinterval(old)
    return inside


@pytest.mark.parametrize("kind", ["list", "arrow"])
def test_the_gil_is_released_while_canonicalizing(kind):
    urls = ["http://Example.com/a/./b/../c?d#e"] * 100_000
    batch = pa.array(urls) if kind == "arrow" else urls
    rust = [urlprism._urlprism.canonicalize_list, urlprism._urlprism.canonicalize_arrow]
    assert runs_python_while_inside(lambda: urlprism.canonicalize_many(batch), rust)


def test_a_call_that_holds_the_gil_is_seen_as_holding_it():
    """The check above can fail: ``sorted`` of floats holds the GIL."""
    numbers = [random.random() for _ in range(400_000)]
    assert not runs_python_while_inside(lambda: sorted(numbers), [sorted])


def test_compare_many_of_a_list_needs_no_pyarrow():
    """A list goes through without pyarrow: run where it cannot be imported."""
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import urlprism\n"
        "r = urlprism.compare_many(['http://a%5Fb.test/', None, 'x'], profiles=['this', 'gecko'])\n"
        "assert r == [{'this': 'http://a_b.test/', 'gecko': 'http://a%5fb.test/', 'agree': False}, None,"
        " {'this': None, 'gecko': None, 'agree': True}], r\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stderr


def test_compare_many_rejects_a_single_str_and_bad_items():
    with pytest.raises(TypeError, match="single str"):
        urlprism.compare_many("http://a/")
    with pytest.raises(TypeError, match=r"urls\[1\]"):
        urlprism.compare_many(["http://a/", 3])


def test_parse_of_an_invalid_url_says_why():
    u = urlprism.parse("http://a:99999/")
    assert u["canonical"] is None and u["host"] is None
    assert u["error"] == 'invalid port "99999": not a decimal number from 0 to 65535'
    with pytest.raises(ValueError):
        urlprism.parse("x", base="no scheme")
