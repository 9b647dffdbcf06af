#!/usr/bin/env python3
"""Regenerates the golden files of package pyval from the real CPython.

Run with CPython 3.11 (the parity target) from this directory:

    python3 gen_golden.py            # the committed golden files (small)
    python3 gen_golden.py --big DIR  # many more random cases into DIR; then
                                     # PYVAL_GOLDEN_DIR=DIR go test ./compiler/pyval/

The Go tests only read the files; they never run Python.
Every field is hex-encoded bytes (strings as UTF-8, lone surrogates as
3-byte generalised UTF-8, i.e. 'surrogatepass'), one case per line.
"""
import codecs
import json
import random
import struct
import sys

assert sys.version_info[:2] == (3, 11), sys.version


def wtf8(s):
    return s.encode('utf-8', 'surrogatepass')


def h(b):
    if isinstance(b, str):
        b = wtf8(b)
    return b.hex() or '-'


def _wtf8_escape(err):
    # Mirror pyval's reading of non-WTF-8 input: a 3-byte encoded surrogate
    # is that surrogate, any other bad byte b is U+DC00+b (surrogateescape).
    b = err.object
    i = err.start
    if b[i] == 0xED and i + 2 < len(b) and 0xA0 <= b[i+1] <= 0xBF and 0x80 <= b[i+2] <= 0xBF:
        return chr(0xD000 | (b[i+1] & 0x3F) << 6 | (b[i+2] & 0x3F)), i + 3
    return chr(0xDC00 + b[i]), i + 1


codecs.register_error('wtf8escape', _wtf8_escape)


def printable_ranges():
    out, start = [], None
    for c in range(0x110001):
        p = c < 0x110000 and chr(c).isprintable()
        if p and start is None:
            start = c
        elif not p and start is not None:
            out.append('%x %x' % (start, c - 1))
            start = None
    return out


def interesting_floats(rng, n):
    fs = [0.0, -0.0, float('inf'), float('-inf'), float('nan'), 1.0, -1.0, 0.1, 0.2, 0.3, 1/3, 2/3,
          1e16, 1e15, 9999999999999998.0, 1e16 - 2, 123456789012345678.0, 1e-4, 1e-5, 0.00012345, 1.5e-5,
          5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, 1.7976931348623157e308,
          100000.0, 1e22, 1e23, 9007199254740993.0, 4.35, 0.3 + 0.6, 1.1 * 3, 2.0 ** 63, 2 ** 64 + 0.0,
          123.456, -0.000001, 1e100, 1e-100, 3.14159, 2.5e-5, 99999.99999999999, 0.1 + 0.2]
    fs += [10.0 ** k for k in range(-30, 30)]
    fs += [-(10.0 ** k) * 1.5 for k in range(-30, 30)]
    while len(fs) < n:
        kind = rng.random()
        if kind < 0.4:
            f = struct.unpack('<d', rng.getrandbits(64).to_bytes(8, 'little'))[0]
        elif kind < 0.7:
            f = round(rng.uniform(-1e6, 1e6), rng.randint(0, 12))
        else:
            f = float('%de%d' % (rng.randint(1, 10 ** rng.randint(1, 17)), rng.randint(-330, 310)))
        fs.append(f)
    return fs


def random_text(rng, n):
    pools = [
        lambda: chr(rng.randint(0x20, 0x7e)),
        lambda: chr(rng.randint(0, 0x20)),
        lambda: rng.choice('\'"\\\x7f\n\r\t/<>&'),
        lambda: chr(rng.randint(0x80, 0x2ff)),
        lambda: chr(rng.randint(0x2000, 0x206f)),
        lambda: chr(rng.randint(0xd800, 0xdfff)),
        lambda: chr(rng.randint(0xe000, 0xffff)),
        lambda: chr(rng.randint(0x10000, 0x10ffff)),
        lambda: chr(rng.choice([0x1fa75, 0x1f600, 0xe0001, 0xf0000, 0x10ffff, 0x31350, 0xcf3, 0x2028, 0xfeff, 0xad, 0xa0, 0x3000])),
        lambda: rng.choice(['é', 'ü', '日本', '⚠️', '😀', 'ß']),
    ]
    return ''.join(rng.choice(pools)() for _ in range(n))


def str_cases(rng, n):
    base = ['', 'a', "'", '"', '\'"', 'it\'s', 'say "hi"', 'both \' and "', '\\', 'a\\nb', '\n\r\t\x00\x1f\x7f',
            '\x80\x9f\xa0\xad\xff', 'é', '⚠️ **x**', '😀', '\ud800', '\udfff', '\ud83d\ude00', '\udcff', '\u2028\u2029',
            '\u3000', '\ufeff', '\u200b', '\U000e0001', '\U000f0000', '\U0010ffff', '\U0001fa75', '\u0cf3', '\U00031350',
            '\u0378', '\u0300', 'a\u0301', '\x1b[31m', '日本語', 'Ω≈ç√']
    out = list(base)
    out += [chr(c) for c in range(0, 0x100)]
    while len(out) < n:
        out.append(random_text(rng, rng.randint(1, 12)))
    return out


def random_value(rng, depth=0):
    k = rng.random()
    if depth > 3 or k < 0.5:
        return rng.choice([
            lambda: None, lambda: True, lambda: False,
            lambda: rng.randint(-10 ** 20, 10 ** 20), lambda: rng.randint(-5, 5),
            lambda: rng.choice(interesting_floats(rng, 50)),
            lambda: random_text(rng, rng.randint(0, 8)),
        ])()
    if k < 0.75:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {random_text(rng, rng.randint(0, 4)): random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def mutate(rng, b):
    b = bytearray(b)
    for _ in range(rng.randint(1, 3)):
        op = rng.random()
        pos = rng.randint(0, len(b))
        if op < 0.3 and b:
            del b[min(pos, len(b) - 1)]
        elif op < 0.6:
            b[pos:pos] = rng.choice([b'"', b'\\', b',', b':', b'{', b'}', b'[', b']', b' ', b'\n', b'\r', b'\t', b'\x01',
                                     b'\\u', b'\\ud800', b'\\udc00', b'-', b'0', b'1e', b'.', b'\xff', b'\xed\xa0\x80',
                                     'é'.encode(), '😀'.encode(), b'\xef\xbb\xbf', b'NaN', b'null', b'x'])
        elif b:
            pos = min(pos, len(b) - 1)
            b[pos] = rng.randint(0, 255)
    return bytes(b)


HANDPICKED = [
    '', ' ', 'not json', 'a\nb', '\n\n  x', '\r\n x', 'é x', '"é\n', '"日本"x', '{"é":1 "b"}', '😀', '["😀", 1 2]',
    '{"a":1} x', '{a:1}', '{"a":1,}', '{"a":"x', '{"a":"x\x01"}', '{"a" 1}', '{"a":1 "b":2}', '[1,2', '\ufeff{}', '\ufeff',
    ' \ufeff{}', '{', '[', '{ ', '[ ', '{"a"', '{"a":', '{"a":1', '{"a":1,', '[1', '[1,', '[1,]', '[,]', '{,}', '{}', '[]',
    ' {} ', ' [ ] ', '{ "a" : [ 1 , { } ] }', '-', '-a', '-Infinity', '-Inf', 'Infinity', 'NaN', 'nan', 'nul', 'nullx',
    'null', 'true', 'false', 'truex', 'tru', 'fals', '01', '00', '-01', '1.', '1.e5', '1e', '1e+', '1e-', '1e+5', '1E5',
    '1e-5', '-0', '-0.0', '0.0', '1.5e', '0x1', '1e400', '-1e400', '1e-400', '1E+308', '2.5e-324', '3e-324',
    '123456789012345678901234567890', '-123456789012345678901234567890', '0.1', '1.0', '100000.0', '1e16',
    '12345678901234567890.5', '1' * 50 + 'e-40', '1' * 400 + '.5', '0.' + '0' * 400 + '1', '[1 2]', '[true,false,null]',
    '{"a":1,"a":2,"b":3}', '{"b":1,"a":2,"b":3}', '\t\r\n 1 \t\r\n', '\x0b1', '1\x0b', '\u00a01', '\x0c1', '1 2',
    r'"\u', r'"\u1', r'"\u12', r'"\u123', r'"\u1234', r'"\u1234"', r'"\u123"', r'"\u12x4"', r'"\uzzzz"', r'"ab\u12"',
    r'"\U1234"', r'"\uABCD"', r'"\uabcd"', r'"\u00e9"', r'"\u0000"', r'"\u001f"', r'"\u007f"', r'"\u2028"',
    r'"\ud800"', r'"\ud800\u"', r'"\ud800\u12"', r'"\ud800\uzzzz"', r'"\ud800\udc00"', r'"\ud800\udc00',
    r'"\ud800\udc0"', r'"\ud800\uzzzz', r'"\ud800\uzzz"', r'"\ud800\u0041"', r'"\ud800\ud800\udc00"',
    r'"\udc00\ud800"', r'"\ud800x"', r'"\ud800\x"', r'"\ud800\n"', '"\\ud800\\\\', r'"\x"', '"\\', '"\\"', '"abc',
    '"a\x01"', '"a\x7f"', r'"\/"', r'"\"\\\/\b\f\n\r\t"', '"\\\x01"', '"\\é"', '"\x00"', '"\x1f"', '"\t"', '"a\nb"',
    r'"\udbff\udfff"', r'"\ud83d\ude00"', r'"\uD83D\uDE00"', r'"\ud83d\ude00x"', r'"\udcff"', '"\udcff"', '"\ud800"',
    '{"k":"\ud83d\ude00"}', '"<>&/"', '"\'"', '"\'\\""', '["it\'s", "say \\"hi\\""]',
    '{"tool_name": "Bash", "tool_input": {"command": "rm -rf /", "n": 1.5, "b": [true, null, 1e5, -0.0]}}',
    '{"a": {"b": {"c": [[], {}, [{}]]}}}', '[1e16, 1e15, 1e-5, 1e-4, 0.0001, 123e-7]',
    '{"x": 1}\n', '{"x": 1}\r\n', '[\n1,\n2\n', '[\r1,\r2\r', '{"a":\n\n  }', '{"é":\n x}', '["\ud800", x]',
]

HANDPICKED_BYTES = [
    b'\xff', b'"\xff"', b'["\xff\xfe", 1', b'"\xed\xa0\x80"', b'"\xed\xa0\x80\xed\xb0\x80"', b'\xed\xa0\x80',
    b'"a\xe2\x82"', b'{"a": "\xc3"} x', b'\xef\xbb\xbf[]', b'"\xf0\x9f\x98"', b'["\x80", "\xc3\xa9", \xff]',
]


def random_number(rng):
    digits = ''.join(rng.choice('0123456789') for _ in range(rng.randint(1, 40))).lstrip('0') or '0'
    k = rng.random()
    if k < 0.2:  # near a halfway point between two doubles
        f = struct.unpack('<d', rng.getrandbits(64).to_bytes(8, 'little'))[0]
        if f != f or f in (float('inf'), float('-inf')):
            f = 1.0
        import decimal
        mid = (decimal.Decimal(f) + decimal.Decimal(math_nextafter(f))) / 2
        return format(mid, 'f' if rng.random() < 0.5 else 'e').replace('E', 'e').replace('+', '')
    text = ('-' if rng.random() < 0.3 else '') + digits
    if k < 0.6:
        text += '.' + ''.join(rng.choice('0123456789') for _ in range(rng.randint(1, 30)))
    if k > 0.4:
        text += rng.choice('eE') + rng.choice(['', '+', '-']) + str(rng.randint(0, 400))
    return text


def math_nextafter(f):
    import math
    return math.nextafter(f, math.inf)


def json_case(data):
    s = data.decode('utf-8', 'wtf8escape')
    try:
        v = json.loads(s)
    except (json.JSONDecodeError, ValueError, RecursionError) as e:
        return '%s err %s %s' % (h(data), type(e).__name__, h(str(e)))
    return '%s ok %s %s %s' % (h(data), h(json.dumps(v)), h(repr(v)), h(str(v)))


def utf8_case(data):
    try:
        data.decode('utf-8')
    except UnicodeDecodeError as e:
        return '%s err %d %d %s' % (h(data), e.start, e.end, h(str(e)))
    return '%s ok' % h(data)


def utf8_inputs(rng, n):
    seqs = [b'a', b'\x7f', b'\x80', b'\xbf', b'\xc0', b'\xc1', b'\xc2', b'\xc2\x80', b'\xdf\xbf', b'\xe0', b'\xe0\x80',
            b'\xe0\xa0', b'\xe0\xa0\x80', b'\xed\x9f\xbf', b'\xed\xa0\x80', b'\xee\x80\x80', b'\xef\xbf\xbf',
            b'\xf0', b'\xf0\x80', b'\xf0\x90', b'\xf0\x90\x80', b'\xf0\x90\x80\x80', b'\xf4\x8f\xbf\xbf', b'\xf4\x90',
            b'\xf5', b'\xf8', b'\xfe', b'\xff', b'\xe2\x82', b'\xe2\x82\xac', 'é'.encode(), b'A']
    out = [b'', b'abc', b'abc\xff', b'\xe2\x82', b'\xe2', b'\xe2\x82A', b'\xe2A', b'\xed\xa0\x80', b'\xf0\x90\x80A',
           b'a\xe2\x82\xe2\x82\xac', b'\xdf\xdf'] + seqs + [s + b'x' for s in seqs]
    while len(out) < n:
        out.append(b''.join(rng.choice(seqs) for _ in range(rng.randint(1, 6))))
    return out


def main():
    big = len(sys.argv) == 3 and sys.argv[1] == '--big'
    outdir = sys.argv[2] if big else '.'
    rng = random.Random(20260908 if not big else 7)
    scale = 200 if big else 1

    def write(name, lines):
        with open('%s/%s' % (outdir, name), 'w') as f:
            f.write('\n'.join(lines) + '\n')

    if not big:
        write('printable_py311.txt', printable_ranges())
    write('float_repr.txt', ['%016x %s' % (struct.unpack('<Q', struct.pack('<d', f))[0], repr(f))
                             for f in interesting_floats(rng, 400 * scale)])
    write('str_repr.txt', ['%s %s' % (h(s), h(repr(s))) for s in str_cases(rng, 400 * scale)])
    write('decode_utf8.txt', [utf8_case(b) for b in utf8_inputs(rng, 200 * scale)])

    inputs = [wtf8(s) for s in HANDPICKED] + HANDPICKED_BYTES
    with open('/work/shared/corpus/hookify/inputs.jsonl', 'rb') as f:
        corpus = [line.rstrip(b'\n') for line in f if line.strip()]
    if not big:
        corpus = corpus[:8]
    inputs += corpus
    for _ in range(60 * scale):
        inputs.append(mutate(rng, rng.choice(corpus)))
    for _ in range(100 * scale):
        v = random_value(rng)
        text = json.dumps(v, ensure_ascii=rng.random() < 0.5)
        if rng.random() < 0.3:
            text = text.replace(', ', ',').replace(': ', ':')
        b = wtf8(text)
        inputs.append(b if rng.random() < 0.6 else mutate(rng, b))
    for _ in range(40 * scale):
        inputs.append(random_number(rng).encode())
    write('json.txt', [json_case(b) for b in inputs])


main()
