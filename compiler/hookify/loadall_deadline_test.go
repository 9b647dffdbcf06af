package hookify

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// TestLoadRulesByDeadline: past its deadline LoadRulesBy reads no file;
// the first one says how many were left, the others have neither rule nor
// diagnostic.
func TestLoadRulesByDeadline(t *testing.T) {
	fsys := fstest.MapFS{}
	var names []string
	for _, n := range []string{"a", "b", "c"} {
		fsys["r/"+n+".md"] = &fstest.MapFile{Data: []byte("---\nname: " + n + "\nevent: bash\npattern: x\n---\n")}
		names = append(names, "r/"+n+".md")
	}
	got := LoadRulesBy(fsys, names, names, time.Now().Add(-time.Second))
	if got[0].Rule != nil || got[0].Diag == nil || got[0].Diag.Kind != DiagDeadline || !strings.Contains(got[0].Diag.Msg, "with 2 more rule files") {
		t.Fatalf("first: %+v %+v", got[0].Rule, got[0].Diag)
	}
	for _, l := range got[1:] {
		if l.Rule != nil || l.Diag != nil {
			t.Errorf("after the first: %+v", l)
		}
	}
	for i, l := range LoadRulesBy(fsys, names, names, time.Now().Add(time.Hour)) {
		if l.Rule == nil || l.Diag != nil {
			t.Errorf("%d: %+v", i, l)
		}
	}
}
