// Notes edited in the popup and not saved yet (lib/store/storage.ts, noteDraftsItem).
import { serial } from '../storage/serial';
import { noteDraftsItem } from './storage';

/** Few actions are edited at once; an old draft of an action long gone is not worth keeping. */
const KEEP = 50;

// One change at a time in this context: fast typing must not lose a keystroke to a stale read.
const oneAtATime = serial();

/** Keeps an unsaved edit of an action's note, or forgets it (undefined: saved, back as saved, or the action was marked). */
export function saveDraft(actionId: string, draft: string | undefined): Promise<void> {
  return oneAtATime(async () => {
    const all = await noteDraftsItem.getValue();
    if (draft === undefined) {
      if (!(actionId in all)) return;
      const { [actionId]: _gone, ...rest } = all;
      await noteDraftsItem.setValue(rest);
    } else if (all[actionId] !== draft) {
      const { [actionId]: _old, ...rest } = all;
      const kept = Object.entries(rest).slice(-(KEEP - 1));
      await noteDraftsItem.setValue({ ...Object.fromEntries(kept), [actionId]: draft });
    }
  });
}
