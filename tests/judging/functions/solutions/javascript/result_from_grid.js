/**
 * @param {character[][]} grid
 * @param {character} c
 * @return {void}
 */
var fillGrid = function (grid, c) {
  for (const row of grid) {
    for (let j = 0; j < row.length; j++) if (row[j] === ".") row[j] = c;
  }
};
