function twoSum(nums: number[], target: number): number[] {
  let spin = 0;
  for (;;) spin++;
}
