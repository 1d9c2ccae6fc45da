/**
 * @param {TreeNode} root
 * @return {number[][]}
 */
var levelOrder = function (root) {
  const levels = [];
  let current = root ? [root] : [];
  while (current.length) {
    levels.push(current.map((node) => node.val));
    current = current.flatMap((node) => [node.left, node.right]).filter(Boolean);
  }
  return levels;
};
