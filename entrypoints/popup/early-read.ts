// Imported first by main.tsx, so evaluated before the popup's other modules: the one storage call
// the first paint waits on is under way while Preact and the components evaluate (issue 24).
import { accountItem, actionsItem, settingsItem, syncStatusItem } from '../../lib/storage';
import { getLocalValues } from '../../lib/storage-item';

export const initialValues = getLocalValues(actionsItem, syncStatusItem, accountItem, settingsItem);
