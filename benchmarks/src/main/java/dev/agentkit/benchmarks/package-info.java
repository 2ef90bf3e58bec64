/**
 * The benchmarks {@code benchmarks/run} runs: each row measures one cost beside its anchor in the
 * same run and prints the ratio ({@link dev.agentkit.benchmarks.RatioTable}), so figures from a
 * shared, noisy machine still compare.
 */
package dev.agentkit.benchmarks;
