#include <cuda_fp16.h>
__device__ __noinline__ float helper(float a, float b) { return a * b + sqrtf(a); }
extern "C" __global__ void __launch_bounds__(256, 2) saxpy(int n, float a, const float* __restrict__ x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = helper(a, x[i]) + y[i];
}
__shared__ float sdata[256];
extern "C" __global__ void reduce(const float* in, float* out, int n) {
  __shared__ double local_s[32];
  int tid = threadIdx.x;
  float v = 0;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x) v += in[i];
  sdata[tid] = v; __syncthreads();
  for (int s = blockDim.x/2; s > 32; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid+s]; __syncthreads(); }
  float w = sdata[tid];
  for (int o = 16; o > 0; o >>= 1) w += __shfl_down_sync(0xffffffff, w, o);
  local_s[tid & 31] = w;
  if (tid == 0) atomicAdd(out, w + (float)local_s[3]);
  if (__any_sync(0xffffffff, w > 1.0f)) out[1] = __popc(__ballot_sync(0xffffffff, w > 2.0f));
}
extern "C" __global__ void vec4(const float4* in, float4* out, double* d, long long* l) {
  int i = threadIdx.x;
  float4 v = in[i];
  v.x += v.y; out[i] = v;
  d[i] = d[i+1] * 2.5 + 1.0/d[i+2];
  l[i] = l[i] * 7 + clock64() + (long long)__half2float(__float2half(v.z));
  unsigned lane; asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[lane].w = rsqrtf(v.w) + __expf(v.x) + __sinf(v.y);
}
typedef int (*fp)(int);
__device__ int f1(int x) { return x + 1; }
__device__ int f2(int x) { return x * 3; }
__device__ fp tbl[2] = {f1, f2};
extern "C" __global__ void indirect(int* p, int k) {
  int local_arr[16];
  for (int j = 0; j < 16; j++) local_arr[j] = p[j] * k;
  p[threadIdx.x] = tbl[k & 1](local_arr[p[0] & 15]);
  switch (p[1]) { case 0: p[2] = 5; break; case 1: p[2] = 9; break; case 2: p[3] = 1; break; case 3: p[4]=2; break; case 4: p[5]=7; break; default: break;}
}
