/**
 * @param {TreeNode} root
 * @return {boolean}
 */
var isValidBST = function (root) {
  // Infinite bounds: node values reach both ends of the 32-bit range.
  const stack = [[root, -Infinity, Infinity]];
  while (stack.length) {
    const [node, low, high] = stack.pop();
    if (!node) continue;
    if (node.val <= low || node.val >= high) return false;
    stack.push([node.left, low, node.val], [node.right, node.val, high]);
  }
  return true;
};
