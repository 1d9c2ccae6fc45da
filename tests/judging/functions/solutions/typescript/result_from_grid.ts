function fillGrid(grid: string[][], c: string): void {
  for (const row of grid) {
    for (let j = 0; j < row.length; j++) if (row[j] === ".") row[j] = c;
  }
}
