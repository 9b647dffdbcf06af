package agent

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/golden"
)

// The differential test of the apply_patch grammar: generated and mutated
// patches are applied by the real `codex --codex-run-as-apply-patch PATCH`
// in a fresh directory tree, and every file Codex created, changed or
// deleted (the tree before and after, compared) must be a file our parser
// reports. Our parser must also accept exactly the patches Codex's parser
// accepts. The answers are recorded in testdata/apply_patch_codex.jsonl, so
// that `go test` checks the parser against them offline; with
// HOOKIFYC_LIVE=1 the test runs the real codex (a missing binary fails the
// test), and -update rewrites the recording.

const (
	patchRecording  = "testdata/apply_patch_codex.jsonl"
	patchRegenerate = "HOOKIFYC_LIVE=1 go test ./runtime/agent -run TestApplyPatchAgainstCodex -update"
	// rootToken stands for the test tree's root in patches and messages.
	rootToken = "@ROOT@"
	// patchSeed fixes the generated corpus.
	patchSeed = 169
	// generatedPatches is how many patches the generator adds to the
	// hand-written cases, and soupPatches how many of them are random
	// sequences of patch lines.
	generatedPatches = 2000
	soupPatches      = 500
)

// patchTree is the tree every patch is applied to, relative to the root;
// patches run in <root>/w.
var patchTree = map[string]string{
	"w/a.txt":         "one\ntwo\nthree\n",
	"w/b.txt":         "bee\n",
	"w/dir/c.txt":     "c1\nc2\n",
	"w/dir/sub/d.txt": "d\n",
	"w/sp ace.txt":    "s\n",
	"w/ünï.txt":       "u\n",
	"w/.env":          "OLD=1\n",
	"outside.txt":     "out\n",
}

// codexPatchCase is one recorded answer.
type codexPatchCase struct {
	Patch string `json:"patch"`
	Exit  int    `json:"exit"`
	// ParseOK: codex's parser accepted the patch (it did not fail with
	// "Invalid patch…"); applying it may still have failed.
	ParseOK bool `json:"parse_ok"`
	// Touched are the files (relative to the root) that codex created,
	// changed or deleted.
	Touched []string `json:"touched,omitempty"`
	// Summary lists the applied hunks as codex prints them on success
	// ("A path", "M path" (the destination of a move), "D path").
	Summary []string `json:"summary,omitempty"`
	// Error is the first line of codex's stderr.
	Error string `json:"error,omitempty"`
}

type codexPatchHeader struct {
	Codex      string            `json:"codex"`
	Regenerate string            `json:"regenerate"`
	Tree       map[string]string `json:"tree"`
}

func TestApplyPatchAgainstCodex(t *testing.T) {
	patches := applyPatchCorpus()
	live := os.Getenv("HOOKIFYC_LIVE") == "1"
	var got []codexPatchCase
	if live {
		got = runCodexPatches(t, codextest.Binary(t), patches)
		if *golden.Update {
			writePatchRecording(t, got)
		}
	} else if *golden.Update {
		t.Fatalf("-update needs the real codex: %s", patchRegenerate)
	}
	recorded := readPatchRecording(t)
	if !live {
		got = recorded
	} else if !*golden.Update && !slices.EqualFunc(got, recorded, equalCase) {
		t.Errorf("codex's answers differ from %s (run %s and review the diff)", patchRecording, patchRegenerate)
	}
	if len(got) != len(patches) || !slices.EqualFunc(got, patches, func(c codexPatchCase, p string) bool { return c.Patch == p }) {
		t.Fatalf("%s does not hold the generated patches (%d recorded, %d generated): run %s", patchRecording, len(got), len(patches), patchRegenerate)
	}

	const root = "/hookifyc-apply-patch"
	var accepted, touchedFiles, missed, verdicts, summaries int
	for i, c := range got {
		text := strings.ReplaceAll(c.Patch, rootToken, root)
		reported, ok := reportedPaths(text, root+"/w")
		if c.ParseOK {
			accepted++
		}
		if ok != c.ParseOK {
			verdicts++
			if verdicts <= 20 {
				p, err := parsePatch(text)
				t.Errorf("case %d: codex parse_ok=%v (%s), ours: %v %v\npatch: %q", i, c.ParseOK, c.Error, p != nil, err, c.Patch)
			}
		}
		if c.Exit == 0 {
			if sum := patchSummary(c.Patch); !slices.Equal(sum, c.Summary) {
				summaries++
				t.Errorf("case %d: codex applied %q, we parse %q\npatch: %q", i, c.Summary, sum, c.Patch)
			}
		}
		for _, f := range c.Touched {
			touchedFiles++
			if !reported[path.Join(root, f)] {
				missed++
				t.Errorf("case %d: codex touched %s, we report %v\npatch: %q", i, f, sortedKeys(reported), c.Patch)
			}
		}
	}
	t.Logf("%d patches (live: %v): codex's parser accepted %d; codex touched %d files, %d missed by our parser; %d accept/reject disagreements; %d applied patches whose hunks we read differently",
		len(got), live, accepted, touchedFiles, missed, verdicts, summaries)
	if touchedFiles < 1000 || accepted < 600 {
		t.Errorf("the corpus exercises too little: %d touched files, %d accepted patches", touchedFiles, accepted)
	}
}

// reportedPaths is what the hook reports for a patch: the files of the
// parsed patch, or when our parser rejects it every path the text names. ok
// tells whether our parser accepted it.
func reportedPaths(text, cwd string) (map[string]bool, bool) {
	out := map[string]bool{}
	add := func(p string) {
		for _, r := range resolvePatchPaths(cwd, p) {
			out[r] = true
		}
	}
	p, err := parsePatch(text)
	if err != nil {
		for _, f := range scanPatchPaths(text) {
			add(f.path)
		}
		return out, false
	}
	for _, h := range p.hunks {
		add(h.path)
		if h.moveTo != "" {
			add(h.moveTo)
		}
	}
	return out, true
}

// patchSummary is what codex prints after applying text: the added files,
// then the updated ones (a move shows its destination), then the deleted
// ones, each group in patch order and with the path as written.
func patchSummary(text string) []string {
	p, err := parsePatch(text)
	if err != nil {
		return nil
	}
	var a, m, d []string
	for _, h := range p.hunks {
		switch {
		case h.kind == hunkAdd:
			a = append(a, "A "+h.path)
		case h.kind == hunkDelete:
			d = append(d, "D "+h.path)
		case h.moveTo != "":
			m = append(m, "M "+h.moveTo)
		default:
			m = append(m, "M "+h.path)
		}
	}
	return slices.Concat(a, m, d)
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func equalCase(a, b codexPatchCase) bool {
	return a.Patch == b.Patch && a.Exit == b.Exit && a.ParseOK == b.ParseOK && slices.Equal(a.Touched, b.Touched) &&
		slices.Equal(a.Summary, b.Summary) && a.Error == b.Error
}

func readPatchRecording(t *testing.T) []codexPatchCase {
	t.Helper()
	data, err := os.ReadFile(patchRecording)
	if err != nil {
		t.Fatalf("%v (run %s)", err, patchRegenerate)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	var out []codexPatchCase
	first := true
	for sc.Scan() {
		if first {
			first = false
			var h codexPatchHeader
			if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
				t.Fatalf("%s header: %v", patchRecording, err)
			}
			if h.Codex != codextest.Version {
				t.Fatalf("%s was recorded with codex %s, want %s: run %s", patchRecording, h.Codex, codextest.Version, patchRegenerate)
			}
			if fmt.Sprint(h.Tree) != fmt.Sprint(patchTree) {
				t.Fatalf("%s was recorded with another tree: run %s", patchRecording, patchRegenerate)
			}
			continue
		}
		var c codexPatchCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", patchRecording, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writePatchRecording(t *testing.T, cases []codexPatchCase) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(codexPatchHeader{Codex: codextest.Version, Regenerate: patchRegenerate, Tree: patchTree}); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
	}
	golden.Check(t, patchRecording, buf.Bytes())
}

// runCodexPatches applies every patch with the real codex, two at a time.
func runCodexPatches(t *testing.T, bin string, patches []string) []codexPatchCase {
	t.Helper()
	out := make([]codexPatchCase, len(patches))
	errs := make([]error, len(patches))
	home := t.TempDir()
	const workers = 2
	var wg sync.WaitGroup
	next := make(chan int)
	start := time.Now()
	for w := 0; w < workers; w++ {
		dir := t.TempDir()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = runCodexPatch(bin, home, filepath.Join(dir, fmt.Sprint(i)), patches[i])
			}
		}()
	}
	for i := range patches {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("case %d %q: %v", i, patches[i], err)
		}
	}
	t.Logf("%d codex runs in %v", len(patches), time.Since(start).Round(time.Millisecond))
	return out
}

// runCodexPatch applies one patch in a fresh copy of patchTree under root.
func runCodexPatch(bin, home, root, patch string) (codexPatchCase, error) {
	c := codexPatchCase{Patch: patch}
	for name, content := range patchTree {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return c, err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return c, err
		}
	}
	defer os.RemoveAll(root)
	before, err := snapshotTree(root)
	if err != nil {
		return c, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--codex-run-as-apply-patch", strings.ReplaceAll(patch, rootToken, root))
	cmd.Dir = filepath.Join(root, "w")
	cmd.Env = append(os.Environ(), "CODEX_HOME="+home, "HOME="+home)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		c.Exit = ee.ExitCode()
	} else if err != nil {
		return c, err
	}
	after, err := snapshotTree(root)
	if err != nil {
		return c, err
	}
	for name, sum := range after {
		if before[name] != sum {
			c.Touched = append(c.Touched, name)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			c.Touched = append(c.Touched, name)
		}
	}
	slices.Sort(c.Touched)
	msg := strings.ReplaceAll(stderr.String(), root, rootToken)
	msg, _, _ = strings.Cut(msg, "\n")
	if len(msg) > 120 {
		msg = msg[:120]
	}
	if c.Exit != 0 {
		c.Error = msg
	} else {
		out, ok := strings.CutPrefix(strings.ReplaceAll(stdout.String(), root, rootToken), "Success. Updated the following files:\n")
		if !ok {
			return c, fmt.Errorf("unexpected output %q", stdout.String())
		}
		c.Summary = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	}
	c.ParseOK = !(c.Exit != 0 && strings.HasPrefix(msg, "Invalid patch"))
	return c, nil
}

// snapshotTree maps every non-directory under root (slash path relative to
// root) to a digest of its type and content.
func snapshotTree(root string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		sum := d.Type().String()
		if d.Type().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum += fmt.Sprintf("%x", sha256.Sum256(data))
		}
		out[filepath.ToSlash(rel)] = sum
		return nil
	})
	return out, err
}

// applyPatchCorpus is the fixed list of patches: hand-written cases (each
// a question put to codex while learning its grammar) and generated ones.
func applyPatchCorpus() []string {
	out := slices.Clone(handPatches)
	g := patchGen{r: rand.New(rand.NewPCG(patchSeed, 0))}
	seen := map[string]bool{}
	for _, p := range out {
		seen[p] = true
	}
	for len(out) < len(handPatches)+generatedPatches {
		p := g.patch()
		if len(out) >= len(handPatches)+generatedPatches-soupPatches {
			p = g.soup()
		}
		if !seen[p] && !strings.Contains(p, "\x00") {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

const (
	bp = "*** Begin Patch\n"
	ep = "*** End Patch"
	ua = "*** Update File: a.txt\n@@\n-one\n+ONE\n"
)

// handPatches are the cases written while learning codex's grammar.
var handPatches = []string{
	bp + "*** Add File: x\n+hi\n" + ep,
	bp + "  *** Add File: .env\n+K=1\n" + ep,
	"  *** Begin Patch\n*** Add File: x\n+hi\n  *** End Patch",
	bp + "\t*** Add File: x\n+hi\n" + ep,
	"\n\n" + bp + "*** Add File: x\n+hi\n" + ep + "\n\n",
	"*** Begin Patch\r\n*** Add File: x\r\n+hi\r\n*** End Patch\r\n",
	bp + "*** Add File: x\n+hi\n",
	"*** Add File: x\n+hi\n" + ep,
	"<<'EOF'\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<EOF\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF\n",
	"<<\"EOF\"\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"  <<'EOF'\n  " + bp + "*** Add File: x\n+hi\n  " + ep + "\n  EOF",
	"<< EOF\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<-EOF\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<'PATCH'\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nPATCH",
	"<<'EOF'\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nfooEOF",
	"<<'EOF'\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOFx",
	"apply_patch <<'EOF'\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<'EOF'\n" + bp + "*** Add File: x\n+hi\nEOF",
	"<<'EOF'\n<<'EOF'\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF\nEOF",
	"<<'EOF'\n" + bp + ep + "\nEOF",
	"<<'EOF'\n\n" + bp + "*** Add File: x\n+hi\n" + ep + "\n\nEOF",
	"<<'EOF'  \n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<'EOF'\r\n" + bp + "*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<'EOF'\n*** Begin Patch\nEOF",
	"<<'EOF'\n" + bp + "*** Environment ID: a\n*** Add File: x\n+hi\n" + ep + "\nEOF",
	"<<'EOF'\n" + bp + "*** Add File: x\n+hi\n" + ep + "   \nEOF",
	bp + "*** Add File: a b.txt\n+hi\n" + ep,
	bp + "*** Add File: x  \n+hi\n" + ep,
	bp + "*** Add File:   x\n+hi\n" + ep,
	bp + "*** Add File:x\n+hi\n" + ep,
	bp + "*** add file: x\n+hi\n" + ep,
	bp + "***  Add File: x\n+hi\n" + ep,
	bp + "*** Add File:\tx\n+hi\n" + ep,
	bp + "*** Add File: \n+hi\n" + ep,
	bp + "*** Add File: " + rootToken + "/abs.txt\n+hi\n" + ep,
	bp + "*** Add File: ../up.txt\n+hi\n" + ep,
	bp + "*** Add File: d/e/f.txt\n+hi\n" + ep,
	bp + "*** Add File: x\n" + ep,
	bp + "*** Add File: x\n+hi   \n+\tq\t\n" + ep,
	bp + "*** Add File: x\n+hi\n +ho\n" + ep,
	bp + "*** Add File: x\n+hi\n-no\n" + ep,
	bp + "*** Add File: x\n+hi\n\n*** Add File: y\n+K\n" + ep,
	bp + "*** Add File: x\n+hi\n \n*** Add File: y\n+K\n" + ep,
	bp + "*** Add File: x\n+hi\n  *** Add File: y\n+K\n" + ep,
	bp + "*** Add File: x\n+hi\n\t*** End Patch",
	bp + "*** Add File: x\n+hi\n\n" + ep,
	bp + "*** Add File: x\n+*** Add File: .env\n" + ep,
	bp + "*** Add File: x\n+1\n*** Add File: x\n+2\n" + ep,
	bp + "*** Add File: .\n+hi\n" + ep,
	bp + "*** Add File: q/\n+hi\n" + ep,
	bp + "*** Add File: ~/x\n+hi\n" + ep,
	bp + "*** Add File: $HOME/x\n+hi\n" + ep,
	bp + "*** Add File: a\\b\n+hi\n" + ep,
	bp + "*** Add File: d//e/./f\n+hi\n" + ep,
	bp + "*** Add File: dir\n+hi\n" + ep,
	bp + "\u00a0*** Add File: x\n+hi\n" + ep,
	bp + "*** Add File: x\u00a0\n+hi\n" + ep,
	bp + "\u3000*** Add File: x\n+hi\n" + ep,
	bp + "\x0b*** Add File: x\n+hi\n" + ep,
	bp + "\u0085*** Add File: x\n+hi\n" + ep,
	bp + "\u200b*** Add File: x\n+hi\n" + ep,
	bp + "\ufeff*** Add File: x\n+hi\n" + ep,
	"*** Begin Patch\r*** Add File: x\r+hi\r*** End Patch",
	bp + "*** Add File: x\n+hi\n*** End Patch\r",
	bp + "*** Add File: x\r\r\n+hi\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\ngarbage",
	bp + "*** Add File: x\n+hi\ngarbage\n*** Add File: y\n+hi\n" + ep,
	bp + ep,
	"*** Begin Patch",
	bp + bp + "*** Add File: x\n+hi\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n*** Add File: y\n+hi\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n \n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n" + ep + "\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n*** Environment ID: x\n" + ep,
	bp + "*** Add File: x\n+hi\n" + ep + "\n" + bp + ep,
	bp + "*** Add File: x\n+hi\n" + ep + " foo",
	"*** Begin Patch foo\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Add File: x\n+hi\n*** End Patch   \n  \n",
	bp + "\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID: local\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID: remote\n*** Add File: x\n+hi\n" + ep,
	bp + "  *** Environment ID: local\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID: local\n*** Environment ID: local\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID: \n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID:q\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID:\tq\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID: q\n\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Environment ID: q\n" + bp + "*** Add File: x\n+hi\n" + ep,
	bp + "*** Add File: x\n+hi\n*** Environment ID: local\n*** Add File: y\n+hi\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: b.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n  *** Move to: b.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n\t*** Move to: c.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n\u00a0*** Move to: b.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: b.txt \n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to:   b.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: b.txt\t\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: b.txt\u00a0\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: \n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: a.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: n/e/w.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: b.txt\n" + ep,
	bp + "*** Update File: a.txt\n\n*** Move to: b.txt\n@@\n-one\n+ONE\n" + ep,
	bp + ua + "*** Move to: b.txt\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: b.txt\n*** Move to: c.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\r\n*** Move to: b.txt\r\n@@\r\n-one\r\n+ONE\r\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: c.txt\n\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: c.txt\n\t\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: c.txt\n*** Add File: y\n+K\n" + ep,
	bp + "*** Delete File: a.txt\n" + ep,
	bp + "   *** Delete File: a.txt   \n" + ep,
	bp + "*** Delete File: b.txt  \n" + ep,
	bp + "*** Delete File:  b.txt\n" + ep,
	bp + "*** Delete File: b.txt\n\n" + ep,
	bp + "*** Delete File: b.txt\n   *** Add File: y\n+K\n" + ep,
	bp + "*** Delete File: nope\n*** Add File: x\n+hi\n" + ep,
	bp + "*** Delete File: a.txt\n*** Add File: a.txt\n+new\n" + ep,
	bp + "*** Delete File: dir\n" + ep,
	bp + "*** Update File: a.txt\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@ one\n-two\n+TWO\n" + ep,
	bp + "*** Update File: a.txt\n@@  \n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n  @@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n\t@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\t\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@one\n-two\n+TWO\n" + ep,
	bp + "*** Update File: a.txt\n@@\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@ \n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-two\n+TWO\n*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n  *** End of File\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n\t*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File  \n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\t\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** end of file\n" + ep,
	bp + "*** Update File: a.txt\n@@\n*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\t\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n   \n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\u00a0\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n*** Add File: y\n+K\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\n*** Add File: y\n+K\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n  \n*** Add File: y\n+K\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n  *** Add File: y\n+K\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\n  *** Add File: y\n+K\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n  *** End Patch\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n\t\n*** End Patch\n\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-three\n+THREE\n*** End of File\n*** Delete File: b.txt \n" + ep,
	bp + ua + "  *** Add File: .env\n+K\n" + ep,
	bp + ua + "*** Add File: y\n+K\n" + ep,
	bp + ua + "\n*** Add File: y\n+K\n" + ep,
	bp + ua + "\n\n*** Add File: y\n+K\n" + ep,
	bp + ua + "   \n*** Add File: y\n+K\n" + ep,
	bp + ua + "\t\n*** Add File: y\n+K\n" + ep,
	bp + ua + "\u00a0\n*** Add File: y\n+K\n" + ep,
	bp + ua + "\t*** Add File: y\n+K\n" + ep,
	bp + ua + "\u00a0*** Add File: y\n+K\n" + ep,
	bp + ua + "*** Add File: y \t\n+K\n" + ep,
	bp + ua + " *** Delete File: b.txt\n" + ep,
	bp + ua + "*** Delete File: b.txt\n" + ep,
	bp + ua + "  *** End Patch\n" + ep,
	bp + ua + "\t*** End Patch",
	bp + ua + " *** Update File: b.txt\n@@\n-bee\n+BEE\n" + ep,
	bp + ua + "*** Update File: b.txt\n@@\n-bee\n+BEE\n" + ep,
	bp + ua + "*** foo\n" + ep,
	bp + ua + "*** Environment ID: x\n" + ep,
	bp + ua + "*** Begin Patch\n" + ep,
	bp + ua + "zzz\n" + ep,
	bp + ua + "@@\n-two\n+TWO\n" + ep,
	bp + ua + "@@\tx\n-two\n+TWO\n" + ep,
	bp + ua + "@@   \n-two\n+TWO\n" + ep,
	bp + ua + " @@\n-two\n+TWO\n" + ep,
	bp + ua + "*** End Patch  \n" + ep,
	bp + ua + "*** End Patch\n\n" + ep,
	bp + ua + "*** End Patch\n*** Add File: y\n+hi\n" + ep,
	bp + ua + "\n" + ep,
	bp + ua + "\t\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-one\n\t\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-one\n   \n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n-one\n\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n@@\n\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n\t\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n   \n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n one\n@@\n-two\n+TWO\n" + ep,
	bp + "*** Update File: a.txt\n@@\n one\n" + ep,
	bp + "*** Update File: a.txt\n@@ one\n two\n" + ep,
	bp + "*** Update File: a.txt\n*** foo\n" + ep,
	bp + "*** Update File: a.txt\n*** Environment ID: x\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Delete File: b.txt\n" + ep,
	bp + "*** Update File: a.txt\n*** Add File: y\n+K\n" + ep,
	bp + "*** Update File: a.txt\n" + ep,
	bp + "*** Update File: a.txt\n@@\n*** Add File: y\n+K\n" + ep,
	bp + "*** Update File: b.txt\n-bee\n" + ep,
	bp + "*** Update File:  a.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt \t\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Add File: x\n+hi\n*** Update File: nope.txt\n@@\n-one\n+ONE\n" + ep,
	// Codex drops tabs and carriage returns from paths, after joining them
	// to the working directory and before normalising them.
	bp + "*** Add File: .e\tnv\n+hi\n" + ep,
	bp + "*** Add File: c\rr.txt\n+hi\n" + ep,
	bp + "*** Add File: \t x\n+hi\n" + ep,
	bp + "*** Add File: \t\n+hi\n" + ep,
	bp + "*** Add File: \t/x/tababs\n+hi\n" + ep,
	bp + "*** Add File: \r/x.txt\n+hi\n" + ep,
	bp + "*** Add File: d\tir/f.txt\n+hi\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: .e\rnv\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: m\tv.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: nodir/\t../a.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: nodir/.\t./a.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: nodir/../a.txt\n@@\n-one\n+ONE\n" + ep,
	bp + "*** Update File: a.txt\n*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n*** End of File\n*** Add File: y\n+k\n" + ep,
	bp + "*** Update File: a.txt\n*** End of File\n\n" + ep,
	bp + "*** Update File: a.txt\n*** End of File\n-one\n" + ep,
	bp + "*** Update File: a.txt\n*** End of File\n*** End of File\n" + ep,
	bp + "*** Update File: a.txt\n*** Move to: m.txt\n*** End of File\n" + ep,
	bp + "*** Update File: b.txt\n*** End of File\n+x\n" + ep,
	bp + "*** Update File: b.txt\n*** End of File \n" + ep,
	bp + "*** Update File: b.txt\n  *** End of File\n" + ep,
	bp + "*** Update File: b.txt\n\t*** End of File\n+x\n" + ep,
	bp + "*** Update File: b.txt\n*** End of File\n\t\n" + ep,
	bp + "*** Update File: b.txt\n@@ \n*** End of File\n" + ep,
	bp + "*** Delete File: b\t.txt\n" + ep,
	bp + "*** Add File: c\x01d.txt\n+hi\n" + ep,
	bp + "*** Add File: v\x0bw.txt\n+hi\n" + ep,
	bp + "*** Add File: n\u00a0m.txt\n+hi\n" + ep,
	bp + "*** Add File: d\x7fe.txt\n+hi\n" + ep,
	bp + "*** Add File: e\u0301.txt\n+hi\n" + ep,
	bp + "*** Add File: p\x0cq.txt\n+hi\n" + ep,
	bp + "*** Add File: p\u2028q.txt\n+hi\n" + ep,
}

// patchGen generates patches for the test tree, with the variations codex
// might read differently from us.
type patchGen struct {
	r *rand.Rand
}

func (g *patchGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }
func (g *patchGen) chance(p float64) bool    { return g.r.Float64() < p }

var (
	genAddPaths = []string{"new.txt", ".env", "n/e/w.txt", "dir/new.env", "sp ace2.txt", "../up.txt", "dir/../x.txt",
		"ünï2.txt", rootToken + "/abs.txt", "a b/c d.txt", "./dot.txt", "dir//dbl.txt", "q/", " lead.txt", "tab\tin.txt",
		"~/t.txt", "$HOME/h.txt", "a.txt", ".env.local", "dir/sub/.env", "..", "dir/sub/d.txt/x", ".e\tnv", "x\r.env",
		"nodir/../y.txt"}
	genDeletePaths = []string{"b.txt", "dir/sub/d.txt", "../outside.txt", rootToken + "/w/sp ace.txt", ".env", "ünï.txt",
		"missing.txt", "dir/c.txt", " b.txt"}
	genMoveTargets = []string{"moved.txt", "dir/moved.env", ".env", "../moved-out.txt", "new/dir/m.txt",
		rootToken + "/absm.txt", "sp ace m.txt", " lead-m.txt", "b.txt", "dir/sub"}
	genUpdates = []struct{ path, chunks string }{
		{"a.txt", "@@\n-one\n+ONE"},
		{"a.txt", "@@ one\n-two\n+TWO"},
		{"a.txt", "@@\n-three\n+THREE\n*** End of File"},
		{"a.txt", " one\n-two\n+2"},
		{"a.txt", "@@\n-one\n+ONE\n@@\n-three\n+3"},
		{"a.txt", "-one\n+ONE"},
		{"b.txt", "@@\n-bee\n+BEE"},
		{"dir/c.txt", "@@\n-c1\n+C1"},
		{".env", "@@\n-OLD=1\n+NEW=2"},
		{"../outside.txt", "@@\n-out\n+OUT"},
		{"sp ace.txt", "-s\n+S"},
		{"ünï.txt", "@@\n-u\n+U\n*** End of File"},
		{rootToken + "/w/dir/sub/d.txt", "@@\n-d\n+D"},
		{"a.txt", "@@\n-nomatch\n+x"},
	}
	genIndents  = []string{"", "", "", "", " ", "  ", "\t", "\u00a0", "\u3000", "\x0b"}
	genTrailing = []string{"", "", "", "", " ", "\t", "\u00a0", "  "}
)

func (g *patchGen) ws(list []string, p float64) string {
	if g.chance(p) {
		return g.pick(list...)
	}
	return ""
}

// hunk renders one random hunk.
func (g *patchGen) hunk() []string {
	in, tr := g.ws(genIndents, 0.2), g.ws(genTrailing, 0.2)
	switch g.r.IntN(3) {
	case 0:
		lines := []string{in + "*** Add File: " + g.pick(genAddPaths...) + tr}
		for n := g.r.IntN(4); n > 0; n-- {
			lines = append(lines, "+"+g.pick("K=1", "", " x", "*** Add File: .env", "+y", "hello world"))
		}
		return lines
	case 1:
		return []string{in + "*** Delete File: " + g.pick(genDeletePaths...) + tr}
	}
	u := genUpdates[g.r.IntN(len(genUpdates))]
	lines := []string{in + "*** Update File: " + u.path + tr}
	if g.chance(0.4) {
		lines = append(lines, g.ws(genIndents, 0.15)+"*** Move to: "+g.pick(genMoveTargets...)+g.ws(genTrailing, 0.2))
	}
	for _, l := range strings.Split(u.chunks, "\n") {
		if strings.HasPrefix(l, "@@") && g.chance(0.15) {
			l = g.pick(" @@", "@@ ", "@@\t", "\t@@", "@@  ")
		}
		if l == "*** End of File" && g.chance(0.2) {
			l = g.pick(" *** End of File", "*** End of File ", "\t*** End of File")
		}
		lines = append(lines, l)
	}
	return lines
}

// patch renders a random patch and mutates it.
func (g *patchGen) patch() string {
	lines := []string{g.ws(genIndents, 0.1) + "*** Begin Patch" + g.ws(genTrailing, 0.1)}
	if g.chance(0.1) {
		lines = append(lines, g.ws(genIndents, 0.2)+"*** Environment ID:"+g.pick(" local", "", "  x", "x")+g.ws(genTrailing, 0.2))
	}
	for n := 1 + g.r.IntN(4); n > 0; n-- {
		lines = append(lines, g.hunk()...)
		if g.chance(0.1) {
			lines = append(lines, g.pick("", " ", "\t"))
		}
	}
	lines = append(lines, g.ws(genIndents, 0.1)+"*** End Patch"+g.ws(genTrailing, 0.1))
	if g.chance(0.6) {
		for n := 1 + g.r.IntN(3); n > 0; n-- {
			lines = g.mutate(lines)
		}
	}
	sep := "\n"
	if g.chance(0.1) {
		sep = "\r\n"
	}
	text := strings.Join(lines, sep)
	if g.chance(0.2) {
		text += g.pick("\n", "\r\n", "\n\n", " ", "\n  \n")
	}
	if g.chance(0.08) {
		text = g.pick("\n", " ", "\t\n") + text
	}
	if g.chance(0.08) {
		text = g.pick("<<'EOF'", "<<EOF", `<<"EOF"`, "<< 'EOF'", "<<'PATCH'") + "\n" + text + "\n" + g.pick("EOF", "EOF\n", " EOF", "PATCH", "EOF x")
	}
	return text
}

// soupLines are the lines soup() draws from: every kind of line the
// grammar knows, for the update hunk's state machine above all.
var soupLines = []string{
	"*** Add File: s.txt", "*** Add File: .env", "*** Add File: a.txt", "*** Add File:", "*** Delete File: b.txt",
	"*** Delete File: .env", "*** Update File: a.txt", "*** Update File: b.txt", "*** Update File: .env",
	"*** Move to: m.txt", "*** Move to: .env", "*** End of File", "*** End Patch", "*** Begin Patch",
	"*** Environment ID: e", "*** Environment ID:", "<<'EOF'", "EOF", "@@", "@@ ", "@@ one", "@@ bee", "@@@", "@",
	"-one", "+ONE", " two", "-bee", "+BEE", "", "+", "-", " ", "++", "--", "x", "***",
}

// soup renders Begin, up to 12 random lines with random blanks around
// them, and End, in random spellings.
func (g *patchGen) soup() string {
	lines := []string{g.pick("*** Begin Patch", " *** Begin Patch", "<<'EOF'\n*** Begin Patch")}
	for n := 1 + g.r.IntN(12); n > 0; n-- {
		l := g.pick(soupLines...)
		if g.chance(0.2) {
			l = g.pick(genIndents[4:]...) + l
		}
		if g.chance(0.2) {
			l += g.pick(" ", "\t", "\r", "\u00a0")
		}
		lines = append(lines, l)
	}
	lines = append(lines, g.pick("*** End Patch", "*** End Patch\nEOF", " *** End Patch ", "*** End Patch\n\n*** End Patch"))
	return strings.Join(lines, g.pick("\n", "\n", "\r\n"))
}

// mutate applies one random edit to the lines of a patch.
func (g *patchGen) mutate(lines []string) []string {
	i := g.r.IntN(len(lines))
	l := lines[i]
	switch g.r.IntN(14) {
	case 0: // indent a line
		lines[i] = g.pick(genIndents[4:]...) + l
	case 1: // trailing blanks
		lines[i] = l + g.pick(genTrailing[4:]...)
	case 2: // insert a blank line
		lines = slices.Insert(lines, i, g.pick("", " ", "\t", "\u00a0"))
	case 3: // delete a line
		if len(lines) > 2 {
			lines = slices.Delete(lines, i, i+1)
		}
	case 4: // duplicate a line
		lines = slices.Insert(lines, i, l)
	case 5: // swap two lines
		j := g.r.IntN(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
	case 6: // change a marker's spelling
		lines[i] = strings.NewReplacer("Add File", g.pick("add file", "Add  File", "Add file", "AddFile"),
			"Update File", g.pick("update file", "Update  File"), "Delete File", "delete file", ": ", g.pick(":", ":  ", ":\t")).Replace(l)
	case 7: // insert a marker line
		lines = slices.Insert(lines, i, g.pick("*** End of File", "@@", "@@ two", "*** End Patch", "*** Begin Patch",
			"*** Environment ID: e", "*** Move to: "+g.pick(genMoveTargets...), "*** Add File: .env", " *** Add File: .env",
			"\t*** Delete File: b.txt", "+x", "-one", " one"))
	case 8: // a lone carriage return
		lines[i] = l + "\r"
	case 9: // trailing garbage
		lines = append(lines, g.pick("garbage", "EOF", "*** End Patch", "", "*** Add File: late.txt", "+x"))
	case 10: // drop the end marker
		if strings.Contains(lines[len(lines)-1], "End Patch") {
			lines = lines[:len(lines)-1]
		}
	case 11: // leading text
		lines = slices.Insert(lines, 0, g.pick("apply_patch <<'EOF'", "<<'EOF'", "patch:", ""))
	case 12: // prefix a header with +, - or space (a content line)
		lines[i] = g.pick("+", "-", " ") + l
	case 13: // a second move line or a context line after the header
		lines = slices.Insert(lines, min(i+1, len(lines)), g.pick("*** Move to: dir/moved.env", "@@ one", " two", "-two", "+TWO"))
	}
	return lines
}
