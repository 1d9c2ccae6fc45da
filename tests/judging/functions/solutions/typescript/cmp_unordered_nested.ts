function identity(x: string[][]): string[][] {
  return x;
}
