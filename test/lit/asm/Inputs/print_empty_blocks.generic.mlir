"builtin.module"() ({
  "test.a"() ({
  ^bb0(%arg0: i32):
    "test.br"()[^bb1] : () -> ()
  ^bb1(%0: i32):  // pred: ^bb0
  ^bb2:  // no predecessors
    "test.use"(%arg0) : (i32) -> ()
  }) : () -> ()
  "test.b"() ({
  ^bb0:
  }, {
  }) : () -> ()
}) : () -> ()

