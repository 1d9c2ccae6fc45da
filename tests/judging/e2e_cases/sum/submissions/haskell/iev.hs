main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  print (a + b :: Integer)
  error "uncaught: GHC programs exit with code 1"
