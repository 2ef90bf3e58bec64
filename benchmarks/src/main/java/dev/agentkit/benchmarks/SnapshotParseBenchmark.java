package dev.agentkit.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 2: parsing the 5,000-op snapshot into the validated model (strict reading, digest
 * check, contract rules) against Jackson's bare tree parse of the same bytes. Both report documents
 * per second; the ratio table turns them into MB/s. Measured on two corpora: the contract with
 * tree-typed operands in one op in four ({@link SyntheticContract#largeNested}), and the all-flat
 * one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SnapshotParseBenchmark {
  private byte[] snapshot;
  private byte[] nested;
  private ObjectMapper mapper;

  @Setup
  public void setUp() throws ContractFormatException {
    snapshot = SyntheticContract.snapshotBytes(SyntheticContract.large());
    nested = SyntheticContract.snapshotBytes(SyntheticContract.largeNested());
    mapper = new ObjectMapper();
    if (!ContractSnapshot.parse(nested, "nested.json").equals(SyntheticContract.largeNested())) {
      throw new IllegalStateException("the nested snapshot does not read back as its contract");
    }
  }

  /** Ours, with nested operands: strict snapshot reading into a {@link Contract}. */
  @Benchmark
  public Contract parseNestedSnapshot() throws ContractFormatException {
    return ContractSnapshot.parse(nested, "nested.json");
  }

  /** Anchor for the nested corpus: Jackson's {@code readTree} of the same bytes. */
  @Benchmark
  public JsonNode jacksonReadTreeNested() throws IOException {
    return mapper.readTree(nested);
  }

  /** Ours: strict snapshot reading into a {@link Contract}. */
  @Benchmark
  public Contract parseSnapshot() throws ContractFormatException {
    return ContractSnapshot.parse(snapshot, "synthetic.json");
  }

  /** Anchor: Jackson's {@code readTree}, no validation, no model. */
  @Benchmark
  public JsonNode jacksonReadTree() throws IOException {
    return mapper.readTree(snapshot);
  }

  /** The size of the document, for MB/s. */
  public static int documentBytes() {
    return SyntheticContract.snapshotBytes(SyntheticContract.large()).length;
  }

  /** The size of the nested corpus's document, for MB/s. */
  public static int nestedDocumentBytes() {
    return SyntheticContract.snapshotBytes(SyntheticContract.largeNested()).length;
  }
}
