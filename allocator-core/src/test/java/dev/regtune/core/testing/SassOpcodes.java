package dev.regtune.core.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Counts SASS instructions of one kind in what the installed ptxas writes, without a disassembler:
 * the cubin is an ELF file whose section {@code .text.ENTRY} holds the entry's instructions, 16
 * bytes each on sm_70 and later, the opcode in the low 12 bits of the first 8 (little-endian). For
 * tests that pin a structural fact of ptxas's output (how many {@code LDG}s, so how many copies of a
 * loop body) rather than a register count.
 */
public final class SassOpcodes {
    /** {@code LDG} (a global load, e.g. {@code LDG.E R5, [R4.64]}) on sm_80 and sm_90. */
    public static final int LDG = 0x981;

    private SassOpcodes() {
    }

    /**
     * How many instructions of {@code entry} in {@code ptx} compiled for {@code arch} have
     * {@code opcode}; skips the test when no ptxas is installed.
     */
    public static int countOrSkip(Path ptx, String arch, String entry, int opcode) throws IOException,
            InterruptedException {
        Ptxas ptxas = Ptxas.find();
        Assumptions.assumeTrue(ptxas != null, "ptxas is not on PATH: skipping the check against the real compiler");
        Path cubin = Files.createTempFile("regtune-sass", ".cubin");
        try {
            Ptxas.Run run = ptxas.compile(ptx, arch, 0, cubin);
            Assertions.assertTrue(run.accepted(), run.output());
            return count(Files.readAllBytes(cubin), ".text." + entry, opcode);
        } finally {
            Files.deleteIfExists(cubin);
        }
    }

    /** Instructions with {@code opcode} in the ELF64 section named {@code section} of {@code elf}. */
    static int count(byte[] elf, String section, int opcode) {
        ByteBuffer b = ByteBuffer.wrap(elf).order(ByteOrder.LITTLE_ENDIAN);
        long shoff = b.getLong(0x28);
        int shentsize = Short.toUnsignedInt(b.getShort(0x3A));
        int shnum = Short.toUnsignedInt(b.getShort(0x3C));
        int shstrndx = Short.toUnsignedInt(b.getShort(0x3E));
        long names = b.getLong((int) (shoff + (long) shstrndx * shentsize + 0x18));
        for (int s = 0; s < shnum; s++) {
            int header = (int) (shoff + (long) s * shentsize);
            if (!section.equals(name(elf, (int) (names + Integer.toUnsignedLong(b.getInt(header)))))) {
                continue;
            }
            int offset = (int) b.getLong(header + 0x18);
            int size = (int) b.getLong(header + 0x20);
            int n = 0;
            for (int at = offset; at + 16 <= offset + size; at += 16) {
                n += (b.getLong(at) & 0xfff) == opcode ? 1 : 0;
            }
            return n;
        }
        throw new AssertionError("the cubin has no section " + section);
    }

    private static String name(byte[] elf, int at) {
        int end = at;
        while (elf[end] != 0) {
            end++;
        }
        return new String(elf, at, end - at, StandardCharsets.US_ASCII);
    }
}
