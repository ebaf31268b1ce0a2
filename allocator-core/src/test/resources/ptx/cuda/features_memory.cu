#include <cuda/pipeline>
#include <cuda/barrier>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
__global__ void cpasync(float* out, const float* in, int n) {
  __shared__ float buf[2][256];
  auto block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  float acc = 0;
  for (int t = 0; t < n; t += 256) {
    pipe.producer_acquire(); cuda::memcpy_async(&buf[(t/256)&1][threadIdx.x], &in[t + threadIdx.x], sizeof(float), pipe); pipe.producer_commit();
    pipe.consumer_wait(); acc += buf[(t/256)&1][threadIdx.x]; pipe.consumer_release();
  }
  out[threadIdx.x] = acc;
}
__global__ void cgasync(float* out, const float* in) {
  __shared__ float s[512]; auto b = cg::this_thread_block(); cg::memcpy_async(b, s, in + blockIdx.x * 512, sizeof(float) * 512); cg::wait(b);
  out[blockIdx.x * 512 + threadIdx.x] = s[threadIdx.x] + s[511 - threadIdx.x];
}
__global__ void primcp(float* out, const float* in) { __shared__ float s[128]; __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4); __pipeline_commit(); __pipeline_wait_prior(0); __syncthreads(); out[threadIdx.x] = s[127 - threadIdx.x]; }
__global__ void barr(float* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar; if (threadIdx.x == 0) init(&bar, blockDim.x); __syncthreads();
  out[threadIdx.x] *= 2; auto tok = bar.arrive(); bar.wait(std::move(tok)); out[threadIdx.x] += out[(threadIdx.x + 1) % blockDim.x];
}
__global__ void cacheops(float* __restrict__ out, const float* __restrict__ in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; float a = __ldg(in + i) + __ldcs(in + i + 1) + __ldlu(in + i + 2) + __ldcv(in + i + 3) + __ldca(in + i + 4);
  __stcs(out + i, a); __stwt(out + i + n, a); __stcg(out + i + 2 * n, a); __stwb(out + i + 3*n, a);
  asm volatile("prefetch.global.L2 [%0];" :: "l"(in + i + 64)); asm volatile("prefetch.global.L2::evict_last [%0];" :: "l"(in + i + 128));
}
__global__ void texsurf(cudaTextureObject_t t, cudaSurfaceObject_t s, float* out, int w) {
  int x = threadIdx.x, y = blockIdx.x; float v = tex2D<float>(t, x + 0.5f, y + 0.5f) + tex1Dfetch<float>(t, x) + tex2DLod<float>(t, x, y, 1.f);
  surf2Dwrite(v, s, x * 4, y); float r; surf2Dread(&r, s, x * 4, y + 1, cudaBoundaryModeClamp); out[y * w + x] = r + v;
}
__global__ void localarr(float* out, const int* idx) { float a[64]; for (int k = 0; k < 64; k++) a[k] = k * out[k]; out[threadIdx.x] = a[idx[threadIdx.x] & 63] + a[(idx[threadIdx.x] >> 6) & 63]; }
__global__ void allocak(float* out, int n) { float* p = (float*)alloca(n * sizeof(float)); for (int k = 0; k < n; k++) p[k] = out[k] * 2; out[threadIdx.x] = p[threadIdx.x % n]; }
struct Big { float v[1000]; };
__global__ void bigparam(const __grid_constant__ Big b, float* out) { out[threadIdx.x] = b.v[threadIdx.x] + b.v[999 - threadIdx.x]; }
__global__ void i128(__int128* x, unsigned __int128* y) { int i = threadIdx.x; x[i] = x[i] * x[i+1] + (x[i] >> 3); y[i] = y[i] / (y[i+1] | 1) + (y[i] % 7); }
__global__ void __launch_bounds__(128, 4) lb(float* o) { o[threadIdx.x] *= 3; }
__global__ void __maxnreg__(40) mr(float* o) { o[threadIdx.x] = sinf(o[threadIdx.x]) * cosf(o[threadIdx.x + 1]); }
__global__ void mathd(double* d, float* f) { int i = threadIdx.x; d[i] = pow(d[i], d[i+1]) + erf(d[i]) + lgamma(d[i]) + tgamma(d[i+2]) + sin(d[i]) + cbrt(d[i]) + fmod(d[i], 3.0) + rsqrt(d[i]); f[i] = powf(f[i], 2.5f) + erfinvf(f[i]) + j0f(f[i]) + __expf(f[i]) + __fdividef(f[i], 3.f) + sinpif(f[i]); }
