class Echo {
  echoInt(x) { return x; }
  echoLong(x) { return x; }
  echoFloat(x) { return x; }
  echoBool(x) { return x; }
  echoString(x) { return x; }
  echoChar(x) { return x; }
  echoIntArray(x) { return x; }
  echoStringArray(x) { return x; }
  echoFloatArray(x) { return x; }
  echoBoolArray(x) { return x; }
  echoIntGrid(x) { return x; }
  echoCharGrid(x) { return x; }
  echoListNode(x) { return x; }
  echoTreeNode(x) { return x; }
  echoGraph(x) { return x; }
  echoGraphNode(x) { return x; }
  echoListNodeArray(x) { return x; }
  echoListNodeRandom(x) { return x; }

  // The index of the node where the cycle starts, -1 if none (Floyd).
  cycleEntry(head) {
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
