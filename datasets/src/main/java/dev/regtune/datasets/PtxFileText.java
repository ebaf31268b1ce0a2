package dev.regtune.datasets;

import dev.regtune.core.ptx.PtxParser;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The text of a PTX file for {@link PtxEntries} and {@link KernelId}, decoded as the parser decodes
 * it ({@link PtxParser#decode}: one char per byte), without holding a large file whole: a file of up
 * to {@link #WHOLE_UP_TO} bytes is read into a {@code String}, as before (most are far smaller, and
 * a {@code String}'s searches are the fastest); a larger one is a {@link CharSequence} over two
 * pages of {@link #PAGE} bytes read from the file when a char on them is asked for. A scan reads
 * front to back, looking back only to the start of a line, so two pages are one read per page.
 *
 * <p>Why not a memory-mapped file: each mapping holds an entry of the process's map table until the
 * garbage collector frees the buffer, and a walk of a million files need not collect in time.
 *
 * <p>Read errors of the pages are {@link UncheckedIOException}s from {@code charAt}; whoever scans
 * catches them. The file must not change while it is open; a page read past its end (the file cut
 * short meanwhile) is an {@link EOFException}.
 */
public final class PtxFileText implements AutoCloseable {
    /** Files up to this size are read whole. */
    public static final int WHOLE_UP_TO = 1 << 20;
    /** The bytes of one page of a larger file. */
    static final int PAGE = 1 << 16;

    private final CharSequence text;
    private final @Nullable FileChannel channel;

    private PtxFileText(CharSequence text, @Nullable FileChannel channel) {
        this.text = text;
        this.channel = channel;
    }

    /**
     * Opens a file: reads it whole if it is small or not a regular file (so that its read fails as
     * it always did), else opens it for pages.
     *
     * @throws IOException if it cannot be opened or read, or is 2 GiB or more (an index of a
     *     {@code CharSequence} is an int)
     */
    public static PtxFileText open(Path file) throws IOException {
        return open(file, WHOLE_UP_TO);
    }

    /**
     * {@link #open(Path)} reading whole only files of up to {@code wholeUpTo} bytes (tests page small
     * files with 0).
     */
    public static PtxFileText open(Path file, long wholeUpTo) throws IOException {
        return open(file, wholeUpTo, PAGE);
    }

    /** {@link #open(Path, long)} with pages of {@code page} bytes (tests cut text at every few bytes). */
    static PtxFileText open(Path file, long wholeUpTo, int page) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) <= wholeUpTo) {
            return new PtxFileText(PtxParser.decode(Files.readAllBytes(file)), null);
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = ch.size();
            if (size >= Integer.MAX_VALUE) {
                throw new IOException("PTX file '" + file + "' is " + size + " bytes, more than the 2 GiB a scan of "
                        + "its entries can index");
            }
            return new PtxFileText(new Pages(ch, (int) size, page), ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The file's text: a {@code String} for a small file, its pages for a large one. */
    public CharSequence text() {
        return text;
    }

    /**
     * What {@code scan} makes of the text, a page's read error thrown as the {@link IOException} it
     * is rather than the {@link UncheckedIOException} {@code charAt} wraps it in.
     */
    public <T> T scan(Function<CharSequence, T> scan) throws IOException {
        try {
            return scan.apply(text);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Whether the text is read a page at a time (the file is larger than {@link #WHOLE_UP_TO}). */
    public boolean paged() {
        return channel != null;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }

    /** A file's chars, two pages of it in memory: the one last read and the one before it. */
    private static final class Pages implements CharSequence {
        private final FileChannel channel;
        private final int length;
        private final int page;
        private byte[] current;
        private long currentNo = -1;
        /** The index of the current page's first char, and its chars (0 before the first read). */
        private int currentFrom;
        private int currentSize;
        private byte[] previous;
        private long previousNo = -1;

        Pages(FileChannel channel, int length, int page) {
            this.channel = channel;
            this.length = length;
            this.page = page;
            this.current = new byte[page];
            this.previous = new byte[page];
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            // The current page's range is checked first, without a division: a scan asks for nearly
            // every char of a page in a row.
            int at = index - currentFrom;
            if (at >= 0 && at < currentSize) {
                return (char) (current[at] & 0xff);
            }
            if (index < 0 || index >= length) {
                throw new IndexOutOfBoundsException("index " + index + " of " + length + " chars");
            }
            turnTo(index / page);
            return (char) (current[index - currentFrom] & 0xff);
        }

        /** Makes page {@code no} current: the previous page if it is that one, else read over the previous. */
        private void turnTo(long no) {
            if (previousNo != no) {
                previousNo = -1; // its bytes are overwritten now, whether the read succeeds or not
                long from = no * page;
                int size = (int) Math.min(page, length - from);
                ByteBuffer buf = ByteBuffer.wrap(previous, 0, size);
                try {
                    while (buf.hasRemaining()) {
                        if (channel.read(buf, from + buf.position()) < 0) {
                            throw new EOFException("the file ended at byte " + (from + buf.position()) + " of the "
                                    + length + " it had when opened");
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                previousNo = no;
            }
            byte[] next = previous;
            previous = current;
            previousNo = currentNo;
            current = next;
            currentNo = no;
            setRange();
        }

        private void setRange() {
            currentFrom = (int) (currentNo * page);
            currentSize = (int) Math.min(page, length - (long) currentFrom);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            if (start < 0 || end > length || start > end) {
                throw new IndexOutOfBoundsException("chars " + start + " to " + end + " of " + length);
            }
            StringBuilder b = new StringBuilder(end - start);
            for (int i = start; i < end; i++) {
                b.append(charAt(i));
            }
            return b.toString();
        }

        @Override
        public String toString() {
            // A CharSequence's toString is its text; callers of this class never ask for it whole.
            return subSequence(0, length).toString();
        }
    }
}
