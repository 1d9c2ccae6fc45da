const twoSum = (nums, target) => {
  const missing = undefined;
  return missing.indexOf(target);
};
