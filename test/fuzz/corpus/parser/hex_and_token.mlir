cuda_tile.module @m {
  testing$func @g(%p: !cuda_tile.tile<ptr<f32>>, %v: !cuda_tile.tile<f32>) {
    %t = make_token : token
    %a, %b = atomic_rmw_tko relaxed device %p, addf, %v, token = %t : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %c = constant <i8: "0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F"> : tile<128xi8>
    %d = constant <i1: "0x5555555555555555AAAAAAAAAAAAAAAA"> : tile<128xi1>
    return
  }
}
