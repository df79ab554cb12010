"foo.addf"() : () -> ()
"foo.addf"() : () -> ()
"test.mulf"() : () -> ()
"bar.return"() : () -> ()
