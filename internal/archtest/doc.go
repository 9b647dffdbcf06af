// Package archtest holds the test that keeps hookifyc's dependencies
// pointing one way (design.md, "Layout"): language libraries at the
// bottom, then the IR and the engine, the frontends, lowering and the
// backends, the drivers, and the commands on top.
package archtest
