main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  mapM_ print (repeat (a + b :: Integer))
