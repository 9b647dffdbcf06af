package deploy

import (
	"path/filepath"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestManagedRequirementsParse(t *testing.T) {
	_, rules := fixture(t)
	o := opts(filepath.Join(t.TempDir(), "stage"), rules)
	p, err := PlanManaged(o)
	must(t, err)
	var doc struct {
		Rules struct {
			PrefixRules []struct {
				Pattern       []map[string]any `toml:"pattern"`
				Decision      string           `toml:"decision"`
				Justification string           `toml:"justification"`
			} `toml:"prefix_rules"`
		} `toml:"rules"`
	}
	f := p.file(ManagedRequirements)
	if _, err := toml.Decode(string(f.New), &doc); err != nil {
		t.Fatalf("%v\n%s", err, f.New)
	}
	if len(doc.Rules.PrefixRules) == 0 {
		t.Fatalf("no prefix rules:\n%s", f.New)
	}
	for _, r := range doc.Rules.PrefixRules {
		if r.Decision != "forbidden" && r.Decision != "prompt" {
			t.Errorf("decision %q", r.Decision)
		}
	}
	n := 0
	for _, f := range p.Files {
		if filepath.Dir(f.Rel) == ManagedRuleDir {
			n++
		}
	}
	if n != 7 {
		t.Errorf("%d rule files staged, want the 7 examples", n)
	}
}
