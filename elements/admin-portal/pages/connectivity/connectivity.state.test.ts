import { expect } from '@open-wc/testing';
import type { EventCategory } from '../../../../shared/api/connectivity';
import {
  editedRecipients,
  formSubscription,
  logsOffset,
  logsPageCount,
  parseRecipients,
  pausedRecipientsOf,
  recipientsOf,
  recipientsSave,
  retriedAttemptArrived,
  slackActiveOf,
  slackDraftAfterSave,
  slackDraftOf,
  slackSave,
  slackUnsavedUrls,
  testOutcome,
  webhookEventGroups,
} from './connectivity.state';

const stamps = { createdAt: '2026-01-01', updatedAt: '2026-01-01', vendorId: 'v' };
const event = (key: string, channels: EventCategory['events'][number]['channels']) => ({
  id: key,
  ...stamps,
  key,
  displayName: key,
  channels,
});

describe('connectivity state', () => {
  it('[CONNECT-001] a webhook offers the events whose channels include webhook, by category; empty categories go', () => {
    const categories: EventCategory[] = [
      {
        id: 'a',
        ...stamps,
        name: 'Users',
        events: [event('signup_completed', ['webhook', 'email']), event('x', ['email'])],
      },
      { id: 'b', ...stamps, name: 'Mail only', events: [event('y', ['email', 'sms'])] },
    ];
    expect(webhookEventGroups(categories).map((g) => [g.name, g.events.map((e) => e.key)])).to.deep.equal([
      ['Users', ['signup_completed']],
    ]);
  });

  it('[CONNECT-002] recipients: split on commas and lines, trimmed, each once; the invalid ones named', () => {
    expect(parseRecipients(' a@example.com,\nb@example.com , a@example.com,,nope', 'email')).to.deep.equal({
      recipients: ['a@example.com', 'b@example.com', 'nope'],
      invalid: ['nope'],
    });
    expect(parseRecipients('+972551234567\n0551234567', 'sms').invalid).to.deep.equal(['0551234567']);
    expect(parseRecipients('', 'sms')).to.deep.equal({ recipients: [], invalid: [] });
  });

  it('[SCREEN-078] [CONNECT-002] recipients are saved with PUT of the existing subscription (kept on or off as it was), else POST of a "Default" one', () => {
    const config = {
      eventKey: 'k',
      enabled: false,
      subscriptions: [{ id: 's1', name: 'Ops', enabled: false, recipients: ['a@example.com'] }],
    };
    expect(recipientsSave(config, ['b@example.com'])).to.deep.equal({
      kind: 'put',
      subscriptionId: 's1',
      // Saving recipients never turns a subscription turned off back on.
      body: { name: 'Ops', enabled: false, recipients: ['b@example.com'] },
    });
    const on = { ...config, subscriptions: [{ ...config.subscriptions[0]!, enabled: true }] };
    expect(recipientsSave(on, ['b@example.com'])).to.deep.include({
      body: { name: 'Ops', enabled: true, recipients: ['b@example.com'] },
    });
    expect(recipientsSave({ ...config, subscriptions: [] }, ['b@example.com'])).to.deep.equal({
      kind: 'post',
      body: {
        enabled: false,
        subscriptions: [{ name: 'Default', enabled: true, recipients: ['b@example.com'] }],
      },
    });
    expect(recipientsSave(undefined, []).body).to.deep.include({ enabled: true });
    expect(recipientsOf(config)).to.deep.equal([]);
    // The dialog edits the subscription it saves, on or off; the list shows the ones turned off as such.
    expect(editedRecipients(config)).to.deep.equal(['a@example.com']);
    expect(editedRecipients(undefined)).to.deep.equal([]);
    expect(pausedRecipientsOf(config)).to.deep.equal(['a@example.com']);
    expect(pausedRecipientsOf(on)).to.deep.equal([]);
    expect(
      recipientsOf({ ...config, subscriptions: [{ ...config.subscriptions[0]!, enabled: true }] }),
    ).to.deep.equal(['a@example.com']);
  });

  it('[CONNECT-002] Slack: the form edits the subscription with events; an event on needs a URL; off events are not sent', () => {
    const registration = {
      id: 'r',
      isActive: false,
      slackEvents: [{ eventKey: '', channelIds: ['https://h/1'] }],
    };
    const mine = {
      id: 's',
      isActive: true,
      slackEvents: [{ eventKey: 'frontegg.user.invitedToTenant', channelIds: ['https://hooks.slack.com/a'] }],
    };
    expect(formSubscription([registration, mine])).to.equal(mine);
    expect(formSubscription([registration])).to.equal(undefined);
    const draft = slackDraftOf(mine);
    expect(draft).to.deep.equal({
      'frontegg.user.invitedToTenant': { enabled: true, url: 'https://hooks.slack.com/a' },
    });
    const saved = slackSave(
      {
        ...draft,
        a: { enabled: true, url: ' ' },
        b: { enabled: true, url: 'ftp://x' },
        c: { enabled: false, url: 'https://x' },
      },
      's',
    );
    expect(saved.missing).to.deep.equal(['a']);
    expect(saved.invalid).to.deep.equal(['b']);
    const ok = slackSave(draft, undefined);
    expect(ok.body).to.deep.equal({
      isActive: true,
      slackEvents: [{ eventKey: 'frontegg.user.invitedToTenant', channelIds: ['https://hooks.slack.com/a'] }],
    });
  });

  it('[SCREEN-079] Slack: the subscription is saved on or off as it was; a switched-off event keeps its URL in the form, flagged as not saved', () => {
    const off = {
      id: 's',
      isActive: false,
      slackEvents: [{ eventKey: 'frontegg.user.invitedToTenant', channelIds: ['https://hooks.slack.com/a'] }],
    };
    // The listed events are on; the subscription's own switch is its isActive, kept when saved.
    expect(slackDraftOf(off)).to.deep.equal({
      'frontegg.user.invitedToTenant': { enabled: true, url: 'https://hooks.slack.com/a' },
    });
    expect(slackActiveOf(off)).to.equal(false);
    expect(slackActiveOf(undefined)).to.equal(true);
    expect(slackSave(slackDraftOf(off), 's', slackActiveOf(off)).body).to.deep.include({
      id: 's',
      isActive: false,
    });

    const draft = {
      'frontegg.user.invitedToTenant': { enabled: true, url: 'https://hooks.slack.com/a' },
      'frontegg.user.lockedOut': { enabled: false, url: 'https://hooks.slack.com/b' },
      signup_completed: { enabled: false, url: ' ' },
    };
    // The wire has no per-event switch: the event switched off is not sent...
    expect(slackSave(draft, 's').body.slackEvents.map((e) => e.eventKey)).to.deep.equal([
      'frontegg.user.invitedToTenant',
    ]);
    // ...but its URL stays in the form after the save, and is named as not saved.
    expect(slackUnsavedUrls(draft)).to.deep.equal(['frontegg.user.lockedOut']);
    expect(slackDraftAfterSave({ ...off, isActive: true }, draft)).to.deep.equal({
      'frontegg.user.invitedToTenant': { enabled: true, url: 'https://hooks.slack.com/a' },
      'frontegg.user.lockedOut': { enabled: false, url: 'https://hooks.slack.com/b' },
    });
  });

  it('[CONNECT-004] after a retry, the log shows its new attempt when a row of that delivery was not listed before', () => {
    const known = new Set(['l1', 'l2']);
    const rows = [
      { id: 'l2', deliveryId: 'd1' },
      { id: 'l1', deliveryId: 'd1' },
      { id: 'x', deliveryId: 'd2' },
    ];
    expect(retriedAttemptArrived(rows, 'd1', known)).to.equal(false);
    expect(retriedAttemptArrived([{ id: 'l3', deliveryId: 'd1' }, ...rows], 'd1', known)).to.equal(true);
  });

  it('[CONNECT-003] a test succeeds on 200 or 201 only; otherwise the status or the reason', () => {
    expect(testOutcome({ statusCode: '200', error: null })).to.deep.equal({ ok: true, status: '200' });
    expect(testOutcome({ statusCode: '201', error: null })).to.deep.equal({ ok: true, status: '201' });
    expect(testOutcome({ statusCode: '202', error: null })).to.deep.equal({
      ok: false,
      status: '202',
      reason: null,
    });
    expect(testOutcome({ statusCode: '', error: 'timeout' })).to.deep.equal({
      ok: false,
      status: null,
      reason: 'timeout',
    });
  });

  it('[CONNECT-005] logs pages: offset 0 first, 10 rows a page', () => {
    expect([logsOffset(0), logsOffset(1), logsOffset(3)]).to.deep.equal([0, 10, 30]);
    expect([logsPageCount(0), logsPageCount(10), logsPageCount(11)]).to.deep.equal([1, 1, 2]);
  });
});
