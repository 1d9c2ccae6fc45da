package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	blocks := make([][]byte, 0)
	for i := 0; i < 4096; i++ {
		block := make([]byte, 1<<20)
		for j := range block {
			block[j] = byte(i)
		}
		blocks = append(blocks, block)
	}
	fmt.Println(a + b + int64(len(blocks))*0)
}
