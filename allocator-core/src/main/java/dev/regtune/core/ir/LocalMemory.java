package dev.regtune.core.ir;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A function's {@code .local} arrays and, per instruction, the array it loads, stores or computes
 * an address of, as the front end resolved it from constant address arithmetic. What promotion to
 * registers needs: which arrays are only ever accessed at constant offsets and never escape.
 * Immutable; {@link #NONE} for a function without {@code .local} arrays of its own.
 */
public final class LocalMemory {
    /** No arrays, no accesses. */
    public static final LocalMemory NONE = new LocalMemory(List.of(), new LocalAccess[0]);

    private final List<LocalArray> arrays;
    private final @Nullable LocalAccess[] access;

    /**
     * @param arrays the function's arrays
     * @param access per instruction, its access or null (the array is copied; shorter than the
     *     instruction count means null for the rest)
     */
    public LocalMemory(List<LocalArray> arrays, @Nullable LocalAccess[] access) {
        this.arrays = List.copyOf(arrays);
        this.access = access.clone();
    }

    public List<LocalArray> arrays() {
        return arrays;
    }

    /** The access of instruction {@code i}, or null. */
    public @Nullable LocalAccess access(int i) {
        return i < access.length ? access[i] : null;
    }

    /** Whether some load or store of array {@code a} is at a non-constant offset. */
    public boolean dynamicallyIndexed(int a) {
        for (LocalAccess x : access) {
            if (x != null && x.array() == a && x.role() != LocalAccess.Role.ADDRESS && !x.constantOffset()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof LocalMemory m && arrays.equals(m.arrays) && java.util.Arrays.equals(access, m.access);
    }

    @Override
    public int hashCode() {
        return 31 * arrays.hashCode() + java.util.Arrays.hashCode(access);
    }
}
