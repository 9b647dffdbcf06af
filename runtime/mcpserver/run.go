package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/runtime/audit"
	"github.com/hookifyc/hookifyc/runtime/mcplaunch"
)

// FromLaunch is the Options of a launch.
func FromLaunch(l *mcplaunch.Launch, stderr io.Writer) Options {
	o := Options{
		Env:         sources.Env{Dir: l.Dir, ManagedDir: l.ManagedDir, Home: l.Home, RuleDir: l.RuleDir},
		Project:     l.Project,
		WriteLayers: l.WriteLayers,
		FailClosed:  l.FailClosed,
		OutBase:     l.OutBase,
		Stderr:      stderr,
		Version:     l.Version,
	}
	if l.Compat {
		o.Semantics = engine.Hookify
	}
	if l.AuditLog != "" {
		o.Audit = &audit.Log{Path: l.AuditLog, MaxBytes: l.AuditMaxBytes, Files: l.AuditFiles}
	}
	return o
}

// Run serves a launch until the client leaves (stdio) or ctx ends
// (HTTP). getenv reads the bearer token's variable.
func Run(ctx context.Context, l *mcplaunch.Launch, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	s, err := New(FromLaunch(l, stderr))
	if err != nil {
		return err
	}
	if l.HTTP == "" {
		return s.ServeStdio(ctx, stdin, stdout)
	}
	token := ""
	if l.TokenEnv != "" {
		token = getenv(l.TokenEnv)
	}
	ln, err := net.Listen("tcp", l.HTTP)
	if err != nil {
		return err
	}
	auth := "no bearer token"
	if token != "" {
		auth = "bearer token from $" + l.TokenEnv
	}
	fmt.Fprintf(stderr, "hookifyc mcp: serving streamable HTTP on http://%s/mcp (%s)\n", ln.Addr(), auth)
	hs := &http.Server{Handler: HTTPHandler(s, token), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
