package dev.regtune.core.ir;

/** A declared function parameter: its PTX name, type (".u64", ".b8" ...) and size in bytes. */
public record Param(String name, String type, int sizeBytes) {
}
