package main

import (
	"fmt"
	"net"
)

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	if l, err := net.Listen("tcp", "127.0.0.1:0"); err == nil {
		l.Close()
	}
	fmt.Println(a + b)
}
