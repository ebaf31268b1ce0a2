/**
 * Runs an allocator over the functions of PTX files and writes what it found: text in the shape
 * of {@code ptxas -v}, or a JSON array with one object per function.
 *
 * <p>A file that does not parse is a {@code PARSE_ERROR} report and one that cannot be read an
 * {@code IO_ERROR} report, never an exception, so one bad file does not hide the results of the
 * others. Nothing here reads command-line arguments.
 */
package dev.regtune.job.allocate;
