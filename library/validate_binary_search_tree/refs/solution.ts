function isValidBST(root: TreeNode | null): boolean {
    // In-order values strictly increase; `previous` starts as null, not as a sentinel number.
    let previous: number | null = null;
    const stack: TreeNode[] = [];
    let node = root;
    while (node !== null || stack.length) {
        while (node !== null) {
            stack.push(node);
            node = node.left;
        }
        const current = stack.pop()!;
        if (previous !== null && current.val <= previous) return false;
        previous = current.val;
        node = current.right;
    }
    return true;
}
