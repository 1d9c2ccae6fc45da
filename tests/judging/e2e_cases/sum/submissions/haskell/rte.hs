{-# LANGUAGE ForeignFunctionInterface #-}
-- Haskell's own errors are exceptions (exit code 1); a crash by signal needs C's abort().
foreign import ccall "stdlib.h abort" c_abort :: IO ()

main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  c_abort
  print (a + b :: Integer)
