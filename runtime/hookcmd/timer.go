package hookcmd

import "time"

// afterTimer runs fire in a goroutine once d has passed, unless stop is
// called first: a runtime timer (afterDeadline on platforms without its
// own, and in-process calls, which must leave no thread behind).
func afterTimer(d time.Duration, fire func()) (stop func()) {
	t := time.AfterFunc(d, fire)
	return func() { t.Stop() }
}
