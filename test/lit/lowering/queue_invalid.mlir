// lower-nv-tileaa lowers queues to nv_tileas pipeline regions; a producer
// or consumer that cannot map to a pipeline slot fails loudly, at the op,
// rather than being left as unordered memory traffic (seed 001).
// RUN: ctile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-nv-tileaa)' %s

// A consumer whose queue comes from outside the function (an argument):
// it has no pipeline of this CTA to wait on.
nv_tileaa.func @consumer_of_argument(%q: !nv_tileaa.queue<tile<16xf32>, i32>) {
  // expected-error @below {{'nv_tileaa.queue.get' op cannot be mapped to an nv_tileas pipeline slot: the consumer's queue is not made by an nv_tileaa.create_queue of this function}}
  %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<16xf32>, i32> -> tile<16xf32>, i32
  nv_tileaa.return
}

// -----

// A consumer with no producer: its wait could never complete.
nv_tileaa.func @consumer_without_producer() {
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<i32>
  // expected-error @below {{'nv_tileaa.queue.get' op cannot be mapped to an nv_tileas pipeline slot: no producer (queue.put) commits to this consumer's queue, so its wait can never complete}}
  %g = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32> -> i32
  nv_tileaa.return
}

// -----

// A producer into a queue that is a block argument of the function.
nv_tileaa.func @producer_of_argument(%q: !nv_tileaa.queue<i32>, %v: i32) {
  // expected-error @below {{'nv_tileaa.queue.put' op cannot be mapped to an nv_tileas pipeline slot: the producer's queue is not made by an nv_tileaa.create_queue of this function}}
  nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<i32>, i32
  nv_tileaa.return
}

// -----

// A queue that escapes its producers and consumers (yielded out of a region).
nv_tileaa.func @escape(%v: i32) {
  %e = nv_tileaa.execute : -> !nv_tileaa.queue<i32> {
    %q = nv_tileaa.create_queue : !nv_tileaa.queue<i32>
    nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<i32>, i32
    // expected-error @below {{'nv_tileaa.queue.yield' op cannot be mapped to an nv_tileas pipeline slot: a queue escapes to an op that is neither a producer (queue.put) nor a consumer (queue.get)}}
    nv_tileaa.queue.yield %q : !nv_tileaa.queue<i32>
  }
  nv_tileaa.return
}

// -----

// More stages than a pipeline can have.
nv_tileaa.func @too_deep(%v: i32) {
  // expected-error @below {{'nv_tileaa.create_queue' op cannot be mapped to an nv_tileas pipeline slot: depth 65 is outside the [1, 64] stages of a pipeline}}
  %q = nv_tileaa.create_queue {depth = 65 : i32} : !nv_tileaa.queue<i32>
  nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<i32>, i32
  %g = nv_tileaa.queue.get %q : !nv_tileaa.queue<i32> -> i32
  nv_tileaa.return
}

// -----

// A queue passed as the payload of another queue's producer escapes too.
nv_tileaa.func @payload_escape(%v: i32) {
  %q = nv_tileaa.create_queue : !nv_tileaa.queue<i32>
  %r = nv_tileaa.create_queue : !nv_tileaa.queue<!nv_tileaa.queue<i32>>
  nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<i32>, i32
  // expected-error @below {{'nv_tileaa.queue.put' op cannot be mapped to an nv_tileas pipeline slot: a queue escapes to an op that is neither a producer (queue.put) nor a consumer (queue.get)}}
  nv_tileaa.queue.put %r, %q : !nv_tileaa.queue<!nv_tileaa.queue<i32>>, !nv_tileaa.queue<i32>
  nv_tileaa.return
}
