-- Writes past the output limit (1 MiB), then ends: Output Limit Exceeded.
main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  mapM_ print (replicate 1048576 (a + b :: Integer))
