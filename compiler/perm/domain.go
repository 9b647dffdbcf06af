package perm

import (
	"net/url"
	"strings"
)

// MatchDomain reports whether a URL's host matches a WebFetch specifier
// ("domain:example.com"; the "domain:" prefix may be left out). Hosts compare
// case-insensitively and a trailing dot is ignored. "*.example.com" matches
// subdomains at any depth but not example.com itself; any other * matches
// within one label ("example.*" matches example.org, not example.evil.com);
// "*" alone matches every host. The URL may also be a bare host[:port][/path].
func MatchDomain(spec, rawURL string) bool {
	host := hostOf(rawURL)
	if host == "" {
		return false
	}
	pat := normHost(strings.TrimPrefix(strings.TrimSpace(spec), "domain:"))
	if pat == "" {
		return false
	}
	if pat == "*" {
		return true
	}
	hl := strings.Split(host, ".")
	if suffix, ok := strings.CutPrefix(pat, "*."); ok {
		sl := strings.Split(suffix, ".")
		return len(hl) > len(sl) && labelsMatch(sl, hl[len(hl)-len(sl):])
	}
	pl := strings.Split(pat, ".")
	return len(pl) == len(hl) && labelsMatch(pl, hl)
}

func labelsMatch(pats, labels []string) bool {
	for i, p := range pats {
		if !compileGlob(p, false).match(labels[i]) {
			return false
		}
	}
	return true
}

func normHost(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
}

// hostOf extracts the host of a URL or of a bare host[:port][/path].
func hostOf(raw string) string {
	raw = strings.TrimSpace(raw)
	if i := strings.Index(raw, "://"); i >= 0 {
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			return normHost(u.Hostname())
		}
		raw = raw[i+3:]
	}
	raw = strings.TrimPrefix(raw, "//")
	if i := strings.IndexAny(raw, "/?#\\"); i >= 0 {
		raw = raw[:i]
	}
	if i := strings.LastIndexByte(raw, '@'); i >= 0 {
		raw = raw[i+1:]
	}
	if strings.HasPrefix(raw, "[") {
		if i := strings.IndexByte(raw, ']'); i > 0 {
			return normHost(raw[1:i])
		}
	}
	if i := strings.LastIndexByte(raw, ':'); i >= 0 && strings.Trim(raw[i+1:], "0123456789") == "" {
		raw = raw[:i]
	}
	return normHost(raw)
}
