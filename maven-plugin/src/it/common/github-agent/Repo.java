package it;

/** The agent's state. */
public class Repo {}
