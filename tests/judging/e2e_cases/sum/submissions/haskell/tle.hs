main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  print (spin (a + b :: Integer))

spin :: Integer -> Integer
spin n = if n == -12345 then n else spin (n + 2)
