package sysfile

import "errors"

// MaxFileSize is the default bound of ReadRegular: rule sources, settings,
// genesis and .rules files, and transcripts larger than this are refused.
const MaxFileSize = 64 << 20

// ReadRegular reads the regular file at path (a symbolic link is
// followed), never blocking and never past max bytes: a FIFO, a device such
// as /dev/zero or NUL, a socket or a directory is refused with
// ErrNotRegular before anything is read from it, and a larger file with
// EFBIG. Errors are *fs.PathError naming path.
func ReadRegular(path string, max int64) ([]byte, error) {
	data, _, err := Read(path, 0, max, func(st *Stat) error {
		if !IsRegular(st) {
			return ErrNotRegular
		}
		return nil
	})
	return data, err
}

// IsNotRegular reports whether err is ReadRegular's refusal of a file that
// is not a regular file.
func IsNotRegular(err error) bool { return errors.Is(err, ErrNotRegular) }
