package deploy

import (
	"bytes"
	"fmt"
)

// The lines that delimit the block of config.toml that hookifyc owns.
const (
	BlockBegin = "# >>> hookifyc: hooks installed by `hookifyc apply codex`; `hookifyc uninstall codex` removes this block. Do not edit inside it. >>>"
	BlockEnd   = "# <<< hookifyc <<<"
)

// findBlock returns the byte span [start, end) of the hookifyc block in
// src, the end including the end line's newline; ok is false when there
// is none. An unterminated block is an error.
func findBlock(src []byte) (start, end int, ok bool, err error) {
	b := lineIndex(src, BlockBegin, 0)
	if b < 0 {
		return 0, 0, false, nil
	}
	e := lineIndex(src, BlockEnd, b)
	if e < 0 {
		return 0, 0, false, fmt.Errorf("the hookifyc block starting at byte %d has no end line %q", b, BlockEnd)
	}
	end = e + len(BlockEnd)
	if end < len(src) && src[end] == '\r' {
		end++
	}
	if end < len(src) && src[end] == '\n' {
		end++
	}
	if lineIndex(src[end:], BlockBegin, 0) >= 0 {
		return 0, 0, false, fmt.Errorf("more than one hookifyc block")
	}
	return b, end, true, nil
}

// lineIndex is the offset of the first line at or after from that equals
// line (trailing spaces and CR ignored), or -1.
func lineIndex(src []byte, line string, from int) int {
	for i := from; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		next := len(src)
		if j >= 0 {
			next = i + j + 1
		}
		if string(bytes.TrimRight(src[i:next], " \t\r\n")) == line {
			return i
		}
		i = next
	}
	return -1
}

// SetBlock returns src with the hookifyc block holding body: the block is
// replaced where it stands, or appended at the end (after a blank line).
// An empty body removes the block. Every byte outside the block is kept.
func SetBlock(src, body []byte) ([]byte, error) {
	start, end, ok, err := findBlock(src)
	if err != nil {
		return nil, err
	}
	var block []byte
	if len(body) > 0 {
		block = append(block, BlockBegin+"\n"...)
		block = append(block, body...)
		if !bytes.HasSuffix(block, []byte("\n")) {
			block = append(block, '\n')
		}
		block = append(block, BlockEnd+"\n"...)
	}
	var out []byte
	if ok {
		out = append(out, src[:start]...)
		out = append(out, block...)
		out = append(out, src[end:]...)
		return out, nil
	}
	if len(block) == 0 {
		return src, nil
	}
	out = append(out, src...)
	if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
		out = append(out, '\n')
	}
	if len(out) > 0 {
		out = append(out, '\n')
	}
	return append(out, block...), nil
}

// RemoveBlock returns src without the hookifyc block, and the blank line
// SetBlock put before it when it appended it.
func RemoveBlock(src []byte) ([]byte, error) {
	start, end, ok, err := findBlock(src)
	if err != nil || !ok {
		return src, err
	}
	out := append([]byte{}, src[:start]...)
	if end == len(src) && bytes.HasSuffix(out, []byte("\n\n")) {
		out = out[:len(out)-1]
	}
	return append(out, src[end:]...), nil
}

// HasBlock reports whether src holds a hookifyc block.
func HasBlock(src []byte) bool {
	_, _, ok, _ := findBlock(src)
	return ok
}
