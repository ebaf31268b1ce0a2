// Softmax and attention tiles.
//  * softmax_rows_1024: one warp per row of 1024 floats, every lane keeps its 32 values
//    in registers across the max / exp-sum / normalise phases.
//  * attention_fwd_tile: flash-attention style forward pass, one query row per thread,
//    head dimension 64 (q and the output accumulator live in registers), keys and
//    values streamed through shared memory 32 at a time with an online softmax.

#define SM_COLS 1024
#define HD 64
#define KT 32
#define ATT_THREADS 128

extern "C" __global__ void softmax_rows_1024(const float* __restrict__ x, float* __restrict__ y, int rows)
{
    const int lane = threadIdx.x & 31;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (row >= rows) return;
    const float* xr = x + (size_t)row * SM_COLS;
    float* yr = y + (size_t)row * SM_COLS;

    float v[SM_COLS / 32];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < SM_COLS / 32; ++i) {
        v[i] = xr[i * 32 + lane];
        m = fmaxf(m, v[i]);
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < SM_COLS / 32; ++i) {
        v[i] = __expf(v[i] - m);
        s += v[i];
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        s += __shfl_xor_sync(0xffffffffu, s, off);
    const float inv = 1.0f / s;
#pragma unroll
    for (int i = 0; i < SM_COLS / 32; ++i)
        yr[i * 32 + lane] = v[i] * inv;
}

// Q, K, V, O: [heads][seq_len][HD]; grid = (ceil(seq_len / 128), heads).
extern "C" __global__ void attention_fwd_tile(const float* __restrict__ Q, const float* __restrict__ K,
                   const float* __restrict__ V, float* __restrict__ O,
                   int seq_len, float scale, int causal)
{
    __shared__ float Ks[KT][HD];
    __shared__ float Vs[KT][HD];

    const size_t head_off = (size_t)blockIdx.y * seq_len * HD;
    const int row = blockIdx.x * ATT_THREADS + threadIdx.x;
    const bool valid = row < seq_len;

    float q[HD];
    float o[HD];
#pragma unroll
    for (int d = 0; d < HD; ++d) {
        q[d] = valid ? Q[head_off + (size_t)row * HD + d] * scale : 0.0f;
        o[d] = 0.0f;
    }
    float m = -INFINITY;
    float l = 0.0f;

    const int kend = causal ? min(seq_len, (blockIdx.x + 1) * ATT_THREADS) : seq_len;
    for (int kb = 0; kb < kend; kb += KT) {
#pragma unroll
        for (int e = 0; e < (KT * HD) / ATT_THREADS; ++e) {
            const int idx = threadIdx.x + e * ATT_THREADS;
            const int j = idx / HD, d = idx % HD;
            const bool in = kb + j < seq_len;
            Ks[j][d] = in ? K[head_off + (size_t)(kb + j) * HD + d] : 0.0f;
            Vs[j][d] = in ? V[head_off + (size_t)(kb + j) * HD + d] : 0.0f;
        }
        __syncthreads();

        float s[KT];
        float mt = m;
#pragma unroll
        for (int j = 0; j < KT; ++j) {
            float dot = 0.0f;
#pragma unroll
            for (int d = 0; d < HD; ++d)
                dot = fmaf(q[d], Ks[j][d], dot);
            const bool masked = (kb + j >= seq_len) || (causal && kb + j > row);
            s[j] = masked ? -INFINITY : dot;
            mt = fmaxf(mt, s[j]);
        }
        if (mt != -INFINITY) {
            const float corr = (m == -INFINITY) ? 0.0f : __expf(m - mt);
            l *= corr;
#pragma unroll
            for (int d = 0; d < HD; ++d)
                o[d] *= corr;
#pragma unroll
            for (int j = 0; j < KT; ++j) {
                const float p = (s[j] == -INFINITY) ? 0.0f : __expf(s[j] - mt);
                l += p;
#pragma unroll
                for (int d = 0; d < HD; ++d)
                    o[d] = fmaf(p, Vs[j][d], o[d]);
            }
            m = mt;
        }
        __syncthreads();
    }

    if (valid) {
        const float inv = l > 0.0f ? 1.0f / l : 0.0f;
#pragma unroll
        for (int d = 0; d < HD; ++d)
            O[head_off + (size_t)row * HD + d] = o[d] * inv;
    }
}
