package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.proposal.UserSlot;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A proposal's version: what it runs. A refresh that changes the calls (opcode, arguments,
 * user-fills) or the slots (drafted values and forms) is a new version, and approvals of an earlier
 * one stop counting. The question's wording, labels, context and metadata describe the ask and are
 * not part of it. Comparison is by content, never by JSON text, so that the order a map happened to
 * iterate in cannot make a new version.
 */
final class Versions {
  /** How many changes the audit lists before "and n more". */
  private static final int LISTED = 5;

  /** How much of a value a change shows. */
  private static final int SHOWN = 80;

  private Versions() {}

  /**
   * The changes from the stored content to the new one, in words; empty when the new content is the
   * same version. A stored content that cannot be read counts as changed.
   */
  static List<String> changes(String storedOps, String storedSlots, Store.Row row) {
    List<Call> before;
    List<UserSlot> slotsBefore;
    try {
      before = Json.readOps(storedOps);
      slotsBefore = Json.readSlots(storedSlots);
    } catch (RuntimeException e) {
      return List.of("the stored ops or slots could not be read");
    }
    List<String> out = new ArrayList<>();
    calls(before, row.calls(), out);
    slots(slotsBefore, row.slotList(), out);
    return out;
  }

  /** The changes as one clause: at most {@value #LISTED}, then how many more. */
  static String describe(List<String> changes) {
    if (changes.size() <= LISTED) {
      return String.join("; ", changes);
    }
    return String.join("; ", changes.subList(0, LISTED))
        + "; and "
        + (changes.size() - LISTED)
        + " more changes";
  }

  private static void calls(List<Call> before, List<Call> after, List<String> out) {
    if (before.size() != after.size()) {
      out.add("the ops went from " + before.size() + " to " + after.size());
    }
    for (int i = 0; i < Math.min(before.size(), after.size()); i++) {
      Call b = before.get(i);
      Call a = after.get(i);
      String op = "op " + i + " (" + a.opcode() + ")";
      if (!b.opcode().equals(a.opcode())) {
        out.add("op " + i + " is now " + a.opcode() + ", was " + b.opcode());
        continue;
      }
      for (String name : union(b.args(), a.args())) {
        if (!Objects.equals(b.args().get(name), a.args().get(name))) {
          out.add(
              name
                  + " of "
                  + op
                  + " from "
                  + shown(b.args().get(name))
                  + " to "
                  + shown(a.args().get(name)));
        }
      }
      if (!new TreeSet<>(b.userFills()).equals(new TreeSet<>(a.userFills()))) {
        out.add("the slots of " + op + " are now " + new TreeSet<>(a.userFills()));
      }
    }
  }

  private static void slots(List<UserSlot> before, List<UserSlot> after, List<String> out) {
    if (Json.slots(before).equals(Json.slots(after))) {
      return;
    }
    for (UserSlot a : after) {
      UserSlot b = find(before, a);
      String slot = "slot \"" + a.operand() + "\" of op " + a.opIndex();
      if (b == null) {
        out.add(slot + " is new");
      } else if (!b.defaultValue().equals(a.defaultValue())) {
        out.add(slot + " drafted " + shown(a.defaultValue()) + ", was " + shown(b.defaultValue()));
      } else if (!Json.slots(List.of(b)).equals(Json.slots(List.of(a)))) {
        out.add(slot + " changed its form (required, label, type or options)");
      }
    }
    for (UserSlot b : before) {
      if (find(after, b) == null) {
        out.add("slot \"" + b.operand() + "\" of op " + b.opIndex() + " is gone");
      }
    }
  }

  private static UserSlot find(List<UserSlot> slots, UserSlot like) {
    for (UserSlot s : slots) {
      if (s.opIndex() == like.opIndex() && s.operand().equals(like.operand())) {
        return s;
      }
    }
    return null;
  }

  private static TreeSet<String> union(Map<String, String> a, Map<String, String> b) {
    TreeSet<String> names = new TreeSet<>(a.keySet());
    names.addAll(b.keySet());
    return names;
  }

  private static String shown(String value) {
    return value == null ? "nothing" : "\"" + Text.cut(value, SHOWN) + "\"";
  }

  /**
   * A digest of the calls that would run (opcode, and arguments with the slot values filled in,
   * sorted): two approvals count together only when their digests are equal.
   */
  static String digest(List<Call> filled) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] hash = sha.digest(Json.calls(filled).getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
