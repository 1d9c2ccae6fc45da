/**
 * @param {number} numCourses
 * @param {number[][]} prerequisites
 * @return {number[]}
 */
var findOrder = function (numCourses, prerequisites) {
  const unlocks = Array.from({ length: numCourses }, () => []);
  const missing = new Array(numCourses).fill(0);
  for (const [course, first] of prerequisites) {
    unlocks[first].push(course);
    missing[course]++;
  }
  const order = [];
  for (let c = 0; c < numCourses; c++) if (missing[c] === 0) order.push(c);
  for (let at = 0; at < order.length; at++) {
    for (const later of unlocks[order[at]]) {
      if (--missing[later] === 0) order.push(later);
    }
  }
  return order.length === numCourses ? order : [];
};
