__device__ __forceinline__ void wait(unsigned addr, unsigned phase) {
  asm volatile("{\n.reg .pred P1;\nLAB_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n@P1 bra DONE;\nbra LAB_WAIT;\nDONE:\n}\n" :: "r"(addr), "r"(phase));
}
extern "C" __global__ void lbl(int* p) {
  __shared__ unsigned long long bar[2];
  unsigned a = (unsigned)__cvta_generic_to_shared(&bar[0]);
  wait(a, 0); p[0] = 1; wait(a + 8, 1); p[1] = 2;
}
