package mcpserver

import (
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxMessageBytes bounds one JSON-RPC message, over stdio and HTTP: a
// 10 MB command, escaped, fits.
const MaxMessageBytes = 32 << 20

// ServeStdio serves one client over r and w (the process's stdin and
// stdout) until r ends or ctx is done.
//
// The SDK may lose the answers to requests that arrive just before the
// end of input (modelcontextprotocol/go-sdk#1061: `cat requests | server`
// printed 1 of 4 answers): the end of r is passed on only once every
// request read has been answered.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	srv := s.MCPServer()
	var inflight atomic.Int64
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			defer inflight.Add(-1)
			return next(ctx, method, req)
		}
	})
	in := &drainingReader{r: r, inflight: &inflight}
	out := &syncWriter{w: w}
	err := srv.Run(ctx, &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: MaxMessageBytes})
	if err != nil && (errors.Is(err, io.EOF) || strings.Contains(err.Error(), "EOF") || errors.Is(err, context.Canceled)) {
		return nil
	}
	return err
}

// drainingReader counts the requests read (one per line) and, at the end
// of its input, waits until they are answered before reporting it.
type drainingReader struct {
	r        io.Reader
	inflight *atomic.Int64
}

func (d *drainingReader) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	for _, b := range p[:n] {
		if b == '\n' {
			d.inflight.Add(1)
		}
	}
	if err == io.EOF {
		// Notifications and responses are counted too and never answered:
		// wait for the count to stop falling, at most a few seconds.
		deadline := time.Now().Add(5 * time.Second)
		last, still := d.inflight.Load(), 0
		for time.Now().Before(deadline) && still < 20 {
			time.Sleep(5 * time.Millisecond)
			cur := d.inflight.Load()
			if cur <= 0 {
				break
			}
			if cur == last {
				still++
			} else {
				last, still = cur, 0
			}
		}
		time.Sleep(20 * time.Millisecond) // the last answer's write
	}
	return n, err
}

func (d *drainingReader) Close() error { return nil }

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) Close() error { return nil }

// HTTPHandler serves the tools over streamable HTTP, at any path. When
// token is not "", every request must carry "Authorization: Bearer
// <token>" (compared in constant time); others get 401.
func HTTPHandler(s *Server, token string) http.Handler {
	srv := s.MCPServer()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: MaxMessageBytes})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hookifyc"`)
			http.Error(w, "hookifyc mcp: missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}
