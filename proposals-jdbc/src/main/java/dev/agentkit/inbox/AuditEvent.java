package dev.agentkit.inbox;

import java.time.Instant;

/**
 * One entry of a proposal's audit trail.
 *
 * @param askKey the proposal
 * @param round which round of the proposal (a reopened proposal starts a new round)
 * @param at when
 * @param actor who: the agent for proposals, the person for decisions
 * @param action what: {@code proposed}, {@code refreshed}, {@code reopened}, {@code declined},
 *     {@code refused} (an accept that failed its checks), {@code accepted}, {@code ran}
 * @param outcome the result in words: the reason, the verify sentences, the ops' outcome
 * @param contractDigest the digest of the contract the ops were verified against, or empty
 */
public record AuditEvent(
    String askKey,
    int round,
    Instant at,
    String actor,
    String action,
    String outcome,
    String contractDigest) {}
