function cloneGraph(node: _Node | null): _Node | null {
    const copies = new Map<_Node, _Node>();
    const clone = (original: _Node): _Node => {
        let copy = copies.get(original);
        if (copy === undefined) {
            copy = new _Node(original.val);
            copies.set(original, copy);
            copy.neighbors = original.neighbors.map(clone);
        }
        return copy;
    };
    return node === null ? null : clone(node);
}
