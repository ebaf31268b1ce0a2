// Keccak-f[1600] permutation (SHA-3), one 200-byte state per thread: 25 64-bit lanes
// (50 32-bit registers) plus theta column parities, 24 rounds.
//  * keccak_f1600_states: permutes n states in place (rounds loop not unrolled).
//  * sha3_256_short: SHA3-256 of a message of at most 135 bytes per thread, rounds
//    fully unrolled.

__constant__ unsigned long long c_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

__device__ __forceinline__ unsigned long long rotl64(unsigned long long x, int n)
{
    return (x << n) | (x >> (64 - n));
}

__device__ __forceinline__ void keccak_round(unsigned long long (&A)[25], unsigned long long rc)
{
    // rho offsets and pi permutation, lane index = x + 5*y
    const int rho[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39,
                         41, 45, 15, 21, 8, 18, 2, 61, 56, 14};
    unsigned long long C[5], D[5], B[25];
#pragma unroll
    for (int x = 0; x < 5; ++x)
        C[x] = A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20];
#pragma unroll
    for (int x = 0; x < 5; ++x)
        D[x] = C[(x + 4) % 5] ^ rotl64(C[(x + 1) % 5], 1);
#pragma unroll
    for (int i = 0; i < 25; ++i)
        A[i] ^= D[i % 5];
#pragma unroll
    for (int x = 0; x < 5; ++x)
#pragma unroll
        for (int y = 0; y < 5; ++y) {
            const int r = rho[x + 5 * y];
            const unsigned long long v = A[x + 5 * y];
            B[y + 5 * ((2 * x + 3 * y) % 5)] = r ? rotl64(v, r) : v;
        }
#pragma unroll
    for (int y = 0; y < 5; ++y)
#pragma unroll
        for (int x = 0; x < 5; ++x)
            A[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & B[(x + 2) % 5 + 5 * y]);
    A[0] ^= rc;
}

extern "C" __global__ void keccak_f1600_states(unsigned long long* __restrict__ states, int n)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned long long A[25];
    unsigned long long* s = states + (size_t)t * 25;
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = s[i];
#pragma unroll 1
    for (int round = 0; round < 24; ++round)
        keccak_round(A, c_rc[round]);
#pragma unroll
    for (int i = 0; i < 25; ++i) s[i] = A[i];
}

// msgs: n messages of 136-byte slots, lens[i] <= 135; out: n x 32-byte digests.
extern "C" __global__ void sha3_256_short(const unsigned long long* __restrict__ msgs,
                                          const int* __restrict__ lens,
                                          unsigned long long* __restrict__ out, int n)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const int len = lens[t];
    unsigned long long A[25];
#pragma unroll
    for (int i = 0; i < 25; ++i) A[i] = 0ull;
    const unsigned long long* m = msgs + (size_t)t * 17;
#pragma unroll
    for (int i = 0; i < 17; ++i) {
        const int lo = i * 8;
        unsigned long long w = m[i];
        if (lo + 8 > len) {   // keep only the message bytes, then pad (0x06 ... 0x80)
            const int keep = len - lo;
            w = keep <= 0 ? 0ull : (w & ((1ull << (8 * keep)) - 1ull));
            if (keep >= 0 && keep < 8) w |= 0x06ull << (8 * keep);
        }
        A[i] = w;
    }
    A[16] ^= 0x8000000000000000ull;
#pragma unroll
    for (int round = 0; round < 24; ++round)
        keccak_round(A, c_rc[round]);
#pragma unroll
    for (int i = 0; i < 4; ++i) out[(size_t)t * 4 + i] = A[i];
}
