// Ground truth for OccupancyCalculator.maxRegistersForWarps: a kernel that wants far more than
// 255 registers (200 floats live across a loop), so that ptxas always uses exactly the register
// cap it derives from __launch_bounds__(T, B). generate_launch_bounds.sh appends explicit
// instantiations heavy<T, B> for a grid of launch bounds and records `ptxas -v`'s
// "Used N registers" for each, per architecture.
template <int T, int B>
__global__ void __launch_bounds__(T, B) heavy(float* out, const float* in, int n) {
    float acc[200];
#pragma unroll
    for (int i = 0; i < 200; ++i) acc[i] = in[threadIdx.x + i * 7];
    for (int it = 0; it < n; ++it) {
#pragma unroll
        for (int i = 0; i < 200; ++i) acc[i] = acc[i] * acc[(i * 37 + 11) % 200] + in[it + i];
    }
    float s = 0;
#pragma unroll
    for (int i = 0; i < 200; ++i) s += acc[i] * (i + 1);
    out[threadIdx.x] = s;
}
