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
	for {
		fmt.Fprintln(w, a+b)
	}
}
