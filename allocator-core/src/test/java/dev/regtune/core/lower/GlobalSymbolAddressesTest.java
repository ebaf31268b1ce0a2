package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 gives each global access to a module-scope variable an address pair loaded from
 * constant bank 4 (probe {@code symbol_addresses_sm90.ptx}: eight parameters stored into eight
 * {@code .global} variables use 32 registers, where their values alone need 16).
 */
class GlobalSymbolAddressesTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/symbol_addresses_sm90.ptx");

    private static KernelFunction function(String name) throws Exception {
        return PtxParser.parse(PTX).functions().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    private static AllocationResult allocate(KernelFunction fn, Knobs knobs) {
        AllocationResult r = Allocators.fatPoint().allocate(fn, knobs, ArchProfiles.of("sm_90"), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    @Test
    void theParserFlagsAccessesWhoseAddressIsAVariable() throws Exception {
        KernelFunction f = function("store_to_globals");
        int flagged = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            boolean symbol = (f.instrFlags(i) & InstrFlags.SYMBOL_ADDRESS) != 0;
            assertEquals(f.instrKind(i) == InstrKind.STORE_GLOBAL, symbol, f.opcode(i));
            flagged += symbol ? 1 : 0;
        }
        assertEquals(8, flagged);
        KernelFunction g = function("load_from_global");
        long loads = java.util.stream.IntStream.range(0, g.instrCount())
                .filter(i -> (g.instrFlags(i) & InstrFlags.SYMBOL_ADDRESS) != 0).count();
        assertEquals(1, loads, "[slot0+8] is a variable's address; [%rd2] is not");
    }

    @Test
    void eachAccessReadsAnAddressPairLoadedJustBeforeIt() throws Exception {
        GlobalSymbolAddresses.Loaded loaded = GlobalSymbolAddresses.apply(function("store_to_globals"));
        assertEquals(8, loaded.accesses());
        KernelFunction g = loaded.function();
        int pairs = 0;
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.instrKind(i) == InstrKind.STORE_GLOBAL) {
                int address = g.use(i, 0);
                assertEquals(GlobalSymbolAddresses.OPCODE, g.opcode(i - 1));
                assertEquals(address, g.def(i - 1, 0));
                assertEquals(2, g.vregSlots(address));
                pairs++;
            }
        }
        assertEquals(8, pairs);
    }

    @Test
    void theAddressPairsCostRegistersAsInPtxas() throws Exception {
        KernelFunction fn = function("store_to_globals");
        int loaded = allocate(fn, Knobs.defaults()).registers();
        int bare = allocate(fn, Knobs.defaults().with(KnobCatalogue.LOAD_SYMBOL_ADDRESSES, 0)).registers();
        assertTrue(Math.abs(loaded - 32) <= 2, "ptxas 32, the model " + loaded);
        assertTrue(bare <= 20, "without the address pairs the values alone: " + bare);
    }
}
