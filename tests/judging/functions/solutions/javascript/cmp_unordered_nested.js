var identity = function (x) {
  return x;
};
