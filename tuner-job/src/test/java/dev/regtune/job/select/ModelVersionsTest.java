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
}
