package dev.agentkit.inbox;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * What the inbox tells an {@link OpRunner} about the op it runs: which proposal, round, version and
 * op it is, and a stable idempotency key to send with it, so that a retry after an unknown outcome
 * ({@link Settlement#RUN_AGAIN}) is safe where the backend honours the key.
 *
 * <p>The key is {@code agentkit-<h>-<opIndex>}, where {@code <h>} is the first 32 hexadecimal
 * digits of the SHA-256 of the ask key, the round, the version and the round's proposal time (epoch
 * milliseconds), each on its own line. It is the same for every run of the op in that round and
 * version, different for every other op, round and version, and ASCII, so it fits an HTTP header
 * and an MCP {@code _meta} entry as it is.
 *
 * @param askKey the proposal's ask key
 * @param round the proposal's round
 * @param version the version of the round that was approved
 * @param opIndex which op, from 0
 * @param idempotencyKey the op's idempotency key
 * @param retry true when a person chose to send the op again after its outcome was unknown
 */
public record RunContext(
    String askKey, int round, int version, int opIndex, String idempotencyKey, boolean retry) {

  /** The context of op {@code opIndex} of the entry's round and version. */
  static RunContext of(InboxEntry entry, int opIndex, boolean retry) {
    return new RunContext(
        entry.askKey(),
        entry.round(),
        entry.version(),
        opIndex,
        idempotencyKey(entry.askKey(), entry.round(), entry.version(), entry.proposedAt(), opIndex),
        retry);
  }

  /** The idempotency key of an op (see the class comment for its form). */
  static String idempotencyKey(
      String askKey, int round, int version, Instant proposedAt, int opIndex) {
    String basis = askKey + "\n" + round + "\n" + version + "\n" + proposedAt.toEpochMilli();
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(basis.getBytes(StandardCharsets.UTF_8));
      return "agentkit-" + HexFormat.of().formatHex(hash, 0, 16) + "-" + opIndex;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
