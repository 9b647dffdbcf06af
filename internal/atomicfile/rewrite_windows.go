package atomicfile

import "io/fs"

// replaceKeepingOwner replaces the file by a renamed temporary file with
// its mode. On Windows a new file takes its ACL from its directory, and
// hard links are rare: every file is replaced.
func replaceKeepingOwner(path string, fi fs.FileInfo, data []byte) (bool, error) {
	return true, Write(path, data, fi.Mode())
}
