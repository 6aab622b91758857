"""Arrow string arrays to and from the buffers the extension module reads
and writes: no Python object per string."""

from __future__ import annotations

import sys
from typing import Any, Optional

from . import _urlprism


def is_arrow(obj: Any) -> bool:
    """Whether ``obj`` is a pyarrow array or chunked array (without importing
    pyarrow when it is not loaded)."""
    module = type(obj).__module__
    return module.startswith("pyarrow")


def _pa() -> Any:
    try:
        import pyarrow as pa
    except ImportError as e:  # pragma: no cover - pyarrow is there when arrays are
        raise ImportError("urlprism: this needs pyarrow (pip install pyarrow)") from e
    return pa


def _string_chunks(urls: Any) -> tuple[list[Any], bool]:
    """The chunks of ``urls`` as string or large_string arrays, and whether
    the input was a ChunkedArray."""
    pa = _pa()
    if isinstance(urls, pa.ChunkedArray):
        chunks, chunked = list(urls.chunks), True
    elif isinstance(urls, pa.Array):
        chunks, chunked = [urls], False
    else:
        raise TypeError(f"urls: expected a pyarrow Array or ChunkedArray, got {type(urls).__name__}")
    out = []
    for c in chunks:
        t = c.type
        if pa.types.is_string(t) or pa.types.is_large_string(t):
            out.append(c)
        elif pa.types.is_string_view(t) or pa.types.is_null(t):
            out.append(c.cast(pa.large_string()))
        else:
            raise TypeError(f"urls: expected an arrow array of strings, got one of {t}")
    return out, chunked


def _buffers(a: Any) -> dict[str, Any]:
    """The buffers of the string array ``a``, sliced to its strings."""
    pa = _pa()
    large = pa.types.is_large_string(a.type)
    width = 8 if large else 4
    validity, offsets, data = a.buffers()
    n = len(a)
    offsets = offsets.slice(a.offset * width, (n + 1) * width) if offsets is not None else None
    if n == 0 or offsets is None:
        return dict(
            validity=None,
            validity_offset=0,
            offsets=bytes(width),
            data=b"",
            data_base=0,
            length=0,
            large=large,
        )
    offsets_bytes = offsets.to_pybytes()
    first = int.from_bytes(offsets_bytes[:width], sys.byteorder, signed=True)
    last = int.from_bytes(offsets_bytes[n * width :], sys.byteorder, signed=True)
    if not 0 <= first <= last <= (data.size if data is not None else 0):
        raise ValueError(f"malformed arrow string array: offsets {first} to {last}")
    data_bytes = data.slice(first, last - first).to_pybytes() if data is not None else b""
    v = None
    if validity is not None and a.null_count > 0:
        start = a.offset // 8
        end = (a.offset + n + 7) // 8
        v = validity.slice(start, end - start).to_pybytes()
    return dict(
        validity=v,
        validity_offset=a.offset % 8,
        offsets=offsets_bytes,
        data=data_bytes,
        data_base=first,
        length=n,
        large=large,
    )


def _valid(s: Any) -> Any:
    """``s``, or None when it is a str that is not valid Unicode."""
    if isinstance(s, str):
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            return None
    return s


def _from_list(urls: list) -> Any:
    """A string array of a list of str or None (None for a str with a lone
    surrogate, which has no canonical URL)."""
    pa = _pa()
    try:
        return pa.array(urls, type=pa.string())
    except UnicodeEncodeError:
        return pa.array([_valid(u) for u in urls], type=pa.string())
    except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
        raise TypeError(f"urls: expected str or None items: {e}") from None


def _array(out: tuple, length: int) -> Any:
    pa = _pa()
    validity, offsets, data, nulls, large = out
    t = pa.large_string() if large else pa.string()
    buffers = [pa.py_buffer(validity) if nulls else None, pa.py_buffer(offsets), pa.py_buffer(data)]
    return pa.Array.from_buffers(t, length, buffers, null_count=nulls)


def canonicalize(
    urls: Any, profile: Any, base: Optional[str], place: tuple, threads: Optional[int] = None
) -> Any:
    pa = _pa()
    chunks, chunked = _string_chunks(urls)
    results = [
        _array(_urlprism.canonicalize_arrow(_buffers(c), profile, base, *place, threads), len(c))
        for c in chunks
    ]
    if chunked:
        t = results[0].type if results else pa.string()
        return pa.chunked_array(results, type=t)
    return results[0]


def compare(
    urls: Any, profiles: Any, base: Optional[str], place: tuple, threads: Optional[int] = None
) -> Any:
    pa = _pa()
    if not is_arrow(urls):
        urls = _from_list(list(urls))
    chunks, chunked = _string_chunks(urls)
    results = []
    for c in chunks:
        names, columns, agree = _urlprism.compare_arrow(_buffers(c), profiles, base, *place, threads)
        n = len(c)
        fields = [_array(col, n) for col in columns]
        agree_array = pa.Array.from_buffers(pa.bool_(), n, [None, pa.py_buffer(agree)])
        # A column per profile: one string type for all (the widest).
        if any(pa.types.is_large_string(f.type) for f in fields):
            fields = [f.cast(pa.large_string()) for f in fields]
        struct_type = pa.struct(
            [pa.field(name, f.type) for name, f in zip(names, fields)] + [pa.field("agree", pa.bool_())]
        )
        validity = c.is_valid()
        mask = None
        if c.null_count:
            mask = validity.buffers()[1]
        results.append(
            pa.Array.from_buffers(
                struct_type, n, [mask], null_count=c.null_count, children=fields + [agree_array]
            )
        )
    if chunked:
        return pa.chunked_array(results)
    return results[0]


def key(urls: Any, kind: str, toml: Optional[str], threads: Optional[int] = None) -> Any:
    pa = _pa()
    chunks, chunked = _string_chunks(urls)
    results = [_array(_urlprism.key_arrow(_buffers(c), kind, toml, threads), len(c)) for c in chunks]
    if chunked:
        t = results[0].type if results else pa.string()
        return pa.chunked_array(results, type=t)
    return results[0]
