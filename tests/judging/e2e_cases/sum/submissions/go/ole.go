// Writes past the output limit (1 MiB), then ends: Output Limit Exceeded.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	w := bufio.NewWriter(os.Stdout)
	for i := 0; i < 1<<20; i++ {
		fmt.Fprintln(w, a+b)
	}
	w.Flush()
}
