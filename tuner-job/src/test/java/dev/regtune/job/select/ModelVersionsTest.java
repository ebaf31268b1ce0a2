package dev.regtune.job.select;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModelVersionsTest {
    @Test
    void newestComparesNumbersAsNumbersAndPreReleasesBeforeReleases() {
        assertEquals("0.10.0", ModelVersions.newest(List.of("0.9.1", "0.10.0", "0.10.0-SNAPSHOT", "0.2.0")));
        assertEquals(List.of("0.2.0", "0.9.1", "0.10.0-SNAPSHOT", "0.10.0", "0.10.0.1"),
                ModelVersions.sorted(List.of("0.10.0.1", "0.10.0", "0.9.1", "0.10.0-SNAPSHOT", "0.2.0")));
        assertEquals("1.0.0+b2", ModelVersions.newest(List.of("1.0.0+b1", "1.0.0+b2")));
        assertEquals("unknown", ModelVersions.newest(List.of("unknown")));
    }

    @Test
    void familiesOfOneReleaseGoTogetherAndReleasesOrderBeforeFamilies() {
        List<String> present = List.of("fatpoint/0.10.0", "briggs/0.9.1", "fatpoint/0.9.1", "briggs/0.10.0");
        assertEquals(List.of("briggs/0.9.1", "fatpoint/0.9.1", "briggs/0.10.0", "fatpoint/0.10.0"),
                ModelVersions.sorted(present));
        assertEquals(List.of("briggs/0.10.0", "fatpoint/0.10.0"), ModelVersions.newestRelease(present));
        assertEquals(List.of("fatpoint/0.10.0"), ModelVersions.newestRelease(List.of("fatpoint/0.10.0",
                "briggs/0.9.1")), "an older release of another family is not the newest");
        assertEquals(List.of("briggs/0.9.1", "fatpoint/0.9.1"), ModelVersions.named(present, "0.9.1"));
        assertEquals(List.of("fatpoint/0.9.1"), ModelVersions.named(present, "fatpoint/0.9.1"));
        assertEquals(List.of(), ModelVersions.named(present, "0.9"));
        assertEquals("0.9.1", ModelVersions.release("briggs/0.9.1"));
        assertEquals("briggs", ModelVersions.family("briggs/0.9.1"));
        assertEquals("", ModelVersions.family("0.9.1"));
        assertEquals("0.9.1", ModelVersions.release("0.9.1"));
    }
}
