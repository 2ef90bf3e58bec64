package dev.agentkit.internal.text;

import java.time.Duration;

/**
 * Durations as people read them in messages: {@code 300ms}, {@code 1.5s}, {@code 4m 10s}, {@code 2h
 * 5m}, {@code 3d 4h}. Precision drops as the duration grows, since nobody reading "unreachable for
 * 2h" needs the milliseconds.
 */
public final class DurationText {
  private DurationText() {}

  public static String of(Duration d) {
    if (d.isNegative()) {
      return "-" + of(d.negated());
    }
    long millis = d.toMillis();
    if (millis == 0) {
      return d.isZero() ? "0s" : "under 1ms";
    }
    if (millis < 1_000) {
      return millis + "ms";
    }
    if (millis < 60_000) {
      long wholeSeconds = millis / 1_000;
      long rest = millis % 1_000;
      if (rest == 0) {
        return wholeSeconds + "s";
      }
      String fraction = String.format("%03d", rest).replaceAll("0+$", "");
      return wholeSeconds + "." + fraction + "s";
    }
    long seconds = d.toSeconds();
    if (seconds < 3_600) {
      return pair(seconds / 60, "m", seconds % 60, "s");
    }
    if (seconds < 86_400) {
      return pair(seconds / 3_600, "h", seconds % 3_600 / 60, "m");
    }
    return pair(seconds / 86_400, "d", seconds % 86_400 / 3_600, "h");
  }

  private static String pair(long major, String majorUnit, long minor, String minorUnit) {
    return minor == 0 ? major + majorUnit : major + majorUnit + " " + minor + minorUnit;
  }
}
