package execpolicy

import (
	"fmt"
	"strings"
	"testing"
)

// benchRules writes n prefix_rule calls over n/10 programs (ten rules per
// program, one of them with alternatives and examples), like a large
// generated policy.
func benchRules(n int) []byte {
	var b strings.Builder
	b.WriteString("# benchmark policy\n")
	for i := 0; i < n; i++ {
		prog := fmt.Sprintf("prog%d", i/10)
		switch i % 10 {
		case 0:
			fmt.Fprintf(&b, "prefix_rule(pattern=[%q], decision=\"prompt\", justification=\"rule %d\")\n", prog, i)
		case 1:
			fmt.Fprintf(&b, "prefix_rule(pattern=[%q, [\"a\", \"b\", \"c\"], \"x%d\"], decision=\"forbidden\", justification=\"rule %d\", match=[[%q, \"b\", \"x%d\", \"y\"]], not_match=[\"%s b\"])\n", prog, i, i, prog, i, prog)
		default:
			fmt.Fprintf(&b, "prefix_rule(pattern=[%q, \"sub%d\", \"--flag\"], decision=\"allow\")\n", prog, i)
		}
	}
	return []byte(b.String())
}

func BenchmarkLoad10000(b *testing.B) {
	src := benchRules(10000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		p, err := LoadFile("bench.rules", src)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Rules) != 10000 {
			b.Fatalf("%d rules", len(p.Rules))
		}
	}
}

func benchPolicy(b *testing.B, src []byte) *Policy {
	p, err := LoadFile("bench.rules", src)
	if err != nil {
		b.Fatal(err)
	}
	p.index()
	return p
}

func BenchmarkCheck10000(b *testing.B) {
	p := benchPolicy(b, benchRules(10000))
	argv := []string{"prog500", "sub5005", "--flag", "file.txt"}
	if ev := p.Check(argv, true); len(ev.Matches) != 2 {
		b.Fatalf("%d matches", len(ev.Matches))
	}
	for b.Loop() {
		p.Check(argv, true)
	}
}

// BenchmarkCheck10000OneProgram puts all 10,000 rules on one program.
func BenchmarkCheck10000OneProgram(b *testing.B) {
	var s strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&s, "prefix_rule([\"git\", \"sub%d\", \"--x\"], \"prompt\")\n", i)
	}
	s.WriteString("prefix_rule([\"git\"], \"allow\")\n")
	p := benchPolicy(b, []byte(s.String()))
	argv := []string{"git", "sub7777", "--x", "y"}
	if ev := p.Check(argv, false); len(ev.Matches) != 2 {
		b.Fatalf("%d matches", len(ev.Matches))
	}
	for b.Loop() {
		p.Check(argv, false)
	}
}

func BenchmarkCheckJSON10000Fallback(b *testing.B) {
	p := benchPolicy(b, benchRules(10000))
	argv := []string{"/usr/bin/prog500", "sub5005", "--flag", "file.txt"}
	for b.Loop() {
		p.CheckJSON(argv, true)
	}
}
