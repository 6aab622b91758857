#!/usr/bin/env python3
"""Restate the browsers' address-bar display tables as text files.

Reads released source trees (unpacked Debian source packages, see
data/display/README.md) and writes the data files of data/display/.
Only tables (characters, domains, scripts, patterns) are restated; every file
starts with a header naming its source file, version and the lines read.

Usage: build_tables.py CHROMIUM_SRC FIREFOX_SRC WEBKITGTK_SRC OUT_DIR
"""
import os
import re
import shutil
import sys
import unicodedata

CR_VER = "Chromium 150.0.7871.100 (Debian source package chromium_150.0.7871.100.orig.tar.xz)"
FF_VER = "Firefox ESR 140.12.0 (Debian source package firefox-esr_140.12.0esr.orig.tar.xz)"
WK_VER = "WebKitGTK 2.50.6 (Debian source package webkit2gtk_2.50.6.orig.tar.xz)"


def lines_of(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def line_no(text, offset):
    return text.count("\n", 0, offset) + 1


def header(version, path, lines, how):
    return ("# Source: %s\n# File: %s, lines %s\n# Derived: %s\n"
            % (version, path, lines, how))


def name(cp):
    try:
        return unicodedata.name(chr(cp))
    except ValueError:
        return "<unnamed>"


def cps_of_set_literal(s):
    """Code points of a simple ICU set literal like "[abc\\u1090]"."""
    assert s.startswith("[") and s.endswith("]"), s
    body = s[1:-1]
    out = []
    i = 0
    while i < len(body):
        if body[i] == "\\" and body[i + 1] == "u":
            out.append(int(body[i + 2:i + 6], 16))
            i += 6
        else:
            out.append(ord(body[i]))
            i += 1
    return out


def write(out_dir, fname, text):
    with open(os.path.join(out_dir, fname), "w", encoding="utf-8") as f:
        f.write(text)


# ---------------------------------------------------------------- Chromium
def chromium(src, out):
    rel = "components/url_formatter/spoof_checks/idn_spoof_checker.cc"
    text = open(os.path.join(src, rel), encoding="utf-8").read()

    # Whole-script confusables.
    start = text.index("const WholeScriptConfusableData kWholeScriptConfusables[] = {")
    end = text.index("};", start)
    block = text[start:end]
    # Keep the Linux branch of the #if (the Debian build is Linux).
    block_linux = re.sub(r"#if BUILDFLAG\(IS_LINUX\) \|\| BUILDFLAG\(IS_CHROMEOS\)\n(.*?)#else\n(.*?)#endif\n",
                         lambda m: m.group(1) + "/*OTHER:" + m.group(2).strip().rstrip(",") + "*/\n",
                         block, flags=re.S)
    block_nc = re.sub(r"//[^\n]*", "", block_linux)
    entries = re.findall(r'\{\s*"\[\[:(\w+):\]\]",\s*"([^"]*)",?\s*(?:/\*OTHER:"([^"]*)"\*/\s*)?(?:\{([^}]*)\})?\s*\}', block_nc)
    o = header(CR_VER, rel, "%d-%d (kWholeScriptConfusables in IDNSpoofChecker::IDNSpoofChecker)"
               % (line_no(text, start), line_no(text, end)),
               "one line per script: script code, TLDs on which a label made only of the listed "
               "letters (plus Common/Inherited) is still allowed (besides any TLD containing a letter "
               "of the script), then the Latin-lookalike letters as code points with the letters. "
               "The Thai row is the Linux/ChromeOS set (the other platforms' set follows as 'other-platforms').")
    o += "# script\tallowed_tlds\tlookalike_code_points\tletters\n"
    n = 0
    for script, letters, other, tlds in entries:
        cps = cps_of_set_literal(letters)
        t = ",".join(x.strip().strip('"') for x in tlds.split(",") if x.strip()) or "-"
        o += "%s\t%s\t%s\t%s\n" % (script, t, " ".join("%04X" % c for c in cps), "".join(map(chr, cps)))
        if other:
            ocps = cps_of_set_literal(other)
            o += "%s(other-platforms)\t%s\t%s\t%s\n" % (script, t, " ".join("%04X" % c for c in ocps), "".join(map(chr, ocps)))
        n += 1
    assert n == 17, n
    write(out, "chromium-whole-script-confusables.tsv", o)

    # Digit lookalikes.
    m = re.search(r'digit_lookalikes_ = icu::UnicodeSet\(\s*icu::UnicodeString::fromUTF8\("(\[[^"]*\])"\)', text)
    cps = sorted(set(cps_of_set_literal(m.group(1))))
    o = header(CR_VER, rel, "%d (digit_lookalikes_)" % line_no(text, m.start(1)),
               "the set literal, duplicates removed, one code point a line. A label made only of "
               "[0-9] and these, with at least one of these, is unsafe (IsDigitLookalike).")
    o += "".join("%04X\t%s\t%s\n" % (c, chr(c), name(c)) for c in cps)
    write(out, "chromium-digit-lookalikes.txt", o)

    # Allowed-set removals.
    s = text.index("void IDNSpoofChecker::SetAllowedUnicodeSet")
    e = text.index("uspoof_setAllowedUnicodeSet(checker_", s)
    body = text[s:e]
    o = header(CR_VER, rel, "%d-%d (IDNSpoofChecker::SetAllowedUnicodeSet)" % (line_no(text, s), line_no(text, e)),
               "allowed = uspoof_getRecommendedUnicodeSet() + uspoof_getInclusionUnicodeSet() (ICU's UTS #39 "
               "Identifier_Status=Allowed data), minus the ranges below; 'apple' rows apply only under "
               "BUILDFLAG(IS_APPLE).")
    o += "# first\tlast\tcondition\tsource_line\n"
    cond = "all"
    for i, ln in enumerate(body.split("\n")):
        if ln.startswith("#if BUILDFLAG(IS_APPLE)"):
            cond = "apple"
        elif ln.startswith("#endif"):
            cond = "all"
        m = re.search(r"allowed_set\.remove\((0x[0-9A-Fa-f]+)u?(?:,\s*(0x[0-9A-Fa-f]+)u?)?\)", ln)
        if m:
            a = int(m.group(1), 16)
            b = int(m.group(2), 16) if m.group(2) else a
            o += "%04X\t%04X\t%s\t%d\n" % (a, b, cond, line_no(text, s) + i)
    write(out, "chromium-allowed-set-removals.txt", o)

    # Dangerous pattern.
    s = text.index("dangerous_pattern = new icu::RegexMatcher(")
    e = text.index("-1, US_INV)", s)
    pieces = re.findall(r'R"\((.*?)\)"', text[s:e])
    pattern = "".join(pieces)
    o = header(CR_VER, rel, "%d-%d (dangerous_pattern in SafeToDisplayAsUnicode)" % (line_no(text, s), line_no(text, e)),
               "the raw-string pieces concatenated (ICU regex syntax, flags 0). The first line after this "
               "header is the whole pattern; the lines after the blank line are its top-level "
               "alternatives, one a line, for reading. A label (the ToUnicode output of one xn-- label) in which "
               "RegexMatcher::find() succeeds is unsafe (kDangerousPattern).")
    o += pattern + "\n\n"
    depth = 0
    cur = ""
    alts = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            cur += pattern[i:i + 2]
            i += 2
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "|" and depth == 0:
            alts.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    alts.append(cur)
    o += "\n".join(alts) + "\n"
    write(out, "chromium-dangerous-pattern.txt", o)

    # Allowed whole-script-confusable words.
    m = re.search(r"kAllowedWholeScriptConfusableWords\[\] = \{(.*?)\};", text, re.S)
    words = re.findall(r'u"([^"]*)"', m.group(1))
    o = header(CR_VER, rel, "%d (kAllowedWholeScriptConfusableWords)" % line_no(text, m.start()),
               "one word a line: labels equal to one of these are exempt from the whole-script-confusable rule.")
    o += "\n".join(words) + "\n"
    write(out, "chromium-allowed-wsc-words.txt", o)

    # Skeleton transliterator rules.
    rel2 = "components/url_formatter/spoof_checks/skeleton_generator.cc"
    t2 = open(os.path.join(src, rel2), encoding="utf-8").read()
    o = header(CR_VER, rel2, "see each rule", "the C string literals passed to "
               "base::i18n::CreateTransliteratorFromRules, concatenated and unescaped (ICU "
               "transliterator rule syntax); then SkeletonGenerator::character_map_ (characters "
               "with several skeletons).")
    for ident in ("DropAcc", "ExtraConf"):
        m = re.search(r'CreateTransliteratorFromRules\(\s*"%s",\s*((?:"(?:\\.|[^"\\])*"\s*)+)\)' % ident, t2)
        rules = "".join(re.findall(r'"((?:\\.|[^"\\])*)"', m.group(1))).replace("\\\\", "\\")
        o += "\n[%s] line %d\n%s\n" % (ident, line_no(t2, m.start()), rules)
    o += "\n[character_map_]\n"
    for m in re.finditer(r"character_map_\[u'(.)'\] = \{([^}]*)\};", t2):
        o += "%04X %s -> %s   (line %d)\n" % (ord(m.group(1)), m.group(1),
                                          ", ".join(re.findall(r'"([^"]*)"', m.group(2))), line_no(t2, m.start()))
    m = re.search(r'lgc_letters_n_ascii_ = icu::UnicodeSet\(\s*UNICODE_STRING_SIMPLE\(((?:"[^"]*"\s*)+)\)', t2)
    o += "\n[lgc_letters_n_ascii_] line %d (diacritics are removed only from hosts wholly inside this set)\n%s\n" % (
        line_no(t2, m.start()), "".join(re.findall(r'"([^"]*)"', m.group(1))).replace("\\\\", "\\"))
    write(out, "chromium-skeleton-rules.txt", o)

    # Top domains and test lists: copied with a header.
    td = "components/url_formatter/spoof_checks/top_domains/"
    for f_in, f_out, what in [
            ("domains.list", "chromium-top-domains.txt", "the top-domain list (input of make_top_domain_skeletons)"),
            ("domains.skeletons", "chromium-top-domains.skeletons", "the skeleton file compiled into the top-domain trie (domains-trie-inc.cc) used by GetSimilarTopDomain"),
            ("idn_test_domains.list", "chromium-idn-test-domains.txt", "the top-domain list the kIdnCases unit test runs against"),
            ("idn_test_domains.skeletons", "chromium-idn-test-domains.skeletons", "its skeletons"),
            ("test_domains.list", "chromium-test-domains.txt", "the test top-domain list of the lookalike tests"),
            ("test_domains.skeletons", "chromium-test-domains.skeletons", "its skeletons")]:
        body = open(os.path.join(src, td + f_in), encoding="utf-8").read()
        o = header(CR_VER, td + f_in, "all (%d)" % body.count("\n"),
                   "copied unchanged below this header; " + what + ".")
        write(out, f_out, o + "#\n" + body)

    # Unescape table (base/strings/escape.cc).
    rel3 = "base/strings/escape.cc"
    t3 = open(os.path.join(src, rel3), encoding="utf-8").read()
    s = t3.index("const std::array<char, 128> kUrlUnescape = {")
    e = t3.index("};", s)
    vals = [int(v) for v in re.findall(r"\b([01]),", re.sub(r"//[^\n]*", "", t3[s:e]))]
    assert len(vals) == 128, len(vals)
    ok = [c for c in range(128) if vals[c]]
    s2 = t3.index("bool ShouldUnescapeCodePoint(")
    e2 = t3.index("\n}\n", s2)
    fn = t3[s2:e2]
    singles = [int(x, 16) for x in re.findall(r"code_point == (0x[0-9A-Fa-f]+)", fn)]
    ranges = [(int(a, 16), int(b, 16)) for a, b in
              re.findall(r"code_point >= (0x[0-9A-Fa-f]+) && code_point <= (0x[0-9A-Fa-f]+)", fn)]
    o = header(CR_VER, rel3, "%d-%d (kUrlUnescape) and %d-%d (ShouldUnescapeCodePoint)"
               % (line_no(t3, s), line_no(t3, e), line_no(t3, s2), line_no(t3, e2)),
               "[ascii-unescaped] the ASCII characters whose %XX escapes UnescapeRule::NORMAL decodes; "
               "every other ASCII escape stays (SPACES adds ' ', PATH_SEPARATORS adds '/' and '\\\\', "
               "URL_SPECIAL_CHARS_EXCEPT_PATH_SEPARATORS adds every other printable). [never-unescaped] "
               "non-ASCII code points whose UTF-8 escapes are never decoded, under any rule.")
    o += "[ascii-unescaped]\n" + "".join(chr(c) for c in ok) + "\n"
    o += "[ascii-kept-escaped]\n" + " ".join("%02X" % c for c in range(128) if not vals[c]) + "\n"
    o += "[never-unescaped]\n"
    items = [(c, c) for c in singles] + ranges
    for a, b in sorted(set(items)):
        o += ("%04X\t%s\n" % (a, name(a))) if a == b else ("%04X..%04X\n" % (a, b))
    write(out, "chromium-unescape.txt", o)


# ---------------------------------------------------------------- Firefox
def firefox(src, out):
    rel = "netwerk/dns/IDNCharacterBlocklist.inc"
    t = open(os.path.join(src, rel), encoding="utf-8").read()
    rng = [(int(a, 16), int(b, 16)) for a, b in re.findall(r"\{\s*(0x[0-9A-Fa-f]+),\s*(0x[0-9A-Fa-f]+)\s*\}", t)]
    o = header(FF_VER, rel, "all (%d)" % t.count("\n"),
               "one range a line (first last, hex, inclusive). A label with any of these BMP code points "
               "is shown as Punycode (nsIDNService::IsLabelSafe, isOnlySafeChars).")
    o += "".join("%04X\t%04X\t%s\n" % (a, b, name(a)) for a, b in rng)
    write(out, "firefox-idn-blocklist.txt", o)

    rel = "netwerk/dns/nsIDNService.cpp"
    t = open(os.path.join(src, rel), encoding="utf-8").read()
    o = header(FF_VER, rel, "see each section", "the code points each nsIDNService::Init* function "
               "inserts into its set; Thai rows marked linux come from the #if defined(XP_LINUX) && "
               "!defined(ANDROID) block.")
    for fn in ("InitCJKSlashConfusables", "InitCJKIdeographs", "InitDigitConfusables",
               "InitCyrillicLatinConfusables", "InitThaiLatinConfusables"):
        s = t.index("void nsIDNService::%s()" % fn)
        e = t.index("\n}\n", s)
        o += "\n[%s] lines %d-%d\n" % (fn, line_no(t, s), line_no(t, e))
        block = t[s:e]
        # An Insert( may end its line, the code point on the next.
        for m in re.finditer(r"Insert\(\s*(0x[0-9A-Fa-f]+)\)", block):
            before = block[:m.start()]
            opened, closed = before.rfind("\n#if"), before.rfind("\n#endif")
            linux = opened > closed
            c = int(m.group(1), 16)
            o += "%04X\t%s\t%s%s\n" % (c, chr(c), name(c), "\tlinux-only" if linux else "")
    s = t.index("static const ScriptCombo scriptComboTable")
    e = t.index("};", s)
    o += "\n[scriptComboTable] lines %d-%d (row: saved state; column: script of the next non-Common/Inherited character; FAIL or OTHR result = unsafe)\n" % (line_no(t, s), line_no(t, e))
    o += "\n".join(ln.strip() for ln in t[s:e].split("\n")[1:] if ln.strip()) + "\n"
    write(out, "firefox-idn-tables.txt", o)


# ---------------------------------------------------------------- WebKit
def webkit(src, out):
    rel = "Source/WTF/wtf/URLHelpers.cpp"
    t = open(os.path.join(src, rel), encoding="utf-8").read()
    o = header(WK_VER, rel, "see each section", "the switch cases and lists of URLHelpers.cpp.")
    s = t.index("void initializeDefaultIDNAllowedScriptList()")
    e = t.index("\n}\n", s)
    scripts = re.findall(r"USCRIPT_(\w+),", t[s:e])
    o += "\n[allowed-scripts] lines %d-%d (initializeDefaultIDNAllowedScriptList; uscript_getScript of every code point must be one of these)\n" % (line_no(t, s), line_no(t, e))
    o += "\n".join(scripts) + "\n"
    s = t.index("static bool isLookalikeCharacter(")
    e = t.index("\n}\n", s)
    body = t[s:e]
    sw = body.index("switch (codePoint)")
    uncond = body[sw:body.index("return true;", sw)]
    cps = [int(x, 16) for x in re.findall(r"case (0x[0-9A-Fa-f]+):", uncond)]
    o += "\n[lookalike-characters] lines %d-%d (isLookalikeCharacter: always lookalike, besides every code point that is !u_isprint, u_isUWhiteSpace, Default_Ignorable_Code_Point, or in the IPA Extensions or Deseret blocks)\n" % (line_no(t, s), line_no(t, e))
    o += "".join("%04X\t%s\n" % (c, name(c)) for c in sorted(cps))
    o += "\n[lookalike-after] (U+0307 COMBINING DOT ABOVE is lookalike after these)\n0237\n0131\n05D5\n"
    for script in ("ARMENIAN", "TAMIL", "CANADIAN_ABORIGINAL", "THAI"):
        s = t.index("template<> bool isLookalikeCharacterOfScriptType<USCRIPT_%s>" % script)
        e = t.index("\n}\n", s)
        cps = [int(x, 16) for x in re.findall(r"case (0x[0-9A-Fa-f]+):", t[s:e])]
        o += "\n[lookalike-sequence %s] lines %d-%d (isLookalikeSequence: lookalike when next to a character of another script that is not an ASCII digit or a valid host punctuation)\n" % (script, line_no(t, s), line_no(t, e))
        o += "".join("%04X\t%s\n" % (c, name(c)) for c in cps)
    o += "\n[lookalike-sequence ARABIC] (U+064B..U+065F after a non-Arabic character, or first)\n064B..065F\n"
    write(out, "webkit-idn-tables.txt", o)


def main():
    cr, ff, wk, out = sys.argv[1:5]
    chromium(cr, out)
    firefox(ff, out)
    webkit(wk, out)


if __name__ == "__main__":
    main()
