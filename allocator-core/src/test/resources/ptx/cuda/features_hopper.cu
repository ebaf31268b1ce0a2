#include <cooperative_groups.h>
#include <cuda_fp8.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 1, 1) clusterk(float* out) {
  __shared__ float s[256]; cg::cluster_group c = cg::this_cluster(); s[threadIdx.x] = threadIdx.x * c.block_rank(); c.sync();
  float* other = c.map_shared_rank(s, (c.block_rank() + 1) % c.num_blocks()); out[blockIdx.x * 256 + threadIdx.x] = other[255 - threadIdx.x]; c.sync();
}
__global__ void fp8k(__nv_fp8_e4m3* a, __nv_fp8_e5m2* b, float* out) { int i = threadIdx.x; float x = float(a[i]) + float(b[i]); __nv_fp8x2_e4m3 p(make_float2(x, x * 2)); out[i] = x + float(__nv_fp8_e4m3(x)); a[i] = __nv_fp8_e4m3(out[i]); *(__nv_fp8x2_e4m3*)(b + 64 + 2*i) = p; }
__global__ void mbar(float* out, const float* in) {
  __shared__ __align__(16) float buf[1024]; __shared__ __align__(8) unsigned long long bar;
  if (threadIdx.x == 0) { asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&bar)), "r"(1)); asm volatile("fence.proxy.async.shared::cta;"); }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&bar)), "r"(4096));
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" :: "r"((unsigned)__cvta_generic_to_shared(buf)), "l"(in), "r"(4096), "r"((unsigned)__cvta_generic_to_shared(&bar)) : "memory");
  }
  asm volatile("{\n\t.reg .pred p;\n\tLAB_WAIT:\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t@!p bra LAB_WAIT;\n}" :: "r"((unsigned)__cvta_generic_to_shared(&bar)), "r"(0));
  out[threadIdx.x] = buf[threadIdx.x] + buf[1023 - threadIdx.x];
}
__global__ void elect_dep(int* x) {
  unsigned is; asm volatile("{\n\t.reg .pred p;\n\telect.sync _|p, 0xffffffff;\n\tselp.u32 %0, 1, 0, p;\n}" : "=r"(is));
  asm volatile("griddepcontrol.wait;" ::: "memory"); if (is) atomicAdd(x, 1); asm volatile("griddepcontrol.launch_dependents;");
  cudaGridDependencySynchronize(); unsigned cid; asm("mov.u32 %0, %%clusterid.x;" : "=r"(cid)); unsigned sm; asm("mov.u32 %0, %%smid;" : "=r"(sm)); x[threadIdx.x + 1] = cid + sm;
}
__global__ void maxnreg_asm(float* o) { asm volatile("setmaxnreg.inc.sync.aligned.u32 232;"); o[threadIdx.x] += 1; asm volatile("setmaxnreg.dec.sync.aligned.u32 40;"); }
__global__ void ldst_matrix(unsigned* o) {
  __shared__ __align__(16) unsigned short s[32 * 8 * 4]; for (int k = threadIdx.x; k < 1024; k += 32) s[k] = k;
  __syncwarp(); unsigned r0, r1, r2, r3; unsigned a = (unsigned)__cvta_generic_to_shared(&s[(threadIdx.x % 32) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};" :: "r"(a), "r"(r3), "r"(r2), "r"(r1), "r"(r0));
  o[threadIdx.x] = r0 + r1 + r2 + r3 + s[threadIdx.x];
}
__global__ void wgmma_k(float* out, unsigned long long da, unsigned long long db) {
  float d[8] = {0};
  asm volatile("wgmma.fence.sync.aligned;");
  asm volatile("{\n\twgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, 1, 1, 1, 0, 0;\n}"
     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]) : "l"(da), "l"(db));
  asm volatile("wgmma.commit_group.sync.aligned;"); asm volatile("wgmma.wait_group.sync.aligned 0;");
  for (int k = 0; k < 8; k++) out[threadIdx.x * 8 + k] = d[k];
}
