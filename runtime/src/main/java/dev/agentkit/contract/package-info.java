/**
 * The backend's contract and the vocabulary every other package speaks: a {@link
 * dev.agentkit.contract.Contract} of {@link dev.agentkit.contract.Op ops} with their {@link
 * dev.agentkit.contract.Operand operands}, {@link dev.agentkit.contract.Tier tiers} and {@link
 * dev.agentkit.contract.OperandType types}; the {@link dev.agentkit.contract.ChangeCategory change
 * categories} and {@link dev.agentkit.contract.AutonomyRung rungs} the rules reason with; the
 * {@link dev.agentkit.contract.Problem problems} they report; and the snapshot codec ({@link
 * dev.agentkit.contract.ContractSnapshot}).
 *
 * <p>The bottom layer: it depends only on {@code dev.agentkit.internal.text}.
 */
package dev.agentkit.contract;
