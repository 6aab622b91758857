#!/usr/bin/env python3
"""Extract Chromium's kIdnCases table (idn_spoof_checker_unittest.cc) as JSON lines.

Usage: extract_kidncases.py path/to/idn_spoof_checker_unittest.cc > chromium-kidncases.jsonl

Each output line: {"input", "unicode", "expected", "line", "platform"}
  input     the ASCII (Punycode) host of the case, C++ literal decoded
  unicode   the Unicode form of the host (the u"" literal, decoded)
  expected  "safe" | "unsafe" | "invalid" (kSafe / kUnsafe / kInvalid)
  line      1-based line of the case's opening brace in the source file
  platform  "all", or the preprocessor branch the case sits in
            ("IS_APPLE", "IS_LINUX||IS_CHROMEOS", "!(IS_LINUX||IS_CHROMEOS)")
A trailing summary goes to stderr (counts per expected value).
"""
import json
import re
import sys

ESC = {'n': 0x0A, 't': 0x09, 'r': 0x0D, '0': 0x00, '\\': 0x5C, '"': 0x22,
       "'": 0x27, '?': 0x3F, 'a': 0x07, 'b': 0x08, 'f': 0x0C, 'v': 0x0B}


def decode_literal(body, wide):
    """Decode the body of a C++ string literal.

    Narrow literals yield bytes (UTF-8 source text plus \\x/octal bytes, \\u
    encoded as UTF-8), decoded as UTF-8 at the end. u"" literals yield UTF-16
    code units (\\x gives one code unit), decoded with surrogate pairing.
    """
    units = []  # bytes (narrow) or UTF-16 code units (wide)

    def put_cp(cp):
        if wide:
            if cp > 0xFFFF:
                cp -= 0x10000
                units.extend([0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)])
            else:
                units.append(cp)
        else:
            units.extend(chr(cp).encode('utf-8'))

    i = 0
    while i < len(body):
        c = body[i]
        if c != '\\':
            put_cp(ord(c))
            i += 1
            continue
        n = body[i + 1]
        if n == 'x':  # greedy: every following hex digit belongs to it
            m = re.match(r'[0-9A-Fa-f]+', body[i + 2:])
            v = int(m.group(0), 16)
            units.append(v)
            i += 2 + len(m.group(0))
        elif n == 'u':
            put_cp(int(body[i + 2:i + 6], 16))
            i += 6
        elif n == 'U':
            put_cp(int(body[i + 2:i + 10], 16))
            i += 10
        elif n in '01234567':
            m = re.match(r'[0-7]{1,3}', body[i + 1:])
            units.append(int(m.group(0), 8))
            i += 1 + len(m.group(0))
        else:
            units.append(ESC[n])
            i += 2
    if wide:
        return b''.join(u.to_bytes(2, 'little') for u in units).decode('utf-16-le')
    return bytes(units).decode('utf-8')


TOKEN = re.compile(r'''
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<pp>^\#[^\n]*)
  | (?P<str>(?P<prefix>u8|u|U|L)?"(?P<body>(?:\\.|[^"\\\n])*)")
  | (?P<ident>[A-Za-z_][A-Za-z_0-9:]*)
  | (?P<punct>[{},;=\[\]])
  | (?P<ws>\s+)
''', re.X | re.S | re.M)


def main(path):
    src = open(path, encoding='utf-8').read()
    start = src.index('const IDNTestCase kIdnCases[] = {')
    pos = start + len('const IDNTestCase kIdnCases[] = {')
    depth = 1
    platform_stack = []
    cases = []
    cur = None  # current case: list of fields
    field = None  # pending string concatenation: [text, wide]
    while depth > 0:
        m = TOKEN.match(src, pos)
        if not m:
            raise SystemExit('cannot tokenize at line %d' % (src.count('\n', 0, pos) + 1))
        pos = m.end()
        kind = m.lastgroup if m.lastgroup not in ('prefix', 'body') else 'str'
        if m.group('comment') or m.group('ws'):
            continue
        if m.group('pp'):
            d = m.group('pp')
            if d.startswith('#if'):
                cond = re.sub(r'BUILDFLAG\((\w+)\)', r'\1', d[3:].strip())
                platform_stack.append(cond.replace(' ', ''))
            elif d.startswith('#else'):
                platform_stack[-1] = '!(%s)' % platform_stack[-1]
            elif d.startswith('#endif'):
                platform_stack.pop()
            continue
        if m.group('str') is not None:
            wide = m.group('prefix') in ('u', 'U', 'L')
            text = decode_literal(m.group('body'), wide)
            if field is None:
                field = [text, wide]
            else:
                field[0] += text
            continue
        if field is not None:
            cur.append(field[0])
            field = None
        tok = m.group('ident') or m.group('punct')
        if tok == '{':
            depth += 1
            if depth == 2:
                cur = []
                cur_line = src.count('\n', 0, m.start()) + 1
        elif tok == '}':
            depth -= 1
            if depth == 1:
                input_, unicode_, result = cur
                cases.append({
                    'input': input_, 'unicode': unicode_,
                    'expected': {'kSafe': 'safe', 'kUnsafe': 'unsafe',
                                 'kInvalid': 'invalid'}[result],
                    'line': cur_line,
                    'platform': '&&'.join(platform_stack) or 'all'})
                cur = None
        elif tok == ',' or tok == ';':
            pass
        else:
            cur.append(tok)
    counts = {}
    for c in cases:
        print(json.dumps(c, ensure_ascii=False))
        counts[c['expected']] = counts.get(c['expected'], 0) + 1
    print('cases: %d %s' % (len(cases), counts), file=sys.stderr)


if __name__ == '__main__':
    main(sys.argv[1])
