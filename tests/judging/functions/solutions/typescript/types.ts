class Echo {
  echoInt(x: number): number { return x; }
  echoLong(x: number): number { return x; }
  echoFloat(x: number): number { return x; }
  echoBool(x: boolean): boolean { return x; }
  echoString(x: string): string { return x; }
  echoChar(x: string): string { return x; }
  echoIntArray(x: number[]): number[] { return x; }
  echoStringArray(x: string[]): string[] { return x; }
  echoFloatArray(x: number[]): number[] { return x; }
  echoBoolArray(x: boolean[]): boolean[] { return x; }
  echoIntGrid(x: number[][]): number[][] { return x; }
  echoCharGrid(x: string[][]): string[][] { return x; }
  echoListNode(x: ListNode | null): ListNode | null { return x; }
  echoTreeNode(x: TreeNode | null): TreeNode | null { return x; }
  echoGraph(x: number[][]): number[][] { return x; }
  echoGraphNode(x: _Node | null): _Node | null { return x; }
  echoListNodeArray(x: Array<ListNode | null>): Array<ListNode | null> { return x; }
  echoListNodeRandom(x: _Node | null): _Node | null { return x; }

  // The index of the node where the cycle starts, -1 if none (Floyd).
  cycleEntry(head: ListNode | null): number {
    let slow = head;
    let fast = head;
    while (fast !== null && fast.next !== null) {
      slow = slow.next;
      fast = fast.next.next;
      if (slow === fast) {
        let index = 0;
        for (let a = head; a !== slow; a = a.next, slow = slow.next) index++;
        return index;
      }
    }
    return -1;
  }
}
