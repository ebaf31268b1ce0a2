package dev.regtune.core.ptx;

import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;

/**
 * The PTX fundamental and opaque types that can appear in {@code .reg}, {@code .param} and
 * variable declarations, with their width. Register class and pair mode follow from the width:
 * {@code .pred} is a predicate; up to 32 bits (including packed {@code .f16x2}/{@code .bf16x2})
 * one 32-bit slot; 64 bits an even-aligned pair; {@code .b128} an aligned quad.
 */
enum PtxType {
    PRED(".pred", 1),
    B8(".b8", 8), U8(".u8", 8), S8(".s8", 8),
    B16(".b16", 16), U16(".u16", 16), S16(".s16", 16), F16(".f16", 16), BF16(".bf16", 16),
    E4M3X2(".e4m3x2", 16), E5M2X2(".e5m2x2", 16), E2M3X2(".e2m3x2", 16), E3M2X2(".e3m2x2", 16),
    E2M1X2(".e2m1x2", 8), UE8M0X2(".ue8m0x2", 16),
    B32(".b32", 32), U32(".u32", 32), S32(".s32", 32), F32(".f32", 32), F16X2(".f16x2", 32),
    BF16X2(".bf16x2", 32), TF32(".tf32", 32), E2M1X4(".e2m1x4", 16),
    B64(".b64", 64), U64(".u64", 64), S64(".s64", 64), F64(".f64", 64),
    B128(".b128", 128),
    /** Opaque handles: only in variable and parameter declarations, never in {@code .reg}. */
    TEXREF(".texref", 64), SAMPLERREF(".samplerref", 64), SURFREF(".surfref", 64);

    final String spelling;
    final int bits;

    PtxType(String spelling, int bits) {
        this.spelling = spelling;
        this.bits = bits;
    }

    /** Bytes a value of this type occupies in memory (predicates: 1, though they cannot live in memory). */
    int bytes() {
        return Math.max(1, bits / 8);
    }

    boolean isOpaque() {
        return this == TEXREF || this == SAMPLERREF || this == SURFREF;
    }

    /** Whether a {@code .reg} of this type is allowed. */
    boolean isRegisterType() {
        return !isOpaque();
    }

    RegClass regClass() {
        return this == PRED ? RegClass.P : RegClass.R;
    }

    /** The typed NVPTX register class of a {@code .reg} of this type. */
    NvptxRegClass nvptxClass() {
        return switch (this) {
            case PRED -> NvptxRegClass.INT1;
            case F32 -> NvptxRegClass.FLOAT32;
            case F64 -> NvptxRegClass.FLOAT64;
            case B128 -> NvptxRegClass.INT128;
            default -> bits <= 16 ? NvptxRegClass.INT16 : bits <= 32 ? NvptxRegClass.INT32 : NvptxRegClass.INT64;
        };
    }

    PairMode pairMode() {
        return this == PRED ? PairMode.SINGLE : PairMode.forBits(bits);
    }
}
