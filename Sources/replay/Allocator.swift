#if canImport(Glibc)
  import Glibc
#endif

/// Has glibc's allocator take blocks of up to 32 MiB from the heap, whose freed memory it uses
/// again, rather than map each one afresh and unmap it when it is freed.
///
/// By default glibc maps every block of 128 KiB or more that is larger than the last one it
/// unmapped, so an array that keeps doubling (a long recording's messages) is mapped anew at each
/// step, and every page of each new mapping faults on its first touch. Larger blocks (the
/// debugger's history of a big recording) are still mapped, so that freeing them gives their
/// memory back. `replay check --jobs 1` on 1,000,000 generated events (release, 2 cores): 3,429
/// page faults and 0.06–0.13 s of system time without it, 2,786 and 0.04–0.05 s with it.
///
/// It also has the allocator keep up to 64 MiB of free memory at the top of a heap, and grow a
/// heap 16 MiB at a time, where by default it gives back every 128 KiB free at the top and grows
/// by what is asked. Setting the mapping threshold fixes the trimming threshold at its default,
/// and the paths that free on one thread what another allocated (`--json`, `compare`, `html`)
/// then shrank and grew the helper threads' heaps hundreds of times a second, each time faulting
/// the pages in again: `replay compare` on 1,000,000 generated events (release, 2 cores) had
/// about 21,000–29,000 page faults and 959 `mprotect` calls, and has about 12,000–13,000 with
/// this.
///
/// `mallopt` is looked up rather than called: the C library's module does not declare it. Does
/// nothing on other C libraries.
func keepMidSizedBlocksOnTheHeap() {
  #if canImport(Glibc)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let mallopt = cFunction("mallopt", as: Mallopt.self) else { return }
    // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD and M_TOP_PAD, from <malloc.h>.
    let mmapThreshold: Int32 = -3
    let trimThreshold: Int32 = -1
    let topPad: Int32 = -2
    _ = mallopt(mmapThreshold, 32 << 20)
    _ = mallopt(trimThreshold, 64 << 20)
    _ = mallopt(topPad, 16 << 20)
  #endif
}
