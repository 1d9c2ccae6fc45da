package main

import (
	"fmt"
	"runtime/debug"
)

// Go turns a nil dereference into a panic (exit code 2); with traceback "crash" the runtime
// then aborts with SIGABRT, a crash by signal.
func main() {
	debug.SetTraceback("crash")
	var a, b int64
	fmt.Scan(&a, &b)
	var p *int64
	fmt.Println(*p + a + b)
}
