/** Longest free-text reason accepted with a failed mark. */
export const REASON_TEXT_MAX = 500;
