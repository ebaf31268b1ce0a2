package dev.regtune.core.explain;

import java.util.ArrayList;
import java.util.List;

/** A listener that keeps every event of one allocation, in order, for rendering afterwards. */
public final class ExplanationRecorder implements AllocationListener {
    private final List<AllocationEvent> events = new ArrayList<>();

    @Override
    public void on(AllocationEvent event) {
        events.add(event);
    }

    /** The events so far, in the order they were made. */
    public List<AllocationEvent> events() {
        return List.copyOf(events);
    }
}
