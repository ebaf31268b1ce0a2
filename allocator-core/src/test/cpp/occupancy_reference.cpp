// Ground truth for dev.regtune.core.arch.OccupancyCalculator.
//
// Calls NVIDIA's own occupancy calculator (cuda_occupancy.h, header-only, runs on the CPU,
// no GPU and no CUDA runtime needed) for every supported architecture over a fixed grid of
// registers x threads per block x shared memory per block, and prints one CSV row per point:
//
//   arch,registers,threads,shared_bytes,active_blocks,limiter
//
// `limiter` lists every bit set in cudaOccResult::limitingFactors, in bit order, joined by
// '|' (e.g. "WARPS|BLOCKS"): the header reports all limits that tie for the minimum.
//
// Build and run through generate.sh; the output is committed as
// src/test/resources/occupancy/reference.csv and compared row by row by OccupancyCalculatorTest.
// The output is deterministic: fixed loop order, no clock, no randomness.

#include <cuda_occupancy.h>

#include <cstddef>
#include <cstdio>
#include <string>

namespace {

// One architecture as cudaGetDeviceProperties would report it on a representative part.
// Values: CUDA programming guide, "Technical Specifications per Compute Capability", and the
// device properties of the named product. numSms is a product fact and does not influence
// cudaOccMaxActiveBlocksPerMultiprocessor (only the grid-size suggestion), but must be > 0.
struct Arch {
    const char* name;
    int major;
    int minor;
    int maxThreadsPerMultiprocessor;
    size_t sharedMemPerMultiprocessor;
    size_t sharedMemPerBlockOptin;
    size_t reservedSharedMemPerBlock;
    int numSms;  // representative part, see comment above
};

const Arch kArchs[] = {
    // name     maj min threads/SM smem/SM   opt-in/block reserved SMs
    {"sm_70",   7,  0,  2048,      98304,    98304,       0,       80},   // V100
    {"sm_75",   7,  5,  1024,      65536,    65536,       0,       40},   // T4
    {"sm_80",   8,  0,  2048,      167936,   166912,      1024,    108},  // A100
    {"sm_86",   8,  6,  1536,      102400,   101376,      1024,    82},   // RTX 3090
    {"sm_89",   8,  9,  1536,      102400,   101376,      1024,    128},  // RTX 4090
    {"sm_90",   9,  0,  2048,      233472,   232448,      1024,    132},  // H100 SXM
    {"sm_100",  10, 0,  2048,      233472,   232448,      1024,    148},  // B200
    {"sm_120",  12, 0,  1536,      102400,   101376,      1024,    170},  // RTX 5090
};

const int kRegisters[] = {0, 1, 16, 24, 32, 40, 48, 56, 64, 72, 80, 96, 128, 168, 200, 255};
const int kThreads[] = {32, 64, 96, 128, 192, 256, 384, 512, 768, 1024};
const size_t kSharedBytes[] = {0, 1024, 16384, 49152};

cudaOccDeviceProp deviceProp(const Arch& arch) {
    cudaOccDeviceProp prop;  // the C++ constructor zeroes every field
    prop.computeMajor = arch.major;
    prop.computeMinor = arch.minor;
    prop.maxThreadsPerBlock = 1024;
    prop.maxThreadsPerMultiprocessor = arch.maxThreadsPerMultiprocessor;
    prop.regsPerBlock = 65536;
    prop.regsPerMultiprocessor = 65536;
    prop.warpSize = 32;
    prop.sharedMemPerBlock = 48 * 1024;  // without opt-in
    prop.sharedMemPerMultiprocessor = arch.sharedMemPerMultiprocessor;
    prop.numSms = arch.numSms;
    prop.sharedMemPerBlockOptin = arch.sharedMemPerBlockOptin;
    prop.reservedSharedMemPerBlock = arch.reservedSharedMemPerBlock;
    return prop;
}

// A kernel as cudaFuncGetAttributes would describe it after the application opted in to the
// full per-block shared memory (cudaFuncSetAttribute(..., MaxDynamicSharedMemorySize, optin)):
// RegTune's model takes "shared memory per block" as one number and assumes the opt-in, so the
// reference does the same. numBlockBarriers = 1 is what the runtime reports for any kernel
// (barrier 0, used by __syncthreads); it never lowers the block count below the block limit.
cudaOccFuncAttributes funcAttributes(const Arch& arch, int registers) {
    cudaOccFuncAttributes attr;
    attr.maxThreadsPerBlock = 1024;
    attr.numRegs = registers;
    attr.sharedSizeBytes = 0;  // all shared memory is passed as dynamic
    attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    attr.maxDynamicSharedSizeBytes = arch.sharedMemPerBlockOptin;
    attr.numBlockBarriers = 1;
    attr.virtualResourceCount = 0;
    return attr;
}

std::string limiterNames(unsigned int factors) {
    static const struct { unsigned int bit; const char* name; } kNames[] = {
        {OCC_LIMIT_WARPS, "WARPS"},
        {OCC_LIMIT_REGISTERS, "REGISTERS"},
        {OCC_LIMIT_SHARED_MEMORY, "SHARED_MEMORY"},
        {OCC_LIMIT_BLOCKS, "BLOCKS"},
        {OCC_LIMIT_BARRIERS, "BARRIERS"},
        {OCC_LIMIT_VIRTUAL_RESOURCES, "VIRTUAL_RESOURCES"},
    };
    std::string out;
    for (const auto& entry : kNames) {
        if (factors & entry.bit) {
            if (!out.empty()) out += '|';
            out += entry.name;
        }
    }
    return out.empty() ? std::string("NONE") : out;
}

}  // namespace

int main() {
    std::printf("arch,registers,threads,shared_bytes,active_blocks,limiter\n");
    int skipped = 0;
    for (const Arch& arch : kArchs) {
        const cudaOccDeviceProp prop = deviceProp(arch);
        const cudaOccDeviceState state;  // default carve-out, no cache preference
        for (int registers : kRegisters) {
            const cudaOccFuncAttributes attr = funcAttributes(arch, registers);
            for (int threads : kThreads) {
                for (size_t shared : kSharedBytes) {
                    cudaOccResult result{};
                    cudaOccError status = cudaOccMaxActiveBlocksPerMultiprocessor(
                        &result, &prop, &attr, &state, threads, shared);
                    if (status != CUDA_OCC_SUCCESS) {
                        // The calculator rejected this combination; it has no answer to compare.
                        ++skipped;
                        continue;
                    }
                    std::printf("%s,%d,%d,%zu,%d,%s\n", arch.name, registers, threads, shared,
                                result.activeBlocksPerMultiprocessor,
                                limiterNames(result.limitingFactors).c_str());
                }
            }
        }
    }
    std::fprintf(stderr, "occupancy_reference: %d combination(s) rejected by the calculator\n",
                 skipped);
    return 0;
}
