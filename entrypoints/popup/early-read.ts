// Imported first by main.tsx. The storage call itself was started by public/early-read.js, a
// classic script in the page's head that runs while the popup's modules still load (issue 24);
// where it did not run, the call starts here.
import { accountItem, actionsItem, settingsItem, syncStatusItem } from '../../lib/store/storage';
import { getLocalValues, localValuesFrom } from '../../lib/storage/storage-item';

const started = (globalThis as { __popupEarlyRead?: Promise<Record<string, unknown>> }).__popupEarlyRead;
const items = [actionsItem, syncStatusItem, accountItem, settingsItem] as const;

export const initialValues = started ? localValuesFrom(started, ...items).catch(() => getLocalValues(...items)) : getLocalValues(...items);
