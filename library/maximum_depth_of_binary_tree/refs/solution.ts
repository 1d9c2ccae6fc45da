function maxDepth(root: TreeNode | null): number {
    // Level by level: the number of levels is the depth.
    let depth = 0;
    let level: TreeNode[] = root ? [root] : [];
    while (level.length) {
        depth++;
        const next: TreeNode[] = [];
        for (const node of level) {
            if (node.left) next.push(node.left);
            if (node.right) next.push(node.right);
        }
        level = next;
    }
    return depth;
}
