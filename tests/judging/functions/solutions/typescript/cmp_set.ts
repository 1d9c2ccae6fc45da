function identity(x: number[]): number[] {
  return x;
}
