import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

const en = loadMessages('en');
const fr = loadMessages('fr');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : /\.(ts|tsx)$/.test(e.name) ? [`${dir}/${e.name}`] : [],
  );
}

describe('translations', () => {
  it('French has every English message, and no other', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('French keeps the same substitutions as English', () => {
    for (const key of Object.keys(en)) {
      const subs = (m: string) => [...m.matchAll(/\$\d/g)].map((x) => x[0]).sort();
      expect([key, subs(fr[key]!.message)]).toEqual([key, subs(en[key]!.message)]);
    }
  });

  it('every literal key used in the code exists', () => {
    const used = new Set<string>();
    const sections = new Set(Object.keys(en).map((k) => k.split('_')[0]!));
    for (const file of [...sourceFiles('components'), ...sourceFiles('lib'), ...sourceFiles('entrypoints')]) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\b(?:t|tn)\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]!);
      // Keys chosen before the call (ternaries, tables): any 'section.name' literal of a known section.
      for (const m of source.matchAll(/'([a-zA-Z]+)\.([a-zA-Z][\w.]*)'/g)) if (sections.has(m[1]!)) used.add(`${m[1]}.${m[2]}`);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((k) => !en[k.replaceAll('.', '_')]);
    expect(missing).toEqual([]);
  });

  it('has a message for every error kind, fail reason, agent status and address problem', async () => {
    const { FAIL_REASONS } = await import('../../../lib/invitations/fail-reasons');
    const keys = [
      ...[
        'unauthorized',
        'agentPaused',
        'agentCancelled',
        'validation',
        'rateLimited',
        'notFound',
        'server',
        'service',
        'network',
        'timeout',
        'invalidResponse',
        'tooLarge',
        'invalidRequest',
        'notConfigured',
        'permission',
      ].map((k) => `error_${k}`),
      ...FAIL_REASONS.map((r) => `fail_reasons_${r}`),
      ...['setup', 'active', 'paused', 'cancelled', 'pending_payment'].map((s) => `agentStatus_${s}`),
      ...['empty', 'malformed', 'notHttps', 'credentials'].map((p) => `credentials_urlProblem_${p}`),
      ...['markSent', 'markFailed', 'updateMessage'].map((op) => `outbox_op_${op}`),
      ...['reads', 'writes', 'verification'].map((k) => `rate_${k}`),
      'badge_offline',
      'badge_error',
      'status_notSetUp',
      'status_keyRejected',
    ];
    expect(keys.filter((k) => !en[k] || !fr[k])).toEqual([]);
  });
});

describe('panel translations', () => {
  it('has a state message for every data-invitation-state, and a message for every ending and every notice', async () => {
    const { INVITATION_STATES } = await import('../../../lib/network/profile-states');
    const { ENDINGS } = await import('../../../lib/page/assist/endings');
    const { camel } = await import('../../../lib/extension/i18n');
    const { GUIDE_STEPS } = await import('../../../lib/page/assist/prepare');
    const notices = [
      ...['preparing', 'confirming', 'later', 'confirmSend', 'pressSend', 'pressSendGuided', 'markQueued', 'markedSent', 'markedFailed'],
      ...GUIDE_STEPS.map((step) => `guide_${camel(step)}`),
    ].map((n) => `panel_${n}`);
    const keys = [...INVITATION_STATES.map((s) => `panel_state_${camel(s)}`), ...ENDINGS.map((e) => `panel_ending_${camel(e)}`), ...notices];
    expect(keys.filter((k) => !en[k] || !fr[k])).toEqual([]);
  });
});

describe('t and tn', () => {
  it('reads a dotted key from its underscored message name, with substitutions', async () => {
    const { t } = await import('../../../lib/extension/i18n');
    expect(t('note.counter', [12, 200])).toBe(getMessageFrom(en)('note_counter', ['12', '200']));
    expect(t('note.counter', [12, 200])).toContain('12');
  });

  it('chooses the plural form by count, for two and three forms', async () => {
    const { tn } = await import('../../../lib/extension/i18n');
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    fakeBrowser.i18n.getMessage = getMessageFrom({
      two: { message: '$1 invitation | $1 invitations' },
      three: { message: 'none | one | $1 many' },
    }) as typeof fakeBrowser.i18n.getMessage;
    expect([tn('two', 1), tn('two', 0), tn('two', 5)]).toEqual(['1 invitation', '0 invitations', '5 invitations']);
    expect([tn('three', 0), tn('three', 1), tn('three', 7)]).toEqual(['none', 'one', '7 many']);
  });
});
