package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import dev.agentkit.internal.text.DurationText;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Serves another source's contract from memory for a time to live, so that a backend redeploy or a
 * short outage does not stop agents from binding, while a contract cannot outlive the deploy that
 * changed it by more than a stated bound.
 *
 * <ul>
 *   <li>Within the ttl, {@link #fetch()} returns the cached contract without asking the source.
 *   <li>After the ttl, the next call refreshes. Callers arriving while a refresh is under way share
 *       it: the source is asked once and every caller gets that answer.
 *   <li>When a refresh fails, the last good contract is still served while it is younger than
 *       {@code maxStaleness} (counted from its successful fetch). Past that, {@code fetch()}
 *       throws. The bound matters as much as the fallback: a contract kept forever would reject
 *       enum values a later deploy added, refusing output the backend now accepts.
 *   <li>With nothing cached yet, the source's failure propagates, so a cold start fails closed.
 *   <li>A refresh sends the backend's tag for the contract held ({@link
 *       ContractSource#fetchUnlessUnchanged}); an answer of unchanged (HTTP {@code 304}) makes the
 *       contract held fresh again, so its max staleness counts from that answer. A backend's {@code
 *       Cache-Control: max-age} replaces the ttl for its answer, never past the max staleness and
 *       never under the shorter of the ttl and a second. Each answer's ttl is moved at random by up
 *       to the {@linkplain Builder#jitter jitter} (default 10%) either way.
 * </ul>
 *
 * <p>A refresh failing past the ttl is retried by the next call; there is no backoff, so during an
 * outage each call past the ttl waits for the source to fail (once per shared refresh).
 *
 * <p>Contracts are immutable, so the cached one is handed out as is. Instances are thread-safe;
 * within the ttl a call reads two volatile fields, takes no lock and reads no clock: when a
 * contract is fetched, a timer marks it expired once the ttl has passed. The timer runs on one
 * daemon thread of agentkit's own that does nothing else, never on the JDK's shared pools, so
 * however busy {@code ForkJoinPool.commonPool()} is, a contract is served at most a few
 * milliseconds past its ttl and never past its max staleness.
 */
public final class CachedContract implements ContractSource {
  /** The default jitter: each refresh comes up to 10% of the ttl early or late. */
  public static final double DEFAULT_JITTER = 0.10;

  /** The shortest a backend's max age makes an entry's ttl: a second (or the ttl, if shorter). */
  private static final long MIN_MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final ContractSource source;
  private final Duration ttl;
  private final Duration maxStaleness;
  private final long ttlNanos;
  private final long maxStalenessNanos;
  private final LongSupplier nanoTime;

  /** The fraction of an entry's ttl its refresh is moved by at most, either way. */
  private final double jitter;

  /** Uniform in [0, 1), for the jitter. */
  private final DoubleSupplier random;

  /**
   * Whether expiry is signalled by a timer (the real clock) rather than checked on each read (a
   * clock injected by tests, which a timer cannot follow).
   */
  private final boolean timer;

  /**
   * Marks entries expired. One thread for every cache in the JVM: its tasks only set a flag, and it
   * is agentkit's own, so no other code's work can hold them up.
   */
  private static final ScheduledExecutorService EXPIRY = expiryScheduler();

  private static ScheduledExecutorService expiryScheduler() {
    ScheduledThreadPoolExecutor s =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "agentkit-contract-expiry");
              t.setDaemon(true);
              return t;
            });
    s.setRemoveOnCancelPolicy(true);
    return s;
  }

  /** The last good contract, or null before the first successful fetch. */
  private volatile Cached cached;

  /**
   * Whether a background refresh started by {@link #current()} is queued or running, or waiting out
   * the ttl after one failed; at most one at a time, so a burst of reads asks the source once.
   */
  private final AtomicBoolean backgroundBusy = new AtomicBoolean();

  /**
   * Runs background refreshes on agentkit's own daemon threads, one per cache refreshing at a time,
   * never on the JDK's shared pools.
   */
  private static final ExecutorService REFRESH =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "agentkit-contract-refresh");
            t.setDaemon(true);
            return t;
          });

  /**
   * Counts {@link #invalidate()} calls, so that a refresh that was under way when the source said
   * its contract changed does not pass off what it fetched before that as fresh.
   */
  private final AtomicLong invalidations = new AtomicLong();

  /** The refresh under way, shared by every caller that finds the cache expired meanwhile. */
  private final AtomicReference<CompletableFuture<Contract>> refreshing = new AtomicReference<>();

  /**
   * The last good contract, when it was fetched, and since when refreshes have been failing.
   * Replaced whole, never mutated, so one volatile read sees a consistent state.
   */
  private static final class Cached {
    final Contract contract;
    final long fetchedAt;
    final boolean failing;
    final long failingSince;

    /**
     * How long this entry is served before a refresh: the ttl, or the backend's max age, jittered.
     */
    final long ttlNanos;

    /**
     * The backend's tag for the contract, sent back on the next refresh; null when it gave none.
     */
    final EntityTag tag;

    /**
     * Set once the ttl has passed, by the expiry timer, so that a read within the ttl is a volatile
     * read and takes no clock.
     */
    volatile boolean expired;

    /**
     * Set once the contract is older than the max staleness, by a timer, so that {@link
     * CachedContract#current()} takes no clock.
     */
    volatile boolean tooStale;

    Cached(
        Contract contract,
        long fetchedAt,
        long ttlNanos,
        EntityTag tag,
        boolean failing,
        long failingSince) {
      this.contract = contract;
      this.fetchedAt = fetchedAt;
      this.ttlNanos = ttlNanos;
      this.tag = tag;
      this.failing = failing;
      this.failingSince = failingSince;
      // A failing entry is past its ttl by definition.
      this.expired = failing;
    }
  }

  private CachedContract(Builder b) {
    this.source = b.source;
    this.ttl = b.ttl;
    this.maxStaleness = b.maxStaleness;
    this.ttlNanos = saturatedNanos(b.ttl);
    this.maxStalenessNanos = saturatedNanos(b.maxStaleness);
    this.nanoTime = b.nanoTime;
    this.timer = !b.clockInjected;
    this.jitter = b.jitter;
    this.random = b.random;
  }

  /**
   * A builder for a cache over {@code source}; {@code ttl} and {@code maxStaleness} are required.
   */
  public static Builder builder(ContractSource source) {
    return new Builder(Objects.requireNonNull(source, "source"));
  }

  /**
   * The cached contract while it is fresh, else a refreshed one, else (when the refresh fails) the
   * last good one while it is younger than {@code maxStaleness}.
   *
   * @throws ContractSourceException when nothing was ever fetched and the source fails (its own
   *     exception), when the last good contract is too stale to serve, or when the calling thread
   *     is interrupted while waiting for another caller's refresh (the interrupt flag is kept)
   */
  @Override
  public Contract fetch() throws ContractSourceException {
    Cached c = cached;
    if (c != null && !c.expired && (timer || nanoTime.getAsLong() - c.fetchedAt < c.ttlNanos)) {
      return c.contract;
    }
    return refreshShared(HeldContract.none());
  }

  /**
   * The contract {@link #fetch()} serves. While nothing is cached yet, the refresh holds {@code
   * held} for the source: generated wiring binds through this method holding the snapshot it was
   * compiled against, so when the source's document is the one the snapshot was taken from, the
   * cache starts with the snapshot's contract and the document is not mapped. Once a contract is
   * cached, the cache's own tag and contract are what a refresh holds.
   *
   * @throws ContractSourceException as {@link #fetch()} does
   */
  @Override
  public ContractFetch fetchUnlessUnchanged(HeldContract held) throws ContractSourceException {
    Objects.requireNonNull(held, "held");
    Cached c = cached;
    if (c != null && !c.expired && (timer || nanoTime.getAsLong() - c.fetchedAt < c.ttlNanos)) {
      return ContractFetch.of(c.contract);
    }
    return ContractFetch.of(refreshShared(held));
  }

  /**
   * The contract this cache holds now, without asking the source and without waiting: empty before
   * the first successful fetch and once the contract held is older than {@code maxStaleness} (a
   * fetch would fail closed then). When the contract held is past its ttl, this starts one refresh
   * in the background (on agentkit's own thread, shared with every other caller; after a failed one
   * the next is tried a ttl later) and returns what it holds meanwhile; a later call sees the
   * refreshed contract.
   *
   * <p>Within the ttl this reads three volatile fields, takes no lock and reads no clock: it is
   * meant for code that checks on every use whether the contract changed, as a {@code LiveAgent}
   * does.
   */
  public Optional<Contract> current() {
    Cached c = cached;
    if (c == null) {
      refreshInBackground();
      return Optional.empty();
    }
    if (c.expired || (!timer && nanoTime.getAsLong() - c.fetchedAt >= c.ttlNanos)) {
      refreshInBackground();
    }
    boolean stale = timer ? c.tooStale : nanoTime.getAsLong() - c.fetchedAt >= maxStalenessNanos;
    return stale ? Optional.empty() : Optional.of(c.contract);
  }

  private void refreshInBackground() {
    if (!backgroundBusy.compareAndSet(false, true)) {
      return;
    }
    try {
      REFRESH.execute(this::backgroundRefresh);
    } catch (RuntimeException e) {
      backgroundBusy.set(false);
    }
  }

  private void backgroundRefresh() {
    boolean failed = true;
    try {
      refreshShared(HeldContract.none());
      // A failed refresh within the max staleness serves the last good contract, marked failing.
      Cached now = cached;
      failed = now == null || now.failing;
    } catch (ContractSourceException | RuntimeException e) {
      // The reader sees the failure as the contract it holds growing stale; fetch() reports it.
    } finally {
      if (failed && timer) {
        EXPIRY.schedule(() -> backgroundBusy.set(false), ttlNanos, TimeUnit.NANOSECONDS);
      } else {
        backgroundBusy.set(false);
      }
    }
  }

  /**
   * Marks the contract held as expired, as if its ttl had passed: the next {@link #fetch()} asks
   * the source again, and {@link #current()} starts a refresh in the background. For a source that
   * announces changes (an MCP server's {@code notifications/tools/list_changed}), so a change is
   * seen at once rather than a ttl later. While the source fails, the last good contract is still
   * served within the max staleness, as after any expiry. A refresh under way when this is called
   * is answered to its callers, but is held as expired too. Safe to call from any thread, at any
   * time, any number of times.
   */
  public void invalidate() {
    invalidations.incrementAndGet();
    Cached c = cached;
    if (c != null) {
      c.expired = true;
    }
  }

  /** {@code "cached "} followed by the wrapped source's description. */
  @Override
  public String describe() {
    return "cached " + source.describe();
  }

  /**
   * How old the contract this cache holds is now, and whether it is past its ttl; empty before the
   * first successful fetch. After a {@link #fetch()} that returned, this describes the contract it
   * returned (unless another thread has refreshed since): stale means a refresh failed and the last
   * good contract was served instead.
   */
  public Optional<Freshness> freshness() {
    Cached c = cached;
    if (c == null) {
      return Optional.empty();
    }
    long age = Math.max(0, nanoTime.getAsLong() - c.fetchedAt);
    return Optional.of(new Freshness(Duration.ofNanos(age), age >= c.ttlNanos));
  }

  @Override
  public String toString() {
    return "CachedContract["
        + source.describe()
        + ", ttl "
        + DurationText.of(ttl)
        + ", max staleness "
        + DurationText.of(maxStaleness)
        + "]";
  }

  /**
   * @param baseline what the source may be told is held when nothing is cached yet
   */
  private Contract refreshShared(HeldContract baseline) throws ContractSourceException {
    while (true) {
      CompletableFuture<Contract> inFlight = refreshing.get();
      if (inFlight != null) {
        return await(inFlight);
      }
      CompletableFuture<Contract> mine = new CompletableFuture<>();
      if (refreshing.compareAndSet(null, mine)) {
        try {
          Contract contract = refreshNow(baseline);
          mine.complete(contract);
          return contract;
        } catch (Throwable t) {
          mine.completeExceptionally(t);
          throw t;
        } finally {
          refreshing.set(null);
        }
      }
    }
  }

  private Contract refreshNow(HeldContract baseline) throws ContractSourceException {
    Cached last = cached;
    // A caller that found the cache expired may get here just after another caller's refresh
    // finished; that refresh is the answer, so the source is not asked twice.
    if (last != null && !last.expired && nanoTime.getAsLong() - last.fetchedAt < last.ttlNanos) {
      return last.contract;
    }
    ContractSourceException failure;
    long invalidatedBefore = invalidations.get();
    try {
      HeldContract held =
          last == null ? baseline : HeldContract.of(last.contract, Optional.ofNullable(last.tag));
      ContractFetch answer = source.fetchUnlessUnchanged(held);
      Contract fresh =
          answer == null
              ? null
              : answer.unchanged() ? heldFor(held) : answer.contract().orElseThrow();
      if (fresh != null) {
        EntityTag tag =
            answer.entityTag().orElse(answer.unchanged() ? held.entityTag().orElse(null) : null);
        Cached entry = new Cached(fresh, nanoTime.getAsLong(), entryTtl(answer), tag, false, 0);
        cached = entry;
        // Invalidated while the source was answering: what it said may predate the change. Read
        // after the entry is published, so an invalidate() either is seen here or marks it.
        if (invalidations.get() != invalidatedBefore) {
          entry.expired = true;
        }
        if (timer) {
          // Block lambdas: a Runnable, so the timer's task has no result for anyone to misread.
          EXPIRY.schedule(
              () -> {
                entry.expired = true;
              },
              entry.ttlNanos,
              TimeUnit.NANOSECONDS);
          markTooStale(entry, maxStalenessNanos);
        }
        return fresh;
      }
      failure =
          new ContractSourceException(
              source.describe()
                  + " returned no contract (null); a ContractSource returns a contract or throws"
                  + " ContractSourceException");
    } catch (ContractSourceException e) {
      failure = e;
    } catch (RuntimeException e) {
      failure = new ContractSourceException(source.describe() + " failed: " + e, e);
    }
    if (last == null) {
      throw coldFailure(failure);
    }
    long now = nanoTime.getAsLong();
    if (!last.failing) {
      Cached was = last;
      last = new Cached(was.contract, was.fetchedAt, was.ttlNanos, was.tag, true, now);
      last.tooStale = was.tooStale;
      cached = last;
      if (timer) {
        markTooStale(last, maxStalenessNanos - (now - last.fetchedAt));
      }
    }
    long age = now - last.fetchedAt;
    if (age < maxStalenessNanos) {
      return last.contract;
    }
    throw tooStale(Duration.ofNanos(now - last.failingSince), Duration.ofNanos(age), failure);
  }

  /**
   * The contract an unchanged answer stands for: the one held, which the answer makes fresh again.
   *
   * @throws ContractSourceException when the source says unchanged though no contract is held
   */
  private Contract heldFor(HeldContract held) throws ContractSourceException {
    Optional<Contract> contract = held.contract();
    if (contract.isPresent()) {
      return contract.get();
    }
    throw new ContractSourceException(
        source.describe()
            + " answered that the contract is unchanged, but none was fetched before; a source"
            + " answers unchanged only to a fetch that sent the tag of a contract it served");
  }

  /**
   * How long an answer is served: the backend's max age when it gave one (at least the shorter of
   * the ttl and a second, so that "no-cache" does not ask the source on every call), else the ttl;
   * moved by up to the jitter either way, and never past the max staleness.
   */
  private long entryTtl(ContractFetch answer) {
    long base = ttlNanos;
    if (answer.maxAge().isPresent()) {
      long floor = Math.min(ttlNanos, MIN_MAX_AGE_NANOS);
      base = Math.max(floor, saturatedNanos(answer.maxAge().get()));
    }
    if (base == Long.MAX_VALUE) {
      // A ttl too long to count in nanoseconds never expires; jitter would make it expire.
      return Math.min(base, maxStalenessNanos);
    }
    double factor = 1 + jitter * (2 * random.getAsDouble() - 1);
    double jittered = base * factor;
    long entry = jittered >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(1, (long) jittered);
    return Math.min(entry, maxStalenessNanos);
  }

  /** Schedules the entry's too-stale mark; a contract that may be served forever gets none. */
  private static void markTooStale(Cached entry, long inNanos) {
    if (inNanos <= 0) {
      entry.tooStale = true;
    } else if (inNanos < Long.MAX_VALUE) {
      EXPIRY.schedule(
          () -> {
            entry.tooStale = true;
          },
          inNanos,
          TimeUnit.NANOSECONDS);
    }
  }

  private ContractSourceException coldFailure(ContractSourceException failure) {
    String message = failure.getMessage();
    String name = source.describe();
    if (message != null && message.contains(name)) {
      return failure;
    }
    return new ContractSourceException(
        name + ": " + (message == null ? failure.getClass().getName() : message), failure);
  }

  private ContractSourceException tooStale(
      Duration outage, Duration age, ContractSourceException failure) {
    String unreachable =
        outage.isZero()
            ? " is unreachable"
            : " has been unreachable for " + DurationText.of(outage);
    return new ContractSourceException(
        source.describe()
            + unreachable
            + ", and the last good contract, fetched "
            + DurationText.of(age)
            + " ago, is too stale to serve (max staleness "
            + DurationText.of(maxStaleness)
            + "). Last failure: "
            + failure.getMessage(),
        failure);
  }

  private Contract await(CompletableFuture<Contract> refresh) throws ContractSourceException {
    try {
      return refresh.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ContractSourceException(
          "interrupted while waiting for " + source.describe() + " to refresh the contract", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof ContractSourceException failure) {
        // A new exception per caller, so each carries its own stack; the message is the shared one.
        throw new ContractSourceException(failure.getMessage(), failure);
      }
      if (cause instanceof RuntimeException unchecked) {
        throw unchecked;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }

  private static long saturatedNanos(Duration d) {
    return d.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : d.toNanos();
  }

  /**
   * How old a cached contract is.
   *
   * @param age the time since the contract was fetched from the source
   * @param stale whether the age is past the ttl: the contract is due for a refresh, or a refresh
   *     failed and it was served as the last good one
   */
  public record Freshness(Duration age, boolean stale) {
    /** Checks the components. */
    public Freshness {
      Objects.requireNonNull(age, "age");
    }
  }

  /** Builds a {@link CachedContract}. Not thread-safe. */
  public static final class Builder {
    private final ContractSource source;
    private Duration ttl;
    private Duration maxStaleness;
    private LongSupplier nanoTime = System::nanoTime;
    private boolean clockInjected;
    private double jitter = DEFAULT_JITTER;
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

    private Builder(ContractSource source) {
      this.source = source;
    }

    /**
     * How long a fetched contract is served before the source is asked again. Required, positive.
     */
    public Builder ttl(Duration ttl) {
      this.ttl = Objects.requireNonNull(ttl, "ttl");
      return this;
    }

    /**
     * How long after its last successful fetch a contract may still be served while refreshes fail.
     * Required, at least the ttl. Past it, {@link #fetch()} fails closed.
     */
    public Builder maxStaleness(Duration maxStaleness) {
      this.maxStaleness = Objects.requireNonNull(maxStaleness, "maxStaleness");
      return this;
    }

    /**
     * How far each refresh is moved from the ttl, at most, as a fraction of it: with the default
     * 0.1 and a ttl of 5 minutes, a contract is refreshed between 4.5 and 5.5 minutes after it was
     * fetched, chosen at random for each fetch, so that processes started together do not refresh
     * together. 0 turns it off. A jittered ttl never passes the max staleness.
     *
     * @throws IllegalArgumentException unless {@code 0 <= jitter < 1}
     */
    public Builder jitter(double jitter) {
      if (!(jitter >= 0 && jitter < 1)) {
        throw new IllegalArgumentException(
            "the jitter of a CachedContract is a fraction of the ttl from 0 (none) up to but not"
                + " including 1, such as 0.1 for 10%, but it is "
                + jitter);
      }
      this.jitter = jitter;
      return this;
    }

    /** Where the jitter's randomness comes from, uniform in [0, 1); for tests. */
    Builder random(DoubleSupplier random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /** The clock, in nanoseconds as {@link System#nanoTime()} counts them; for tests. */
    Builder nanoTime(LongSupplier nanoTime) {
      this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
      this.clockInjected = true;
      return this;
    }

    /**
     * The cache.
     *
     * @throws IllegalStateException when the ttl or the max staleness is missing or out of range
     */
    public CachedContract build() {
      if (ttl == null) {
        throw new IllegalStateException(
            "CachedContract needs a ttl: how long a fetched contract is served before the source"
                + " is asked again");
      }
      if (ttl.isNegative() || ttl.isZero()) {
        throw new IllegalStateException(
            "the ttl of a CachedContract must be positive, but it is "
                + DurationText.of(ttl)
                + "; a cache that never serves what it fetched would ask the source on every call");
      }
      if (maxStaleness == null) {
        throw new IllegalStateException(
            "CachedContract needs a maxStaleness: how long after its last successful fetch a"
                + " contract may still be served while refreshes fail");
      }
      if (maxStaleness.compareTo(ttl) < 0) {
        throw new IllegalStateException(
            "the maxStaleness of a CachedContract ("
                + DurationText.of(maxStaleness)
                + ") is shorter than its ttl ("
                + DurationText.of(ttl)
                + "); it must be at least the ttl, since a contract is served for the whole ttl"
                + " before any refresh is tried");
      }
      return new CachedContract(this);
    }
  }
}
