// Each request's reply, as the background's handlers produce it. The background fills these maps in
// by declaration merging (lib/background/content-requests.ts and page-requests.ts: "replies typed
// where they are produced"), so that messaging, and the pages that ask, import nothing of the
// background's, not even a type: the imports run one way.

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the background's declaration merging
export interface PageReplyMap {}
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the background's declaration merging
export interface ContentReplyMap {}
