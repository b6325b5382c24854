import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { NetworkAction } from '../../lib/api/schemas';
import type { AssistFlags } from '../../lib/page/assist/session';
import { atHandNow, type AtHand } from '../../lib/desk/at-hand';
import type { DeskBrowser } from '../../lib/desk/browser-desk';
import type { FollowedTab } from '../../lib/desk/follow';
import { deskViewOf } from '../../lib/desk/view';
import { t, tn } from '../../lib/extension/i18n';
import { NETWORK_ORIGIN } from '../../lib/extension/manifest';
import { EMPTY_OUTBOX } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { paceOf } from '../../lib/invitations/pace';
import { profileSlug } from '../../lib/network/profile-url';
import { agentWaits, listedActions, nextAfter, pendingByAction } from '../../lib/invitations/queue';
import {
  accountItem,
  actionsItem,
  assistPausedItem,
  moreActionsItem,
  noteDraftsItem,
  sentLogItem,
  sessionMarksItem,
  settingsItem,
  syncStatusItem,
  weeklyStatsItem,
} from '../../lib/store/storage';
import type { PopupInitial } from '../shared/initial';
import { agentNameOf } from '../shared/agent-names';
import { BlockBoundary } from '../shared/block-boundary';
import { PaceLine } from '../shared/pace-line';
import { ReadyLine } from '../shared/ready-line';
import { Queue } from '../shared/queue';
import { StatusBanner } from '../shared/status-banner';
import { ThisProfile, type Target } from '../shared/this-profile';
import { UpdateNotice } from '../shared/update-notice';
import { useBackend } from '../shared/use-backend';
import { useStored } from '../shared/use-stored';
import { NextKey } from './desk-help';
import { InvitationDesk } from './invitation-desk';
import { useDeskLine } from './use-desk-line';
import { SentDesk } from './sent-desk';

/** What the desk paints first, read from storage as the popup's is. */
export type DeskInitial = PopupInitial;

/**
 * The desk: the assistant's face beside the page (Chrome's side panel, Firefox's sidebar). It follows
 * the tab the person looks at in its window: on a profile with a ready invitation, that invitation
 * (components/desk/invitation-desk.tsx); on another profile, This profile; on the network's Sent
 * invitations page, the old invitations it lists, to withdraw (components/desk/sent-desk.tsx);
 * elsewhere, the queue and the weekly pace, the popup's own.
 */
export function DeskApp({ desk, initial }: { desk: DeskBrowser; initial: DeskInitial }) {
  const backend = useBackend();
  const snapshot = useStored(actionsItem, initial.snapshot);
  const beyond = useStored(moreActionsItem, null);
  const status = useStored(syncStatusItem, initial.status);
  const account = useStored(accountItem, initial.account)?.account;
  const settings = useStored(settingsItem, initial.settings);
  const outbox = useStored(outboxView, EMPTY_OUTBOX);
  const drafts = useStored(noteDraftsItem, {});
  const weekly = useStored(weeklyStatsItem, null);
  const sentLog = useStored(sentLogItem, []);
  const paused = useStored(assistPausedItem, false);
  const sessionMarks = useStored(sessionMarksItem, 0);
  const [tab, setTab] = useState<FollowedTab | null>(null);
  const [target, setTarget] = useState<{ slug: string; target: Target | null } | null>(null);
  useEffect(() => desk.follow(setTab), []);
  // As the popup does when it opens: the ready list read now (and, in an outage, is the service back?).
  useEffect(() => void backend.ask({ type: 'refresh' }).catch(() => undefined), []);

  const listed = listedActions(snapshot, beyond);
  const held = useRef<AtHand | null>(null);
  const atHand = (held.current = atHandNow(held.current, tab, listed));
  const slug = profileSlug(tab?.url);
  const view = deskViewOf(tab, !!atHand);
  // Opened for every profile the tab shows, ready invitation or not: the tab cannot tell which.
  const line = useDeskLine(desk, tab?.id, slug);
  const blocked = status.state === 'not-set-up' || status.state === 'key-rejected';
  // However it was opened (the side panel, the popup's Work beside the page, the shortcut), the desk
  // takes the keyboard to its primary control once there is one, unless the person already moved it.
  const root = useRef<HTMLElement>(null);
  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (focusedOnOpen.current || (document.activeElement && document.activeElement !== document.body)) return;
    const first = root.current?.querySelector<HTMLElement>('.at-hand button.primary, [data-action] .row-toggle, button.primary');
    if (!first) return;
    first.focus();
    focusedOnOpen.current = true;
  });

  // A profile without a listed invitation: This profile asks the background (one beyond the polled
  // page is found there too, and then listed).
  useEffect(() => {
    if (!slug || atHand || !tab || blocked) return;
    let live = true;
    void backend
      .ask({ type: 'profileTarget', source: 'tab', tabId: tab.id })
      .catch(() => null)
      .then((found) => live && setTarget({ slug, target: found }));
    return () => {
      live = false;
    };
    // Again when the title comes: a tab still loading is titled with its address.
  }, [slug, tab?.id, tab?.title, !!atHand, blocked]);

  const pending = pendingByAction(outbox.entries, Date.now());
  const agentOf = (agentId: string | undefined) => account?.agents.find((a) => a.id === agentId);

  let body: ComponentChildren = null;
  if (blocked) {
    // The banner says what to do first.
  } else if (view === 'invitation' && atHand) {
    const { action } = atHand;
    const status = agentOf(action.agentId)?.status;
    const statusOf = (agentId: string | undefined) => agentOf(agentId)?.status;
    const pace = paceOf(weekly, sentLog, Date.now(), settings.weeklyCap);
    const flags: AssistFlags = {
      autoSend: settings.autoSend,
      letMeClick: !!settings.letMeClick,
      overCap: pace.level === 'over',
      paused,
      agentBlocked: status === 'paused' || status === 'cancelled' ? status : null,
      hasNext: false,
    };
    // The next is named here, never in the page: the first ready one not marked meanwhile, whose agent does not wait.
    const open = listed.filter((a) => a.id !== action.id && !pending.get(a.id)?.mark);
    const next = nextAfter(open, atHand.slug, statusOf)?.action;
    const agentName = (a: NetworkAction) => agentNameOf(account, a.agentId) ?? a.agentName ?? t('action.unknownAgent');
    const kept = pending.get(action.id);
    body = (
      <>
        {/* The session at a glance: marked this session, what is ready (the badge's count), the last 7 days against the cap. */}
        <p class="progress glance">
          {tn('deskFlow.marked', sessionMarks)} · <ReadyLine /> · {t('panel.pace', [pace.sent, pace.cap])}
        </p>
        <InvitationDesk
          key={`${atHand.tabId}:${action.id}`}
          atHand={atHand}
          agentName={agentName(action)}
          note={kept && 'note' in kept ? (kept.note ?? null) : (action.message ?? null)}
          draft={drafts[action.id]}
          flags={flags}
          next={next && { action: next, agentName: agentName(next) }}
          waits={status && agentWaits(status) ? status : null}
          line={line}
        />
      </>
    );
  } else if (view === 'profile' && slug && tab) {
    body =
      target?.slug === slug ? (
        <BlockBoundary>
          <ThisProfile source="tab" tabId={tab.id} target={target.target} account={account} preferredAgent={settings.agentFilter} />
        </BlockBoundary>
      ) : (
        <p class="help" aria-live="polite">
          {t('popup.loading')}
        </p>
      );
  } else if (view === 'sent' && tab) {
    body = (
      <BlockBoundary resetKey={String(tab.id)}>
        <SentDesk key={tab.id} tab={tab} account={account} />
      </BlockBoundary>
    );
  } else
    body = (
      <>
        <PaceLine settings={settings} enabled />
        <NextKey />
        {/* Open profile goes to the network tab the desk follows, where the keys then are. */}
        <Queue
          snapshot={snapshot}
          status={status}
          account={account}
          settings={settings}
          tabId={tab?.url?.startsWith(`${NETWORK_ORIGIN}/`) ? tab.id : undefined}
        />
      </>
    );

  return (
    <main class="desk" aria-label={t('desk.label')} ref={root}>
      <header class="desk-head row">
        <h1>{t('extName')}</h1>
        <button type="button" onClick={() => backend.openOptions()}>
          {t('popup.settings')}
        </button>
      </header>
      <StatusBanner status={status} fetchedAt={snapshot?.fetchedAt} />
      {/* Only Firefox's update writes the notice (lib/store/firefox-adoption.ts): not in Chrome's bundles. */}
      {import.meta.env.FIREFOX && <UpdateNotice onOpenSettings={() => backend.openOptions('settings')} />}
      {body}
    </main>
  );
}
