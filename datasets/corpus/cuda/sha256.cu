// SHA-256 compression, one 64-byte message block per thread (fully unrolled 64 rounds,
// 16-word rolling message schedule in registers).
//  * sha256_block: digest of a single pre-padded block per message.
//  * sha256d_nonce_search: double SHA-256 of an 80-byte header with a per-thread nonce
//    (midstate precomputed on the host), reports nonces below a target.

__constant__ unsigned c_K256[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u};

__device__ __forceinline__ unsigned rotr(unsigned x, int n) { return __funnelshift_r(x, x, n); }

__device__ __forceinline__ void sha256_compress(unsigned (&st)[8], unsigned (&w)[16])
{
    unsigned a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
#pragma unroll
    for (int i = 0; i < 64; ++i) {
        if (i >= 16) {
            const unsigned w15 = w[(i - 15) & 15], w2 = w[(i - 2) & 15];
            const unsigned s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >> 3);
            const unsigned s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >> 10);
            w[i & 15] += s0 + w[(i - 7) & 15] + s1;
        }
        const unsigned S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        const unsigned ch = (e & f) ^ (~e & g);
        const unsigned t1 = h + S1 + ch + c_K256[i] + w[i & 15];
        const unsigned S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        const unsigned mj = (a & b) ^ (a & c) ^ (b & c);
        const unsigned t2 = S0 + mj;
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d;
    st[4] += e; st[5] += f; st[6] += g; st[7] += h;
}

__device__ __forceinline__ void sha256_init(unsigned (&st)[8])
{
    st[0] = 0x6a09e667u; st[1] = 0xbb67ae85u; st[2] = 0x3c6ef372u; st[3] = 0xa54ff53au;
    st[4] = 0x510e527fu; st[5] = 0x9b05688cu; st[6] = 0x1f83d9abu; st[7] = 0x5be0cd19u;
}

// blocks: n pre-padded big-endian 16-word blocks; digests: n x 8 words.
extern "C" __global__ void sha256_block(const uint4* __restrict__ blocks, uint4* __restrict__ digests, int n)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned w[16];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const uint4 q = blocks[(size_t)t * 4 + i];
        w[4 * i] = __byte_perm(q.x, 0, 0x0123);
        w[4 * i + 1] = __byte_perm(q.y, 0, 0x0123);
        w[4 * i + 2] = __byte_perm(q.z, 0, 0x0123);
        w[4 * i + 3] = __byte_perm(q.w, 0, 0x0123);
    }
    unsigned st[8];
    sha256_init(st);
    sha256_compress(st, w);
    digests[(size_t)t * 2] = make_uint4(st[0], st[1], st[2], st[3]);
    digests[(size_t)t * 2 + 1] = make_uint4(st[4], st[5], st[6], st[7]);
}

// midstate: state after the first 64 header bytes; tail: header words 16..18 (big endian).
extern "C" __global__ void sha256d_nonce_search(const unsigned* __restrict__ midstate,
                                                const unsigned* __restrict__ tail,
                                                unsigned nonce_base, unsigned target_hi,
                                                unsigned* __restrict__ found, unsigned* __restrict__ nfound)
{
    const unsigned nonce = nonce_base + blockIdx.x * blockDim.x + threadIdx.x;
    unsigned st[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) st[i] = midstate[i];
    unsigned w[16];
    w[0] = tail[0]; w[1] = tail[1]; w[2] = tail[2]; w[3] = nonce;
    w[4] = 0x80000000u;
#pragma unroll
    for (int i = 5; i < 15; ++i) w[i] = 0u;
    w[15] = 640u;
    sha256_compress(st, w);

#pragma unroll
    for (int i = 0; i < 8; ++i) w[i] = st[i];
    w[8] = 0x80000000u;
#pragma unroll
    for (int i = 9; i < 15; ++i) w[i] = 0u;
    w[15] = 256u;
    sha256_init(st);
    sha256_compress(st, w);

    if (__byte_perm(st[7], 0, 0x0123) <= target_hi) {
        const unsigned slot = atomicAdd(nfound, 1u);
        if (slot < 64u) found[slot] = nonce;
    }
}
