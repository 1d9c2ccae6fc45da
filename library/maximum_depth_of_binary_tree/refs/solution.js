/**
 * Recursive on purpose: the deep cases need the harness's large stack.
 * @param {TreeNode} root
 * @return {number}
 */
var maxDepth = function (root) {
  return root ? 1 + Math.max(maxDepth(root.left), maxDepth(root.right)) : 0;
};
