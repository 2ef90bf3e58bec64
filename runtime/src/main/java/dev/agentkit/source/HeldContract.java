package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.SourceDocument;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a caller of {@link ContractSource#fetchUnlessUnchanged} already holds, so that the source
 * can answer with less than the whole contract:
 *
 * <ul>
 *   <li>the backend's {@linkplain #entityTag() entity tag} for it, which an HTTP source sends as
 *       {@code If-None-Match}: a {@code 304} answers {@linkplain ContractFetch#unchanged()
 *       unchanged}, and the document is not sent;
 *   <li>the {@linkplain #contract() contract} itself, whose {@link Contract#document()} records the
 *       document it was read from: a source that fetches a document with the same bytes, read by
 *       the same mapping, answers this contract ({@linkplain ContractFetch#reused() reused})
 *       instead of mapping the document again.
 * </ul>
 *
 * <p>The contract may be {@linkplain #lazily read lazily}: generated wiring holds the snapshot it
 * was compiled against that way, so it is read only when a source has fetched a document and asks
 * whether it is the one the snapshot was taken from. Thread-safe; a lazy contract is read at most
 * once.
 */
public final class HeldContract {
  private static final HeldContract NONE = new HeldContract(null, Optional::empty);

  private final EntityTag entityTag;
  private final Supplier<Optional<Contract>> reader;
  private volatile Optional<Contract> contract;

  private HeldContract(EntityTag entityTag, Supplier<Optional<Contract>> reader) {
    this.entityTag = entityTag;
    this.reader = reader;
  }

  /** Nothing held: the source answers in full. */
  public static HeldContract none() {
    return NONE;
  }

  /** A contract held, with the backend's tag for it when it gave one. */
  public static HeldContract of(Contract contract, Optional<EntityTag> entityTag) {
    Objects.requireNonNull(contract, "contract");
    HeldContract held = new HeldContract(entityTag.orElse(null), null);
    held.contract = Optional.of(contract);
    return held;
  }

  /** A contract held, with no tag. */
  public static HeldContract of(Contract contract) {
    return of(contract, Optional.empty());
  }

  /**
   * A contract read only if a source asks for it, at most once; {@code reader} returns empty when
   * it has none to give (a reader that fails should say so by returning empty, not by throwing: the
   * source then maps the document as if nothing were held).
   */
  public static HeldContract lazily(Supplier<Optional<Contract>> reader) {
    return new HeldContract(null, Objects.requireNonNull(reader, "reader"));
  }

  /** The backend's tag for the contract held, sent as {@code If-None-Match}. */
  public Optional<EntityTag> entityTag() {
    return Optional.ofNullable(entityTag);
  }

  /** The contract held, read now if it is held lazily. */
  public Optional<Contract> contract() {
    Optional<Contract> c = contract;
    if (c == null) {
      synchronized (this) {
        c = contract;
        if (c == null) {
          Optional<Contract> read = reader.get();
          c = read == null ? Optional.empty() : read;
          contract = c;
        }
      }
    }
    return c;
  }

  /**
   * The contract held when it was read from exactly this document (the same bytes, read by the same
   * mapping and version), else empty: for a source that has just fetched {@code document} and would
   * otherwise map it.
   */
  public Optional<Contract> readFrom(SourceDocument document) {
    Objects.requireNonNull(document, "document");
    return contract().filter(c -> c.document().filter(document::equals).isPresent());
  }

  /** Says what is held; never the tag's text, which is the backend's. */
  @Override
  public String toString() {
    Optional<Contract> c = contract;
    String what =
        c == null ? "a contract read when asked" : c.map(Contract::toString).orElse("nothing");
    return "HeldContract[" + what + (entityTag == null ? "" : ", with an entity tag") + "]";
  }
}
