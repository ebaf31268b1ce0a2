package dev.regtune.core.lower;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregFlags;

/**
 * A global access to a module-scope variable ({@code st.global.u64 [graph], %rd1}) names no
 * register in PTX, but SASS has no 64-bit absolute address: ptxas 13.0.88 loads the variable's
 * address from constant bank 4 into a register pair before the access ({@code LDC.64 R6,
 * c[0x4][0x0]; STG.E.64 [R6.64], R20}), read from its SASS for a kernel that stores eight
 * parameters into eight {@code .global} variables (32 registers: eight address pairs and the data,
 * loaded ahead of the stores).
 *
 * <p>Each access flagged {@link InstrFlags#SYMBOL_ADDRESS} gets an {@code ld.const.u64} of a new
 * address pair just before it, which the access reads as its address (its first use after a
 * guard). The scheduler then treats the load like any other constant-bank read.
 */
final class GlobalSymbolAddresses {
    /** The inserted load's opcode. */
    static final String OPCODE = "ld.const.u64";

    private GlobalSymbolAddresses() {
    }

    /** A function with its symbol addresses in registers and how many accesses needed one. */
    record Loaded(KernelFunction function, int accesses) {
    }

    /** {@code f} with an address load before each access to a module-scope variable; {@code f} itself if none. */
    static Loaded apply(KernelFunction f) {
        int accesses = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            accesses += (f.instrFlags(i) & InstrFlags.SYMBOL_ADDRESS) != 0 ? 1 : 0;
        }
        if (accesses == 0) {
            return new Loaded(f, 0);
        }
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if ((f.instrFlags(i) & InstrFlags.SYMBOL_ADDRESS) == 0) {
                    copy.copy(b, i);
                    continue;
                }
                int address = fb.vreg("symaddr" + i, RegClass.R, PairMode.DOUBLE, VregFlags.ADDRESS,
                        NvptxRegClass.INT64);
                fb.instr(OPCODE, InstrKind.LOAD_CONST, 0, new int[] {address}, new int[0], f.instrLine(i));
                int[] own = copy.uses(i);
                int at = (f.instrFlags(i) & InstrFlags.GUARDED) != 0 ? 1 : 0;
                int[] uses = new int[own.length + 1];
                System.arraycopy(own, 0, uses, 0, at);
                uses[at] = address;
                System.arraycopy(own, at, uses, at + 1, own.length - at);
                copy.copy(b, i, uses);
            }
        }
        return new Loaded(copy.build(), accesses);
    }
}
