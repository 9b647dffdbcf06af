package perm

import "testing"

// Part C: WebFetch(domain:…) is case-insensitive, ignores a trailing dot;
// *.example.com = subdomains at any depth, not the apex; other wildcards match
// within one label.
func TestMatchDomain(t *testing.T) {
	tests := []struct {
		spec, url string
		want      bool
	}{
		{"domain:example.com", "https://example.com/docs", true},
		{"domain:example.com", "https://EXAMPLE.com/", true},
		{"domain:Example.COM", "http://example.com", true},
		{"domain:example.com", "https://example.com./x", true},
		{"domain:example.com.", "https://example.com/x", true},
		{"domain:example.com", "https://example.com:8443/x", true},
		{"domain:example.com", "https://user:pw@example.com/x", true},
		{"domain:example.com", "https://www.example.com/", false},
		{"domain:example.com", "https://example.com.evil.net/", false},
		{"domain:example.com", "https://evil.net/?u=example.com", false},
		{"domain:*.example.com", "https://api.example.com/", true},
		{"domain:*.example.com", "https://a.b.example.com/", true},
		{"domain:*.example.com", "https://example.com/", false},
		{"domain:*.example.com", "https://notexample.com/", false},
		{"domain:example.*", "https://example.org/", true},
		{"domain:example.*", "https://example.evil.com/", false},
		{"domain:api-*.example.com", "https://api-eu.example.com", true},
		{"domain:api-*.example.com", "https://api.eu.example.com", false},
		{"domain:*", "https://anything.test/", true},
		{"example.com", "example.com/path", true}, // bare spec and bare host
		{"domain:[::1]", "http://[::1]:8080/", false},
		{"domain:::1", "http://[::1]:8080/", true},
		{"domain:127.0.0.1", "127.0.0.1:3000", true},
		{"domain:example.com", "", false},
		{"domain:example.com", "not a url", false},
		{"domain:", "https://example.com", false},
	}
	for _, tt := range tests {
		if got := MatchDomain(tt.spec, tt.url); got != tt.want {
			t.Errorf("MatchDomain(%q, %q) = %v, want %v", tt.spec, tt.url, got, tt.want)
		}
	}
}

// Part C: mcp__server and mcp__server__* = every tool of the server;
// mcp__server__tool = one tool; tool globs.
func TestMatchTool(t *testing.T) {
	tests := []struct {
		tool, name string
		want       bool
	}{
		{"Bash", "Bash", true},
		{"Bash", "bash", false},
		{"Bash", "BashOutput", false},
		{"mcp__github", "mcp__github__create_issue", true},
		{"mcp__github", "mcp__github", true},
		{"mcp__github", "mcp__githubx__create_issue", false},
		{"mcp__github__*", "mcp__github__create_issue", true},
		{"mcp__github__*", "mcp__gitlab__create_issue", false},
		{"mcp__github__create_issue", "mcp__github__create_issue", true},
		{"mcp__github__create_issue", "mcp__github__create_issues", false},
		{"mcp__github__get_*", "mcp__github__get_file", true},
		{"mcp__github__get_*", "mcp__github__put_file", false},
		{"mcp__*", "mcp__any__thing", true},
		{"mcp__*", "Bash", false},
		{"*", "Bash", true},
		{"*", "mcp__x__y", true},
	}
	for _, tt := range tests {
		if got := MatchTool(tt.tool, tt.name); got != tt.want {
			t.Errorf("MatchTool(%q, %q) = %v, want %v", tt.tool, tt.name, got, tt.want)
		}
	}
}
