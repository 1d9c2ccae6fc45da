// The solution's own doubly linked list node, named like the harness's Node.
class Node {
  key: number;
  val: number;
  prev: Node | null = null;
  next: Node | null = null;

  constructor(key: number, val: number) {
    this.key = key;
    this.val = val;
  }
}

class LRUCache {
  private map = new Map<number, Node>();
  private head = new Node(0, 0);
  private tail = new Node(0, 0);

  constructor(private capacity: number) {
    this.head.next = this.tail;
    this.tail.prev = this.head;
  }

  private unlink(node: Node): void {
    node.prev.next = node.next;
    node.next.prev = node.prev;
  }

  private pushFront(node: Node): void {
    node.next = this.head.next;
    node.prev = this.head;
    this.head.next.prev = node;
    this.head.next = node;
  }

  get(key: number): number {
    const node = this.map.get(key);
    if (node === undefined) return -1;
    this.unlink(node);
    this.pushFront(node);
    return node.val;
  }

  put(key: number, value: number): void {
    const old = this.map.get(key);
    if (old !== undefined) {
      old.val = value;
      this.unlink(old);
      this.pushFront(old);
      return;
    }
    const node = new Node(key, value);
    this.map.set(key, node);
    this.pushFront(node);
    if (this.map.size > this.capacity) {
      const last = this.tail.prev;
      this.unlink(last);
      this.map.delete(last.key);
    }
  }
}
