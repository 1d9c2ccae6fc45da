import qualified Data.Map.Strict as M

main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  let m = M.fromList [(i, i * 2) | i <- [1 .. 20000000 :: Int]]
  print (fromIntegral (M.size m) * 0 + a + b :: Integer)
