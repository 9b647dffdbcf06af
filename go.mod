module github.com/hookifyc/hookifyc

go 1.26.0

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4 // indirect
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/urfave/cli/v3 v3.14.0 // indirect
	go.starlark.net v0.0.0-20260908191801-89a6a09411d5 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/tools v0.38.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)
