"""Helpers shared by the generators: Go string literals for Python str."""


def goquote(s):
    """A Go interpreted string literal whose bytes are the WTF-8 of s."""
    out = ['"']
    for ch in s:
        c = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == '\\':
            out.append('\\\\')
        elif 0x20 <= c < 0x7f:
            out.append(ch)
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\t':
            out.append('\\t')
        elif c < 0x80:
            out.append('\\x%02x' % c)
        elif 0xD800 <= c <= 0xDFFF:
            out.append(''.join('\\x%02x' % b for b in ch.encode('utf-8', 'surrogatepass')))
        elif c <= 0xFFFF:
            out.append('\\u%04x' % c)
        else:
            out.append('\\U%08x' % c)
    out.append('"')
    return ''.join(out)
