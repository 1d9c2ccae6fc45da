function identity(x: TreeNode | null): TreeNode | null {
  return x;
}
