{-# LANGUAGE ForeignFunctionInterface #-}
import Foreign.C.Types

foreign import ccall "sys/socket.h socket" c_socket :: CInt -> CInt -> CInt -> IO CInt

main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  s <- c_socket 2 1 0
  print (a + b + fromIntegral (s * 0) :: Integer)
