function copyRandomList(head: _Node | null): _Node | null {
    const copies = new Map<_Node, _Node>();
    const copyOf = (node: _Node | null): _Node | null => {
        if (node === null) return null;
        if (!copies.has(node)) copies.set(node, new _Node(node.val));
        return copies.get(node)!;
    };
    for (let node = head; node !== null; node = node.next) {
        const copy = copyOf(node)!;
        copy.next = copyOf(node.next);
        copy.random = copyOf(node.random);
    }
    return copyOf(head);
}
