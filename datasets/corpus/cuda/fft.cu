// FFT butterflies unrolled in registers (forward transform, complex float2 data).
//  * fft_radix4_stage / fft_radix8_stage: one Stockham pass of a batched length-n FFT
//    (Govindaraju et al. formulation); twiddles from __sincosf.
//  * fft64_regs: each thread performs a complete 64-point FFT (8 x 8 decomposition,
//    radix-8 columns, twiddle, radix-8 rows) with all 64 complex values in registers.

__constant__ float2 c_tw64[64];   // exp(-2*pi*i*k/64)

__device__ __forceinline__ float2 cadd(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 csub(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__device__ __forceinline__ float2 cmul(float2 a, float2 b)
{
    return make_float2(fmaf(a.x, b.x, -a.y * b.y), fmaf(a.x, b.y, a.y * b.x));
}
__device__ __forceinline__ float2 mul_mi(float2 a) { return make_float2(a.y, -a.x); }   // * (-i)
__device__ __forceinline__ float2 mul_w8_1(float2 a)                                      // * exp(-i pi/4)
{
    const float c = 0.70710678118654752f;
    return make_float2(c * (a.x + a.y), c * (a.y - a.x));
}
__device__ __forceinline__ float2 mul_w8_3(float2 a)                                      // * exp(-3i pi/4)
{
    const float c = 0.70710678118654752f;
    return make_float2(c * (a.y - a.x), -c * (a.x + a.y));
}
__device__ __forceinline__ void bfly2(float2& a, float2& b)
{
    const float2 t = a;
    a = cadd(t, b);
    b = csub(t, b);
}

// In-place radix-4 DFT, natural-order output.
__device__ __forceinline__ void fft4(float2& a0, float2& a1, float2& a2, float2& a3)
{
    bfly2(a0, a2);
    bfly2(a1, a3);
    a3 = mul_mi(a3);
    bfly2(a0, a1);
    bfly2(a2, a3);
    const float2 t = a1; a1 = a2; a2 = t;
}

// In-place radix-8 DFT, natural-order output.
__device__ __forceinline__ void fft8(float2 (&v)[8])
{
    bfly2(v[0], v[4]); bfly2(v[1], v[5]); bfly2(v[2], v[6]); bfly2(v[3], v[7]);
    v[5] = mul_w8_1(v[5]);
    v[6] = mul_mi(v[6]);
    v[7] = mul_w8_3(v[7]);
    fft4(v[0], v[1], v[2], v[3]);   // even outputs X0 X2 X4 X6
    fft4(v[4], v[5], v[6], v[7]);   // odd outputs  X1 X3 X5 X7
    const float2 e0 = v[0], e1 = v[1], e2 = v[2], e3 = v[3];
    const float2 o0 = v[4], o1 = v[5], o2 = v[6], o3 = v[7];
    v[0] = e0; v[1] = o0; v[2] = e1; v[3] = o1;
    v[4] = e2; v[5] = o2; v[6] = e3; v[7] = o3;
}

template <int R>
__device__ __forceinline__ void fft_r(float2 (&v)[R]);
template <> __device__ __forceinline__ void fft_r<4>(float2 (&v)[4]) { fft4(v[0], v[1], v[2], v[3]); }
template <> __device__ __forceinline__ void fft_r<8>(float2 (&v)[8]) { fft8(v); }

template <int R>
__device__ __forceinline__ void stockham_pass(const float2* __restrict__ src, float2* __restrict__ dst,
                                              int n, int ns)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n / R) return;
    const size_t base = (size_t)blockIdx.y * n;
    const int k = j % ns;
    const float angle = -6.28318530717958648f * (float)k / (float)(ns * R);

    float2 v[R];
#pragma unroll
    for (int r = 0; r < R; ++r) {
        v[r] = src[base + j + r * (n / R)];
        if (r > 0) {
            float s, c;
            __sincosf(r * angle, &s, &c);
            v[r] = cmul(v[r], make_float2(c, s));
        }
    }
    fft_r<R>(v);
    const int out = (j / ns) * ns * R + k;
#pragma unroll
    for (int r = 0; r < R; ++r)
        dst[base + out + r * ns] = v[r];
}

extern "C" __global__ void fft_radix4_stage(const float2* __restrict__ src, float2* __restrict__ dst,
                                            int n, int ns)
{
    stockham_pass<4>(src, dst, n, ns);
}

extern "C" __global__ void fft_radix8_stage(const float2* __restrict__ src, float2* __restrict__ dst,
                                            int n, int ns)
{
    stockham_pass<8>(src, dst, n, ns);
}

// Batch of 64-point FFTs stored interleaved: element i of transform t is at in[i * batch + t].
extern "C" __global__ void fft64_regs(const float2* __restrict__ in, float2* __restrict__ out, int batch)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= batch) return;

    float2 x[64];
#pragma unroll
    for (int i = 0; i < 64; ++i)
        x[i] = in[(size_t)i * batch + t];

    // 8-point DFTs down the columns: x[c + 8*r] over r -> index k1.
#pragma unroll
    for (int c = 0; c < 8; ++c) {
        float2 v[8];
#pragma unroll
        for (int r = 0; r < 8; ++r) v[r] = x[c + 8 * r];
        fft8(v);
#pragma unroll
        for (int k1 = 0; k1 < 8; ++k1) {
            x[c + 8 * k1] = (c * k1 == 0) ? v[k1] : cmul(v[k1], c_tw64[c * k1]);
        }
    }
    // 8-point DFTs along the rows: x[c + 8*k1] over c -> index k2; X[k1 + 8*k2].
#pragma unroll
    for (int k1 = 0; k1 < 8; ++k1) {
        float2 v[8];
#pragma unroll
        for (int c = 0; c < 8; ++c) v[c] = x[c + 8 * k1];
        fft8(v);
#pragma unroll
        for (int k2 = 0; k2 < 8; ++k2)
            out[(size_t)(k1 + 8 * k2) * batch + t] = v[k2];
    }
}
