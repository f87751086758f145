/* SHA-256 (FIPS 180-4) for the manifest's file hashes: the SHA extensions (SHA-NI) where the
   processor has them — four rounds per instruction pair — and portable C otherwise. Both are
   tested against the standard vectors and against each other on random lengths. */
#include "ckernels.h"
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#endif

static const uint32_t ckernels_sha_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ckernels_rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* `blocks` 64-byte blocks into `h`, portable. */
static void ckernels_sha256_blocks_c(uint32_t h[8], const uint8_t *p, size_t blocks) {
  uint32_t w[64];
  for (; blocks > 0; blocks--, p += 64) {
    for (int i = 0; i < 16; i++)
      w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
      uint32_t s0 = ckernels_rotr(w[i - 15], 7) ^ ckernels_rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = ckernels_rotr(w[i - 2], 17) ^ ckernels_rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
      uint32_t t1 = hh + (ckernels_rotr(e, 6) ^ ckernels_rotr(e, 11) ^ ckernels_rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                    ckernels_sha_k[i] + w[i];
      uint32_t t2 = (ckernels_rotr(a, 2) ^ ckernels_rotr(a, 13) ^ ckernels_rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
}

#if defined(__x86_64__)
/* The same with the SHA extensions. They keep the state as two vectors, (A, B, E, F) and
   (C, D, G, H); each sha256rnds2 does two rounds, and msg1/msg2 extend the message schedule
   four words at a time. */
__attribute__((target("sha,sse4.1,ssse3"))) static void ckernels_sha256_blocks_ni(uint32_t h[8], const uint8_t *p,
                                                                                 size_t blocks) {
  const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL); /* big-endian words */
  __m128i dcba = _mm_loadu_si128((const __m128i *)&h[0]);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)&h[4]);
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
  for (; blocks > 0; blocks--, p += 64) {
    const __m128i abef0 = abef, cdgh0 = cdgh;
    __m128i w[4];
    for (int i = 0; i < 16; i++) {
      __m128i m;
      if (i < 4) {
        m = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), swap);
      } else {
        /* W[t..t+3] from W[t−16..t−13], W[t−15..t−12], W[t−7..t−4] and W[t−4..t−1]. */
        __m128i t = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
        t = _mm_add_epi32(t, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
        m = _mm_sha256msg2_epu32(t, w[(i + 3) & 3]);
      }
      w[i & 3] = m;
      __m128i wk = _mm_add_epi32(m, _mm_loadu_si128((const __m128i *)&ckernels_sha_k[4 * i]));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
    }
    abef = _mm_add_epi32(abef, abef0);
    cdgh = _mm_add_epi32(cdgh, cdgh0);
  }
  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(dchg, feba, 8));
}

static int ckernels_has_sha_ni(void) {
  static int known = -1;
  if (known < 0) {
    unsigned a, b, c, d;
    int ok = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_1) && (c & bit_SSSE3);
    ok = ok && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
    known = ok;
  }
  return known;
}
#endif

void ckernels_sha256(const uint8_t *data, size_t count, int portable, uint8_t digest[32]) {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  void (*blocks)(uint32_t *, const uint8_t *, size_t) = ckernels_sha256_blocks_c;
#if defined(__x86_64__)
  if (!portable && ckernels_has_sha_ni()) blocks = ckernels_sha256_blocks_ni;
#else
  (void)portable;
#endif
  size_t whole = count / 64;
  if (whole > 0) blocks(h, data, whole);
  /* The tail, 0x80, zeros and the bit length: one or two blocks. */
  uint8_t tail[128];
  size_t rest = count - whole * 64;
  memset(tail, 0, sizeof tail);
  if (rest > 0) memcpy(tail, data + whole * 64, rest);
  tail[rest] = 0x80;
  size_t n = rest + 1 + 8 <= 64 ? 64 : 128;
  uint64_t bits = (uint64_t)count * 8;
  for (int i = 0; i < 8; i++) tail[n - 1 - i] = (uint8_t)(bits >> (8 * i));
  blocks(h, tail, n / 64);
  for (int i = 0; i < 8; i++) {
    digest[4 * i] = (uint8_t)(h[i] >> 24);
    digest[4 * i + 1] = (uint8_t)(h[i] >> 16);
    digest[4 * i + 2] = (uint8_t)(h[i] >> 8);
    digest[4 * i + 3] = (uint8_t)h[i];
  }
}
