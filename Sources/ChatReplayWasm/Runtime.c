// What Embedded Swift's standard library asks of its platform beyond the C library.
#include <stdlib.h>

// `Double(_: String)` parses through this; the WebAssembly C library has only the C locale.
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  char *end;
  *result = strtod(text, &end);
  return end;
}

// The low 128 bits of `a * b` (what the C library's compiler support would give, which Debian's
// wasi-libc leaves out): the standard library's full-width multiplications call it.
__int128 __multi3(__int128 a, __int128 b) {
  unsigned long long aLow = (unsigned long long)a;
  unsigned long long aHigh = (unsigned long long)((unsigned __int128)a >> 64);
  unsigned long long bLow = (unsigned long long)b;
  unsigned long long bHigh = (unsigned long long)((unsigned __int128)b >> 64);
  unsigned long long a0 = aLow & 0xFFFFFFFFu, a1 = aLow >> 32;
  unsigned long long b0 = bLow & 0xFFFFFFFFu, b1 = bLow >> 32;
  unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  unsigned long long middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  unsigned long long low = (p00 & 0xFFFFFFFFu) | (middle << 32);
  unsigned long long high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
  high += aLow * bHigh + aHigh * bLow;
  return (__int128)(((unsigned __int128)high << 64) | low);
}
