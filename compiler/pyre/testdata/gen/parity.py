"""Generates ../../parity_data_test.go from CPython 3.11's re module.

Run from this directory with CPython 3.11 (the parity target):

    python3.11 parity.py > ../../parity_data_test.go && gofmt -w ../../parity_data_test.go

The Go tests then need no Python. Each search case is compiled the way
hookify does it, re.compile(pattern, re.IGNORECASE), unless its flags say 0.
"""
import re
import sys
import warnings

from goquote import goquote

warnings.simplefilter('ignore')
assert sys.version_info[:2] == (3, 11), sys.version

I = re.IGNORECASE

# (pattern, subject[, flags]) grouped by the construct they exercise.
SEARCH = [
    # literals and escapes
    ('abc', 'xxabcxx'), ('abc', 'ab c'), (r'\x41', 'a'), (r'\u00e9', 'É'), (r'\U0001F600', 'x\U0001F600'),
    (r'\0', 'a\x00'), (r'\101', 'a'), (r'\08', '\x008'), (r'\n', 'a\nb'), (r'\t', 'a b'), (r'\\', 'a\\b'),
    (r'\.', 'a.b'), (r'\.', 'ab'), (r'\-', '-'), (r'\ ', ' '), ('\\é', 'É'), (r'\a\f\v\r', '\a\f\v\r'),
    ('a{', 'a{'), ('a{x}', 'a{x}'), ('x{}', 'x{}'), ('a{1', 'a{1'), ('a{,1', 'a{,1'), ('{', '{'), ('}', '}'), (']', ']'),
    # case folding under IGNORECASE
    ('k', 'K'), ('k', '\u212a'), ('\u212a', 'k'), ('s', '\u017f'), ('\u017f', 'S'), ('i', '\u0130'), ('i', '\u0131'),
    ('\u0131', 'I'), ('\u0130', '\u0131'), ('ß', 'ẞ'), ('ẞ', 'ß'), ('ß', 'ss'), ('σ', 'ς'), ('Σ', 'ς'), ('µ', 'μ'),
    ('µ', 'Μ'), ('\u0390', '\u1fd3'), ('\u03b0', '\u1fe3'), ('\ufb05', '\ufb06'), ('\u01c5', '\u01c4'), ('\u01c5', '\u01c6'),
    ('\u0345', '\u03b9'), ('\u0345', '\u1fbe'), ('\u1e9b', '\u1e60'), ('\u13a0', '\uab70'), ('\U00010400', '\U00010428'),
    ('\u2126', 'ω'), ('\u00c5', '\u212b'), ('é', 'É'), ('git', 'GIT'), ('git', 'G\u0130T'), ('push', 'PU\u017fH'),
    ('k', 'K', 0), ('k', 'k', 0), ('(?i)k', '\u212a', 0), ('(?i:S)', '\u017f', 0), ('(?-i:k)', 'K'), ('(?-i:[a-z])', 'K'),
    ('(?-i:[a-z])', '\u212a'), ('(?-i:ß)', 'ẞ'),
    # ASCII mode
    ('(?a)k', '\u212a'), ('(?a)k', 'K'), ('(?a)é', 'É'), ('(?a)[a-z]', '\u0131'), ('(?a)[à-ÿ]', 'À'), ('(?a:s)', '\u017f'),
    ('(?a)\\w', 'é'), ('(?a)\\w', '_'), ('(?a)\\d', '\u0663'), ('(?a)\\s', '\x1c'), ('(?a)\\s', '\x0b'), ('(?a)\\s', '\xa0'),
    ('(?a)x\\b', 'xé'), ('(?a:x\\b)', 'xé'), ('(?a)[^\\W]', 'é'), ('(?a)\\W', '\u212a'), ('(?a)x(?u:\\w)', 'xé'),
    # any
    ('.', '\n'), ('.', '\r'), ('(?s).', '\n'), ('(?s:.)', '\n'), ('a.c', 'a\U0001F600c'), ('.', '\ud800'), ('^.$', '\udcff'),
    # categories
    (r'\d', '\u0663'), (r'\d', '\u00b2'), (r'\d', '\u2160'), (r'\d', '\U00011f50'), (r'\D', '\U00011f50'),
    (r'\w', 'é'), (r'\w', '\u00b2'), (r'\w', '\u2160'), (r'\w', '\u203f'), (r'\w', '\u0301'), (r'\w', '_'),
    (r'\w', '\u200c'), (r'\w', '\U00031350'), (r'\W', '\U00031350'), (r'\w', '\u4e00'), (r'\W', '\u0301'),
    (r'\s', '\x1c'), (r'\s', '\x1f'), (r'\s', '\xa0'), (r'\s', '\x85'), (r'\s', '\u3000'), (r'\s', '\u200b'),
    (r'\s', '\u180e'), (r'\s', '\x0b'), (r'\S', '\x1c'), (r'\S', 'x'),
    # classes
    ('[a-z]+', '123abc'), ('[a-z]', '\u212a'), ('[a-z]', '\u0130'), ('[a-z]', '\u017f'), ('[^a-z]', 'K'), ('[^a-z]', '\u212a'),
    ('[^a-z]', '1'), ('[]a]', ']'), ('[^]a]', 'b'), ('[^]a]', ']'), ('[a-]', '-'), ('[-a]', '-'), ('[\\b]', '\b'),
    ('[\\d-]', '-'), ('[\\w-]', '@'), ('[.]', 'x'), ('[$^]', '^'), ('[\\]]', ']'), ('[\\x41-\\x43]', 'b'),
    ('[\\101]', 'a'), ('[\\0]', '\x00'), ('[\\u0100-\\u017f]', '\u017f'), ('[\\u0100-\\u017f]', 'S'),
    ('[^\\W\\d]', '5'), ('[^\\W\\d]', 'x'), ('[\\D\\W]', '5'), ('[\\D\\W]', 'x'), ('[\\Sx]', ' '), ('[^\\Sx]', ' '),
    ('[^\\Sx]', 'X'), ('[\\s\\S]', '\n'), ('[^\\s\\S]', 'a'), ('[\\W\\w]', '\n'), ('[\\w\\u0345]', '\u0399'),
    ('[\\w]', '\u0345'), ('[^\\W]', '\u0345'), ('[^\\W]', '\u0399'), ('[\\ud800-\\udfff]', '\udc80'), ('[+-[]', '['),
    ('[[:alpha:]]', 'x'), ('[[:alpha:]]', ':'), ('[\\U00010000-\\U0010ffff]', '\U0001F600'),
    ('[\U00010400]', '\U00010428'), ('[&&]', '&'), ('[--]', '-'),
    # anchors
    ('^git', 'git push'), ('^git', ' git'), ('^git', 'x\ngit'), ('(?m)^git', 'x\ngit'), ('foo$', 'foo\n'),
    ('foo$', 'foo\n\n'), ('(?m)foo$', 'foo\nbar'), ('foo\\Z', 'foo\n'), ('foo\\Z', 'foo'), ('\\Afoo', 'foo'),
    ('$', ''), ('^$', '\n'), ('(?m)^$', 'a\n'), ('\\bfoo\\b', 'a foo b'), ('\\bfoo\\b', 'afoob'), ('\\bfoo', 'éfoo'),
    ('\\bfoo', '\u00b2foo'), ('\\bfoo', '\u203ffoo'), ('\\bfoo', '\u0301foo'), ('foo\\b', 'foo\u0301'),
    ('\\b', ''), ('\\B', ''), ('\\B', ' '), ('\\B', 'a'), ('a\\Bb', 'ab'), ('a\\B', 'a b'), ('\\b-', 'a-'),
    ('-\\b', '-a'), ('-\\b', '--'), ('\\Bx\\B', 'axb'), ('(?:\\b)+x', 'x'), ('x\\b(?=y)', 'xy'),
    # groups and backreferences
    ('(a)(b)\\2\\1', 'abba'), ('(?P<w>\\w+) (?P=w)', 'hi hi'), ('(?P<w>\\w+) (?P=w)', 'hi ho'),
    ('(s)\\1', 's\u017f'), ('(s)\\1', 'sS'), ('(i)\\1', 'i\u0130'), ('(i)\\1', 'i\u0131'), ('(ß)\\1', 'ßẞ'),
    ('(s)\\1', 'sS', 0), ('(?i:(s)\\1)', 'sS', 0), ('(a)|\\1', 'x'), ('(a)|b\\1', 'b'), ('(a)?b\\1', 'b'),
    ('(?:(a)|b)\\1', 'ba'), ('(?P<x>a)(?P=x)(?P<y>b)(?P=y)', 'AaBb'),
    # conditionals
    ('(a)?(?(1)b|c)', 'ab'), ('(a)?(?(1)b|c)', 'c'), ('(a)?(?(1)b|c)', 'b'), ('(?P<q>")?\\w+(?(q)")', '"x"'),
    ('(?P<q>")?\\w+(?(q)")', 'x"'), ('(a)?(?(1)b)c', 'c'), ('(?(1)a|b)(x)', 'b'),
    # look-arounds
    ('git push(?!.*--dry-run)', 'git push origin'), ('git push(?!.*--dry-run)', 'git push --dry-run'),
    ('(?<=sudo )rm', 'sudo rm -rf'), ('(?<=sudo )rm', 'su rm'), ('(?<!\\w)rm', 'rm x'), ('(?<!\\w)rm', 'arm'),
    ('(?<=a|b)c', 'bc'), ('(?<=ab|cd)e', 'cde'), ('(?<=(a))\\1', 'aa'), ('(a)(?<=\\1)', 'a'), ('(?<=\\bfoo)bar', 'foobar'),
    ('(?<=(?=x)x)y', 'xy'), ('(?<=x(?<=ab)x)', 'abx'), ('(?<=a{2})b', 'aab'), ('(?<![^a])b', 'b'), ('x(?=y)', 'xy'),
    ('x(?!y)', 'xy'), ('(?=a)*b', 'b'),
    # atomic groups and possessive repeats
    ('(?>a+)b', 'aaab'), ('(?>a+)a', 'aaa'), ('a++a', 'aaa'), ('a*+b', 'aab'), ('(?:ab)?+ab', 'ab'), ('a{1,3}+a', 'aaaa'),
    ('a?+a', 'a'), ('(?>x|xy)z', 'xyz'), ('(?:x|xy)z', 'xyz'),
    # repeats
    ('a{,3}b', 'aab'), ('a{,}b', 'aaab'), ('a{2}', 'a'), ('a{2}', 'aa'), ('a{2,}', 'aaa'), ('a{1,2}?b', 'aab'),
    ('a*?b', 'aaab'), ('a??b', 'b'), ('(?:)*a', 'a'), ('(|a)+b', 'ab'), ('a{0}b', 'b'), ('(a|)*', ''),
    ('a{4294967294}', 'a'), ('(?:a{1000}){1000}', 'a'), ('(?<=a{4294967294}b|c{4294967294}d)x', 'x'),
    ('(?<=(?:a{65535}){65537})x', 'x'),
    # alternation
    ('rm\\s+-rf|chmod\\s+777', 'chmod  777 x'), ('a|b|c', 'c'), ('|a', 'x'), ('(a|ab)(c|bcd)(d*)', 'abcd'),
    # verbose mode
    ('(?x) a b # comment\n c', 'abc'), ('(?x)a\\ b', 'a b'), ('(?x)[ ]', ' '), ('(?x)a#b', 'a'), ('(?x)a{1, 2}', 'a{1,2}'),
    ('(?x)a {2}', 'aa'), ('(?x:a b)c', 'abc'), ('(?x)(?-x: )', ' '), ('(?i)(?x) A', 'a', 0),
    # other flags
    ('(?u)\\w', 'é'), ('(?t)ab', 'xab'), ('(?s)a.b', 'a\nb'), ('(?m)a$\\n^b', 'a\nb'), ('(?i)(?m)^x', 'y\nX'),
    # typical guards
    ('rm\\s+-rf', 'RM  -RF /'), ('git\\s+push.*--force', 'git push origin main --force'), ('\\.env$', 'cat .ENV'),
    ('\\.env$', 'cat .env.local'), ('console\\.log\\(', 'console.log("x")'),
    ('(api[_-]?key|secret)\\s*[:=]\\s*[\'"][A-Za-z0-9]{16,}[\'"]', 'API_KEY = "abcdefghijklmnopq"'),
    ('\\beval\\s*\\(', 'x = eval (y)'), ('\\beval\\s*\\(', 'medieval(x)'), ('^git\\s+', 'git  status'),
    ('TODO|FIXME', 'fixme later'), ('docker-compose\\s+down.*-v', 'docker-compose down --volumes -v'),
]

# Known divergences (see the package documentation): CPython 3.11 answers
# differently from the documented semantics that we implement.
DIVERGENT = [
    # search's first-character prefilter reads \w in a leading class with the
    # global ASCII/UNICODE flag, not the scoped one (re.match agrees with us)
    ('(?a)(?u:\\w)', 'é'), ('(?a:\\W)', 'é'), ('(?a:\\D)', '\u0663'),
    # group state after backtracking / zero-width iterations
    ('(((?(1)|b))*){1,}(\\2(([b])))', 'b'), ('((([^a]*))(?(1)^))([^a]\\Z)', ' b'),
]

# Patterns Python rejects (or raises another exception for), and patterns
# that are valid but unsupported here.
ERRORS = [
    '*', 'a**', '+a', '?', '{1}', '{2,1}', 'x{1}{2}', 'a*?+', '\\b*', '^*', '$*', '\\A*', '(?i)*', 'a{2,1}',
    'a{4294967295}', 'a{1,4294967295}', 'a{99999999999999999999}',
    '(a', '((a)', '(?:a', '(?=a', '(?<=a', '(?P<n>a', 'a)', 'a))', '(?#abc', '(?', '(?P', '(?Px', '(?P>a)',
    '(?<', '(?<n>x)', '(?<x', '(?x', '(?i', '(?-i)a', '(?i-', '(?-', '(?-:a)', '(?i-:a)', '(?z)', '(?iz)', '(?i-z:a)',
    '(?i-1:a)', '(?i1)', '(?L)a', '(?aL)', '(?au)a', '(?a)(?u)a', '(?-a:a)', '(?-u:a)', '(?i-i:a)', '(?t:a)', '(?-t:a)',
    '(?t)a*', '(?t)a*?', '(?t)a*+',
    'a|(?i)b', 'a(?i)', '(?:(?i)a)', ' (?i)a', '(?i)a(?m)', '(?x) a(?i)',
    '[a', '[]', '[^]', '[a-', '[a\\', '[z-a]', '[a-\\d]', '[\\d-a]', '[\\w-z]', '[\\x41-\\x40]', '[\\q]', '[\\8]',
    '[\\777]', '[\\x]', '[\\x1g]', '[\\u12]',
    '\\z', '\\q', '\\8', '\\1', '\\2', '(a)\\2', '(a\\1)', '(a)\\11', '\\777', '\\400', '\\x1', '\\u12', '\\U0001',
    '\\U00110000', '\\N', '\\N{', '\\N{a', '\\N{}', '\\N{bogus!}', '\\N{ LATIN SMALL LETTER A}', 'a\\', '*\\',
    '(?P<', '(?P<a', '(?P<>a)', '(?P<a b>x)', '(?P<1>x)', "(?P<a'b>x)", '(?P<a"b>x)', '(?P<a\nb>x)',
    '(?P<a>x)(?P<a>y)', '(?P=b)', '(?P=a', '(?P=)', '(?P=1)', '(?P<a>(?P=a))',
    '(?(1)a|b)', '(x)(?(1)a|b|c)', '(x)(?(2)a)', '(?(a)x)', '(?(1a)x)', '(?(-1)x)', '(?(0)x)', '(?(+0)x)', '(?()a)',
    '(?(1', '(?(2)a)(?(1)b)', '(?(99999999999999999999)x)', '(?(1_0)x)', '(?(٣)x)',
    '(?<=a+)', '(?<=a|bc)', '(?<=a|)', '(?<=a*?)', '(?<=a++)', '(a+)(?<=\\1)', '(a)(?<=(?(1)a))',
    '(?<=(?:a{65536}){65536})', '(?<=xa{4294967294}b|xc{4294967294}b)', '(?<=a{4294967294}|b)', '(?<=(a)\\1)', '(?P<a>x)(?<=(?P<b>y)(?P=b))', '(?<=(?(1)a|b))', '(?<=\\2)',
    '(?<=a+)(', 'a\nb)', 'a\n\nb(?x', '\\N{LATIN SMALL LETTER A}', '(?ai)(x)\\1', '\\N{\nx}',
]


# Patterns for which Python issues warnings (also with errors after them).
WARNS = [
    '[[a]', '[[:alpha:]]', '[[]', '[^[]', '[a[]', '[a&&b]', '[a~~b]', '[a||b]', '[--a]', '[^--]', '[&&&]', '[a&&&]',
    '[!--]', '[a-b--c]', '[a\\-&&]', '[\\&&]', '(?x)[[a]', '[[', '[a&&', 'x(?<=[[a])', '(?(+1)a)(b)', '(?(1_0)a)',
    '(?(01)a)(b)', '(?(\u0661)a)(b)', '(?( 1)a)(b)', '[[a]\\q', 'abc',
]


def warning_cases():
    out = []
    for pat in WARNS:
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter('always')
            re.purge()  # a cached pattern issues no warnings
            try:
                re.compile(pat, I)
            except re.error:
                pass
        got = ['%s: %s' % (w.category.__name__, w.message) for w in ws]
        out.append('\t{%s, []string{%s}},' % (goquote(pat), ', '.join(goquote(g) for g in got)))
    return out


def search_cases():
    out = []
    for case in SEARCH:
        pat, subj = case[0], case[1]
        flags = case[2] if len(case) > 2 else I
        want = re.compile(pat, flags).search(subj) is not None
        out.append('\t{%s, %s, %s, %s},' % (goquote(pat), goquote(subj), 'true' if flags & I else 'false',
                                             'true' if want else 'false'))
    return out


def divergent_cases():
    out = []
    for pat, subj in DIVERGENT:
        want = re.compile(pat, I).search(subj) is not None
        out.append('\t{%s, %s, true, %s},' % (goquote(pat), goquote(subj), 'true' if want else 'false'))
    return out


def error_cases():
    out = []
    for pat in ERRORS:
        try:
            re.compile(pat, I)
        except re.error as e:
            exc, msg = 're.error', str(e)
        except Exception as e:  # OverflowError, ValueError, RecursionError
            exc, msg = type(e).__name__, str(e)
        else:
            exc, msg = '', ''  # valid in Python: unsupported here
        out.append('\t{%s, %s, %s},' % (goquote(pat), goquote(exc), goquote(msg)))
    return out


print('// Code generated by testdata/gen/parity.py from CPython %s; DO NOT EDIT.' % sys.version.split()[0])
print()
print('package pyre')
print()
print('// searchCases: bool(re.compile(pattern, flags).search(subject)).')
print('var searchCases = []searchCase{')
print('\n'.join(search_cases()))
print('}')
print()
print('// divergentCases: Python\'s answers where we knowingly answer the opposite.')
print('var divergentCases = []searchCase{')
print('\n'.join(divergent_cases()))
print('}')
print()
print('// warningCases: the warnings re.compile(pattern, re.IGNORECASE) issues.')
print('var warningCases = []warningCase{')
print('\n'.join(warning_cases()))
print('}')
print()
print('// errorCases: what re.compile(pattern, re.IGNORECASE) raises; an empty')
print('// exception means Python accepts the pattern and we report Unsupported.')
print('var errorCases = []errorCase{')
print('\n'.join(error_cases()))
print('}')
