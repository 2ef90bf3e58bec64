package dev.agentkit.inbox;

import dev.agentkit.proposal.Archetype;
import dev.agentkit.proposal.ObjectRef;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a proposal's row into an {@link InboxEntry}, column by column, so that a row this version
 * cannot read (an archetype or state it does not know, JSON it did not write) is named with the
 * column at fault instead of failing the page it is on.
 */
final class EntryReader {
  private EntryReader() {}

  /** A row that could not be read; the message is the whole {@code [InboxUnreadable]} sentence. */
  static final class UnreadableRow extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final String askKey;
    private final transient InboxException refusal;

    UnreadableRow(String askKey, String what) {
      this(
          askKey,
          new InboxException(
              InboxException.Kind.UNREADABLE,
              "the proposal \""
                  + askKey
                  + "\" cannot be read: "
                  + what
                  + "; it was likely written by another version of agentkit: read and decide it"
                  + " with that version, or repair the row"));
    }

    private UnreadableRow(String askKey, InboxException refusal) {
      super(refusal.getMessage(), null, false, false);
      this.askKey = askKey;
      this.refusal = refusal;
    }

    InboxException toException() {
      return refusal;
    }
  }

  static InboxEntry read(ResultSet r) throws SQLException {
    String key = r.getString("ask_key");
    return new InboxEntry(
        key,
        r.getString("agent"),
        new ObjectRef(
            r.getString("anchor_kind"), r.getString("anchor_id"), r.getString("anchor_label")),
        json(key, "refs_json", r, Json::readRefs),
        r.getString("question"),
        json(key, "ops_json", r, Json::readOps),
        json(key, "slots_json", r, Json::readSlots),
        named(key, "archetype", r.getString("archetype"), Archetype.values(), Archetype::wireName),
        named(key, "state", r.getString("state"), ProposalState.values(), ProposalState::wireName),
        r.getInt("round_no"),
        r.getString("proposed_digest"),
        instant(r, "proposed_at"),
        instant(r, "updated_at"),
        decision(key, r),
        nonNull(r.getString("outcome")),
        Optional.ofNullable(instant(r, "deadline_at")),
        r.getBoolean("escalated"),
        json(key, "context_json", r, Json::readRefs),
        json(key, "metadata_json", r, Json::readSorted),
        r.getInt("version_no"),
        r.getInt("ops_done"),
        Optional.ofNullable(instant(r, "op_started_at")));
  }

  private static Optional<InboxEntry.Decision> decision(String key, ResultSet r)
      throws SQLException {
    String by = r.getString("decided_by");
    if (by == null) {
      return Optional.empty();
    }
    return Optional.of(
        new InboxEntry.Decision(
            by,
            instant(r, "decided_at"),
            nonNull(r.getString("reason")),
            json(key, "slot_values_json", r, Json::readStrings)));
  }

  private static <T> T json(String key, String column, ResultSet r, Function<String, T> parse)
      throws SQLException {
    String raw = r.getString(column);
    try {
      return parse.apply(raw);
    } catch (RuntimeException e) {
      throw new UnreadableRow(
          key, "its " + column + " column does not hold the JSON this version of the inbox writes");
    }
  }

  /** The constant whose wire name the column holds. */
  private static <E extends Enum<E>> E named(
      String key, String column, String raw, E[] values, Function<E, String> wire) {
    for (E v : values) {
      if (wire.apply(v).equals(raw)) {
        return v;
      }
    }
    String known = Arrays.stream(values).map(wire).collect(Collectors.joining(", "));
    throw new UnreadableRow(
        key,
        "its "
            + column
            + " is \""
            + raw
            + "\", which this version of the inbox does not know (known: "
            + known
            + ")");
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }

  private static Instant instant(ResultSet r, String column) throws SQLException {
    OffsetDateTime t = r.getObject(column, OffsetDateTime.class);
    return t == null ? null : t.toInstant();
  }
}
