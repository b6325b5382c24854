/** Longest free-text reason accepted with a failed mark. */
export const REASON_TEXT_MAX = 500;

/** The weekly invitation cap a person may set. */
export const WEEKLY_CAP_RANGE = { min: 1, max: 1000 } as const;

/** Requests a minute the extension may allow itself (the service allows 100 per account). */
export const REQUEST_CAP_RANGE = { min: 1, max: 100 } as const;

/** Longest text of the page's note box kept as a mark's `note_in_dialog` (the network's own limit is 300). */
export const NOTE_IN_DIALOG_MAX = 1000;

/** After how many days an invitation still pending is old (Settings; 21 by default). */
export const OLD_AFTER_DAYS_RANGE = { min: 1, max: 180 } as const;

/** Withdrawals a minute the person allows (Settings; 5 by default). */
export const WITHDRAWALS_PER_MINUTE_RANGE = { min: 1, max: 20 } as const;
