package filelock

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLockUnlock(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i := 0; i < 2; i++ {
		if err := Lock(f); err != nil {
			t.Fatal(err)
		}
		if err := Unlock(f); err != nil {
			t.Fatal(err)
		}
	}
}
