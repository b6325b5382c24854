import { describe, expect, it } from 'vitest';
import { deskViewOf } from '../../../lib/desk/view';

const tab = (url: string) => ({ id: 4, url });

describe('the desk’s view for the tab it follows', () => {
  it('shows the invitation held for the tab first, then This profile on a profile', () => {
    expect(deskViewOf(tab('https://www.linkedin.com/in/jane-doe/'), true)).toBe('invitation');
    expect(deskViewOf(tab('https://www.linkedin.com/in/jane-doe/'), false)).toBe('profile');
  });

  it('shows the Sent invitations view on the network’s Sent page, however it was reached (any country host, query, fragment)', () => {
    for (const url of [
      'https://www.linkedin.com/mynetwork/invitation-manager/sent/',
      'https://www.linkedin.com/mynetwork/invitation-manager/sent/?invitationType=CONNECTION',
      'https://fr.linkedin.com/mynetwork/invitation-manager/sent#top',
      'https://www.linkedin.com/MyNetwork/Invitation-Manager/Sent/',
    ])
      expect(deskViewOf(tab(url), false), url).toBe('sent');
  });

  it('shows the queue elsewhere: the Received tab, another site at the same path, no address (another host’s tab), no tab', () => {
    for (const url of [
      'https://www.linkedin.com/mynetwork/invitation-manager/received/',
      'https://www.linkedin.com/feed/',
      'https://example.com/mynetwork/invitation-manager/sent/',
      'http://www.linkedin.com/mynetwork/invitation-manager/sent/',
    ])
      expect(deskViewOf(tab(url), false), url).toBe('queue');
    expect(deskViewOf({ id: 4 }, false)).toBe('queue');
    expect(deskViewOf(null, false)).toBe('queue');
  });
});
