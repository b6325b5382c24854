interface ImportMetaEnv {
  /** Set only for the demo's sandbox build: the sandbox's address and demo key. */
  readonly WXT_SANDBOX_URL?: string;
  readonly WXT_SANDBOX_KEY?: string;
}
