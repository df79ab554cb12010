module attributes {t.x = dense_resource<b> : tensor<1xi8>} {}
{-# dialect_resources: { builtin: { b: "0x0100000001" } }, external_resources: { g: { s: "x", t: true } } #-}
