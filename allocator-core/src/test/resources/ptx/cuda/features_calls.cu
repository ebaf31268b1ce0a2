#include <cstdio>
#include <cassert>
struct Shape { __device__ virtual float area() const = 0; __device__ virtual ~Shape() {} };
struct Sq : Shape { float s; __device__ Sq(float x):s(x){} __device__ float area() const override { return s*s; } };
struct Ci : Shape { float r; __device__ Ci(float x):r(x){} __device__ float area() const override { return 3.14159f*r*r; } };
__device__ int fib(int n) { return n < 2 ? n : fib(n-1) + fib(n-2); }
typedef float (*op_t)(float, float);
__device__ float addf(float a, float b) { return a + b; }
__device__ float mulf(float a, float b) { return a * b; }
__device__ op_t ops[2] = {addf, mulf};
__global__ void virt(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  Shape* s = (i & 1) ? (Shape*)new Sq(i) : (Shape*)new Ci(i);
  out[i] = s->area(); delete s;
}
__global__ void recur(int* out, int n) { int i = threadIdx.x; out[i] = fib(n + i % 4); }
__global__ void fptr(float* out, const float* a, int sel) { int i = threadIdx.x; out[i] = ops[sel & 1](a[i], a[i+1]); }
__global__ void prn(const float* a, int n) { int i = threadIdx.x; if (i < n) printf("i=%d a=%f %s %lld\n", i, a[i], "x", (long long)clock64()); assert(a[0] == a[0]); }
__global__ void heap(int n, int** keep) { int* p = (int*)malloc(n * sizeof(int)); for (int k = 0; k < n; k++) p[k] = k*k; keep[threadIdx.x] = p; }
__global__ void traps(int* x) { if (x[0] == 7) __trap(); if (x[1] == 3) __brkpt(); __nanosleep(100); x[2] = (int)clock(); unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); x[3] = (int)t; }
__device__ __noinline__ void big_callee(float* p, float a, float b, float c, float d, float e, float f, float g, float h) { p[threadIdx.x] = a*b+c*d+e*f+g*h; }
__global__ void callmany(float* p, const float* q) { float v[8]; for (int k = 0; k < 8; k++) v[k] = q[threadIdx.x*8+k]; big_callee(p, v[0],v[1],v[2],v[3],v[4],v[5],v[6],v[7]); }
