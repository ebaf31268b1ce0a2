package dev.regtune.datasets.load;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The PTX module a kernel is in: either the text itself, or the file to read it from when it is
 * asked for (so that a record from the manifest costs no I/O until someone wants its code). Both
 * are serializable, so records can be shipped to Spark executors; a file path must then be
 * readable there too.
 */
public sealed interface PtxText extends Serializable {
    /** The whole module text (UTF-8). */
    String read() throws IOException;

    /** Text held in memory (a folder's file already read, a generated kernel). */
    record Inline(String text) implements PtxText {
        private static final long serialVersionUID = 1L;

        public Inline {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String read() {
            return text;
        }

        @Override
        public String toString() {
            return "Inline[" + text.length() + " chars]";
        }
    }

    /**
     * Text read from a file when asked for: the manifest's rows, and a folder's files larger than
     * {@link dev.regtune.datasets.PtxFileText#WHOLE_UP_TO}. Its one reader in RegTune, the sweep's
     * kernel catalog, needs the text whole: it broadcasts each module's text to the executors, which
     * need not see the driver's files.
     */
    record OnDisk(String path) implements PtxText {
        private static final long serialVersionUID = 1L;

        public OnDisk {
            Objects.requireNonNull(path, "path");
        }

        @Override
        public String read() throws IOException {
            // PtxParser.decode's text: one char per byte. Files.readString makes the String of the
            // bytes it read without copying them, where new String(readAllBytes) held both at once.
            return Files.readString(Path.of(path), StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * A folder of PTX files that could not be listed (permission denied, not a directory): the
     * place-holder of the kernels it may hold, whose text cannot be had. Reading it fails with the
     * listing's own failure, so that whoever asks names the folder and the reason.
     *
     * @param folder the folder
     * @param failure why its listing failed
     */
    record UnlistableFolder(String folder, IOException failure) implements PtxText {
        private static final long serialVersionUID = 1L;

        public UnlistableFolder {
            Objects.requireNonNull(folder, "folder");
            Objects.requireNonNull(failure, "failure");
        }

        @Override
        public String read() throws IOException {
            throw failure;
        }
    }
}
