package dev.regtune.space.profile;

import dev.regtune.space.Utf8Files;
import dev.regtune.core.text.Suggestions;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The three profile formats. Writing is deterministic: the same profile gives the same bytes
 * (UTF-8, {@code \n} line ends) on any machine. Reading validates every field and knob against
 * the catalogue and throws a {@link ProfileFormatException} naming file and line.
 */
public enum ProfileFormat {
    /** {@code regtune-profile} JSON object, for tools and notebooks. */
    JSON("json"),
    /** ptxas-style knobs file: metadata comments, a {@code [knobs]} section of Name=Value lines. */
    KNOBS("knobs", "txt"),
    /** One {@code kind,name,id,value,default} table, for spreadsheets and pandas. */
    CSV("csv");

    private final List<String> extensions;

    ProfileFormat(String... extensions) {
        this.extensions = List.of(extensions);
    }

    /** File name extensions (without the dot) that select this format; the first is the one to write. */
    public List<String> extensions() {
        return extensions;
    }

    /** The format's name on a command line: {@code json}, {@code knobs}, {@code csv}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The profile as text, exactly the bytes {@link #write(KnobProfile, Writer)} writes. */
    public String toText(KnobProfile profile) {
        return switch (this) {
            case JSON -> new JsonProfileWriter().write(profile);
            case KNOBS -> new KnobsFileWriter().write(profile);
            case CSV -> new CsvProfileWriter().write(profile);
        };
    }

    /** Writes the profile to {@code out} and flushes it; does not close it. */
    public void write(KnobProfile profile, Writer out) throws IOException {
        out.write(toText(profile));
        out.flush();
    }

    /** Writes the profile to {@code file} in UTF-8, replacing it. */
    public void write(KnobProfile profile, Path file) throws IOException {
        Files.writeString(file, toText(profile), StandardCharsets.UTF_8);
    }

    /** Reads a profile from text; {@code source} names it in error messages. */
    public KnobProfile parse(String text, String source) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        return switch (this) {
            case JSON -> new JsonProfileReader().read(t, source);
            case KNOBS -> new KnobsFileReader().read(t, source);
            case CSV -> new CsvProfileReader().read(t, source);
        };
    }

    /** Reads a profile from {@code in} (not closed); {@code source} names it in error messages. */
    public KnobProfile read(Reader in, String source) throws IOException {
        StringWriter text = new StringWriter();
        in.transferTo(text);
        return parse(text.toString(), source);
    }

    /** Reads a profile from a UTF-8 file; errors name the file as given. */
    public KnobProfile read(Path file) throws IOException {
        return parse(Utf8Files.read(file), file.toString());
    }

    /** Reads a profile in the format its extension names ({@link #forPath(Path)}). */
    public static KnobProfile readFile(Path file) throws IOException {
        return forPath(file).read(file);
    }

    /** The format {@code override} when given (not null), else the one {@code file}'s extension names. */
    public static ProfileFormat choose(Path file, ProfileFormat override) {
        return override != null ? override : forPath(file);
    }

    /** The format of a file from its extension: .json, .knobs or .txt, .csv (any case). */
    public static ProfileFormat forPath(Path file) {
        Path name = file.getFileName();
        String n = name == null ? "" : name.toString();
        int dot = n.lastIndexOf('.');
        String ext = dot < 0 ? "" : n.substring(dot + 1).toLowerCase(Locale.ROOT);
        for (ProfileFormat f : values()) {
            if (f.extensions.contains(ext)) {
                return f;
            }
        }
        throw new IllegalArgumentException("cannot tell the profile format of '" + file + "' from its name; use "
                + "the extension .json, .knobs, .txt or .csv, or name the format (json, knobs or csv)");
    }

    /** The format named {@code name} (json, knobs or csv, any case), with a "did you mean" otherwise. */
    public static ProfileFormat named(String name) {
        String key = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (ProfileFormat f : values()) {
            if (f.id().equals(key)) {
                return f;
            }
        }
        List<String> ids = Arrays.stream(values()).map(ProfileFormat::id).toList();
        String hint = Suggestions.closest(key, ids, 2).map(s -> "; did you mean " + s + "?")
                .orElse("; expected json, knobs or csv");
        throw new IllegalArgumentException("unknown profile format '" + name + "'" + hint);
    }
}
