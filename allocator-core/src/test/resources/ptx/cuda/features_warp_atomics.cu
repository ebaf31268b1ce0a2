#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/atomic>
namespace cg = cooperative_groups;
__global__ void warps(int* out, const int* in) {
  int v = in[threadIdx.x]; unsigned m = __activemask();
  int s = __shfl_sync(m, v, 3) + __shfl_up_sync(m, v, 1) + __shfl_down_sync(m, v, 2) + __shfl_xor_sync(m, v, 4);
  unsigned b = __ballot_sync(m, v > 0); unsigned mm = __match_any_sync(m, v); int all = __all_sync(m, v > 1), any = __any_sync(m, v > 2);
  int r = __reduce_add_sync(m, v) + __reduce_min_sync(m, v) + __reduce_or_sync(m, (unsigned)v);
  __syncwarp(); out[threadIdx.x] = s + b + mm + all + any + r + __popc(b) + __clz(v) + __ffs(v) + __brev(v) + __byte_perm(v, s, 0x5140);
}
__global__ void atoms(float* f, double* d, __half2* h, __nv_bfloat162* bh, unsigned long long* u, int* i, unsigned short* us) {
  atomicAdd(f, 1.0f); atomicAdd(d, 2.0); atomicAdd(h, __floats2half2_rn(1.f, 2.f)); atomicAdd(bh, __floats2bfloat162_rn(1.f, 2.f));
  atomicMax(u, 5ull); atomicMin((long long*)u + 1, -3ll); atomicCAS(i, 1, 2); atomicExch(i + 1, 7); atomicInc((unsigned*)i + 2, 9u); atomicDec((unsigned*)i + 3, 9u);
  atomicAnd(i + 4, 3); atomicOr(i + 5, 3); atomicXor(i + 6, 3); atomicAdd_block(i + 7, 1); atomicAdd_system(i + 8, 1);
  atomicCAS(us, (unsigned short)1, (unsigned short)2);
  cuda::atomic_ref<int, cuda::thread_scope_device> a(i[9]); a.fetch_add(3, cuda::memory_order_acq_rel); a.store(4, cuda::memory_order_release); i[10] = a.load(cuda::memory_order_acquire);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
}
__global__ void groups(int* out, const int* in, int n) {
  cg::thread_block tb = cg::this_thread_block(); auto t32 = cg::tiled_partition<32>(tb); auto t4 = cg::tiled_partition<4>(tb);
  int v = in[tb.thread_rank()]; int s = cg::reduce(t32, v, cg::plus<int>()); int s4 = cg::reduce(t4, v, cg::greater<int>());
  auto co = cg::coalesced_threads(); int c = co.shfl(v, 0); tb.sync();
  out[tb.thread_rank()] = s + s4 + c + cg::inclusive_scan(t32, v);
}
__global__ void gridsync(int* x) { cg::grid_group g = cg::this_grid(); x[g.thread_rank()] = 1; g.sync(); x[g.thread_rank()] += x[(g.thread_rank() + 1) % g.size()]; }
__global__ void halfmath(__half2* h, __nv_bfloat162* b, float* f) {
  int i = threadIdx.x; __half2 x = h[i]; __half2 y = __hfma2(x, x, h2exp(x)); y = __hmul2_sat(y, h2sqrt(x)); y = __hmax2(y, __hneg2(x));
  __nv_bfloat162 z = __hfma2(b[i], b[i], b[i+1]); f[i] = __low2float(y) + __high2float(y) + __bfloat162float(z.x) + __half2float(__float2half_rz(f[i])) + __bfloat162float(h2rcp(z).y);
  h[i] = y; b[i] = z;
}
