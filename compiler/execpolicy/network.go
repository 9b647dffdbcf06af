package execpolicy

import (
	"strings"
	"unicode"
)

// parseProtocol maps a network_rule protocol to its canonical name.
func parseProtocol(raw string) (string, error) {
	switch raw {
	case "http", "socks5_tcp", "socks5_udp":
		return raw, nil
	case "https", "https_connect", "http-connect":
		return "https", nil
	}
	return "", invalidRule("network_rule protocol must be one of http, https, socks5_tcp, socks5_udp (got %s)", raw)
}

// parseNetworkDecision accepts prefix_rule decisions plus "deny" (= forbidden).
func parseNetworkDecision(raw string) (Decision, error) {
	if raw == "deny" {
		return Forbidden, nil
	}
	d, err := ParseDecision(raw)
	if err != nil {
		return 0, plainError("%v", err)
	}
	return d, nil
}

// normalizeHost validates a network_rule host and returns it lower-cased,
// without port or trailing dots, as Codex does.
func normalizeHost(raw string) (string, error) {
	host := strings.TrimSpace(raw)
	if host == "" {
		return "", invalidRule("network_rule host cannot be empty")
	}
	if strings.Contains(host, "://") || strings.ContainsAny(host, "/?#") {
		return "", invalidRule("network_rule host must be a hostname or IP literal (without scheme or path)")
	}
	if inside, ok := strings.CutPrefix(host, "["); ok {
		in, rest, found := strings.Cut(inside, "]")
		if !found {
			return "", invalidRule("network_rule host has an invalid bracketed IPv6 literal")
		}
		if rest != "" {
			port, ok := strings.CutPrefix(rest, ":")
			if !ok || !allDigits(port) {
				return "", invalidRule("network_rule host contains an unsupported suffix: %s", raw)
			}
		}
		host = in
	} else if strings.Count(host, ":") == 1 {
		cand, port, _ := strings.Cut(host, ":")
		if cand != "" && allDigits(port) {
			host = cand
		}
	}
	norm := strings.TrimSpace(strings.TrimRight(host, "."))
	norm = asciiLower(norm)
	switch {
	case norm == "":
		return "", invalidRule("network_rule host cannot be empty")
	case strings.Contains(norm, "*"):
		return "", invalidRule("network_rule host must be a specific host; wildcards are not allowed")
	case strings.IndexFunc(norm, unicode.IsSpace) >= 0:
		return "", invalidRule("network_rule host cannot contain whitespace")
	}
	return norm, nil
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
