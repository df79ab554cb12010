// optimization_hints under -Wunsupported-hints (warnings) and with
// -Werr-hints (the op then fails).
// RUN: ctile-opt %s -Wunsupported-hints -verify-diagnostics -split-input-file
// RUN: not ctile-opt %s -Wunsupported-hints -Werr-hints -split-input-file 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: warning: expected 1 for sm_86.num_cta_in_cga
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
// With -Werr-hints checking stops at the first bad architecture entry
// (entries are visited in key order: default, then sm_90).
// ERR: warning: allow_tma is not known hint for current Operation
// ERR-NOT: latency is not known
// ERR: error: 'cuda_tile.entry' op Optimization hints verification failed
cuda_tile.module @m {
  // expected-warning @below{{expected 1 for sm_86.num_cta_in_cga}}
  entry @a() optimization_hints=<sm_86 = {num_cta_in_cga = 2}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below{{latency is not known hint for current Operation}}
  // expected-warning @below{{allow_tma is not known hint for current Operation}}
  entry @a() optimization_hints=<sm_90 = {latency = 3}, default = {allow_tma = 1}> {
    return
  }
}

// -----

cuda_tile.module @m {
  // expected-warning @below{{unknown hint key sm_75}}
  // expected-warning @below{{expected power-of-two ≤ 16 for sm_120.num_cta_in_cga}}
  entry @a() optimization_hints=<sm_75 = {}, sm_120 = {num_cta_in_cga = 32}> {
    return
  }
}

// -----

// Valid hints are quiet in every mode.
cuda_tile.module @m {
  entry @a() optimization_hints=<sm_100 = {num_cta_in_cga = 16, num_worker_warps_per_cta = 8, occupancy = 32}> {
    return
  }
}
