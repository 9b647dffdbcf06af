//go:build !linux

package hookcmd

import "time"

// afterDeadline runs fire in a goroutine once d has passed, unless stop
// is called first.
func afterDeadline(d time.Duration, fire func()) (stop func()) { return afterTimer(d, fire) }
