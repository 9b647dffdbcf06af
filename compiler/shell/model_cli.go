package shell

import (
	"path"
	"slices"
	"strings"
)

// cliGlobals describes a command-line tool whose subcommand follows its
// global options (kubectl -n prod delete …): the options that take a
// value as the next word, and whether options may stand anywhere in the
// subcommand path (az and gcloud) or only before it.
type cliGlobals struct {
	withValue []string
	anywhere  bool
}

// subcommandCLIs is read only.
var subcommandCLIs = map[string]cliGlobals{
	"kubectl": {withValue: kubectlValues},
	"oc":      {withValue: kubectlValues},
	"helm": {withValue: []string{"-n", "--namespace", "--kube-context", "--kubeconfig", "--kube-apiserver", "--kube-as-user",
		"--kube-as-group", "--kube-ca-file", "--kube-token", "--registry-config", "--repository-cache", "--repository-config", "--burst-limit", "--qps"}},
	"az": {anywhere: true, withValue: []string{"--subscription", "--query", "-o", "--output", "-g", "--resource-group", "-n", "--name",
		"-l", "--location", "--ids", "--only-show-errors-level"}},
	"gcloud": {anywhere: true, withValue: []string{"--project", "--format", "--account", "--configuration", "--flatten",
		"--verbosity", "--impersonate-service-account", "--billing-project", "--trace-token", "--zone", "--region", "--filter",
		"--limit", "--page-size", "--sort-by", "--uri"}},
	"aws": {withValue: []string{"--region", "--profile", "--output", "--endpoint-url", "--query", "--cli-read-timeout",
		"--cli-connect-timeout", "--ca-bundle", "--color", "--cli-binary-format"}},
	"docker": {withValue: []string{"-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey"}},
	"podman": {withValue: []string{"--url", "-c", "--connection", "--root", "--runroot", "--log-level", "--storage-driver", "--cgroup-manager"}},
}

var kubectlValues = []string{"-n", "--namespace", "--context", "--cluster", "--kubeconfig", "-s", "--server", "--user",
	"--token", "--as", "--as-group", "--as-uid", "-v", "--v", "--request-timeout", "--certificate-authority",
	"--client-certificate", "--client-key", "--tls-server-name", "--cache-dir", "--username", "--password", "-l", "--selector",
	"-o", "--output", "-f", "--filename", "-c", "--container", "--field-selector"}

// normaliseCLI moves the global options of a subcommand CLI behind its
// subcommand (kubectl -n prod delete ns x is kubectl delete ns x -n prod;
// az --subscription s vm delete is az vm delete --subscription s), so
// that a rule can anchor on the subcommand. ok is false when argv is not
// such a tool or nothing moves.
func normaliseCLI(argv []string, literal []bool) ([]string, []bool, bool) {
	if len(argv) < 2 || !literal[0] {
		return nil, nil, false
	}
	spec, ok := subcommandCLIs[path.Base(argv[0])]
	if !ok {
		return nil, nil, false
	}
	words, wordLit := []string{argv[0]}, []bool{true}
	var opts []string
	var optLit []bool
	i := 1
	for ; i < len(argv); i++ {
		a := argv[i]
		if a == "--" || !literal[i] {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if !spec.anywhere && len(words) > 1 {
				break
			}
			words, wordLit = append(words, a), append(wordLit, true)
			if !spec.anywhere {
				i++
				break
			}
			continue
		}
		opts, optLit = append(opts, a), append(optLit, true)
		if !strings.Contains(a, "=") && slices.Contains(spec.withValue, a) && i+1 < len(argv) {
			i++
			opts, optLit = append(opts, argv[i]), append(optLit, literal[i])
		}
	}
	if len(opts) == 0 {
		return nil, nil, false
	}
	out := append(append(words, argv[i:]...), opts...)
	lit := append(append(wordLit, literal[i:]...), optLit...)
	return out, lit, true
}
