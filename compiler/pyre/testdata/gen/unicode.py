"""Generates ../unicode/*: CPython 3.11's view of every code point.

Run from this directory with CPython 3.11:  python3.11 unicode.py

  categories.txt  ranges matched by re's \\w, \\d, \\s (Unicode mode)
  identifier.txt  ranges of str.isidentifier() first and later characters
  caseclasses.txt each line: the code points re.IGNORECASE identifies
                  (every class of two or more)
  digits.txt      each line: an Nd code point and its decimal value
  classes.json.gz for each pattern, the ranges of single code points that
                  re.compile(pattern, re.I).fullmatch accepts
"""
import gzip
import json
import re
import sys
import unicodedata

assert sys.version_info[:2] == (3, 11), sys.version
N = 0x110000
ALL = ''.join(chr(c) for c in range(N))


def ranges(pred):
    out, start = [], None
    for c in range(N + 1):
        m = c < N and pred(c)
        if m and start is None:
            start = c
        elif not m and start is not None:
            out.append((start, c - 1))
            start = None
    return out


def fmt(rs):
    return ' '.join('%x-%x' % r for r in rs)


def matched(rx):
    hit = bytearray(N)
    for m in rx.findall(ALL):
        hit[ord(m)] = 1
    return ranges(lambda c: hit[c])


with open('../unicode/categories.txt', 'w') as f:
    for name in 'wds':
        f.write(name + ' ' + fmt(matched(re.compile('\\' + name))) + '\n')

with open('../unicode/identifier.txt', 'w') as f:
    f.write('start ' + fmt(ranges(lambda c: chr(c).isidentifier())) + '\n')
    f.write('continue ' + fmt(ranges(lambda c: ('a' + chr(c)).isidentifier())) + '\n')

with open('../unicode/digits.txt', 'w') as f:
    for c in range(N):
        if unicodedata.category(chr(c)) == 'Nd':
            f.write('%x %d\n' % (c, unicodedata.decimal(chr(c))))

# Case classes: every code point that has any case mapping, or is the
# result of one, is a candidate; re itself says what it matches.
cand = set()
for c in range(N):
    ch = chr(c)
    for f in (str.lower, str.upper, str.casefold, str.title, str.swapcase):
        v = f(ch)
        if v != ch:
            cand.add(c)
            cand.update(ord(x) for x in v)
classes = set()
for c in sorted(cand):
    ms = frozenset(ord(m) for m in re.compile(re.escape(chr(c)), re.I).findall(ALL))
    if len(ms) > 1:
        classes.add(tuple(sorted(ms)))
with open('../unicode/caseclasses.txt', 'w') as f:
    for cl in sorted(classes):
        f.write(' '.join('%x' % c for c in cl) + '\n')

PATTERNS = [
    r'\w', r'\W', r'\d', r'\D', r'\s', r'\S', r'.', r'(?s).', r'[a-z]', r'[^a-z]', r'[A-Z]', r'k', r's', r'i', r'I',
    'ß', 'σ', 'Σ', '\u0345', 'ι', 'µ', 'ΐ', 'ﬅ', 'ǅ', r'\u0130', r'\u0131', r'[\w\u0345]', r'[^\w\u0345]', r'[^\W]',
    r'[\W\d]', r'[^\W\d]', r'[\D\W]', r'[\Sx]', r'[^\Sx]', r'[\s\d]', r'[^\s\w]', r'[\u0100-\u024f]',
    r'[^\u0100-\u024f]', r'[\u0370-\u03ff]', r'[\u0400-\u052f]', r'[\u1e00-\u1fff]', r'[\u2c00-\u2d2f]',
    r'[\ua640-\ua7ff]', r'[\U00010400-\U0001044f]', r'[\U0001e900-\U0001e94b]', r'[\u10a0-\u10ff]',
    r'[\u13a0-\u13ff]', r'[\uab70-\uabbf]', r'[\x00-\U0010ffff]', r'[^\x00-\U0010ffff]', r'[\u0000-\u00ff]',
    r'[^\u0000-\u00ff]', r'[\u2100-\u218f]', r'[\uff00-\uffef]', r'[\U00016e40-\U00016e9f]',
    r'[\U000104b0-\U000104ff]', r'[\U00010570-\U000105bf]', r'[\U00010c80-\U00010cff]', r'[\U000118a0-\U000118ff]',
    r'[a-z\d]', r'[^a-z\s]', r'(?a)\w', r'(?a)[^\W]', r'(?a)\s', r'(?a)\S', r'(?a)\d', r'(?a)k', r'(?a)[a-z]',
    r'(?a)[^a-z]', r'(?a)[\u0100-\u024f]', r'(?-i:[a-z])', r'(?-i:k)', r'(?-i:[^\w])', r'[\ud800-\udfff]',
    r'[\u1c80-\u1c88]', r'[\u0390-\u03b0]', r'[\ufb00-\ufb06]', r'[\u01c4-\u01cc]', r'(?-i:\W)', r'[^\d\s]',
]
out = []
for p in PATTERNS:
    out.append({'p': p, 'r': matched(re.compile(p, re.I))})
with gzip.open('../unicode/classes.json.gz', 'wt') as f:
    json.dump(out, f, separators=(',', ':'))
