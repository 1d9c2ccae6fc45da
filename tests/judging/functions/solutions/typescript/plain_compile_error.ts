// A type error (the syntax is fine): a string is not a number[].
function twoSum(nums: number[], target: number): number[] {
  const answer: number[] = "0,1";
  return answer;
}
