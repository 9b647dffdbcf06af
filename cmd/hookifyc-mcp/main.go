// Command hookifyc-mcp is the hookify MCP server (runtime/mcpserver). It
// is started by `hookifyc mcp`, which parses the flags and hands over the
// resolved options (runtime/mcplaunch); it is a binary of its own so that
// the MCP SDK's dependencies never slow down `hookifyc hook`.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/hookifyc/hookifyc/runtime/mcplaunch"
	"github.com/hookifyc/hookifyc/runtime/mcpserver"
)

func main() {
	mcpserver.TuneGC(os.Getenv)
	l, err := mcplaunch.Parse(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "hookifyc-mcp:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := mcpserver.Run(ctx, l, os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "hookifyc mcp:", err)
		os.Exit(1)
	}
}
