package audit

import (
	"fmt"
	"os"
)

// openRegular opens the regular file at path (created with mode 0600 when
// flag has O_CREATE); anything else (a directory, a device) is refused.
// Windows has no FIFOs at file paths.
func openRegular(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag, 0o600)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: fmt.Errorf("not a regular file")}
	}
	return f, nil
}
